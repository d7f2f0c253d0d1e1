"""Byte-stream transports: TCP and an in-memory pipe, behind one small interface.

Framing (``netcode.framing``) sits on top, so anything that can read exactly ``n`` bytes and write
bytes carries the protocol: a TCP socket, an in-memory pipe inside one process, an SSH channel.
A transport that has lost its peer raises ``ConnectionClosed`` from ``read_exactly``.
"""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod

HIGH_WATER = 256 * 1024
"""An in-memory pipe holds at most this much unread data before ``drain`` waits."""


class ConnectionClosed(ConnectionError):
    """The other end went away (or this end was closed)."""


class CannotConnect(ConnectionClosed):
    """Nobody answered at ``address`` (the computer ``host``); ``cause``: the system's reason
    (a refused connection, an unknown name, a timeout), for the app to say in the player's
    words. Its message is the technical one, in English, for logs and ``--json``."""

    def __init__(self, address: str, host: str, cause: BaseException) -> None:
        super().__init__(f"cannot connect to {address}: {cause}")
        self.address = address
        self.host = host
        self.cause = cause


class Transport(ABC):
    """One end of a reliable, ordered byte stream."""

    peer_name: str = "?"

    @abstractmethod
    async def read_exactly(self, n: int) -> bytes:
        """Exactly ``n`` bytes; ConnectionClosed if the stream ends first."""

    @abstractmethod
    def write(self, data: bytes) -> None:
        """Queue bytes for sending (never blocks; ``drain`` applies back-pressure)."""

    @abstractmethod
    async def drain(self) -> None:
        """Wait until the queued bytes are below the transport's high-water mark."""

    @abstractmethod
    def close(self) -> None:
        """Close both directions; the other end sees end of stream after what was written."""

    def abort(self) -> None:
        """Close now, dropping whatever is not sent yet (a peer that does not read)."""
        self.close()

    @property
    @abstractmethod
    def closed(self) -> bool:
        """True once ``close`` was called or the stream ended."""


class TcpTransport(Transport):
    """An asyncio stream pair (TCP, or any other asyncio stream such as a Unix socket)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        peer = writer.get_extra_info("peername")
        self.peer_name = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self._closed = False

    async def read_exactly(self, n: int) -> bytes:
        try:
            return await self._reader.readexactly(n)
        except asyncio.IncompleteReadError as exc:
            self._closed = True
            raise ConnectionClosed(str(exc) or "end of stream") from None
        except (ConnectionError, OSError) as exc:
            self._closed = True
            await self._read_close_error()
            raise ConnectionClosed(str(exc) or "end of stream") from None

    def write(self, data: bytes) -> None:
        if self._closed or self._writer.is_closing():
            raise ConnectionClosed("the connection is closed")
        self._writer.write(data)

    async def drain(self) -> None:
        try:
            await self._writer.drain()
        except (ConnectionError, OSError) as exc:
            self._closed = True
            await self._read_close_error()
            raise ConnectionClosed(str(exc)) from None

    async def _read_close_error(self) -> None:
        """Read the error that closed the connection (a reset) where asyncio also keeps it, the
        stream's "closed" future: left unread, it may be reported on stderr as "Future exception
        was never retrieved", traceback and all, when the process ends. The error is known, so
        the future is done and this does not wait (at most a second if it ever were not)."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer.wait_closed(), 1.0)

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(Exception):
            self._writer.close()

    def abort(self) -> None:
        self._closed = True
        self._writer.transport.abort()

    @property
    def closed(self) -> bool:
        return self._closed or self._writer.is_closing()


async def open_tcp(host: str, port: int, *, timeout: float = 10.0) -> TcpTransport:
    """Connect to ``host:port``; ConnectionClosed if nobody answers."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    except (OSError, TimeoutError) as exc:
        raise CannotConnect(f"{host}:{port}", host, exc) from None
    return TcpTransport(reader, writer)


class _Inbox:
    """Bytes written by one end and not yet read by the other."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.eof = False
        self.readable = asyncio.Event()
        self.writable = asyncio.Event()
        self.writable.set()

    def wake(self) -> None:
        self.readable.set()
        self.writable.set()


class MemoryTransport(Transport):
    """One end of an in-process pipe (``memory_pipe``)."""

    def __init__(self, inbox: _Inbox, outbox: _Inbox, name: str, high_water: int) -> None:
        self._inbox = inbox
        self._outbox = outbox
        self.peer_name = name
        self.high_water = high_water

    async def read_exactly(self, n: int) -> bytes:
        box = self._inbox
        while len(box.data) < n:
            if box.eof:
                raise ConnectionClosed("end of stream")
            box.readable.clear()
            await box.readable.wait()
        out = bytes(box.data[:n])
        del box.data[:n]
        if len(box.data) < self.high_water:
            box.writable.set()
        return out

    def write(self, data: bytes) -> None:
        if self._outbox.eof:
            raise ConnectionClosed("the pipe is closed")
        self._outbox.data += data
        self._outbox.readable.set()
        if len(self._outbox.data) >= self.high_water:
            self._outbox.writable.clear()

    async def drain(self) -> None:
        while not self._outbox.writable.is_set():
            if self._outbox.eof:
                raise ConnectionClosed("the pipe is closed")
            await self._outbox.writable.wait()
        if self._outbox.eof and self._inbox.eof:
            raise ConnectionClosed("the pipe is closed")

    def close(self) -> None:
        for box in (self._inbox, self._outbox):
            box.eof = True
            box.wake()

    def abort(self) -> None:
        self._outbox.data.clear()
        self.close()

    @property
    def closed(self) -> bool:
        return self._inbox.eof and self._outbox.eof


def memory_pipe(
    name: str = "memory", *, high_water: int = HIGH_WATER
) -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected ends: what one writes, the other reads (``drain`` waits while more than
    ``high_water`` bytes are unread)."""
    a_to_b, b_to_a = _Inbox(), _Inbox()
    return (
        MemoryTransport(b_to_a, a_to_b, name, high_water),
        MemoryTransport(a_to_b, b_to_a, name, high_water),
    )
