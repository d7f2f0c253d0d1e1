"""The next game of a server's table: at a game's end, r opens a game like it (its game,
seats, bots, options, password) for its players; the others are told and r seats them in it.
Two real SSH terminals at a Jet Lag game played to its end."""

from __future__ import annotations

import asyncssh

from engine import CHANCE
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import Term, jetlag_for_two, jetlag_play


async def test_r_at_the_end_opens_the_next_game_and_seats_the_other_player(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    await played_to_its_end(alice, bob, room)
    await alice.press("r")
    await alice.wait_for("waiting for players")
    assert room.next_game == "2" and room.next_by == "alice"
    following = server.lobby.rooms["2"]
    assert following.game == "jetlag" and following.open_seats == 1
    assert following.table.seats[1].kind.bot is None  # bob's seat, for a person as before
    said = "alice opened the next game for these seats: r takes a seat in it."
    await bob.wait_for(lambda text: said in notices(text))
    await bob.press("r")
    for term in (alice, bob):
        await term.wait_for("Round 1 of 4")
    assert sorted(m.seat for m in following.members.values()) == [0, 1]
    assert len(server.lobby.rooms) == 2  # bob sat in alice's game: none made for him
    await alice.close()
    await bob.close()


def notices(text: str) -> str:
    """What the screen's notices say: the text right of each notice's bar, its lines joined
    (the table beside them left out)."""
    said = [line.split("▌", 1)[1] for line in text.splitlines() if "▌" in line]
    return " ".join(" ".join(said).split())


async def test_the_tables_chat_goes_on_at_its_end(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """At the end screen t opens the table's chat, as during the game: bob's "gg" reaches
    alice, who is still at her end screen, as a notice."""
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    await played_to_its_end(alice, bob, room)
    assert "t Chat" in bob.text().splitlines()[-1]
    await bob.press("t")
    await bob.wait_for("say something; Enter sends", settle=0.3)
    await bob.type("gg, again?")
    await bob.press("enter")
    await alice.wait_for(lambda text: "bob: gg, again?" in notices(text))
    await alice.close()
    await bob.close()


async def played_to_its_end(alice: Term, bob: Term, room: Room) -> None:
    """alice (seat 0) and bob (seat 1) play greedy's moves until the game is over and both
    ends offer r."""
    game, players = room.table.game, {0: alice, 1: bob}
    while not game.over:
        seat = game.to_move()
        if seat == CHANCE or seat is None:
            before = len(game.entries)
            await alice.wait_for(lambda _, b=before: game.over or len(game.entries) > b)
            continue
        await jetlag_play(players[seat], room, seat)
    for term in (alice, bob):
        await term.wait_for(lambda text: "r Play again" in text.splitlines()[-1])
