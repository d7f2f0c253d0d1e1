"""The ``jetset`` subsystem: the protocol itself over an SSH channel, for ``jetset join ssh://``.

A client says ``hello``, gets the lobby (``netcode.lobbyproto``): the games, create, lobby chat,
join or watch. Once it joins or watches a game, the same channel is attached to that game's
``Host`` exactly like a TCP connection, and the client's own engine plays the game. Identity is
the SSH key (``--open``: the user name), as for terminal players: a key that holds a seat is told
its token, so it takes its seat back from any machine; a new seat is recorded for the key as
soon as the host seats it. The session's input budget applies to what the client sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Protocol

from jetset_tui.i18n import _, use_language, use_session_language
from jetset_tui.ssh.games import option_values
from jetset_tui.ssh.limits import InputBudget
from jetset_tui.ssh.room import Membership, Room
from jetset_tui.ssh.seating import LobbyError, WrongSecret
from jetset_tui.ssh.username import UserName, name_refusal
from netcode import lobbyproto as lp
from netcode import protocol as p
from netcode.connection import Admitted, Bucket
from netcode.framing import FramedConnection, FrameError, FrameTooLarge, Message, decode, encode
from netcode.messages import to_wire
from netcode.seatcode import code_digest, seat_code_of
from netcode.sshtransport import ChannelTransport, ServerChannel
from netcode.transport import ConnectionClosed

if TYPE_CHECKING:
    from jetset_tui.ssh.lobby import LobbyChat
    from jetset_tui.ssh.seating import Player
    from jetset_tui.ssh.server import GameServer

log = logging.getLogger("jetset.ssh.subsystem")

E_REFUSED = "refused"


class SeatCodeNeeded(LobbyError):
    """A join without the code of the seat the player's name holds (not an error: a question)."""


"""The lobby refuses a request (the message says why); the client may ask something else."""
MAX_ERRORS = 20
LOBBY_RATE = 5.0
"""Lobby requests a second, in bursts of ``LOBBY_BURST``."""
LOBBY_BURST = 20.0
HOSTILE = (p.E_FLOOD, p.E_TOO_LARGE, p.E_ERRORS)
"""Ways of being sent away that make the address wait before it connects again."""


class LinkPeer(Protocol):
    """Who is at the other end: ``server.Connection``, or a browser session's."""

    @property
    def address(self) -> str: ...
    @property
    def username(self) -> str: ...
    @property
    def given(self) -> UserName: ...
    @property
    def player(self) -> Player: ...


class LinkSession(Protocol):
    """What a link needs of the session it runs in: ``session.GameSession`` over SSH,
    ``jetset_tui.web.gate.GateSession`` for a browser's."""

    @property
    def connection(self) -> LinkPeer: ...
    @property
    def server(self) -> GameServer: ...
    @property
    def paused(self) -> bool: ...

    throttled: int

    def subsystem_ended(self) -> None: ...


class ProtocolLink:
    """One ``jetset`` subsystem channel: the lobby conversation, then a game's."""

    def __init__(self, session: LinkSession, chan: ServerChannel) -> None:
        self.session = session
        self.connection = session.connection
        self.server = session.server
        self.lobby = session.server.lobby
        self.chan = chan
        self.transport = ChannelTransport(chan, f"ssh:{self.connection.address}")
        c = self.server.config
        self.budget = InputBudget(c.input_bytes_per_second, c.input_events_per_second)
        self.bucket = Bucket(LOBBY_RATE, LOBBY_BURST)
        self.inbox = bytearray()
        self._pump_later: asyncio.TimerHandle | None = None
        self.errors = 0
        self.room: Room | None = None
        self.watching = False
        self._chat_seen: LobbyChat | None = None
        """The last lobby chat line sent; None: the lobby's kept lines all go first, as an SSH
        terminal's lobby shows them (a play test's ``jetset join ssh://`` and browser lobbies
        started empty)."""
        self._in_lobby = False
        self.task: asyncio.Task[None] | None = None
        self.language = self.client_language(chan)
        """The language of the words sent (a game's status): the client's (its LANG), else the
        server's own (None)."""

    def client_language(self, chan: ServerChannel) -> str | None:
        """The language the player chose in the lobby before, else their client's LANG (a
        browser's channel has no environment), else None."""
        from jetset_tui.ssh.session import client_language

        environment = getattr(chan, "get_environment", None)
        asked = environment() if callable(environment) else {}
        remembered = self.lobby.remembered.language_of(self.connection.player.identity)
        return client_language(asked, remembered)

    def in_language(self) -> contextlib.AbstractContextManager[None]:
        """Speak the client's language inside the block (the lobby may call this link from
        another session's task)."""
        if self.language is None:
            return contextlib.nullcontext()
        return use_language(self.language)

    # -- bytes in, within the session's input budget ----------------------------------------

    def data_received(self, data: bytes) -> None:
        self.inbox += data
        if self._pump_later is None:
            self._pump()

    def _pump(self) -> None:
        self._pump_later = None
        while self.inbox and (allowed := self.budget.allowed_bytes()) > 0:
            chunk = bytes(self.inbox[:allowed])
            del self.inbox[:allowed]
            self.budget.spend(len(chunk), 1)
            self.transport.feed(chunk)
        if self.inbox:
            self.session.throttled += 1
            self.chan.pause_reading()
            wait = self.budget.wait()
            self._pump_later = asyncio.get_running_loop().call_later(wait, self._pump)
        else:
            self.chan.resume_reading()

    def eof(self) -> None:
        if self._pump_later is not None:
            self._pump_later.cancel()
            self._pump_later = None
        self.transport.feed(bytes(self.inbox))
        self.inbox.clear()
        self.transport.feed_eof()

    # -- life -------------------------------------------------------------------------------

    def start(self) -> None:
        self.task = asyncio.ensure_future(self._run())

    def end(self) -> None:
        """Close the channel (at once when the client does not read it)."""
        if self.session.paused:
            self.transport.abort()
        else:
            self.transport.close()
        self.eof()

    async def _run(self) -> None:
        address = self.connection.address
        if self.language is not None:  # this task's own session: refusals in its language too
            use_session_language(self.language)
        try:
            room = await self._lobby_phase()
            if room is not None:
                admitted: Admitted = "watch" if self.watching else "join"
                player = self.connection.player
                await room.host.attach(
                    self.transport, address=address, admitted=admitted, name=player.name
                )
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("%s: the subsystem failed", address)
        finally:
            self._leave_lobby()
            if self.room is not None and self.watching:
                self.room.spectators.pop(self, None)
                self.lobby.changed()
            if self._pump_later is not None:
                self._pump_later.cancel()
            self.transport.close()
            self.session.subsystem_ended()

    async def _lobby_phase(self) -> Room | None:
        framed = FramedConnection(self.transport, lp.LOBBY_FRAME_LIMIT)
        c = self.server.config
        hello = await self._next(framed, c.login_timeout, late="grace")
        if hello is None:
            return None
        try:
            if hello["t"] != "hello":
                raise p.ProtocolError(p.E_ORDER, "say 'hello' first")
            msg = p.parse_client(hello)
            assert isinstance(msg, p.Hello)
            if msg.proto != p.PROTOCOL:
                raise p.ProtocolError(p.E_VERSION, f"this server speaks protocol {p.PROTOCOL}")
            known_by_name = not self.lobby.proven(self.connection.player.identity)
            refusal = name_refusal(self.connection.given, known_by_name=known_by_name)
            if refusal is not None:  # as at a terminal (session.py)
                raise p.ProtocolError(E_REFUSED, refusal())
        except p.ProtocolError as exc:
            await self._fatal(framed, exc.code, exc.message)
            return None
        self._in_lobby = True
        self.lobby.listen(self._lobby_changed)
        await framed.send(self._games())
        for line in self._new_chat():  # the lines kept, as a terminal's lobby shows them
            await framed.send(line)
        while True:
            raw = await self._next(framed, c.idle_timeout)
            if raw is None:
                return None
            if not self.bucket.take():
                await self._fatal(framed, p.E_FLOOD, "too many requests")
                return None
            try:
                room = await self._handle(framed, lp.parse_lobby(raw))
            except p.ProtocolError as exc:
                room = None
                await self._error(framed, exc.code, exc.message)
            except WrongSecret as exc:
                room = None
                await self._error(framed, p.E_PASSWORD, str(exc))
            except SeatCodeNeeded as exc:
                room = None
                await self._error(framed, lp.E_SEAT_CODE, str(exc))
            except LobbyError as exc:
                room = None
                await self._error(framed, E_REFUSED, str(exc))
            if self.errors >= MAX_ERRORS:
                await self._fatal(framed, p.E_ERRORS, "too many bad requests")
                return None
            if room is not None:
                return room

    async def _next(
        self, framed: FramedConnection, timeout: float, *, late: str | None = None
    ) -> Message | None:
        """The next frame from the client (None: it went, or was sent away). A client that says
        nothing within ``timeout`` is sent away, with the penalty ``late`` if given (the login
        grace's, for a channel that never says hello: it held a connection for nothing)."""
        while True:
            try:
                return await asyncio.wait_for(framed.recv(), timeout)
            except TimeoutError:
                if late is not None:
                    self.server.admission.penalise(self.connection.address, late)
                await self._fatal(framed, p.E_IDLE, "nothing said for too long")
                return None
            except FrameTooLarge:
                await self._fatal(framed, p.E_TOO_LARGE, "that message is too long for the lobby")
                return None
            except FrameError:
                if late is not None:  # before hello: anything but hello is out of order, fatal
                    await self._fatal(framed, p.E_ORDER, "say 'hello' first")
                    return None
                await self._error(framed, p.E_MALFORMED, "a message is one msgpack map with a 't'")
                if self.errors >= MAX_ERRORS:
                    await self._fatal(framed, p.E_ERRORS, "too many bad requests")
                    return None

    async def _error(self, framed: FramedConnection, code: str, message: str) -> None:
        self.errors += 1
        await framed.send(p.error_message(code, message))

    async def _fatal(self, framed: FramedConnection, code: str, message: str) -> None:
        log.info("%s: lobby: %s (%s)", self.connection.address, message, code)
        if code in HOSTILE:
            self.server.admission.penalise(self.connection.address, "broke")
        with contextlib.suppress(ConnectionClosed):
            await asyncio.wait_for(framed.send(p.error_message(code, message, fatal=True)), 1.0)

    # -- requests ---------------------------------------------------------------------------

    async def _handle(self, framed: FramedConnection, req: lp.LobbyRequest) -> Room | None:
        player = self.connection.player
        if isinstance(req, lp.ListGames):
            await framed.send(self._games())
        elif isinstance(req, lp.LobbySay):
            self.lobby.say(player, req.text)
        elif isinstance(req, lp.Create):
            room = self.lobby.create(
                player,
                req.players,
                list(req.bots),
                req.password,
                game=req.game,
                options=lp.create_options(req),
            )
            await framed.send(to_wire(lp.Created(game=room.id)))
        elif isinstance(req, lp.WatchGame):
            room = self.lobby.room(req.game)
            self.lobby.admit_watcher(room, player, req.password)
            room.spectators[self] = player.address
            self.room, self.watching = room, True
            return await self._hand_over(framed, room, None)
        elif isinstance(req, lp.NextGame):
            finished = self.lobby.room(req.game)
            self.lobby.check_password(finished, player, req.password)
            following = self.lobby.next_room(finished, player)
            return await self._join(framed, lp.JoinGame(game=following.id, password=req.password))
        else:
            return await self._join(framed, req)
        return None

    async def _join(self, framed: FramedConnection, req: lp.JoinGame) -> Room:
        player = self.connection.player
        if req.game is None:
            room = self.lobby.first_free(player, req.players)
        else:
            room = self.lobby.room(req.game)
        member = room.members.get(player.identity)
        if member is None or room.table.over:
            self.lobby.check_password(room, player, req.password)
            if room.open_seats == 0:
                raise LobbyError(_("every seat is taken: watch instead"))
            self.transport.tap = lambda frame: self._seated(room, frame)
        # a key proves who is back; a name (--open, a browser's) is no secret: its seat's code does
        proven = self.lobby.proven(player.identity)
        token = member.token if member is not None and proven else None
        if member is not None and token is None and not room.table.over:
            if req.code is None:
                raise SeatCodeNeeded(
                    _("your seat in game {game} waits for you: give its code").format(game=room.id)
                )
            self.lobby.check_seat_code(room, player, req.code)
            token = member.token
        self.room = room
        return await self._hand_over(framed, room, token)

    async def _hand_over(self, framed: FramedConnection, room: Room, token: str | None) -> Room:
        self._leave_lobby()
        await framed.send(to_wire(lp.Joining(game=room.id, token=token)))
        log.info(
            "%s: %s %s game %s over the subsystem",
            self.connection.address,
            self.connection.player.name,  # as the lobby calls them: ann-2, ann@web
            "watches" if self.watching else "joins",
            room.id,
        )
        self.lobby.changed()
        return room

    def _seated(self, room: Room, frame: bytes) -> None:
        """Watch the host's frames for this connection's ``seated``: record the seat for the
        identity, with the code its token gives (``seat_code_of``: the client works it out from
        the token it was sent, and shows it to its player only)."""
        try:
            msg = decode(frame[4:])
        except FrameError:
            return
        if msg.get("t") != "seated":
            return
        self.transport.tap = None
        seat, token = msg.get("seat"), msg.get("token")
        if isinstance(seat, int) and isinstance(token, str):
            identity = self.connection.player.identity
            code = code_digest(seat_code_of(token))
            self.lobby.seated(room, identity, Membership(seat, token, code))

    # -- the lobby as it changes ------------------------------------------------------------

    def _games(self) -> Message:
        with self.in_language():
            lines = [self._line(room) for room in self.lobby.rooms.values()]
        return to_wire(lp.Games(you=self.connection.player.name, games=tuple(lines)))

    @staticmethod
    def _line(room: Room) -> lp.GameLine:
        host = room.host
        seats = tuple(
            lp.SeatLine(
                # a name in a log from before names were cut after folding (netcode/host.py)
                # must not break every client's listing; a seat given away is open (None)
                name=None if name is None else name[: p.MAX_NAME],
                bot=slot.bot_kind or None,
                connected=slot.is_bot or i in host.seat_conns,
            )
            for i, (slot, name) in enumerate(zip(room.table.seats, room.sitters(), strict=True))
        )
        return lp.GameLine(
            id=room.id,
            game=room.game,
            title=room.title,
            seats=seats,
            options=lp.game_options(len(seats), option_values(room.game, room.table.options)),
            private=room.private,
            status=room.status,
            open_seats=room.open_seats,
        )

    def _lobby_changed(self) -> None:
        """Tell the client the games again, and the lobby chat said since."""
        if not self._in_lobby or self.transport.closed:
            return
        try:
            # the games first: a client's handshake reads up to them (the lines kept come after)
            for message in [self._games(), *self._new_chat()]:
                self.transport.write(encode(message))
        except ConnectionClosed:
            self._leave_lobby()

    def _new_chat(self) -> list[Message]:
        chat = list(self.lobby.chat)
        start = 0
        if self._chat_seen is not None:
            for i in range(len(chat) - 1, -1, -1):
                if chat[i] is self._chat_seen:
                    start = i + 1
                    break
        if chat:
            self._chat_seen = chat[-1]
        return [to_wire(lp.LobbyChatLine(name=ln.name, text=ln.text)) for ln in chat[start:]]

    def _leave_lobby(self) -> None:
        if self._in_lobby:
            self._in_lobby = False
            self.lobby.unlisten(self._lobby_changed)
