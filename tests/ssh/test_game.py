"""A whole game over SSH: two players at their own terminals and a bot, to the end screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from jetset_tui.widgets import map_layout
from netcode.userdirs import HOME_VARIABLE
from tests.ssh.helpers import Term, connect, in_lobby, two_players_and_a_bot


async def test_two_ssh_players_and_a_bot_play_to_the_end(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    alice, bob = await two_players_and_a_bot(server, alice_key, bob_key)
    room = server.lobby.rooms["1"]
    game = room.table.game
    players: dict[int, Term] = {0: alice, 1: bob}
    notation = Notation(game.board)
    advisors = {s: make_bot("greedy", s, "advice") for s in players}
    moves = 0
    while not game.over:
        seat = game.to_move()
        before = len(game.entries)

        def moved(_: str, before: int = before) -> bool:
            return game.over or len(game.entries) > before

        if seat not in players:
            await alice.wait_for(moved, settle=0)
            continue
        action = advisors[seat].act(game.state.view(seat), game.rules)
        await players[seat].command(notation.format_action(action))
        await players[seat].wait_for(moved, settle=0)
        assert game.entries[before].action == action
        moves += 1
    assert moves > 20
    for term in (alice, bob):
        text = await term.wait_for("Game over", timeout=15)
        assert "alice" in text and "bob" in text and "Points, turn by turn" in text
    await alice.close()
    await bob.close()


async def test_back_at_your_own_finished_game_you_see_its_end(
    server: GameServer,
    alice_key: asyncssh.SSHKey,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A play test: j in the lobby on a finished Jet Set game in which you hold a seat (the
    lobby says "j takes it back") closed the player's connection, four times of four: its game
    screen gave way to the end at once, and a redraw it had asked for found no map. Now the
    end shows, and the session goes on."""
    player = Player(f"key:{alice_key.get_fingerprint()}", "alice")
    room = server.lobby.create(player, 2, ["greedy"], None)
    peer, _ = await server.lobby.join(room, player, None)
    advisor = make_bot("greedy", 0, "advice")
    for _ in range(2000):
        if room.table.over:
            break
        if peer.game.to_move() == peer.seat == 0 and peer.caught_up:
            before = len(peer.game.entries)
            await peer.submit(0, advisor.act(peer.view(0), peer.game.rules))
            while len(peer.game.entries) == before and not room.table.over:
                await asyncio.sleep(0.005)
        else:
            await asyncio.sleep(0.01)
    assert room.table.over
    await peer.close()
    # no map laid out at this size yet, as on a fresh server: made on a thread, it arrives
    # after the game screen gave way to the end
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "fresh"))
    map_layout._LAYOUTS.clear()
    alice = await connect(server, "alice", alice_key, width=80, height=24)
    await alice.wait_for(lambda text: "Game over" in text or in_lobby(text), timeout=15)
    if "Game over" not in alice.text():  # the lobby first: j on the game, as the line says
        await alice.press("j")
    text = await alice.wait_for("Game over", timeout=15)
    assert "Points, turn by turn" in text or "wins" in text, text
    for _ in range(3):  # Esc to the lobby and j again, as the play test did, in one session
        await alice.press("escape")
        await alice.wait_for(in_lobby)  # the session goes on
        await alice.press("j")
        await alice.wait_for("Game over", timeout=15)
    await alice.close()
