"""Regression counts, the way chess engines keep perft: legal-action counts at fixed positions,
golden digests of fixed self-play games, and known answers of our PRNG.

A deliberate change to the rules, the canonical legal-action list or the PRNG changes these
numbers (the dealing of an existing log format must not change: a new way to deal is a new log
format, and the old one's golden games stay): update them in the same commit, and bump
engine.RULES_VERSION if old logs would replay differently.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from engine import Dealer, Game, Options, play_chance
from engine.dealstream import DealStream
from engine.jetset.dealer import SHAKE_DEAL, XOSHIRO_DEAL
from engine.jetset.selfplay import play_game
from engine.rng import Rng
from tests.engine.table import mid_game_table
from tests.engine.test_examples import _final_flight_table


def kinds(game: Game) -> dict[str, int]:
    return dict(sorted(Counter(type(a).__name__ for a in game.legal_actions()).items()))


@pytest.mark.parametrize(
    ("players", "seed", "expected"),
    [
        (2, "perft-a", {"Buy": 156, "Income": 1, "Refill": 3}),
        (4, "perft-b", {"Buy": 156, "Income": 1, "Refill": 4}),
        (6, "perft-c", {"Buy": 156, "Income": 1, "Refill": 6}),
    ],
)
def test_opening_positions(players: int, seed: str, expected: dict[str, int]) -> None:
    """52 unowned links × 1–3 planes; Refill up to the Long row's maximum."""
    game = Game(Options(players=players))
    play_chance(game, Dealer(seed, game.board, players))
    assert kinds(game) == expected


def test_final_flight_position() -> None:
    t = _final_flight_table()
    assert kinds(t.game) == {"Claim": 2, "ClaimFinal": 2, "Income": 1}
    finals = [
        t.n.format_action(a) for a in t.game.legal_actions() if "final" in t.n.format_action(a)
    ]
    assert finals == [
        "final F-01 MIL-PAR-AMS-DUB-LON-PAR-BOD",
        "final F-01 MIL-PAR-LON-DUB-AMS-PAR-BOD",
    ]


def test_mid_game_position() -> None:
    t = mid_game_table()
    assert t.cash(0) == 42
    assert kinds(t.game) == {"Buy": 132, "Income": 1, "Place": 23, "Refill": 8, "Rent": 6}
    assert len(t.game.legal_actions()) == 170


@pytest.mark.parametrize(
    ("players", "scheme", "entries", "digest"),
    [
        (2, SHAKE_DEAL, 206, "a77a4f8ad3e478b8c6f9df7e5dc6acf5"),
        (4, SHAKE_DEAL, 408, "07212dff3445a1afce13298de004013c"),
        (6, SHAKE_DEAL, 860, "67c76ebe2df98738f2b1b7de85db0a17"),
        # the same games dealt as log formats 1 and 2 deal them: their dealing must never change
        # (jetset-base-2: each random game ends by the players' agreement, one answer a seat
        # after the five idle rounds that ended it before)
        (2, XOSHIRO_DEAL, 60, "f89c3a1e422e8b350f54a4c1d477e0e5"),
        (4, XOSHIRO_DEAL, 424, "ded890bcc82d415c7d954e42483d4099"),
        (6, XOSHIRO_DEAL, 598, "1b0cb27aa9914157cb69771631bffd07"),
    ],
)
def test_golden_selfplay_games(players: int, scheme: int, entries: int, digest: str) -> None:
    game = play_game(Options(players=players), "golden", scheme=scheme)
    assert (len(game.entries), game.digest()) == (entries, digest)


@pytest.mark.parametrize(
    ("players", "seed", "entries", "digest"),
    [
        # log format 10: Business cards after the action (the turn goes on until ``done``), the
        # rows refilled at the next turn (B2); Commandeer before a claim only (B16); Dividends
        # doubles the +2 Income card (B21). Random bots now spend their cards in every turn and
        # most games end early by agreement: these seeds give whole games (195 and 436 entries)
        (2, "golden/3", 195, "d171e002567ce672fc182fc1f4c23f6a"),
        (4, "golden/5", 436, "22d02138578dddbf72b5df19727a8f14"),
    ],
)
def test_golden_selfplay_games_with_every_module(
    players: int, seed: str, entries: int, digest: str
) -> None:
    options = Options(
        players=players, distant_lands=True, hubs=True, business_cards=True, investors=True
    )
    game = play_game(options, seed)
    assert (len(game.entries), game.digest()) == (entries, digest)


def test_deal_stream_known_answers() -> None:
    """engine/dealstream.py as docs/log-format.md specifies it, checked against hashlib."""
    stream = DealStream.from_seed("jetset")
    assert stream.draw(8) == hashlib.shake_256(b"jetset-deal\0jetset#0").digest(8)
    assert stream.token() == hashlib.shake_256(b"jetset-deal\0jetset#1").digest(16).hex()
    items = list(range(10))
    DealStream.from_seed("jetset").fork("x").shuffle(items)
    assert items == [4, 3, 9, 8, 5, 6, 7, 2, 0, 1]
    keys = hashlib.shake_256(b"jetset-deal\0jetset/x#0").digest(80)
    assert items == sorted(range(10), key=lambda i: keys[8 * i : 8 * i + 8])


def test_fork_token_is_the_forks_first_token() -> None:
    """``fork_token`` (a Business draw's salt) deals what ``fork(label).token()`` does, in
    both schemes."""
    stream = DealStream.from_seed("jetset").fork("business")
    assert stream.fork_token("salt-3") == stream.fork("salt-3").token()
    assert stream.fork_token("salt-3") == (
        hashlib.shake_256(b"jetset-deal\0jetset/business/salt-3#0").digest(16).hex()
    )
    assert stream.fork_token("finals-0", 8) == stream.fork("finals-0").token(8)
    rng = Rng("jetset").fork("business")
    assert rng.fork_token("salt-3") == rng.fork("salt-3").token()


def test_deal_stream_shuffles_are_uniform_enough() -> None:
    stream = DealStream.from_seed("uniform")
    counts: Counter[tuple[str, ...]] = Counter()
    for _ in range(60000):
        items = ["a", "b", "c"]
        stream.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6 and all(9400 < n < 10600 for n in counts.values())


def test_prng_known_answers() -> None:
    rng = Rng("jetset")
    assert [rng.next64() for _ in range(3)] == [
        4053992980113765742,
        4820384924786553611,
        7871072316359712848,
    ]
    rng = Rng(42)
    assert [rng.below(10) for _ in range(10)] == [5, 2, 1, 4, 8, 5, 7, 0, 5, 1]


def test_prng_below_is_uniform_enough() -> None:
    rng = Rng("uniform")
    counts = Counter(rng.below(6) for _ in range(60000))
    assert all(9400 < counts[k] < 10600 for k in range(6))
