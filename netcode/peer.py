"""A networked peer: a ``GameClient`` whose replica follows what the host sends.

``NetPeer.connect(transport, ...)`` does the handshake and takes a seat (join, reconnect with a
token, or spectate). A reader task applies every entry the host sends to the peer's own ``Game``
and checks the host's digest after it; a mismatch is a desync, reported as a ``Problem`` with the
entry number. At the end it checks the revealed seed against the commitment it was given at the
start and replays the full log, secrets included. A peer that runs its own code (``jetset join``:
``contribution=new_contribution()``) pledges a random value of its own with its seat request,
reveals it once the host has announced every seat's pledge (``pledges``), for the host to mix
into the deal, and checks at the end that the log's header holds it at its seat and holds the
pledges announced.
With a ``connector`` it reconnects by itself (with its token) when the connection drops, catching
up from the last entry it holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from itertools import count
from pathlib import Path
from typing import Any, TypeVar

import data
from engine.errors import DesyncError, IllegalAction, NotationError
from engine.fairdeal import pledge_for
from engine.games import DEFAULT, game_rules
from engine.platform import AnyRules, AnyTable, Notation
from netcode import messages as m
from netcode import protocol as p
from netcode.client import (
    ChatMessage,
    EntryApplied,
    GameClient,
    GameOver,
    Presence,
    PresenceChanged,
    Problem,
    SeatInfo,
    SeatsChanged,
)
from netcode.endcheck import EndCheck, PeerHeld, check_end
from netcode.framing import HOST_FRAME_LIMIT, FramedConnection, FrameError, Message
from netcode.peer_words import (
    GOING_ON,
    LOST_PLAYING,
    OTHER_DATA,
    OTHER_DATA_TEXT,
    OTHER_GAME,
    PAUSED_PLAYING,
    PAUSED_WATCHING,
    RECONNECTED,
    JoinRefused,
    NoWelcome,
    host_text,
    lost_words,
    no_welcome_words,
    reconnecting,
)
from netcode.protocol import SeatPresence
from netcode.refusal import rebuilt
from netcode.seatkeys import SeatKey, SeatKeys
from netcode.seatkind import HUMAN, SeatKind
from netcode.text import printable
from netcode.transport import ConnectionClosed, Transport

log = logging.getLogger("jetset.peer")

M = TypeVar("M", bound=m.ProtocolMessage)

Connector = Callable[[], Awaitable[Transport]]
"""Opens a new transport to the same host (for reconnecting)."""


def new_contribution() -> str:
    """A peer's contribution to the deal: 128 random bits in lower-case hex."""
    return secrets.token_hex(16)


class NetPeer(GameClient):
    """A replica of a hosted game, acting for the seat it holds (none when spectating)."""

    def __init__(
        self,
        *,
        name: str = "player",
        password: str | None = None,
        spectate: bool = False,
        token: str | None = None,
        connector: Connector | None = None,
        reconnect_for: float = 30.0,
        handshake_timeout: float = 10.0,
        contribution: str | None = None,
        keys: SeatKeys | None = None,
        vet: Callable[[AnyRules], str | None] | None = None,
    ) -> None:
        """``keys``: where this player keeps its seat keys; without a ``token``, a seat kept
        there for this game (and not in use) is taken back, and a seat taken is kept there."""
        super().__init__()
        self.name = name
        self.password = password
        self.spectating = spectate
        self.token = token
        self.connector = connector
        self.reconnect_for = reconnect_for
        self.handshake_timeout = handshake_timeout
        self.keys = keys
        self.vet = vet
        """Why this peer cannot play the game the host welcomes it to (None: it can), asked
        before it takes a seat: a screen without that game, a bot kind it has not."""
        self._kept: SeatKey | None = None  # the kept key this handshake offered
        self.seat: int | None = None
        self.commitment: str | None = None
        self.contribution = None if spectate else contribution
        """This peer's own random value for the deal (docs/protocol.md, join), or None."""
        self.contributed = False
        """The pledge went with a ``join`` before the game started: its value must be dealt."""
        self.pledges: tuple[str | None, ...] | None = None
        """Every seat's pledge, as the host announced them before the deal (None: not heard)."""
        self.ping_every = 10.0
        self.desync: int | None = None  # the first entry whose digest differed
        self.desync_details: list[str] = []  # what differs there, once the host has answered
        self._mine_at_desync: tuple[int, list[int]] | None = None
        self.end: EndCheck | None = None
        self.seed: str | None = None
        self.full_game: Any = None  # the whole game (a Table), secrets included, after the end
        self.ended = asyncio.Event()  # the game ended, or the connection is gone for good
        self.lost: str | None = None  # why the connection is gone for good
        self.started_game = asyncio.Event()
        self._game: AnyTable | None = None
        self._rules: AnyRules = game_rules(DEFAULT)
        self._options: dict[str, object] = {}
        self._behind_until = 0  # the host's entries at the last welcome
        self._notation: Notation[Any] = self._rules.notation()
        self._seats: tuple[SeatInfo, ...] = ()
        self._presence: Presence | None = None
        self._conn: FramedConnection | None = None
        self._ids = count(1)
        self._pending: dict[int, asyncio.Future[int]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        self._superseded = False
        self._reconnect_until: float | None = None
        """When reconnecting stops: one deadline over every attempt, cleared only once the host
        shows it works again (a new entry, an answer to an action or a ping)."""
        self._bye: str | None = None  # what the host said when it closed the connection
        self.paused: str | None = None  # the host paused the game: what it said
        self.cannot_save: str | None = None
        """The host cannot save the game (its disk is full …): what it said, until it can; the
        game goes on by itself then (``paused``, ``unpaused``)."""
        self.wait_out_pauses = False
        """When the host pauses the game, keep trying quietly to take the seat back until it is
        resumed (a person at a screen), rather than end (a script or a bot)."""
        self.pause_retry_max = 5.0
        """The longest wait, in seconds, between two tries while the game is paused."""

    # -- connecting -------------------------------------------------------------------------

    @classmethod
    async def connect(cls, transport: Transport, **kwargs: Any) -> NetPeer:
        """Handshake and take a seat; JoinRefused or ConnectionClosed if that fails."""
        peer = cls(**kwargs)
        try:
            await peer._open(transport)
        except JoinRefused as exc:
            if not peer._drop_stale_key(exc) or peer.connector is None:
                raise
            await peer._open(await peer.connector())  # a stale kept key: join afresh
        return peer

    def _drop_stale_key(self, exc: JoinRefused) -> bool:
        """Forget a kept seat key the host refused (an old game of the same seed)."""
        kept = self._kept
        if exc.code != p.E_TOKEN or kept is None or self.keys is None or not self.commitment:
            return False
        self.keys.forget(self.commitment, kept.seat)
        self._kept = None
        self.token = None
        return True

    def _seat_token(self) -> str | None:
        """The token to take a seat back with: the one we hold, or one kept for this game."""
        if self.token is not None:
            return self.token
        self._kept = self._kept_seat()
        return None if self._kept is None else self._kept.token

    def _kept_seat(self) -> SeatKey | None:
        """A seat this player kept for this game that nobody (but a stand-in bot) holds now."""
        if self.keys is None or self.commitment is None:
            return None
        for key in self.keys.load(self.commitment):
            if key.seat < len(self._seats):
                held = self._seats[key.seat]
                if (not held.connected or held.is_bot) and self.keys.hold(
                    self.commitment, key.seat
                ):
                    return key
        return None

    async def _open(self, transport: Transport) -> None:
        conn = FramedConnection(transport, HOST_FRAME_LIMIT)
        try:
            await asyncio.wait_for(self._handshake(conn), self.handshake_timeout)
        except (FrameError, p.ProtocolError, ConnectionClosed, TimeoutError) as exc:
            transport.close()  # a host refuses with a word (JoinRefused), never so
            raise NoWelcome(no_welcome_words(exc)) from exc
        except BaseException:
            transport.close()
            raise
        self._conn = conn
        self._tasks = [
            asyncio.ensure_future(self._read_loop(conn)),
            asyncio.ensure_future(self._ping_loop(conn)),
        ]

    async def _handshake(self, conn: FramedConnection) -> None:
        self.cannot_save = None  # a host that still cannot save says so again once we are seated
        await conn.send(m.to_wire(m.hello("jetset-peer")))
        welcome = await self._expect(conn, m.Welcome)
        game = welcome.game
        self.ping_every = welcome.ping
        commitment = game.commitment
        if self.commitment is not None and commitment != self.commitment:
            raise JoinRefused("commitment", "the host's seed commitment changed")
        if game.data and game.data != data.data_hash():
            raise JoinRefused(OTHER_DATA, OTHER_DATA_TEXT)
        self.commitment = commitment
        self._behind_until = game.entries
        if self._game is None:
            self._game = self._table_of(game)
        self._set_seats(welcome.seats)
        have = len(self._game.entries)
        joined = False
        token = None if self.spectating else self._seat_token()
        # this peer's pledge goes with a seat request while the deal is still to come
        pledge = None if game.started or self.contribution is None else self.pledge
        request: m.ProtocolMessage
        if self.spectating:
            request = m.Spectate(have=have, password=self.password)
        elif token is not None:
            request = m.Reconnect(token=token, have=have, pledge=pledge)
        else:
            request = m.Join(name=self.name, password=self.password, pledge=pledge)
            joined = True
        await conn.send(m.to_wire(request))
        seated = await self._expect(conn, m.Seated)
        if joined and pledge is not None:
            self.contributed = True
        self.seat = seated.seat
        self.token = seated.token if seated.token is not None else self.token
        self.name = host_text(seated.name or self.name, p.MAX_NAME)
        if self.keys is not None and self.seat is not None and self.token is not None:
            self.keys.hold(commitment, self.seat)  # before the key is there for others to find
            self.keys.keep(commitment, SeatKey(self.seat, self.token))
        if seated.from_ < have:
            self._game = self._rules.new_table(self._options)  # the host starts over

    def _table_of(self, game: m.GameInfo) -> AnyTable:
        """An empty table of the game the host's welcome names; JoinRefused if this jetset does
        not know that game or cannot play its options."""
        try:
            rules = game_rules(game.name)
            options = dict(game.options)
            table = rules.new_table(options)
        except ValueError as exc:
            raise JoinRefused(
                OTHER_GAME, f"the host plays a game this jetset cannot: {exc}"
            ) from None
        problem = self.vet(rules) if self.vet is not None else None
        if problem is not None:
            raise JoinRefused(OTHER_GAME, problem)
        self._rules, self._options, self._notation = rules, options, rules.notation()
        return table

    async def _expect(self, conn: FramedConnection, kind: type[M]) -> M:
        while True:
            msg = host_message(await conn.recv())
            if isinstance(msg, kind):
                return msg
            if isinstance(msg, m.Error):
                raise JoinRefused(msg.code, msg.message)

    # -- GameClient -------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        if self._game is None:
            raise RuntimeError("not connected yet")
        return self._game

    @property
    def rules(self) -> AnyRules:
        """The rules of the game the host's welcome named."""
        return self._rules

    @property
    def notation(self) -> Notation[Any]:
        """The notation of the game's actions."""
        return self._notation

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._seats

    @property
    def local_seats(self) -> tuple[int, ...]:
        return () if self.seat is None else (self.seat,)

    @property
    def presence(self) -> Presence | None:
        return self._presence

    @property
    def save_path(self) -> Path | None:
        return self.hosting.log_path if self.hosting is not None else None

    @property
    def caught_up(self) -> bool:
        return self._game is not None and len(self._game.entries) >= self._behind_until

    async def submit(self, seat: int, action: Any) -> None:
        """Send an action; IllegalAction/NotationError if refused, ConnectionError if the
        connection drops first. Returns once the entries it caused are applied here."""
        if seat not in self.local_seats:
            raise IllegalAction("network", f"this client does not sit in seat {seat}")
        conn = self._conn
        if conn is None or self.ended.is_set():
            raise ConnectionClosed("not connected to the host")
        ident = next(self._ids)
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending[ident] = future
        text = self._notation.format_action(action)
        try:
            at = len(self.game.entries)
            await conn.send(m.to_wire(m.ActionRequest(id=ident, at=at, seat=seat, text=text)))
            await future
        finally:
            self._pending.pop(ident, None)

    @property
    def can_chat(self) -> bool:
        return True

    async def chat(self, text: str) -> None:
        if self._conn is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._conn.send(m.to_wire(m.Chat(text=text[: p.MAX_CHAT])))

    async def close(self) -> None:
        """Leave the game and stop the reader."""
        self._closing = True
        conn = self._conn
        if conn is not None:
            with contextlib.suppress(ConnectionClosed):
                await conn.send(m.to_wire(m.Leave()))
            conn.close()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        self._fail_pending(ConnectionClosed("the client closed"))
        self.ended.set()

    async def wait_over(self, timeout: float | None = None) -> None:
        """Until the game ends (or the connection is gone for good)."""
        await asyncio.wait_for(self.ended.wait(), timeout)

    # -- reading ----------------------------------------------------------------------------

    async def _read_loop(self, conn: FramedConnection) -> None:
        timeout = 3 * self.ping_every + 5
        try:
            while True:
                msg = await asyncio.wait_for(conn.recv(), timeout)
                self._dispatch(msg)
        except (ConnectionClosed, TimeoutError, FrameError, p.ProtocolError) as exc:
            conn.close()
            if self._conn is conn:
                self._conn = None
            why = lost_words(exc)
            log.info("connection lost (%s): %r", why, exc)
            self._fail_pending(ConnectionClosed(why))
            if not (self._closing or self.ended.is_set()):
                await self._lost(printable(why))

    async def _ping_loop(self, conn: FramedConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            for n in count():
                await asyncio.sleep(self.ping_every)
                await conn.send(m.to_wire(m.Ping(n=n)))

    def _dispatch(self, raw: Message) -> None:
        msg = host_message(raw)
        if isinstance(msg, m.Done | m.Pong):
            self._reconnect_until = None
        match msg:
            case m.EntryMessage():
                self._on_entry(msg)
            case m.Done():
                self._resolve(msg.ref, result=msg.i)
            case m.Error():
                self._on_error(msg)
            case m.StateReply():
                self._on_state(msg)
            case m.Seats():
                self._set_seats(msg.seats)
                self.emit(SeatsChanged(self._seats))
            case m.Presence():
                self._presence = Presence(
                    msg.seats,
                    msg.turn_time,
                    paused=self.cannot_save,
                    by_itself=self.cannot_save is not None,
                )
                self.emit(PresenceChanged(self._presence))
            case m.ChatLine():
                name = host_text(msg.name, p.MAX_NAME)
                self.emit(ChatMessage(msg.seat, name, host_text(msg.text, p.MAX_CHAT)))
            case m.Paused() | m.Unpaused():
                self._on_saving(msg)
            case m.Pledges():
                self._on_pledges(msg)
            case m.End():
                self._on_end(msg)
            case m.Bye():
                self._on_bye(msg)
        # pong, and message types from later versions (None), need nothing

    @property
    def pledge(self) -> str | None:
        """This peer's pledge to its random value (None: it has none)."""
        return None if self.contribution is None else pledge_for(self.contribution)

    def _on_pledges(self, msg: m.Pledges) -> None:
        """Every seat is taken and its pledge fixed: reveal this seat's value, if the host
        announced this seat's pledge as sent (else the end check says so)."""
        self.pledges = msg.pledges
        seat, conn = self.seat, self._conn
        if seat is None or conn is None or self.contribution is None or self.started_game.is_set():
            return
        if seat < len(msg.pledges) and msg.pledges[seat] == self.pledge:
            reveal = m.to_wire(m.Contribute(contribution=self.contribution))
            self._tasks.append(asyncio.ensure_future(conn.send(reveal)))

    def _on_saving(self, msg: m.Paused | m.Unpaused) -> None:
        """The host cannot save the game, or can again: say it once, and keep saying it in the
        presence (the turn bar) for as long as it lasts."""
        words = host_text(msg.message, p.MAX_CHAT)
        if isinstance(msg, m.Paused) and msg.reason in m.CANNOT_SAVE:
            words = m.CANNOT_SAVE[msg.reason]  # the same sentence, in this player's catalog
        elif isinstance(msg, m.Unpaused):
            words = m.SAVED_AGAIN
        self.cannot_save = words if isinstance(msg, m.Paused) else None
        self.emit(Problem(words))
        self._show_pause(self.cannot_save, by_itself=True)

    def _on_bye(self, msg: m.Bye) -> None:
        """The host closes this connection: we left, another connection took the seat, or the
        host paused the game (``paused``: it goes on after ``jetset host --resume``)."""
        self._superseded = True
        reason = host_text(msg.reason, p.MAX_CHAT).strip()
        if msg.paused:
            self.paused = reason or "the host paused the game"
            self._bye = self.paused
        else:
            self._bye = f"the host closed the connection: {reason}" if reason else None
        # said once, when the connection has closed (``_lost``)

    def _on_entry(self, msg: m.EntryMessage) -> None:
        game = self.game
        index = msg.i
        if index < len(game.entries):
            return  # already held (a catch-up overlapping what we had)
        if index > len(game.entries):
            self._desync(index, f"entry {index} arrived after {len(game.entries)} entries")
            return
        try:
            entry = self._rules.entry_from_line(msg.a, msg.x)
            game.push(entry, msg.d)
        except DesyncError as exc:
            self._desync(index, f"state digest {exc.actual}, the host says {exc.expected}")
            self._ask_what_differs(index)
            entry = game.entries[-1]
        except (ValueError, IllegalAction) as exc:  # NotationError among the ValueErrors
            self._desync(index, printable(f"the host sent an entry this engine refuses: {exc}"))
            return
        self._reconnect_until = None
        self.started_game.set()
        self.emit(EntryApplied(index, entry))

    def _ask_what_differs(self, index: int) -> None:
        """Ask the host for its state after ``index``; ``_on_state`` reports the differences."""
        if self._mine_at_desync is not None or self._conn is None:
            return
        self._mine_at_desync = (index, self._rules.public_slots(self.game.state))
        request = m.to_wire(m.StateRequest(at=index))
        self._tasks.append(asyncio.ensure_future(self._conn.send(request)))

    def _on_state(self, msg: m.StateReply) -> None:
        if self._mine_at_desync is None:
            return
        index, mine = self._mine_at_desync
        if msg.at != index:
            return
        theirs = [v for v in msg.slots if isinstance(v, int)]
        differences = self._rules.slot_differences(self.game, mine, theirs)
        self.desync_details = differences
        what = "; ".join(differences) or "nothing public (the digests disagree all the same)"
        self.emit(Problem(f"desync at entry {index}: {what}"))

    def _desync(self, index: int, why: str) -> None:
        if self.desync is None:
            self.desync = index
        self.emit(Problem(f"desync at entry {index}: {why}"))

    def _on_error(self, msg: m.Error) -> None:
        code = host_text(msg.code, p.MAX_NAME)
        text = host_text(msg.message, p.MAX_CHAT)
        ref = msg.ref
        if isinstance(ref, int) and ref in self._pending:
            exc: Exception
            if code == p.E_NOTATION:
                exc = rebuilt(msg.why, text, notation=True) or NotationError(text)
            elif code == p.E_ILLEGAL:
                exc = rebuilt(msg.why, text, notation=False) or IllegalAction(f"host: {code}", text)
            else:
                exc = IllegalAction(f"host: {code}", text)
            self._resolve(ref, error=exc)
            return
        if msg.fatal and code in (p.E_TOKEN, p.E_PASSWORD, p.E_FULL, p.E_VERSION):
            self._superseded = True
        log.info("the host says %s: %s", code, text)
        self.emit(Problem(f"the host says: {text}"))

    def _resolve(self, ref: object, *, result: int = 0, error: Exception | None = None) -> None:
        future = self._pending.get(ref) if isinstance(ref, int) else None
        if future is None or future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def _fail_pending(self, exc: Exception) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(exc)

    def _set_seats(self, raw: tuple[m.SeatEntry, ...]) -> None:
        seats = []
        for item in raw:
            try:
                kind = SeatKind.parse(item.kind)
            except ValueError:
                kind = HUMAN
            seats.append(SeatInfo(host_text(item.name, p.MAX_NAME), kind, item.connected))
        self._seats = tuple(seats)

    # -- the end ----------------------------------------------------------------------------

    def _on_end(self, msg: m.End) -> None:
        seed = msg.seed
        self.seed = seed
        self.end, self.full_game = check_end(seed, msg, self._held())
        if not self.end.ok:
            why = printable(str(self.end.error))
            self.emit(Problem(f"the end of the game does not check out: {why}"))
        if self.keys is not None and self.commitment is not None and self.seat is not None:
            self.keys.forget(self.commitment, self.seat)  # over: nothing to come back to
        self.emit(GameOver(seed))
        self.ended.set()

    def _held(self) -> PeerHeld:
        """What this peer holds to check the host's end against."""
        contribution = self.contribution if self.contributed else None
        desynced = self.desync is not None
        return PeerHeld(
            self.commitment,
            self._rules.name,
            self.game.digest(),
            desynced,
            self.pledges,
            self.seat,
            contribution,
        )

    # -- reconnecting -----------------------------------------------------------------------

    async def _lost(self, why: str) -> None:
        """Reconnect with the token until ``reconnect_for`` seconds after the host last worked,
        whatever it answers meanwhile (a host that seats us and fails again counts as lost)."""
        if self.paused is not None and self.wait_out_pauses and self._can_come_back():
            await self._wait_for_resume()
            return
        if self.connector is None or self.token is None or self._superseded:
            self._give_up(self._bye or why)
            return
        if self.wait_out_pauses:  # a person at a screen: the host may have crashed; wait for it
            self.emit(Problem(reconnecting(why)))
            await self._wait_for_resume(LOST_PLAYING)
            return
        self.emit(Problem(reconnecting(why)))
        loop = asyncio.get_running_loop()
        if self._reconnect_until is None:
            self._reconnect_until = loop.time() + self.reconnect_for
        deadline = self._reconnect_until
        delay = 0.1
        while not self._closing and (left := deadline - loop.time()) > 0:
            try:
                await asyncio.wait_for(self._reopen(), left)
            except JoinRefused as exc:
                self._give_up(f"the host refused to reconnect: {exc}")
                return
            except (ConnectionError, OSError, TimeoutError, FrameError):
                await asyncio.sleep(min(delay, max(0.0, deadline - loop.time())))
                delay = min(delay * 2, 1.0)
                continue
            self.emit(Problem(RECONNECTED))
            return
        self._give_up(f"{why}; could not reconnect within {self.reconnect_for:g} s")

    def _can_come_back(self) -> bool:
        """There is a way back to the host: a seat's token, or a spectator's place."""
        return self.connector is not None and (self.token is not None or self.spectating)

    async def _wait_for_resume(self, words: str | None = None) -> None:
        """The host paused the game (or, ``words``, went away without a word): say so (in the
        presence) for as long as it lasts, and try again with a back-off up to
        ``pause_retry_max`` seconds, without a time limit and without a word per try, until the
        host is back or this peer is closed."""
        self._show_pause(words or (PAUSED_WATCHING if self.spectating else PAUSED_PLAYING))
        delay = 0.25
        while not self._closing:
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.pause_retry_max)
            try:
                await asyncio.wait_for(self._reopen(), self.handshake_timeout + 5)
            except JoinRefused as exc:  # another game now, say: the pause is over for us
                self._show_pause(None)
                self._give_up(f"the host refused to reconnect: {exc}")
                return
            except (ConnectionError, OSError, TimeoutError, FrameError):
                continue
            self.paused = self._bye = self._reconnect_until = None
            self._superseded = False
            self._show_pause(None)
            self.emit(Problem(GOING_ON))
            return

    def _show_pause(self, words: str | None, *, by_itself: bool = False) -> None:
        """The presence with (or, once the host is back, without) the paused sentence; nothing
        counts down meanwhile (the host says how things stand when it is back). ``by_itself``:
        the game goes on without the host resuming it (a disk with room again)."""
        held = self._presence
        seats = held.seats if held is not None else ()
        quiet = tuple(SeatPresence(s.connected) for s in seats)
        turn_time = held.turn_time if held is not None else 0.0
        self._presence = Presence(quiet, turn_time, paused=words, by_itself=by_itself)
        self.emit(PresenceChanged(self._presence))

    async def _reopen(self) -> None:
        assert self.connector is not None
        await self._open(await self.connector())

    def _give_up(self, why: str) -> None:
        self.lost = why
        self.emit(Problem(why))
        self.ended.set()


def host_message(raw: Message) -> m.HostMessage | None:
    """A message from the host, checked; None for a type from a later version (ignored)."""
    try:
        return m.parse_host(raw)
    except p.ProtocolError as exc:
        if exc.code == p.E_UNKNOWN:
            return None
        raise
