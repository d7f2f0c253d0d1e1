"""Jet Lag's bots: legal plays from their own views, the search exact in the last round, and
the search bot ahead of greedy (the 200 games: benchmarks/bench_jetlag.py --games 200)."""

from __future__ import annotations

import os

import pytest

from engine.jetlag import rules
from engine.jetlag.actions import CHANCE
from engine.jetlag.bots import BOTS, SearchBot, after, make_bot, outcome
from engine.jetlag.dealer import Dealer
from engine.jetlag.game import Table
from engine.jetlag.selfplay import play_game
from engine.jetlag.state import OVER, SECOND, State


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_every_bot_plays_whole_games_from_its_own_view(kind: str) -> None:
    for seed in ("b1", "b2"):
        table = play_game(seed, (kind, "random"))
        assert table.over
        assert table.digest() == play_game(seed, (kind, "random")).digest(), "deterministic"


def test_an_unknown_bot_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="bots: random, greedy, search"):
        make_bot("mcts", 0, "x")


def minimax(state: State, seat: int) -> int:
    """The exact value of the rest of the last round for ``seat``, without pruning."""
    if state.step == OVER:
        return outcome(state, seat)
    mover = rules.to_move(state)
    assert mover is not None and mover != CHANCE
    values = [minimax(after(state, mover, a), seat) for a in rules.legal_actions(state)]
    return max(values) if mover == seat else min(values)


def last_round_second_player(seed: str) -> State:
    """The full state as the last round's second player is to play its first card."""
    table, dealer = Table(), Dealer(seed)
    bots = [make_bot("random", s, seed) for s in (0, 1)]
    while not (table.state.round == 4 and table.state.step == SECOND):
        seat = table.to_move()
        assert seat is not None
        if seat == CHANCE:
            table.push(dealer.next_entry(table.state))
        else:
            table.play(bots[seat].choose(table.view(seat)))
    return table.state


@pytest.mark.parametrize("seed", ["exact-1", "exact-2", "exact-3"])
def test_the_search_is_exact_in_the_last_round(seed: str) -> None:
    state = last_round_second_player(seed)
    seat = state.second
    bot = SearchBot(seat, seed)
    action = bot.choose(state.view(seat))
    best = minimax(state, seat)
    assert minimax(after(state, seat, action), seat) == best
    _, value = bot.search(state.view(seat), -(10**9), 10**9)
    assert value == best


GAMES = int(os.environ.get("JETLAG_BOT_GAMES", "40"))
"""Games of the short form (the benchmark plays 200: ``--games 200``)."""


def test_the_search_bot_beats_greedy() -> None:
    points = 0.0
    for i in range(GAMES):
        me = i % 2
        kinds = ("search", "greedy") if me == 0 else ("greedy", "search")
        winners = play_game(f"rate{i}", kinds).result().winners
        points += 1.0 if winners == (me,) else 0.5 if len(winners) == 2 else 0.0
    assert points / GAMES >= 0.65
