"""Jet Lag's state digest: a sum of keys that each entry changes by what it changed.

As Jet Set's digest (docs/architecture.md, "slots"), it is a sum modulo 2**128 of random keys
times values, so a card played adds a key or two instead of hashing the whole table again:

- the line: each destination card ``c`` at place ``i`` (0: leftmost) adds ``key(c) * BASE**i``;
  a card played at the left end multiplies the line's sum by ``BASE`` and adds its key;
- the tourists: each adds the key of (its card, the destination card it stands at, its seat, its
  place in that seat's stack there, 1 first), so a new destination at the left moves none;
- added when the digest is taken: the key of the public counters (the step, the round, the
  starting seat, the first player, both hand sizes) and the key of the pile commitments. The
  hands are not in it, so every seat's view and a spectator's have the state's digest.

A key is SHAKE-256 of ``jetlag-digest:<label>``, 16 bytes as a big-endian number, made odd.
The digest is that sum as 32 hex digits. ``State`` keeps the line's and the tourists' sums
(``line_sum``, ``tourist_sum``); ``board_sums`` computes both from the table (a state built by
hand, the setup), and the rules add to them as cards are played.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from hashlib import shake_256
from typing import Final

MODULUS: Final = 1 << 128


def key(label: str) -> int:
    """The key of ``label``: 128 bits of SHAKE-256, odd."""
    raw = shake_256(f"jetlag-digest:{label}".encode()).digest(16)
    return int.from_bytes(raw, "big") | 1


BASE: Final = key("base")


@cache
def destination_key(card: str) -> int:
    return key(f"destination:{card}")


@cache
def tourist_key(card: str, destination: str, seat: int, depth: int) -> int:
    """A tourist ``card`` of ``seat``'s, ``depth``-th in its stack at ``destination``."""
    return key(f"tourist:{card}:{destination}:{seat}:{depth}")


@cache
def counters_key(step: str, round_: int, starter: int, first: int, size0: int, size1: int) -> int:
    """The public counters' key: of ``counters:<step>:<round>:<starter>:<first>:<sizes>``."""
    return key(f"counters:{step}:{round_}:{starter}:{first}:{size0},{size1}")


@lru_cache(maxsize=8)
def commitments_key(commitments: tuple[str, ...]) -> int:
    """The key of ``commitments:<the pile commitments, comma-separated>``."""
    return key("commitments:" + ",".join(commitments))


def line_added(line_sum: int, card: str, places: int, right: bool) -> int:
    """The line's sum once ``card`` joins a line of ``places`` cards at its right (else left)."""
    if right:
        return (line_sum + destination_key(card) * pow(BASE, places, MODULUS)) % MODULUS
    return (line_sum * BASE + destination_key(card)) % MODULUS


def board_sums(line: Sequence[str], stacks: Sequence[Sequence[Sequence[str]]]) -> tuple[int, int]:
    """The line's and the tourists' sums of a table, from scratch."""
    line_sum = sum(destination_key(c) * pow(BASE, i, MODULUS) for i, c in enumerate(line))
    tourist_sum = sum(
        tourist_key(card, destination, seat, depth)
        for destination, stack in zip(line, stacks, strict=True)
        for seat in (0, 1)
        for depth, card in enumerate(stack[seat], 1)
    )
    return line_sum % MODULUS, tourist_sum % MODULUS
