"""The lobby's door for browser sessions: a listener on 127.0.0.1 that speaks the ``jetset``
subsystem's protocol (``ssh.subsystem.ProtocolLink``, the same lobby and the same games).

Each browser session is a process of its own (textual-serve starts one a tab); it reaches the one
lobby here, the way ``jetset join ssh://`` reaches it over SSH. Before anything else a connection
says ``web`` with the ticket the web server gave its session (``WebTickets``): a ticket is a
random secret, valid while that browser session lasts, that says which address the browser came
from; a connection without a valid ticket is closed. Then the name the person chose (cleaned
as an SSH user name is) becomes a ``web:NAME`` identity, and the lobby conversation begins,
under the subsystem's limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
from dataclasses import dataclass

from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from jetset_tui.ssh.subsystem import ProtocolLink
from jetset_tui.ssh.username import NOBODY, UserName, user_name
from jetset_tui.web import WEB_HELLO
from netcode.framing import HEADER, FrameError, decode

log = logging.getLogger("jetset.web.gate")

HELLO_LIMIT = 256
"""The largest first frame."""
HELLO_TIMEOUT = 5.0
LINKS_PER_TICKET = 4
"""Gate connections one browser session may hold at once (the lobby, a reconnect ...)."""


@dataclass
class Ticket:
    """One browser session's right to the gate."""

    address: str
    links: int = 0


class WebTickets:
    """The tickets of the browser sessions running now."""

    def __init__(self) -> None:
        self._tickets: dict[str, Ticket] = {}

    def issue(self, address: str) -> str:
        secret = secrets.token_hex(16)
        self._tickets[secret] = Ticket(address)
        return secret

    def revoke(self, secret: str) -> None:
        self._tickets.pop(secret, None)

    def find(self, secret: str) -> Ticket | None:
        """The ticket ``secret`` is, compared in constant time."""
        found = None
        for known, ticket in self._tickets.items():
            if hmac.compare_digest(known.encode(), secret.encode()):
                found = ticket
        return found


class SocketChannel:
    """A gate connection as ``ProtocolLink`` sees a channel (``sshtransport.ServerChannel``)."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self.transport = transport

    def write(self, data: bytes) -> None:
        if self.transport.is_closing():
            raise ConnectionResetError("the browser session went")
        self.transport.write(data)

    def exit(self, status: int) -> None:
        self.transport.close()

    def abort(self) -> None:
        self.transport.abort()

    def pause_reading(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.transport.pause_reading()

    def resume_reading(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.transport.resume_reading()


@dataclass
class WebPeer:
    """Who a gate connection speaks for (``subsystem.LinkPeer``): the name the browser's
    person chose, as an SSH user name is read."""

    address: str
    given: UserName
    shown: str = ""
    """The name the lobby calls this browser's person (``Lobby.name_for``); its own if empty."""

    @property
    def username(self) -> str:
        return self.given.name

    @property
    def player(self) -> Player:
        return Player(f"web:{self.username}", self.shown or self.username, self.address)


class GateSession(asyncio.Protocol):
    """One gate connection: the ``web`` hello, then a ``ProtocolLink`` (``LinkSession``)."""

    def __init__(self, gate: LobbyGate) -> None:
        self.gate = gate
        self.server = gate.server
        self.connection = WebPeer("?", UserName(NOBODY))
        self.paused = False
        self.throttled = 0
        self.link: ProtocolLink | None = None
        self.ticket: Ticket | None = None
        self.transport: asyncio.Transport | None = None
        self._hello = bytearray()
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self._timer = asyncio.get_running_loop().call_later(HELLO_TIMEOUT, transport.abort)

    def data_received(self, data: bytes) -> None:
        if self.link is not None:
            self.link.data_received(data)
            return
        self._hello += data
        if len(self._hello) < HEADER.size:
            return
        (size,) = HEADER.unpack_from(self._hello)
        if size > HELLO_LIMIT:
            self._refuse("a first frame too large")
            return
        if len(self._hello) >= HEADER.size + size:
            rest = bytes(self._hello[HEADER.size + size :])
            self._admit(bytes(self._hello[HEADER.size : HEADER.size + size]))
            if self.link is not None and rest:
                self.link.data_received(rest)

    def _admit(self, frame: bytes) -> None:
        try:
            hello = decode(frame)
        except FrameError:
            self._refuse("not a frame")
            return
        ticket_text, name = hello.get("ticket"), hello.get("name")
        if hello.get("t") != WEB_HELLO or not isinstance(ticket_text, str):
            self._refuse("no ticket")
            return
        ticket = self.gate.tickets.find(ticket_text)
        if ticket is None or ticket.links >= LINKS_PER_TICKET:
            self._refuse("a ticket not valid (any more)")
            return
        if self._timer is not None:
            self._timer.cancel()
        ticket.links += 1
        self.ticket = ticket
        given = user_name(name if isinstance(name, str) else "")
        shown = self.gate.server.lobby.name_for(f"web:{given.name}", given.name)  # once
        self.connection = WebPeer(ticket.address, given, shown)
        assert self.transport is not None
        self.link = ProtocolLink(self, SocketChannel(self.transport))
        self.gate.links.add(self)
        self.link.start()
        name = self.connection.player.name  # as the lobby calls them: ann@web
        log.info("%s: a browser session's lobby link, as %s", ticket.address, name)

    def _refuse(self, why: str) -> None:
        log.warning("gate: connection refused: %s", why)
        if self.transport is not None:
            self.transport.abort()

    def eof_received(self) -> bool:
        if self.link is not None:
            self.link.eof()
            return True
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.link is not None:
            self.link.eof()

    def pause_writing(self) -> None:
        self.paused = True
        if self.link is not None:
            self.link.transport.pause_writing()

    def resume_writing(self) -> None:
        self.paused = False
        if self.link is not None:
            self.link.transport.resume_writing()

    def subsystem_ended(self) -> None:
        """The link's conversation is over: close the socket, give the ticket's place back."""
        self.gate.links.discard(self)
        if self.ticket is not None:
            self.ticket.links -= 1
            self.ticket = None
        if self.transport is not None:
            self.transport.close()


class LobbyGate:
    """The listener on 127.0.0.1 the browser sessions reach the lobby through."""

    def __init__(self, server: GameServer, tickets: WebTickets) -> None:
        self.server = server
        self.tickets = tickets
        self.links: set[GateSession] = set()
        self._listener: asyncio.Server | None = None

    @property
    def port(self) -> int:
        assert self._listener is not None
        return int(self._listener.sockets[0].getsockname()[1])

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._listener = await loop.create_server(lambda: GateSession(self), "127.0.0.1", 0)

    def revoke(self, secret: str) -> None:
        """A browser session ended: its ticket opens nothing more, and its links close."""
        ticket = self.tickets.find(secret)
        self.tickets.revoke(secret)
        for session in list(self.links):
            if ticket is not None and session.ticket is ticket and session.link is not None:
                session.link.end()

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        for session in list(self.links):
            if session.link is not None:
                session.link.end()
        if self._listener is not None:
            await self._listener.wait_closed()
