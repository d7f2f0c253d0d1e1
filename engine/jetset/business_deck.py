"""The Business cards themselves as data (data/business.json): each kind, the deck of 40, and
the commitment that a dealt card keeps public (001_0ac1a519298b1465.txt, "Business Cards").

Cards are known by their kind (``income``, ``acquisition`` ...): copies of a kind are alike, so a
hand is a list of kinds, kept in data order (``sorted_kinds``, ``with_card``).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

import data

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value


@value(unsafe_hash=True)
class Kind:
    """One kind of Business card, as data/business.json gives it."""

    key: str
    name: str
    copies: int
    stays: bool
    """Played face up in front of the player and kept there (+2 Income, No Overhead, Taxes)."""
    end: bool
    """"Play at the end of the game": laid face up in front, scored at the end."""
    text: str


def _load_kinds() -> tuple[Kind, ...]:
    return tuple(
        Kind(
            k["key"],
            k["name"],
            int(k["copies"]),
            bool(k.get("stays", False)),
            bool(k.get("end", False)),
            k["text"],
        )
        for k in data.business_json()["kinds"]
    )


KINDS: Final[tuple[Kind, ...]] = _load_kinds()
KIND: Final[dict[str, Kind]] = {k.key: k for k in KINDS}
KIND_INDEX: Final[dict[str, int]] = {k.key: i for i, k in enumerate(KINDS)}
DECK: Final[tuple[str, ...]] = tuple(k.key for k in KINDS for _ in range(k.copies))
"""The whole deck in data order: 40 cards."""
COPIES: Final[tuple[int, ...]] = tuple(k.copies for k in KINDS)
"""The copies of each kind, in data order (a new game's draw pile)."""
START_HAND: Final = 2
"""Setup: two cards dealt to each player."""


@lru_cache(maxsize=4)
def draw_commitment(seat: int, draw: int, kind: str, salt: str) -> str:
    """The public commitment to the ``draw``-th Business card drawn, dealt to ``seat``.
    Remembered for the last few draws: the dealer makes a draw's commitment and the draw's rule
    then checks it against the same four words (issue 18: a SHA-256 a draw, not two)."""
    text = f"jetset-business:{seat}:{draw}:{kind}:{salt}"
    return hashlib.sha256(text.encode()).digest()[:16].hex()  # = hexdigest()[:32], cheaper


def kind_counts(cards: list[str]) -> list[int]:
    counts = [0] * len(KINDS)
    for card in cards:
        counts[KIND_INDEX[card]] += 1
    return counts


def sorted_kinds(cards: list[str]) -> list[str]:
    """Cards in data order (a hand and a reshuffled pile are kept this way)."""
    return sorted(cards, key=KIND_INDEX.__getitem__)


def with_card(hand: list[str], kind: str) -> list[str]:
    """``sorted_kinds([*hand, kind])`` for a hand already in data order: ``kind`` goes in
    after the cards that do not come after it (no sort, whose key the compiled build calls
    through Python)."""
    index = KIND_INDEX[kind]
    at = len(hand)
    while at and KIND_INDEX[hand[at - 1]] > index:
        at -= 1
    return [*hand[:at], kind, *hand[at:]]
