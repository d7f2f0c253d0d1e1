"""Business cards over the network: a whole game of bots on real TCP sockets, every byte
each seat receives recorded. No seat ever receives another seat's drawn Business card (the salt
of its commitment, which only the holder's copy carries, never reaches anyone else), each seat
receives its own, and every seat ends on the host's digest. (At the end the seed is revealed,
as in tests/net/test_secrecy.py: only what comes before it is searched.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgpack

from engine import Options
from engine.actions import BusinessDraw, Offer
from netcode.botplayer import play_bot
from netcode.host import Host
from netcode.peer import NetPeer
from netcode.table import Table
from netcode.transport import open_tcp

from .helpers import LOOPBACK, assert_all_agree, finish, serve
from .test_secrecy import Recording, _seat_of, frames


async def test_no_seat_receives_another_seats_business_cards(tmp_path: Path) -> None:
    table = Table.create(
        Options(players=3, business_cards=True),
        [],
        tmp_path / "game.jetset",
        seed="business-secrets",
        fsync=False,
    )
    recordings: list[Recording] = []
    async with serve(tmp_path, 3, table=table) as served:
        host: Host = served.host

        async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            transport = Recording(reader, writer)
            recordings.append(transport)
            await host.attach(transport)

        server = await asyncio.start_server(on_connect, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        try:
            peers = [
                await NetPeer.connect(await open_tcp(LOOPBACK, port), name=f"s{i}")
                for i in range(3)
            ]
            kinds = ("random", "greedy", "random")  # random bots offer and answer deals
            tasks = [
                asyncio.create_task(play_bot(p, kind, p.commitment or ""))
                for p, kind in zip(peers, kinds, strict=True)
            ]
            await finish(peers)
            await asyncio.gather(*tasks)
            assert_all_agree(served, peers)
        finally:
            server.close()
    entries = served.table.game.entries
    assert any(isinstance(e.action, Offer) for e in entries), "a deal was offered and answered"
    draws = [e.action for e in entries if isinstance(e.action, BusinessDraw)]
    assert len(draws) > 6, "two each at the start, and some for Long Flights"
    for peer in peers:
        recording = next(r for r in recordings if _seat_of(r) == peer.seat)
        sent = before_the_end(bytes(recording.sent))
        for draw in draws:
            assert draw.salt is not None
            if draw.seat == peer.seat:
                assert draw.salt.encode() in sent, "a seat receives its own cards"
            else:
                assert draw.salt.encode() not in sent, (peer.seat, draw)
            assert draw.commitment.encode() in sent, "every seat receives each commitment"


def before_the_end(raw: bytes) -> bytes:
    """The frames a seat received before the game's ``end`` message, joined."""
    kept = b""
    for payload in frames(raw):
        if msgpack.unpackb(payload)["t"] == "end":
            break
        kept += payload
    return kept
