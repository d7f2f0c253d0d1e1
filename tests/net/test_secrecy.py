"""Nobody receives another seat's Final Flights before they are played or the game ends.

Every byte the host writes to each seat's socket is recorded through a whole game; each frame is
then searched for the ids of other seats' Final Flight cards.
"""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import msgpack

from engine import ClaimFinal, Deal
from netcode.framing import HEADER
from netcode.host import Host
from netcode.peer import NetPeer
from netcode.transport import TcpTransport

from .helpers import LOOPBACK, assert_all_agree, finish, serve


class Recording(TcpTransport):
    """A TCP transport that keeps a copy of everything written to it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        super().__init__(reader, writer)
        self.sent = bytearray()

    def write(self, data: bytes) -> None:
        self.sent += data
        super().write(data)


def frames(raw: bytes) -> list[bytes]:
    out, at = [], 0
    while at < len(raw):
        (n,) = struct.unpack_from(">I", raw, at)
        out.append(raw[at + HEADER.size : at + HEADER.size + n])
        at += HEADER.size + n
    assert at == len(raw)
    return out


async def test_no_seat_sees_another_seats_final_flights(tmp_path: Path) -> None:
    recordings: list[Recording] = []
    async with serve(tmp_path, 4, seed="secrets") as served:
        host: Host = served.host

        async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            transport = Recording(reader, writer)
            recordings.append(transport)
            await host.attach(transport)

        server = await asyncio.start_server(on_connect, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        try:
            from netcode.botplayer import play_bot
            from netcode.transport import open_tcp

            peers = [
                await NetPeer.connect(await open_tcp(LOOPBACK, port), name=f"s{i}")
                for i in range(4)
            ]
            tasks = [asyncio.create_task(play_bot(p, "greedy", p.commitment or "")) for p in peers]
            await finish(peers)
            await asyncio.gather(*tasks)
            assert_all_agree(served, peers)
        finally:
            server.close()
        game = served.table.game
        hands: dict[int, tuple[str, str]] = {}
        played: dict[str, int] = {}  # card -> the entry that played it
        for i, entry in enumerate(game.entries):
            if isinstance(entry.action, Deal):
                assert entry.action.cards is not None
                hands[entry.action.seat] = entry.action.cards
            if isinstance(entry.action, ClaimFinal):
                played[entry.action.card] = i
        assert played, "pick a seed where somebody plays a Final Flight"
        checked = 0
        for seat, peer in enumerate(peers):
            recording = next(r for r in recordings if r is not None and _seat_of(r) == peer.seat)
            assert peer.seat is not None
            secrets = {c: s for s, cards in hands.items() if s != peer.seat for c in cards}
            latest = -1  # the last entry this seat has received
            for payload in frames(bytes(recording.sent)):
                message = msgpack.unpackb(payload)
                if message["t"] == "end":
                    break
                if message["t"] == "entry":
                    latest = message["i"]
                for card in secrets:
                    if card.encode() in payload:
                        assert latest >= played.get(card, 1 << 30), (seat, card, message)
                        checked += 1
            own = hands[peer.seat]
            assert all(c.encode() in recording.sent for c in own)  # it did see its own cards
        assert checked > 0  # played Final Flights did show up, once played


def _seat_of(recording: Recording) -> int | None:
    for payload in frames(bytes(recording.sent)):
        message = msgpack.unpackb(payload)
        if message["t"] == "seated":
            seat = message["seat"]
            return seat if isinstance(seat, int) else None
    return None
