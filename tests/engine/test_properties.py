"""Properties of whole random games, 2 to 6 players (hypothesis)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from engine import (
    CHANCE,
    Buy,
    Claim,
    ClaimFinal,
    Dealer,
    Entry,
    Game,
    Income,
    Options,
    Place,
    Refill,
    Rent,
)
from engine.jetset.bots import make_bot
from engine.jetset.paths import path_links
from engine.jetset.state import OVER, State

MAX_TURNS = 5000

players = st.integers(min_value=2, max_value=6)
seeds = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)


def expected_cash_change(state: State, entry: Entry) -> list[int]:
    """The rulebook's prices, written out again independently of engine.jetset.rules."""
    delta = [0] * state.players
    act, seat = entry.action, entry.actor
    if seat == CHANCE:
        return delta
    if isinstance(act, Buy):
        delta[seat] -= state.board.links[act.link].cost + 5 * act.planes
    elif isinstance(act, Place):
        k = len(act.placements)
        delta[seat] -= 5 * sum(n for _, n in act.placements) + (2 if k == 1 else 5 * (k - 1))
    elif isinstance(act, Rent):
        delta[seat] -= 10 * act.planes
        delta[state.owner[act.link]] += 5 * act.planes
    elif isinstance(act, Refill):
        delta[seat] -= 0 if state.paid[act.row] else 1
    elif isinstance(act, Income):
        delta[seat] += sum(5 if m else 2 for _, m in state.seats[seat].cards)
    return delta


def check_supplies(state: State) -> None:
    for i, seat in enumerate(state.seats):
        on_board = sum(row[i] for row in state.link_planes)
        assert seat.planes + on_board + seat.final_planes == 24, "planes add up to 24"
        owned = sum(1 for o in state.owner if o == i)
        on_cards = sum(int(m) for _, m in seat.cards)
        assert seat.markers + owned + on_cards == 30, "markers add up to 30"
        assert seat.cash >= 0 and seat.planes >= 0 and seat.markers >= 0


def check_derived_flags(state: State) -> None:
    """The flags the mutators keep agree with what they are derived from."""
    assert state.over == (state.phase == OVER)
    assert state.vacation_time == (len(state.vacations) >= 2)
    assert [s.finished for s in state.seats] == [s.final is not None for s in state.seats]
    assert state.to_reveal == state.reveal_needed()


def check_claim_had_a_path(state: State, entry: Entry) -> None:
    act = entry.action
    if isinstance(act, (Claim, ClaimFinal)):
        links = path_links(state.board, act.path)
        assert isinstance(links, list)
        assert len(set(links)) == len(links)
        assert all(state.link_planes[ln][entry.actor] for ln in links)
        cities = state.board.cards[act.card].cities
        if isinstance(act, Claim):
            assert {act.path[0], act.path[-1]} == set(cities)
        else:
            assert (act.path[0], act.path[-1]) == (cities[0], cities[2])
            assert cities[1] in act.path[1:-1]


def play_checked(players: int, seed: str) -> Game:
    game = Game(Options(players=players))
    dealer = Dealer(seed, game.board, players)
    bots = [make_bot("random", i, seed) for i in range(players)]
    assert game.state.hash == game.state.recompute_hash(), "a new table's hash is the full sum"
    while not game.over:
        seat = game.to_move()
        assert seat is not None
        if seat == CHANCE:
            entry = dealer.next_entry(game.state)
        else:
            entry = Entry(seat, bots[seat].act(game.state.view(seat), game.rules))
        before = [s.cash for s in game.state.seats]
        expected = expected_cash_change(game.state, entry)
        check_claim_had_a_path(game.state, entry)
        game.push(entry)
        after = [s.cash for s in game.state.seats]
        assert [a - b for a, b in zip(after, before, strict=True)] == expected
        check_supplies(game.state)
        assert game.state.hash == game.state.recompute_hash(), "the kept hash is the full sum"
        check_derived_flags(game.state)
        assert game.state.turn < MAX_TURNS, "every game ends"
    return game


@given(players, seeds)
def test_random_games_keep_the_rules_invariants(players: int, seed: str) -> None:
    game = play_checked(players, seed)
    replayed = Game(game.options)
    for entry, digest in zip(game.entries, game.digests, strict=True):
        replayed.push(entry, digest)
    assert replayed.digest() == game.digest()


@given(players, seeds)
def test_redacted_logs_replay_to_the_same_digests(players: int, seed: str) -> None:
    """A seat that never sees the other hands computes every digest the host computes."""
    from engine import redact

    game = play_checked(players, seed)
    for seat in (0, players - 1, None):
        peer = Game(game.options)
        for entry, digest in zip(game.entries, game.digests, strict=True):
            peer.push(redact(entry, seat), digest)
        for i, st_ in enumerate(peer.state.seats):
            if i != seat and game.state.seats[i].hand:
                assert st_.hand is None


def test_the_same_seed_plays_the_same_game_in_fresh_processes() -> None:
    """Selfplay output is identical across processes with different PYTHONHASHSEED."""
    cmd = [
        sys.executable,
        "-m",
        "jetset_tui",
        "selfplay",
        "--bot",
        "random",
        "--players",
        "5",
        "--games",
        "3",
        "--seed",
        "hashseed",
        "--json",
    ]
    outputs = []
    for hashseed in ("0", "1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        outputs.append(
            subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
        )
    assert outputs[0] == outputs[1] == outputs[2]
    games = [json.loads(line) for line in outputs[0].splitlines()]
    from engine.jetset.selfplay import play_game

    for g in games:
        assert play_game(Options(players=5), g["seed"]).digest() == g["digest"]
