"""The `jetset` subsystem frame by frame: hand-made lobby messages on a raw channel (malformed
ones, the order, a flood, the session's input budget) and OpenSSH's own `ssh -s jetset`
carrying frames, on the real server on 127.0.0.1 (the protocol itself: test_subsystem.py)."""

from __future__ import annotations

import asyncio
import os
import shutil
import struct
import time
from pathlib import Path
from typing import Any

import asyncssh
import msgpack
import pytest

from jetset_tui.ssh.server import GameServer
from netcode.framing import encode
from tests.ssh.helpers import client_key, start_server

# -- the lobby, frame by frame --------------------------------------------------------------


class Raw:
    """A ``jetset`` channel sending hand-made bytes."""

    def __init__(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn
        self.writer: Any = None
        self.reader: Any = None

    async def open(self) -> Raw:
        self.writer, self.reader, _ = await self.conn.open_session(
            subsystem="jetset", encoding=None
        )
        return self

    def send(self, message: Any) -> None:
        payload = msgpack.packb(message) if not isinstance(message, bytes) else message
        self.writer.write(struct.pack(">I", len(payload)) + payload)

    async def recv(self) -> dict[str, Any]:
        head = await asyncio.wait_for(self.reader.readexactly(4), 5)
        body = await asyncio.wait_for(self.reader.readexactly(struct.unpack(">I", head)[0]), 5)
        msg: dict[str, Any] = msgpack.unpackb(body)
        return msg

    async def expect(self, kind: str) -> dict[str, Any]:
        for _ in range(20):
            msg = await self.recv()
            if msg["t"] == kind:
                return msg
        raise AssertionError(f"no {kind!r}")


async def raw_channel(server: GameServer, key: asyncssh.SSHKey) -> Raw:
    conn = await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="alice",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
    )
    return await Raw(conn).open()


async def test_malformed_lobby_messages_get_errors(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    raw = await raw_channel(server, alice_key)
    raw.send({"t": "hello", "app": "jetset", "proto": 5})
    games = await raw.expect("games")
    assert games["games"] == [] and games["you"] == "alice"
    bad: list[tuple[Any, str]] = [
        (b"\xc1", "malformed"),
        ([1, 2], "malformed"),
        ({"t": "dance"}, "unknown"),
        ({"t": "create", "players": "four"}, "malformed"),
        ({"t": "create", "players": 4, "bots": "greedy"}, "malformed"),
        ({"t": "create", "players": 4, "extra_cards": "yes"}, "malformed"),
        ({"t": "create", "players": 4, "modules": "hubs"}, "malformed"),
        ({"t": "create", "players": 4, "modules": ["teleport"]}, "malformed"),
        ({"t": "create", "players": 4, "modules": [{"hubs": 1}]}, "malformed"),
        ({"t": "create", "players": 4, "bots": ["nobody"]}, "refused"),
        ({"t": "create", "players": 4, "investors_face_up": "yes"}, "malformed"),
        ({"t": "create", "players": 4, "investors_face_up": True}, "refused"),  # no Investors
        ({"t": "join", "game": 7}, "malformed"),
        ({"t": "join", "game": "x" * 40}, "malformed"),
        ({"t": "join", "game": "99"}, "refused"),
        ({"t": "watch"}, "malformed"),
        ({"t": "lobby-chat", "text": "\x1b[2J"}, "malformed"),
        ({"t": "lobby-chat", "text": "x" * 501}, "malformed"),
    ]
    for message, code in bad:
        raw.send(message)
        error = await raw.expect("error")
        assert (error["code"], error["fatal"]) == (code, False), (message, error)
    assert not server.lobby.rooms and not server.lobby.chat
    raw.send({"t": "create", "players": 2, "bots": ["greedy"]})
    assert (await raw.expect("created"))["game"] == "1"
    raw.send({"t": "lobby-chat", "text": "hi  all"})
    assert (await raw.expect("lobby-chat"))["text"] == "hi all"
    raw.send(b"\x00" * 5000)  # longer than a lobby message may be
    error = await raw.expect("error")
    assert (error["code"], error["fatal"]) == ("too-large", True)
    assert (await raw.reader.read()) == b""  # and the channel is closed
    raw.conn.close()


async def test_the_lobby_wants_hello_first_and_stops_a_flood(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    raw = await raw_channel(server, alice_key)
    raw.send({"t": "games"})
    error = await raw.expect("error")
    assert error["code"] == "order" and error["fatal"]
    raw.conn.close()
    raw = await raw_channel(server, alice_key)
    raw.send(encode({"t": "hello", "app": "jetset", "proto": 5})[4:])
    await raw.expect("games")
    for _ in range(60):
        raw.send({"t": "games"})
    codes = []
    for _ in range(60):
        try:
            msg = await raw.recv()
        except asyncio.IncompleteReadError:
            break
        if msg["t"] == "error":
            codes.append((msg["code"], msg["fatal"]))
    assert ("flood", True) in codes
    raw.conn.close()


# -- OpenSSH's own client as a raw transport ------------------------------------------------


@pytest.mark.skipif(
    not shutil.which("ssh") and not os.environ.get("CI"),
    reason="needs openssh-client (.ci/run installs it)",
)
async def test_openssh_ssh_s_jetset_carries_frames(server: GameServer, tmp_path: Path) -> None:
    client_key(tmp_path, "openssh")
    base = [
        "ssh", "-F", "/dev/null", "-p", str(server.port), "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR",
        "-o", "BatchMode=yes", "-i", str(tmp_path / "openssh_ed25519"),
    ]  # fmt: skip
    proc = await asyncio.create_subprocess_exec(
        *base, "-s", "ann@127.0.0.1", "jetset", stdin=-1, stdout=-1, stderr=-1
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(encode({"t": "hello", "app": "jetset", "proto": 5}))
    proc.stdin.write(encode({"t": "create", "players": 2, "bots": ["greedy"]}))
    await proc.stdin.drain()
    got = []
    for _ in range(2):
        head = await asyncio.wait_for(proc.stdout.readexactly(4), 10)
        body = await proc.stdout.readexactly(struct.unpack(">I", head)[0])
        got.append(msgpack.unpackb(body)["t"])
    assert got == ["games", "created"]
    proc.stdin.close()
    await asyncio.wait_for(proc.wait(), 10)
    # any other subsystem is refused
    sftp = await asyncio.create_subprocess_exec(
        *base, "-s", "ann@127.0.0.1", "sftp", stdin=-1, stdout=-1, stderr=-1
    )
    await asyncio.wait_for(sftp.communicate(b""), 10)
    assert sftp.returncode != 0


async def test_the_input_budget_holds_back_a_fast_client(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """The session's input budget applies to the subsystem: beyond it, reading waits."""
    server = await start_server(tmp_path, input_bytes_per_second=1000.0)
    try:
        raw = await raw_channel(server, alice_key)
        raw.send({"t": "hello", "app": "jetset", "proto": 5})
        await raw.expect("games")
        start = time.monotonic()
        for _ in range(6):  # 6 × ~470 bytes: past the 2,000-byte burst
            raw.send({"t": "games", "pad": "x" * 450})
        for _ in range(6):
            await raw.expect("games")
        took = time.monotonic() - start
        (session,) = server.sessions
        assert session.throttled >= 1 and took >= 0.5, (session.throttled, took)
        raw.conn.close()
    finally:
        await server.close()
