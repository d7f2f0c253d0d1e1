"""Our own small PRNG: xoshiro256** seeded through SHA-256.

Python's ``random`` may change between versions; this one is specified here and in
``docs/log-format.md`` so that any implementation, in any language, gets the same numbers from the
same seed. The bots draw from it, and it makes the digest's keys. Games saved in log formats 1 and
2 were dealt from it (new games deal from ``engine/dealstream.py``), so checking such a game's
seed draws from it; replaying a log otherwise never does.

- state: four 64-bit words, the SHA-256 digest of ``b"jetset-rng\\0" + seed`` read little-endian
  (an all-zero state is impossible in practice and rejected);
- ``next64``: xoshiro256** (Blackman and Vigna, 2018);
- ``below(n)``: rejection sampling on ``next64`` so every value is equally likely;
- ``shuffle``: Fisher–Yates from the last position down, ``j = below(i + 1)``.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import Final, TypeVar

T = TypeVar("T")
MASK: Final = (1 << 64) - 1


TWO_64: Final = 1 << 64


class Rng:
    __slots__ = ("_s0", "_s1", "_s2", "_s3")

    def __init__(self, seed: str | bytes | int) -> None:
        if isinstance(seed, int):
            seed = str(seed)
        if isinstance(seed, str):
            seed = seed.encode("utf-8")
        digest = hashlib.sha256(b"jetset-rng\0" + seed).digest()
        words = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8)]
        if not any(words):
            raise ValueError("degenerate seed")
        self._s0, self._s1, self._s2, self._s3 = words

    def fork(self, label: str) -> Rng:
        """An independent stream for one purpose (a deck, a bot), derived from this one's state."""
        words = (self._s0, self._s1, self._s2, self._s3)
        material = b"".join(w.to_bytes(8, "little") for w in words) + label.encode("utf-8")
        return Rng(material)

    def fork_token(self, label: str, nbytes: int = 16) -> str:
        """``fork(label).token(nbytes)`` (as ``DealStream`` has it)."""
        return self.fork(label).token(nbytes)

    def next64(self) -> int:
        """xoshiro256**, written out as in the reference C (the rotations inline: this is the
        dealer's and the search bot's innermost loop)."""
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        x = (s1 * 5) & MASK
        result = ((((x << 7) | (x >> 57)) & MASK) * 9) & MASK  # rotl(s1 * 5, 7) * 9
        t = (s1 << 17) & MASK
        s2 ^= s0
        s3 ^= s1
        self._s1 = s1 ^ s2
        self._s0 = s0 ^ s3
        self._s2 = s2 ^ t
        self._s3 = ((s3 << 45) | (s3 >> 19)) & MASK  # rotl(s3, 45)
        return result

    def words(self, count: int) -> list[int]:
        """The next ``count`` values of ``next64``, in order: the same loop with the state in
        local variables (the digest's 1,300-odd keys are drawn at every start)."""
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        out = []
        for _ in range(count):
            x = (s1 * 5) & MASK
            out.append(((((x << 7) | (x >> 57)) & MASK) * 9) & MASK)
            t = (s1 << 17) & MASK
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 45) | (s3 >> 19)) & MASK
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = TWO_64 - TWO_64 % n  # the largest multiple of n that fits in 64 bits
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def token(self, nbytes: int = 16) -> str:
        """Hex digits drawn from the stream (used for the salts of hidden hands)."""
        words = [self.next64().to_bytes(8, "little") for _ in range((nbytes + 7) // 8)]
        return b"".join(words)[:nbytes].hex()
