"""Hosts and peers on 127.0.0.1 for the network tests (real sockets, ephemeral ports)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import Options
from netcode.botplayer import play_bot
from netcode.framing import FramedConnection, Message
from netcode.host import Host, HostSettings
from netcode.hosting import HostedGame
from netcode.peer import NetPeer
from netcode.protocol import hello_message
from netcode.table import Table
from netcode.transport import ConnectionClosed, TcpTransport, Transport, open_tcp

LOOPBACK = "127.0.0.1"


@dataclass
class Served:
    host: Host
    server: asyncio.Server
    port: int
    tasks: list[asyncio.Task[Any]] = field(default_factory=list)

    @property
    def table(self) -> Table:
        return self.host.table

    async def connect(self) -> Transport:
        return await open_tcp(LOOPBACK, self.port)

    async def bot(
        self, kind: str = "random", name: str | None = None, delay: float = 0.0, **kw: Any
    ) -> NetPeer:
        """A bot peer over TCP that plays in the background."""
        peer = await NetPeer.connect(await self.connect(), name=name or kind, **kw)
        play = play_bot(peer, kind, peer.commitment or "", delay=delay)
        self.tasks.append(asyncio.create_task(play))
        return peer

    async def raw(
        self, *, hello: bool = True, address: str = LOOPBACK, legal: bool = False
    ) -> FramedConnection:
        """A bare framed connection, for sending whatever a test likes; from ``address`` (any
        127.x.y.z stands for another machine), asking for ``turn`` messages when ``legal``."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(LOOPBACK, self.port, local_addr=(address, 0)), 5
        )
        conn = FramedConnection(TcpTransport(reader, writer), 1 << 24)
        if hello:
            await conn.send({**hello_message("test"), "legal": legal})
            assert (await asyncio.wait_for(conn.recv(), 5))["t"] == "welcome"
        return conn


@contextlib.asynccontextmanager
async def serve(
    tmp_path: Path,
    players: int,
    bots: Sequence[str] = (),
    *,
    seed: str = "net-test",
    password: str | None = None,
    settings: HostSettings | None = None,
    table: Table | None = None,
    port: int = 0,
) -> AsyncIterator[Served]:
    """A host on 127.0.0.1 with ``bots`` seated (in memory) and the rest open."""
    if table is None:
        table = Table.create(
            Options(players=players),
            list(bots),
            tmp_path / "game.jetset",
            seed=seed,
            password=password,
            fsync=False,
        )
    host = Host(table, settings)
    server = await host.serve_tcp(LOOPBACK, port)
    served = Served(host, server, server.sockets[0].getsockname()[1])
    host.start_bots()
    try:
        yield served
    finally:
        server.close()
        for task in served.tasks:
            task.cancel()
        await host.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2)


async def recv_until(conn: FramedConnection, kind: str, timeout: float = 5.0) -> Message:
    """The next message of type ``kind`` (skipping others)."""

    async def loop() -> Message:
        while True:
            msg = await conn.recv()
            if msg["t"] == kind:
                return msg

    return await asyncio.wait_for(loop(), timeout)


async def finish(peers: Sequence[NetPeer], timeout: float = 30.0) -> None:
    await asyncio.gather(*(p.wait_over(timeout) for p in peers))


def assert_all_agree(served: Served, peers: Sequence[NetPeer]) -> None:
    """Every peer ended with the host's digest and verified the seed and the full log."""
    game = served.table.game
    assert game.over
    for peer in peers:
        assert peer.desync is None, peer.desync
        assert peer.end is not None and peer.end.ok, peer.end
        assert peer.game.digest() == game.digest()
        assert len(peer.game.entries) == len(game.entries)


async def closed(conn: FramedConnection, timeout: float = 3.0) -> list[Message]:
    """Every message until the host closes the connection."""
    out: list[Message] = []

    async def loop() -> None:
        try:
            while True:
                out.append(await conn.recv())
        except ConnectionClosed:
            return

    await asyncio.wait_for(loop(), timeout)
    return out


def codes(messages: list[Message]) -> list[object]:
    return [m.get("code") for m in messages if m["t"] == "error"]


async def ann_and_me(served: Served, hosting: HostedGame | None = None) -> tuple[NetPeer, NetPeer]:
    """Ann in seat 0 (she will drop), and the peer the app shows in seat 1: with ``hosting``,
    the host's own client, in the seat kept for the host, by its token."""
    ann = await NetPeer.connect(await served.connect(), name="Ann")
    if hosting is not None:
        return ann, await hosting.sit()
    me = await NetPeer.connect(await served.connect(), name="Me")
    return ann, me


class PassThrough(Transport):
    """A transport that hands everything to ``inner``: tests override what they watch or hold."""

    def __init__(self, inner: Transport) -> None:
        self.inner = inner
        self.peer_name = inner.peer_name

    async def read_exactly(self, n: int) -> bytes:
        return await self.inner.read_exactly(n)

    def write(self, data: bytes) -> None:
        self.inner.write(data)

    async def drain(self) -> None:
        await self.inner.drain()

    def close(self) -> None:
        self.inner.close()

    def abort(self) -> None:
        self.inner.abort()

    @property
    def closed(self) -> bool:
        return self.inner.closed
