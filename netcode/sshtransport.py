"""The protocol over an SSH channel (the ``jetset`` subsystem): two small ``Transport`` adapters.

``ChannelTransport`` is the server's end: asyncssh hands the session's bytes to ``feed`` (after
the session's input budget), and ``write`` goes to the channel. ``StreamTransport`` is the
client's end, over asyncssh's stream pair; it owns its SSH connection (one channel each: the
server opens one session per connection) and closes it with the channel.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Protocol

import asyncssh

from netcode.transport import ConnectionClosed, Transport


class ServerChannel(Protocol):
    """What the server's end needs of a channel: asyncssh's session channel, or a browser
    session's local socket (``jetset_tui.web.gate``)."""

    def write(self, data: bytes) -> None: ...
    def exit(self, status: int) -> None: ...
    def abort(self) -> None: ...
    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...


class ChannelTransport(Transport):
    """The server's end of a ``jetset`` subsystem channel."""

    def __init__(self, chan: ServerChannel, peer_name: str) -> None:
        self._chan = chan
        self.peer_name = peer_name
        self._inbox = bytearray()
        self._eof = False
        self._closed = False
        self._readable = asyncio.Event()
        self._writable = asyncio.Event()
        self._writable.set()
        self.tap: Callable[[bytes], None] | None = None
        """Called with every frame written, while set (the lobby watches for ``seated``)."""

    # -- fed by the session -----------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        self._inbox += data
        self._readable.set()

    def feed_eof(self) -> None:
        self._eof = True
        self._readable.set()
        self._writable.set()

    def pause_writing(self) -> None:
        self._writable.clear()

    def resume_writing(self) -> None:
        self._writable.set()

    @property
    def buffered(self) -> int:
        """Bytes received and not read yet."""
        return len(self._inbox)

    # -- Transport --------------------------------------------------------------------------

    async def read_exactly(self, n: int) -> bytes:
        while len(self._inbox) < n:
            if self._eof or self._closed:
                self._closed = True
                raise ConnectionClosed("end of stream")
            self._readable.clear()
            await self._readable.wait()
        out = bytes(self._inbox[:n])
        del self._inbox[:n]
        return out

    def write(self, data: bytes) -> None:
        if self._closed or self._eof:
            raise ConnectionClosed("the channel is closed")
        if self.tap is not None:
            self.tap(data)
        try:
            self._chan.write(data)
        except (OSError, asyncssh.Error) as exc:
            self._closed = True
            raise ConnectionClosed(str(exc)) from None

    async def drain(self) -> None:
        while not self._writable.is_set():
            await self._writable.wait()
        if self._closed or self._eof:
            raise ConnectionClosed("the channel is closed")

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._readable.set()
        self._writable.set()
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.exit(0)

    def abort(self) -> None:
        self._closed = True
        self._readable.set()
        self._writable.set()
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.abort()

    @property
    def closed(self) -> bool:
        return self._closed or self._eof


class StreamTransport(Transport):
    """The client's end: a ``jetset`` subsystem channel of its own SSH connection."""

    def __init__(
        self,
        conn: asyncssh.SSHClientConnection,
        reader: asyncssh.SSHReader[bytes],
        writer: asyncssh.SSHWriter[bytes],
        peer_name: str,
    ) -> None:
        self._conn = conn
        self._reader = reader
        self._writer = writer
        self.peer_name = peer_name
        self._closed = False

    async def read_exactly(self, n: int) -> bytes:
        try:
            return await self._reader.readexactly(n)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, asyncssh.Error) as exc:
            self._closed = True
            raise ConnectionClosed(str(exc) or "end of stream") from None

    def write(self, data: bytes) -> None:
        if self._closed:
            raise ConnectionClosed("the connection is closed")
        try:
            self._writer.write(data)
        except (OSError, asyncssh.Error, BrokenPipeError) as exc:
            self._closed = True
            raise ConnectionClosed(str(exc)) from None

    async def drain(self) -> None:
        try:
            await self._writer.drain()
        except (ConnectionError, OSError, asyncssh.Error) as exc:
            self._closed = True
            raise ConnectionClosed(str(exc)) from None

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(Exception):
            self._writer.close()
        self._conn.close()

    def abort(self) -> None:
        self._closed = True
        self._conn.abort()

    @property
    def closed(self) -> bool:
        return self._closed
