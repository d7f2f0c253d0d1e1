"""A hostile host on 127.0.0.1: it speaks just enough of the protocol to seat a peer, then sends
whatever a test scripts (names, chat, errors full of escape sequences or markup)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field

from engine import Options
from engine.jetset.dealer import seed_commitment
from netcode.framing import CLIENT_FRAME_LIMIT, FramedConnection, Message
from netcode.protocol import PROTOCOL
from netcode.transport import ConnectionClosed, TcpTransport

from .helpers import LOOPBACK

EVIL = "\x1b]52;c;cHduZWQ=\x07\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"
"""OSC 52 (write the clipboard), OSC 0 (the window title), clear the screen, a C1 CSI, a bidi
override: none of it may reach a terminal as anything but visible characters."""
EVIL_NAME = "\x1b]0;pwned\x07\x1b[2J\x9b1m"
"""Escapes that fit in a name (32 characters)."""


@dataclass
class FakeHost:
    seat_name: str
    seats: list[Message]
    script: Sequence[Message]
    hold: float = 0.5
    """Seconds to keep the connection after the script, before closing it."""
    gate: asyncio.Event | None = None
    """Set by the test when the script may go on (e.g. once a screen is up)."""
    requests: list[Message] = field(default_factory=list)
    port: int = 0

    def welcome(self) -> Message:
        game = {
            "options": Options(players=len(self.seats)).to_dict(),
            "commitment": seed_commitment("fake"),
            "started": False,
            "over": False,
            "entries": 0,
        }
        return {
            "t": "welcome",
            "proto": PROTOCOL,
            "game": game,
            "password": False,
            "ping": 10,
            "seats": self.seats,
        }

    async def serve_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = FramedConnection(TcpTransport(reader, writer), CLIENT_FRAME_LIMIT)
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(conn.recv(), 5)  # hello
            await conn.send(self.welcome())
            request = await asyncio.wait_for(conn.recv(), 5)
            self.requests.append(request)
            seat = None if request["t"] == "spectate" else 0
            token = None if seat is None else EVIL
            name = self.seat_name
            await conn.send({"t": "seated", "seat": seat, "token": token, "name": name, "from": 0})
            await conn.send({"t": "seats", "seats": self.seats})
            if self.gate is not None:
                await asyncio.wait_for(self.gate.wait(), 30)
            for message in self.script:
                await conn.send(message)
            await asyncio.wait_for(self.until_closed(conn), self.hold)
        conn.close()

    @staticmethod
    async def until_closed(conn: FramedConnection) -> None:
        """Read (and drop) whatever the peer sends, until it closes."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await conn.recv()


@contextlib.asynccontextmanager
async def fake_host(host: FakeHost) -> AsyncIterator[FakeHost]:
    server = await asyncio.start_server(host.serve_one, LOOPBACK, 0)
    host.port = server.sockets[0].getsockname()[1]
    try:
        yield host
    finally:
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2)
