"""``Rng.words``: the digest's keys drawn in one loop are the stream ``next64`` gives
(engine/rng.py; the keys of every log's digests come from it, engine/jetset/slots.py)."""

from __future__ import annotations

from engine.jetset.slots import slot_keys
from engine.rng import Rng


def test_words_are_the_next64_stream_and_leave_the_same_state() -> None:
    one, other = Rng("jetset-digest-keys"), Rng("jetset-digest-keys")
    assert other.words(1000) == [one.next64() for _ in range(1000)]
    assert other.next64() == one.next64() and other.words(0) == []


def test_the_digest_keys_are_pairs_of_the_stream() -> None:
    rng = Rng("jetset-digest-keys")
    keys = slot_keys(3, 2)
    assert keys[:2] == ((rng.next64() << 64) | rng.next64(), (rng.next64() << 64) | rng.next64())
    assert keys[0] == 0xC4268029098CF2B746855FF76BB52EC3  # as every log since format 2 has it
