"""The dealer's randomness since log format 3: SHAKE-256 streams, shuffles by sorting random keys.

Dealing a game with our xoshiro256** (``engine/rng.py``) took 223–417 µs of Python arithmetic (up
to a quarter of checking a finished game's seed); here each shuffle is one SHAKE-256 call and one
sort, both in C, and a deal takes about a third of that (BENCHMARKS.md). Specified here and in
``docs/log-format.md`` ("Seeds, the dealer and commitments") so that any implementation deals the
same cards from the same seed (``tests/engine/test_deal_spec.py`` is one, written from the doc):

- a stream has a *name* (bytes); the root stream of a seed is named ``b"jetset-deal\\0" + seed``
  (UTF-8), and ``fork(label)`` names a stream ``name + b"/" + label``;
- the ``k``-th draw (``k`` = 0, 1, …) of ``n`` bytes from a stream is
  ``SHAKE-256(name + b"#" + str(k)).digest(n)``;
- ``shuffle`` of ``n`` items makes one draw of ``8·n`` bytes and gives item ``i`` the key
  ``bytes[8i : 8i+8]``; the items are put in the order of their keys, smallest first, compared
  as unsigned big-endian numbers; equal keys (for a 52-card deck, about one shuffle in 2**53)
  keep their order;
- ``token(n)`` is one draw of ``n`` bytes in lower-case hex.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")


class DealStream:
    """One named SHAKE-256 stream: the shuffles and salts of one part of the deal."""

    __slots__ = ("_draws", "_name")

    def __init__(self, name: bytes) -> None:
        self._name = name
        self._draws = 0

    @classmethod
    def from_seed(cls, seed: str | int) -> DealStream:
        return cls(b"jetset-deal\0" + str(seed).encode("utf-8"))

    def fork(self, label: str) -> DealStream:
        """An independent stream for one purpose (a deck, the salts)."""
        return DealStream(self._name + b"/" + label.encode("utf-8"))

    def fork_token(self, label: str, nbytes: int = 16) -> str:
        """``fork(label).token(nbytes)``, the forked stream's first draw, without making the
        stream (a Business draw's salt: one stream a draw)."""
        name = self._name + b"/" + label.encode("utf-8") + b"#0"
        return hashlib.shake_256(name).digest(nbytes).hex()

    def draw(self, nbytes: int) -> bytes:
        """The stream's next ``nbytes``, from its next SHAKE-256 call."""
        data = hashlib.shake_256(self._name + b"#%d" % self._draws).digest(nbytes)
        self._draws += 1
        return data

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Every order equally likely: the items sorted by a random 64-bit key each."""
        n = len(items)
        keys = struct.unpack(f">{n}Q", self.draw(8 * n))
        order = sorted(range(n), key=keys.__getitem__)
        items[:] = [items[i] for i in order]

    def token(self, nbytes: int = 16) -> str:
        """``nbytes`` from the stream in hex (the salts of hidden hands)."""
        return self.draw(nbytes).hex()
