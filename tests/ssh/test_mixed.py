"""One game, three ways in: an SSH player, a `jetset join`-style TCP peer and a bot."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh

from engine import Income
from tests.ssh.helpers import connect, start_server, tcp_peer_at


async def test_ssh_and_tcp_players_share_a_game(tmp_path: Path, alice_key: asyncssh.SSHKey) -> None:
    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.open_game(seats=3, bots=1)
        room = server.lobby.rooms["1"]
        bob = await tcp_peer_at(server, "1", "bob")
        assert bob.seat is not None
        text = await alice.wait_for("your turn")
        assert "bob" in text and "Amelia" in text
        game = room.table.game
        await alice.command("income")
        for _ in range(300):
            if game.to_move() == bob.seat and bob.game.to_move() == bob.seat:
                break
            await asyncio.sleep(0.02)
        before = len(game.entries)
        await bob.submit(bob.seat, Income())
        assert game.entries[before].actor == bob.seat
        await alice.wait_for(lambda text: re.search(r"B\s+income", text) is not None)
        assert bob.desync is None
        assert bob.game.digest() == game.digests[len(bob.game.entries) - 1]
        await bob.close()
        await alice.close()
    finally:
        await server.close()
