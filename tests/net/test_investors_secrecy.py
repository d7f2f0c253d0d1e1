"""Nobody receives a face-down Investor card before a Vacation card turns it up (or the game
ends), and the six left in the box are never sent: every byte the host writes to each seat's
socket is recorded through a whole networked game with the Investors module, and each frame is
searched for every Investor card's id."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgpack

from engine import Options
from engine.actions import TurnInvestor
from engine.rules.investors import investor_deck
from netcode.botplayer import play_bot
from netcode.host import Host
from netcode.peer import NetPeer
from netcode.table import Table
from netcode.transport import open_tcp

from .helpers import LOOPBACK, assert_all_agree, finish, serve
from .test_secrecy import Recording, _seat_of, frames


async def test_no_seat_sees_a_face_down_investor_before_it_is_turned_up(tmp_path: Path) -> None:
    recordings: list[Recording] = []
    options = Options(players=3, investors=True)
    table = Table.create(options, [], tmp_path / "game.jetset", seed="inv-secrets", fsync=False)
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
            tasks = [asyncio.create_task(play_bot(p, "greedy", p.commitment or "")) for p in peers]
            await finish(peers, timeout=60)
            await asyncio.gather(*tasks)
            assert_all_agree(served, peers)
        finally:
            server.close()
        game = served.table.game
        turned = {
            e.action.card: i
            for i, e in enumerate(game.entries)
            if isinstance(e.action, TurnInvestor)
        }
        assert len(turned) == 2, "pick a seed where both Vacation cards come up"
        checked = 0
        for peer in peers:
            recording = next(r for r in recordings if _seat_of(r) == peer.seat)
            latest = -1  # the last entry this seat has received
            for payload in frames(bytes(recording.sent)):
                message = msgpack.unpackb(payload)
                if message["t"] == "end":
                    break
                if message["t"] == "entry":
                    latest = message["i"]
                for card in investor_deck():
                    if card.id.encode() in payload:
                        assert latest >= turned.get(card.id, 1 << 30), (peer.seat, card, message)
                        checked += 1
            view, full = peer.game.state.investors, game.state.investors
            assert view is not None and full is not None and view.paid == full.paid
            assert view.cards == full.cards, "both turned up: the peer knows them now"
        assert checked >= 2 * len(peers), "each seat saw the two Investors once turned up"
