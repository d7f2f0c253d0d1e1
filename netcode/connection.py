"""One connection as the host sees it: its stage in the conversation, its outgoing queue (so a
slow peer never holds up the game), and the token bucket that paces what it sends
(docs/protocol.md, "Errors": ``flood``)."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from itertools import count
from typing import TYPE_CHECKING, Literal

from netcode import messages as m
from netcode.framing import FramedConnection, encode
from netcode.text import printable
from netcode.transport import Transport
from netcode.wire import ProtocolError

if TYPE_CHECKING:
    from netcode.hostsettings import HostSettings
    from netcode.strangers import Strangers

log = logging.getLogger("jetset.host")

HELLO, LOBBY, SEATED = "hello", "lobby", "seated"

Admitted = Literal["join", "watch"]
"""What a lobby let a connection in for: to play (``join``, or ``reconnect`` with the token it
was given) or to watch (``spectate``)."""


class Bucket:
    """A token bucket: ``rate`` messages a second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


class BucketsByAddress:
    """One ``Bucket`` an address, shared by all its connections, so that connecting again buys
    no fresh burst; the ``kept`` addresses heard from last are remembered (memory stays
    bounded; one forgotten starts again with a full burst)."""

    def __init__(self, rate: float, burst: float, kept: int = 4096) -> None:
        self.rate = rate
        self.burst = burst
        self.kept = kept
        self._buckets: dict[str, Bucket] = {}

    def of(self, address: str) -> Bucket:
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = Bucket(self.rate, self.burst)
        self._buckets[address] = bucket  # the latest last: the oldest go first
        while len(self._buckets) > self.kept:
            del self._buckets[next(iter(self._buckets))]
        return bucket


class Conn:
    """One connection as the host sees it."""

    _ids = count(1)

    def __init__(self, transport: Transport, settings: HostSettings, standin: str | None) -> None:
        self.id = next(self._ids)
        self.transport = transport
        self.framed = FramedConnection(transport, settings.frame_limit)
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.bucket = Bucket(settings.rate, settings.burst)
        self.chat_bucket = Bucket(settings.chat_rate, settings.chat_burst)
        self.max_queued = settings.max_queued
        self.queued = 0  # bytes in ``queue``
        self.stage = HELLO
        self.state_asked = False  # a desynced peer may ask for the host's state once
        self.seat: int | None = None
        self.spectator = False
        self.name = "?"
        self.errors = 0
        self.standin = standin  # a bot kind when a bot holds a dropped player's seat
        self.closing = False
        self.left = False  # its player sent ``leave`` (not a lost connection)
        self.wants_legal = False  # hello.legal: a `turn` message whenever its seat is to move
        self.address: str | None = None  # the peer's IP address (None: an in-memory pipe)
        self.reserve = False  # came in on the capacity kept for seats taken back by token
        self.admit_by = math.inf  # loop time by which it must ask for a seat
        self.pledge: str | None = None  # pledged to a random value for the deal (join, reconnect)
        self.admitted: Admitted | None = None  # what a lobby let it in for (None: any request)
        self.named: str | None = None  # the name a lobby knows it by, not the one it gives
        self.stranger: Strangers | None = None  # a server's rules for it: it came by TCP

    def __repr__(self) -> str:
        return f"<conn {self.id} {self.transport.peer_name} seat={self.seat}>"

    @property
    def watching(self) -> bool:
        """Receives the game: seated or spectating."""
        return self.stage == SEATED and not self.closing

    def post(self, frame: bytes, *, bulk: bool = False) -> None:
        """Queue a frame; a peer that lets its queue grow past the limit is dropped. ``bulk``
        frames (a catch-up, the end of the game) are bounded by the game's length and let through
        the limit."""
        if self.closing:
            return
        if not bulk and self.queued + len(frame) > self.max_queued:
            log.warning("%r: not reading, dropped", self)
            self.shut()
            self.transport.abort()
            return
        self.queued += len(frame)
        self.queue.put_nowait(frame)

    def send(self, message: m.HostMessage) -> None:
        self.post(encode(m.to_wire(message)))

    def shut(self, message: m.HostMessage | None = None) -> None:
        """Send ``message`` (if any), then close once the queue is flushed."""
        if self.closing:
            return
        if isinstance(message, m.Error) and message.fatal:  # a host sees who it turned away
            log.info("%r shut: %s (%s)", self, message.code, printable(message.message))
        if message is not None:
            self.queue.put_nowait(encode(m.to_wire(message)))
        self.closing = True
        self.queue.put_nowait(None)


def need_stage(conn: Conn, stage: str, *, invert: bool = False) -> None:
    """ProtocolError unless ``conn`` is at ``stage`` (``invert``: past it): each message comes
    at its stage of the handshake (docs/protocol.md)."""
    if (conn.stage == stage) == invert:
        raise ProtocolError(m.E_ORDER, out_of_order(conn.stage, stage))


def out_of_order(now: str, wanted: str) -> str:
    """What a peer at stage ``now`` is told of a message that comes at ``wanted`` (or after
    it), in the protocol's words, not the host's stage names (a tinkerer's bot read "only at
    the 'lobby' stage", and the lobby is the SSH server's)."""
    if now == HELLO:
        return "send hello first"
    if wanted == HELLO:
        return "hello comes once, and this connection has said it"
    if wanted == LOBBY:
        return "this connection is seated (or watching) already: join and spectate come once"
    return "take a seat first: join, reconnect or spectate"
