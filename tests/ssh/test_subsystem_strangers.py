"""Strangers over the `jetset` subsystem (`jetset join ssh://`): the name a channel sits under,
and the lobby chat's allowance, on a real SSH server on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from netcode import lobbyproto as lp
from netcode.lobbyclient import next_answer
from netcode.messages import to_wire
from tests.ssh.helpers import (
    after_the_lobby_asks,
    lobby_channel,
    opener,
    ssh_peer,
    start_server,
)


async def test_a_peer_sits_and_watches_under_its_user_name_not_the_one_it_gives(
    tmp_path: Path,
) -> None:
    """A `jetset join ssh://` program named itself at the game's host (``join.name``), past the
    lobby's name rules: the red team's ``carol`` sat as ``alice`` beside the SSH user alice. A
    channel sits and watches under its SSH user name, numbered when it reads like a name at the
    table."""
    server = await start_server(tmp_path)
    try:
        alice = await ssh_peer(opener(server, tmp_path, "alice", players=3), name="alice")
        carol = await lobby_channel(server, tmp_path, "carol")
        await carol.send(to_wire(lp.JoinGame(game="1")))
        said = await after_the_lobby_asks(carol, {"t": "join", "name": "alice"})
        assert said["t"] == "seated", said
        names = [s.name for s in server.lobby.rooms["1"].table.seats]
        assert names[:2] == ["alice", "carol"], names
        wes = await lobby_channel(server, tmp_path, "wes")
        await wes.send(to_wire(lp.WatchGame(game="1")))
        said = await after_the_lobby_asks(wes, {"t": "spectate", "have": 0, "name": "alice"})
        assert said["t"] == "seated"
        host = server.lobby.rooms["1"].host
        assert [c.name for c in host.conns if c.spectator] == ["wes"]
        # a user name of Cherokee letters that read as alice sits under a number, as at a
        # `jetset host` table (a program cannot be asked for another name as a person is)
        cherokee = "\u13aa\u13de\u13a5\u13df\u13ac"
        dave = await ssh_peer(opener(server, tmp_path, cherokee), name="alice")
        assert [s.name for s in server.lobby.rooms["1"].table.seats][2] == f"{cherokee}-2"
        await dave.close()
        await alice.close()
    finally:
        await server.close()


async def test_lobby_chat_is_held_to_a_line_a_second_an_address(tmp_path: Path) -> None:
    """The lobby chat was limited only by the lobby's 5 requests a second, so one channel filled
    every lobby's 100 kept lines in 20 s, and more channels faster (the red team's). A line a
    second an address, bursts of 10, as at a table; a line beyond is refused and not said."""
    server = await start_server(tmp_path)
    try:
        eve = await lobby_channel(server, tmp_path, "eve")
        for i in range(15):
            await eve.send(to_wire(lp.LobbySay(text=f"spam {i}")))
        refused = 0
        while refused < 4:  # at least 15 - 11 are refused, each with a sentence
            msg = await answer_or_line(eve)
            if isinstance(msg, lp.LobbyChatLine):
                continue
            assert "too much chat: one line a second" in msg.message and not msg.fatal, msg
            refused += 1
        assert 10 <= len(server.lobby.chat) <= 11, [c.text for c in server.lobby.chat]
        before = len(server.lobby.chat)
        # another channel from the same address gets no fresh burst
        mal = await lobby_channel(server, tmp_path, "mal")
        await mal.send(to_wire(lp.LobbySay(text="more")))
        msg = await answer_or_line(mal)
        while isinstance(msg, lp.LobbyChatLine):  # eve's lines, told to a new lobby
            assert msg.text != "more"
            msg = await answer_or_line(mal)
        assert "too much chat" in msg.message
        assert len(server.lobby.chat) == before <= 11
    finally:
        await server.close()


async def answer_or_line(framed: Any) -> Any:
    """The lobby's next chat line or answer, past lists of games."""
    while True:
        msg = await asyncio.wait_for(next_answer(framed), 10)
        if msg is not None and not isinstance(msg, lp.Games):
            return msg
