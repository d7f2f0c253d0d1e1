"""A connection the other end resets (a host killed mid-game: the kernel answers with RST) is a
``ConnectionClosed`` and nothing more. asyncio keeps the reset error in the stream's own
"closed" future too; left unread, that future may be reported on stderr, traceback and all, as
"Future exception was never retrieved" (seen in CI from ``jetset join`` when its host was
killed: which object the collector finalizes first decides it). Over a real TCP socket on
127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
import struct

import pytest

from netcode.transport import ConnectionClosed, open_tcp


async def reset(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Accept, then reset: with linger 0 the close is a reset (RST), not an end of stream."""
    sock = writer.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


async def test_a_reset_is_read_from_the_streams_closed_future_too() -> None:
    """Once the read has said the connection closed, the closed future's error is marked read
    (asyncio's ``_log_traceback``, which decides the report)."""
    server = await asyncio.start_server(reset, "127.0.0.1", 0)
    async with server:
        transport = await open_tcp("127.0.0.1", server.sockets[0].getsockname()[1])
        closed_future = transport._writer._protocol._closed  # type: ignore[attr-defined]
        await asyncio.sleep(0.1)  # the reset arrives before the read
        with pytest.raises(ConnectionClosed):
            await transport.read_exactly(4)
        assert closed_future.done()
        assert not closed_future._log_traceback, "the reset is left unread in the stream"
        assert isinstance(closed_future.exception(), ConnectionError)
        transport.close()
