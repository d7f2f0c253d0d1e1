"""Through an SSH server's `--tcp` port, a `jetset join` peer named like markup chats markup:
the SSH players' screens (the lobby's list of games, the table chat's notice) show the brackets
as they are."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.ssh.helpers import client_key, connect, start_server, tcp_peer_at

from .helpers import LOOPBACK

MARKUP_NAME = "[bold red]x[/]"
MARKUP_TEXT = "[link=http://x]y[/link]"


async def test_ssh_players_see_a_tcp_peers_markup_as_text(tmp_path: Path) -> None:
    server = await start_server(tmp_path, tcp_bind=LOOPBACK)
    try:
        alice = await connect(server, "alice", client_key(tmp_path, "alice"))
        await alice.open_game(seats=3, bots=1)
        peer = await tcp_peer_at(server, "1", MARKUP_NAME)
        await alice.wait_for("your turn")
        carol = await connect(server, "carol", client_key(tmp_path, "carol"))
        await carol.lobby()
        await carol.wait_for(MARKUP_NAME)  # the lobby's list of games names the seats
        await peer.chat(MARKUP_TEXT)
        await alice.wait_for(f"{MARKUP_NAME}@tcp: {MARKUP_TEXT}")  # a TCP joiner, no key
        await peer.close()
        await alice.close()
        await carol.close()
    finally:
        await server.close()


async def test_a_name_of_broken_markup_does_not_end_the_lobby(tmp_path: Path) -> None:
    """A red team's play test: a seat named `x [/] y` made the SSH lobby's detail line raise
    MarkupError, ending every terminal session in the lobby while the game stayed open."""
    server = await start_server(tmp_path, tcp_bind=LOOPBACK)
    try:
        alice = await connect(server, "alice", client_key(tmp_path, "alice"))
        await alice.open_game(seats=3, bots=1)
        peer = await tcp_peer_at(server, "1", "x [/] y")
        await alice.wait_for("your turn")
        carol = await connect(server, "carol", client_key(tmp_path, "carol"))
        await carol.lobby()
        await carol.wait_for("Game 1:")  # the detail line, naming the seats
        await carol.wait_for("x [/] y")
        await asyncio.sleep(0.3)
        late = await connect(server, "dave", client_key(tmp_path, "dave"))
        await late.lobby()
        await late.wait_for("x [/] y")
        await peer.close()
        await alice.close()
        await carol.close()
        await late.close()
    finally:
        await server.close()
