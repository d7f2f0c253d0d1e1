"""The deal's seed mixes the host's secret with the peers' contributions
(engine.jetset.dealer.deal_seed), as docs/log-format.md writes it; a host that searches secrets
for a deal it likes before committing gets nothing from it once a peer's value it has not seen
goes into the deal."""

from __future__ import annotations

import hashlib

import pytest

from engine import Dealer, Game, Options
from engine.jetset.dealer import deal_seed, is_contribution

A = "0123456789abcdef" * 2
B = "fedcba9876543210" * 2


def spec_seed(secret: str, contributions: list[str | None]) -> str:
    """docs/log-format.md, "Seeds, the dealer and commitments", written from the text alone."""
    if all(c is None for c in contributions):
        return secret
    raw = secret.encode()
    data = b"jetset-deal-seed\0" + len(raw).to_bytes(4, "big") + raw + bytes([len(contributions)])
    for c in contributions:
        data += b"\x00" if c is None else b"\x01" + bytes.fromhex(c)
    return hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize(
    "contributions",
    [[A, None, None], [None, A, None], [A, B, None], [B, A, None], [A, A, A], [None, None, B]],
)
def test_deal_seed_is_the_documented_mix(contributions: list[str | None]) -> None:
    assert deal_seed("host secret ü", contributions) == spec_seed("host secret ü", contributions)


def test_a_deal_without_contributions_is_the_secret_itself() -> None:
    """Local games, bots and `--seed` deal from their seed as before (golden games unchanged)."""
    assert deal_seed("golden", []) == deal_seed("golden", [None] * 4) == "golden"
    board = Game(Options(players=4)).board
    plain, mixed = Dealer("golden", board, 4), Dealer("golden", board, 4, contributions=[None] * 4)
    assert (plain.hands, plain.short_stack) == (mixed.hands, mixed.short_stack)


def test_every_contribution_and_its_seat_change_the_deal() -> None:
    board = Game(Options(players=3)).board
    deals = {
        tuple(Dealer("secret", board, 3, contributions=c).hands[0])
        + tuple(Dealer("secret", board, 3, contributions=c).short_row)
        for c in ([], [A, None, None], [None, A, None], [B, None, None], [A, B, None], [B, A, None])
    }
    assert len(deals) == 6


@pytest.mark.parametrize("bad", ["", "0" * 31, "0" * 33, A.upper(), "g" * 32, " " + A[1:]])
def test_a_malformed_contribution_is_refused(bad: str) -> None:
    assert not is_contribution(bad)
    with pytest.raises(ValueError, match="32 lower-case hex digits"):
        deal_seed("secret", [bad])


def test_a_contribution_is_a_string() -> None:
    """What the network sends is checked before it reaches the dealer (whose type the compiled
    build enforces with a TypeError of its own)."""
    for bad in (7, None, b"0" * 32, ["0" * 32]):
        assert not is_contribution(bad)


def test_the_chosen_seed_attack_no_longer_chooses_the_cards() -> None:
    """Issue 16: a host tries secrets until one deals seat 0 the Final Flights it wants, then
    commits to it. Alone it finds one in a few hundred tries; with a peer's value it sees only
    after committing, the secret it found deals that pair no more often than chance."""
    board = Game(Options(players=2)).board
    wanted = {"F-03", "F-11"}

    def hand(secret: str, contributions: list[str | None]) -> set[str]:
        return set(Dealer(secret, board, 2, contributions=contributions).hands[0])

    chosen = next((f"try-{n}" for n in range(5000) if hand(f"try-{n}", []) == wanted), None)
    assert chosen is not None  # the attack works on a host that deals alone
    peers = [hashlib.sha256(b"peer %d" % i).hexdigest()[:32] for i in range(40)]
    still = sum(hand(chosen, [None, value]) == wanted for value in peers)
    assert still <= 2  # about 40 / 153 by chance (18 Final Flights): the secret decides nothing
