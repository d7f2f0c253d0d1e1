"""A peer whose replica has drifted says at which entry and what differs from the host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine import Income
from netcode.client import ClientEvent, Problem
from netcode.peer import NetPeer
from tests.net.helpers import serve


async def test_a_desync_names_the_entry_and_what_differs(tmp_path: Path) -> None:
    async with serve(tmp_path, 2) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        bob = await NetPeer.connect(await served.connect(), name="Bob")
        problems: list[str] = []

        def listen(event: ClientEvent) -> None:
            if isinstance(event, Problem):
                problems.append(event.message)

        bob.add_listener(listen)
        for _ in range(100):
            if ann.game.to_move() == ann.seat and len(bob.game.entries) == len(ann.game.entries):
                break
            await asyncio.sleep(0.02)
        assert ann.seat is not None and ann.game.to_move() == ann.seat
        drifted = ann.seat
        bob.game.state.add_cash(drifted, 5)  # Bob's engine goes wrong somewhere
        at = len(served.table.game.entries)
        await ann.submit(ann.seat, Income())
        for _ in range(100):
            if bob.desync_details:
                break
            await asyncio.sleep(0.02)
        assert bob.desync == at
        host_cash = served.table.game.state.seats[drifted].cash
        assert bob.desync_details == [
            f"seat {drifted} cash: {host_cash + 5} here, {host_cash} there"
        ]
        assert any(f"desync at entry {at}: seat {drifted} cash" in m for m in problems)
        assert ann.desync is None, "the other peer is unaffected"


async def test_the_state_is_answered_once_per_connection(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["random"]) as served:
        conn = await served.raw()
        await conn.send({"t": "join", "name": "Eve"})
        while (await conn.recv())["t"] != "seated":
            pass
        for _ in range(100):
            if served.table.game.entries:
                break
            await asyncio.sleep(0.02)
        await conn.send({"t": "state", "at": 0})
        reply = None
        while reply is None:
            msg = await conn.recv()
            if msg["t"] in ("state", "error"):
                reply = msg
        assert reply["t"] == "state" and isinstance(reply["slots"], list)
        await conn.send({"t": "state", "at": 0})
        while True:
            msg = await conn.recv()
            if msg["t"] == "error":
                assert "one state request" in msg["message"]
                break
