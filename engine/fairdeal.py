"""Fair dealing, for every game: the host's seed commitment and the peers' random values.

The host commits to its secret seed before anyone joins (``seed_commitment``); each peer that
runs its own code pledges a random value (``pledge_for``) and reveals it once every pledge is
fixed; the dealer deals from ``deal_seed`` of the secret and the values (docs/security.md, "Fair
dealing"; docs/log-format.md, "Seeds, the dealer and commitments"). None of it knows a card:
each game's dealer (``GameRules.dealer``) draws its cards from the seed it is given.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

CONTRIBUTION_HEX: Final = 32
"""A peer's contribution to the deal: 128 random bits in lower-case hex."""
HEX_DIGITS: Final = frozenset("0123456789abcdef")


def seed_commitment(seed: str) -> str:
    """``H(seed)`` published in the log header before the game and checked after it."""
    return hashlib.sha256(f"jetset-seed:{seed}".encode()).hexdigest()


def is_contribution(value: object) -> bool:
    """A peer's contribution as the protocol and the log carry it: 32 lower-case hex digits."""
    return (
        isinstance(value, str)
        and len(value) == CONTRIBUTION_HEX
        and all(c in HEX_DIGITS for c in value)
    )


def pledge_for(contribution: str) -> str:
    """A peer's pledge to its contribution: SHA-256 of ``jetset-pledge`` and the value's 16
    bytes, cut to 32 lower-case hex digits (docs/log-format.md, "Seeds, the dealer and
    commitments"). ValueError if ``contribution`` is not one."""
    if not is_contribution(contribution):
        raise ValueError(f"a contribution is {CONTRIBUTION_HEX} lower-case hex digits")
    return hashlib.sha256(b"jetset-pledge\0" + bytes.fromhex(contribution)).hexdigest()[:32]


def deal_seed(secret: str, contributions: Sequence[str | None] = ()) -> str:
    """The seed the dealer deals from: the host's ``secret`` itself when no seat contributed
    (local games, bots), else the SHA-256 (hex) of the secret and every seat's contribution in
    seat order (docs/log-format.md, "Seeds, the dealer and commitments")."""
    if all(c is None for c in contributions):
        return secret
    if len(contributions) > 255:
        raise ValueError("at most 255 seats contribute to a deal")
    raw = secret.encode("utf-8")
    mix = hashlib.sha256(b"jetset-deal-seed\0")
    mix.update(len(raw).to_bytes(4, "big") + raw + bytes([len(contributions)]))
    for value in contributions:
        if value is None:
            mix.update(b"\0")
        elif is_contribution(value):
            mix.update(b"\1" + bytes.fromhex(value))
        else:
            raise ValueError(f"a contribution is {CONTRIBUTION_HEX} lower-case hex digits")
    return mix.hexdigest()
