"""A bot never sends a decision made for a position the table has left (found by the soak)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from netcode.botplayer import play_bot
from netcode.peer import NetPeer
from netcode.transport import ConnectionClosed, Transport
from tests.net.helpers import serve


class DeafAfterAction(Transport):
    """Passes bytes through; after the first action it sends, it hears nothing more and is cut
    off 0.1 s later: the host applied the action, the bot never heard."""

    def __init__(self, inner: Transport) -> None:
        self.inner = inner
        self.cut = asyncio.Event()
        self.armed = True
        self.peer_name = "deaf"

    async def read_exactly(self, n: int) -> bytes:
        data = await self.inner.read_exactly(n)
        if not self.armed and not self.cut.is_set():
            await self.cut.wait()
        if self.cut.is_set():
            raise ConnectionClosed("cut")
        return data

    def write(self, data: bytes) -> None:
        self.inner.write(data)
        if self.armed and b"\xa6action" in data:
            self.armed = False
            asyncio.get_running_loop().call_later(0.1, self.abort)

    async def drain(self) -> None:
        await self.inner.drain()

    def close(self) -> None:
        self.inner.close()

    def abort(self) -> None:
        self.cut.set()
        self.inner.abort()

    @property
    def closed(self) -> bool:
        return self.inner.closed


async def test_a_reconnected_bot_decides_again_for_the_position_it_caught_up_to(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="jetset.bot")
    async with serve(tmp_path, 2, [], seed="stale-bot") as served:

        async def back_a_moment_later() -> Transport:
            await asyncio.sleep(0.12)
            return await served.connect()

        first = DeafAfterAction(await served.connect())
        peer = await NetPeer.connect(first, name="p", connector=back_a_moment_later)
        task = asyncio.create_task(play_bot(peer, "greedy", "x", delay=0.3))
        await served.bot("greedy", "slow", delay=0.5)
        while len(served.table.game.entries) < 12:  # well past the drop and its catch-up
            await asyncio.sleep(0.05)
        task.cancel()
        assert not first.armed  # the drop happened
        refused = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
        assert refused == []
