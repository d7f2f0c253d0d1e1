"""The terminal's bell says "your turn" at a table of people elsewhere (jetset_tui/turn_bell.py),
read from what real SSH terminals are sent: once as a turn comes to a player, never while they
play it, never at a table of one person and bots."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from engine import CHANCE
from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from jetset_tui import turn_bell
from jetset_tui.ssh import app as ssh_app
from jetset_tui.ssh.server import GameServer
from jetset_tui.turn_bell import WAITED, TurnBell
from tests.ssh.helpers import (
    Term,
    connect,
    jetlag_for_two,
    jetlag_play,
    start_server,
    two_players_and_a_bot,
)


def test_the_dealer_in_the_middle_of_a_turn_does_not_make_a_new_one() -> None:
    """The first decision seen rings nothing (the player has just sat down); a decision that
    passes to this keyboard from another seat rings, once, whatever the dealer does between."""
    bell = TurnBell()
    seen = [
        bell.rings(mover, yours)
        for mover, yours in [
            (0, True),
            (CHANCE, False),
            (0, True),
            (1, False),
            (CHANCE, False),
            (0, True),
            (0, True),
            (1, False),
            (0, True),
            (None, False),
        ]
    ]
    assert seen == [False, False, False, False, False, True, False, False, True, False]


def test_a_game_dealt_while_the_table_waited_rings_once_for_everyone() -> None:
    """The first entry made now (not caught up on) to a table that waited for it is the game
    beginning: a bell at the next decision, whoever's it is. Not for the player who sat down a
    moment ago (the last), nor for an entry caught up on, or any later one."""
    waited = TurnBell()
    waited.dealt(0, live=True, waited=WAITED)
    rung = [waited.rings(CHANCE, False), waited.rings(1, False), waited.rings(0, True)]
    assert rung == [False, True, True]
    last_to_sit = TurnBell()
    last_to_sit.dealt(0, live=True, waited=WAITED - 1)
    assert [last_to_sit.rings(1, False), last_to_sit.rings(0, True)] == [False, True]
    came_back = TurnBell()
    came_back.dealt(0, live=False, waited=60)
    came_back.dealt(5, live=True, waited=60)
    assert [came_back.rings(1, False), came_back.rings(0, True)] == [False, True]
    assert [came_back.rings(0, True)] == [False]


async def test_the_bell_rings_once_as_each_turn_comes_to_a_player(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    alice, bob = await two_players_and_a_bot(server, alice_key, bob_key)
    game = server.lobby.rooms["1"].table.game  # seat 0 began, as bob sat down: no bell
    players: dict[int, Term] = {0: alice, 1: bob}
    notation = Notation(game.board)
    advisors = {s: make_bot("greedy", s, "advice") for s in players}
    turns = {seat: 0 for seat in players}  # the turns that came to each player so far
    last = None  # the seat that decided last
    while sum(turns.values()) < 8:
        seat = game.to_move()
        before = len(game.entries)

        def moved(_: str, before: int = before) -> bool:
            return len(game.entries) > before

        if seat == CHANCE or seat not in players:
            await alice.wait_for(moved, settle=0)
            last = seat if seat != CHANCE else last
            continue
        term = players[seat]
        await term.wait_for("your turn", settle=0.2)
        if last is not None and last != seat:  # the first decision rings nothing
            turns[seat] += 1
        assert {s: players[s].bells for s in players} == turns, (seat, last)
        action = advisors[seat].act(game.state.view(seat), game.rules)
        await term.command(notation.format_action(action))
        await term.wait_for(moved, settle=0)
        last = seat
    assert min(turns.values()) >= 3
    await alice.close()
    await bob.close()


async def test_no_bell_against_bots_at_one_keyboard(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.new_game_against_bots()
    game = server.lobby.rooms["1"].table.game
    notation = Notation(game.board)
    advisor = make_bot("greedy", 0, "advice")
    for _ in range(4):
        await alice.wait_for(lambda _: game.to_move() == 0, settle=0)
        before = len(game.entries)
        await alice.command(notation.format_action(advisor.act(game.state.view(0), game.rules)))
        await alice.wait_for(lambda _, before=before: len(game.entries) > before, settle=0)
    await alice.wait_for(lambda _: game.to_move() == 0, settle=0.3)
    assert alice.bells == 0
    await alice.close()


async def test_a_jet_lag_table_rings_as_each_turn_comes_and_not_between_its_plays(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """Jet Lag's turns are of one to three plays (a pile taken, two of three cards given, the
    card given back): one bell a turn."""
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    game = room.table.game
    players = {0: alice, 1: bob}
    turns = {0: 0, 1: 0}
    plays_in_a_turn = 0
    last = None
    while sum(turns.values()) < 6:
        seat = game.to_move()
        before = len(game.entries)

        def moved(_: str, before: int = before) -> bool:
            return len(game.entries) > before

        if seat == CHANCE:
            await alice.wait_for(moved, settle=0)
            continue
        await players[seat].wait_for("Your turn", settle=0.2)
        if last is not None and last != seat:
            turns[seat] += 1
        else:
            plays_in_a_turn += 1
        assert {s: players[s].bells for s in players} == turns, (seat, last)
        await jetlag_play(players[seat], room, seat)
        last = seat
    assert plays_in_a_turn > 0  # a turn of several plays was met, and rang once
    await alice.close()
    await bob.close()


async def test_a_long_wait_for_the_last_player_ends_with_a_bell(
    server: GameServer,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """alice waits for a second player longer than a glance (made short here): the game's
    beginning rings her bell; bob, who sat down and began it, hears none."""
    monkeypatch.setattr(ssh_app, "WAITED", 0.5)
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.open_game(seats=2, bots=0)
    await asyncio.sleep(0.6)
    assert alice.bells == 0
    bob = await connect(server, "bob", bob_key, width=100, height=30)
    await bob.lobby()
    await bob.press("j")
    await alice.wait_for("your turn")
    await bob.wait_for("alice  to move")
    assert (alice.bells, bob.bells) == (1, 0)
    await alice.close()
    await bob.close()


CLOCK = 16.0
"""The hurry tests' turn clock: eight seconds more than the hurry (``clock_hurries_once``)."""


async def clock_hurries_once(alice: Term, bob: Term, game: Any) -> None:
    """The player to move first (Jet Set: seat 0; Jet Lag: the deal's), on a 16-second clock
    whose hurry is 8: their bell rings as it falls to 8 (their seat still to move), once; the
    other's not at all. Eight seconds before the hurry: seating two players took over four on a
    loaded machine, and the bell had rung before the test looked."""
    await alice.wait_for(lambda _: game.to_move() in (0, 1), settle=0)
    mover = game.to_move()
    first, other = (alice, bob) if mover == 0 else (bob, alice)
    assert (first.bells, other.bells) == (0, 0)  # the first turn: nothing yet
    await first.wait_for(lambda _: first.bells > 0, timeout=16, settle=0)
    assert game.to_move() == mover and (first.bells, other.bells) == (1, 0)
    await asyncio.sleep(1.2)
    assert game.to_move() == mover and first.bells == 1  # once a decision


async def test_a_turn_clock_running_low_rings_once_more(
    tmp_path: Path,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server whose turn clock is 16 seconds, the bell's hurry made 8 (of 30 against the
    server's 300), at a Jet Set table."""
    monkeypatch.setattr(turn_bell, "HURRY", 8.0)
    server = await start_server(tmp_path, turn_time=CLOCK)
    try:
        alice, bob = await two_players_and_a_bot(server, alice_key, bob_key)
        await clock_hurries_once(alice, bob, server.lobby.rooms["1"].table.game)
        await alice.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_jet_lag_turn_clock_running_low_rings_once_more(
    tmp_path: Path,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same at a Jet Lag table (its screen's own tick, which draws nothing new each second:
    the SSH driver sends a bell at once, not with the next frame)."""
    monkeypatch.setattr(turn_bell, "HURRY", 8.0)
    server = await start_server(tmp_path, turn_time=CLOCK)
    try:
        alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
        await clock_hurries_once(alice, bob, room.table.game)
        await alice.close()
        await bob.close()
    finally:
        await server.close()
