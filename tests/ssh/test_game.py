"""A whole game over SSH: two players at their own terminals and a bot, to the end screen."""

from __future__ import annotations

import asyncssh

from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import Term, two_players_and_a_bot


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
