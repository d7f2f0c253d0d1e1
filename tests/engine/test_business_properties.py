"""Whole random games with the Business cards module, 2 to 6 players: the base game's
invariants hold after every entry, every seat's view has the full state's digest and hides the
other hands, and a game replays deterministically, from its notation, to the same digests.
A few games in CI; ``JETSET_SLOW=1`` plays many more."""

from __future__ import annotations

import os

import pytest

from engine import CHANCE, Dealer, Game, Options
from engine.jetset.actions import redact
from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from engine.jetset.state import State

SEEDS = range(12) if os.environ.get("JETSET_SLOW") == "1" else range(2)
KINDS = ("random", "greedy")


def check_invariants(state: State) -> None:
    b = state.business
    assert b is not None
    locked = [1 if card else 0 for card in b.locks]
    for i, seat in enumerate(state.seats):
        on_board = sum(row[i] for row in state.link_planes)
        assert seat.planes + on_board + seat.final_planes + locked[i] == 24, "planes conserved"
        owned = sum(1 for o in state.owner if o == i)
        on_cards = sum(int(m) for _, m in seat.cards)
        assert seat.markers + owned + on_cards == 30, "markers conserved"
        assert seat.cash >= 0 and seat.planes >= 0 and seat.markers >= 0
    hands = [h for h in b.hands if h is not None]
    assert len(hands) == state.players, "the full state knows every hand"
    assert [len(h) for h in hands] == b.sizes
    cards = sum(b.sizes) + sum(len(f) for f in b.front) + len(b.discards) + b.vacations
    assert cards + b.deck_size == 40, "Business cards conserved"
    assert state.vacation_time == (len(state.vacations) + b.vacations >= 2)
    assert state.hash == state.recompute_hash()


def play(players: int, seed: str, kinds: tuple[str, ...]) -> Game:
    game = Game(Options(players=players, business_cards=True))
    dealer = Dealer(seed, game.board, players)
    bots = [make_bot(kinds[i % len(kinds)], i, seed) for i in range(players)]
    for _ in range(20000):
        seat = game.to_move()
        if seat is None:
            return game
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            view = game.state.view(seat)
            assert view.digest() == game.state.digest()
            b = view.business
            assert b is not None
            assert [h is not None for h in b.hands] == [i == seat for i in range(players)]
            game.play(bots[seat].choose(view, game.rules))
        check_invariants(game.state)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_invariants_and_replay(players: int, seed: int) -> None:
    game = play(players, f"business-{players}-{seed}", KINDS)
    n = Notation(game.board)
    lines = [n.format_entry(e) for e in game.entries]
    again = Game(game.options)
    for line, digest in zip(lines, game.digests, strict=True):
        again.push(n.parse_entry(line), digest)
    # a seat's own copy of the log: the other seats' cards hidden, the same digests
    mine = Game(game.options)
    for entry, digest in zip(game.entries, game.digests, strict=True):
        mine.push(redact(entry, 0), digest)
    assert game.over


def test_the_same_seed_plays_the_same_game() -> None:
    a = play(4, "business-same", KINDS)
    b = play(4, "business-same", KINDS)
    assert a.digests == b.digests
    assert a.digests != play(4, "business-other", KINDS).digests


def test_a_module_game_differs_from_the_base_game_only_by_its_own_slots() -> None:
    """The base game's digests do not change: the module's slots are appended only when on."""
    base = Game(Options(players=3))
    on = Game(Options(players=3, business_cards=True))
    dealer = Dealer("slots", base.board, 3)
    entry = dealer.next_entry(base.state)
    base.push(entry)
    on.push(entry)
    assert len(on.state.slot_values()) > len(base.state.slot_values())
    assert on.state.slot_values()[: len(base.state.slot_values())] == base.state.slot_values()


def test_every_card_kind_is_played_somewhere_in_random_games() -> None:
    """The random bot picks from legal_actions: over a few games it plays the module's
    decisions, so they are listed."""
    seen: set[str] = set()
    for seed in range(4):
        game = play(4, f"kinds-{seed}", ("random",))
        for e in game.entries:
            seen.add(type(e.action).__name__)
    assert {"PlayCard", "CashIn", "Offer", "BusinessDraw"} <= seen
    assert seen & {"Accept", "Decline"}
