"""Leaving a game before it began (the wait's Esc, or a lost connection): the seat is open
again for the next person, and a game every person left is gone from the lobby, not begun by a
newcomer as if they were there (a play test's f seated erin beside a dave who had left, and
began quinn's game with a pat whose connection had gone). A started game keeps its seats."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import asyncssh

from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import client_key, connect, start_server


async def until(test: Callable[[], bool], timeout: float = 10.0) -> None:
    """Until ``test()`` holds (the lobby's housekeeping runs on its own time)."""
    for _ in range(int(timeout / 0.05)):
        if test():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never")


async def test_esc_in_the_wait_frees_the_seat(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """dave opens a game of four with f, bob sits beside him; dave's Esc leaves it: bob's wait
    and the lobby show seat 1 open, and carol's f puts her in it, dave's name nowhere."""
    dave = await connect(server, "dave", alice_key, width=100, height=30)
    await dave.lobby()
    await dave.press("f")
    await dave.wait_for("Game 1: waiting for players")
    bob = await connect(server, "bob", bob_key, width=100, height=30)
    await bob.wait_for("dave, (open), (open), (open)")
    await bob.press("f")
    text = await bob.wait_for("seat 2: bob")
    assert "seat 1: dave" in text
    await dave.press("escape")
    await dave.lobby()
    text = await bob.wait_for("seat 1: (open)")
    assert "dave" not in text, text
    room = server.lobby.rooms["1"]
    assert list(room.members) != [] and all(m.seat == 1 for m in room.members.values())
    assert not server.lobby.holds_a_seat(f"key:{alice_key.get_fingerprint()}")  # dave's
    await dave.wait_for("(open), bob, (open), (open)")
    carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=100, height=30)
    await carol.wait_for("(open), bob, (open), (open)")
    await carol.press("f")
    text = await carol.wait_for("Game 1: waiting for players")
    assert "seat 1: carol" in text and "seat 2: bob" in text and "dave" not in text, text
    assert not room.table.started
    for term in (dave, bob, carol):
        await term.close()


async def test_a_connection_lost_in_the_wait_frees_the_seat(tmp_path: Path) -> None:
    """--open: pat opens a game of two and drops while waiting; rita, sitting beside a pat
    gone the same way, sees seat 1 open; with every person gone the game leaves the lobby, and
    quinn's f opens a game of her own, waiting, instead of beginning pat's without him."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        pat = await connect(server, "pat", None, width=100, height=30)
        await pat.open_game(seats=3, bots=0)
        rita = await connect(server, "rita", None, width=100, height=30)
        await rita.wait_for("pat, (open), (open)")
        await rita.press("f")
        await rita.wait_for("seat 2: rita")
        await pat.close()
        text = await rita.wait_for("seat 1: (open)")
        assert "pat" not in text, text
        room = server.lobby.rooms["1"]
        assert [m.seat for m in room.members.values()] == [1]
        assert not room.table.started
        await rita.close()
        await until(lambda: "1" not in server.lobby.rooms)  # nobody left in it: gone
        quinn = await connect(server, "quinn", None, width=100, height=30)
        await quinn.lobby()
        await quinn.press("f")
        text = await quinn.wait_for("waiting for players")
        assert "Game 2: waiting for players" in text and "seat 1: quinn" in text, text
        assert "pat" not in text and "lost their connection" not in text, text
        assert not server.lobby.rooms["2"].table.started
        await quinn.close()
    finally:
        await server.close()
