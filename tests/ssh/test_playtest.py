"""What a play test of the SSH server found (task fix25b), each over a real SSH connection to a
server on 127.0.0.1: q at a table asks before leaving, and an open server's seat comes back in
the same session without its code typed again."""

from __future__ import annotations

import re
from pathlib import Path

import asyncssh

from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import connect, in_lobby, start_server

SEAT_CODE = re.compile(r"Your seat code is ([A-Z2-9]{8}):")


async def test_open_mode_q_asks_and_shows_the_code_and_j_needs_no_code_in_the_session(
    tmp_path: Path,
) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        await alice.new_game_against_bots()
        match = SEAT_CODE.search(await alice.wait_for("Your seat code is"))
        assert match is not None
        code = match.group(1)
        await alice.press("q")  # on her own turn: asked, not gone
        text = await alice.wait_for("Leave the game?")
        assert f"Your seat code: {code[:4]} {code[4:]}" in text, text
        assert "your seat stays yours: j in the" in text
        await alice.press("g")
        await alice.wait_for(lambda t: "Leave the game?" not in t and "your turn" in t)
        await alice.press("q")
        await alice.wait_for("Leave the game?")
        await alice.press("y")
        await alice.lobby()
        await alice.press("j")  # the same session: the seat comes back, no code asked
        text = await alice.wait_for("Back in your seat in game 1")
        assert "The code of your seat" not in text
        await alice.wait_for("your turn")
        await alice.close()
    finally:
        await server.close()


async def test_with_a_key_q_asks_and_says_how_the_seat_comes_back(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    await alice.new_game_against_bots()
    await alice.press("q")
    text = await alice.wait_for("Leave the game?")
    assert "your seat stays yours: j in the" in text and "seat code" not in text
    await alice.press("y")
    text = await alice.wait_for(in_lobby)
    assert "← your seat" in text or "You hold a seat in game 1" in text
    await alice.close()
