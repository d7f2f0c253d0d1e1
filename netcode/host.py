"""The host: the only authority of one game, serving its peers over any transport.

``Host(table)`` serves one ``Table`` (netcode.table). Every connection, TCP or in-memory (bots,
a local player, an SSH player), goes through ``attach(transport)``: handshake, then join / seat /
reconnect / spectate, then actions, chat and pings (docs/protocol.md). Each connection has its own
outgoing queue and writer task, so a slow or stuck peer never holds up the game: when its queue
grows past a limit it is dropped and may reconnect. Anything a peer sends that is malformed,
unknown, out of turn, stale or too fast gets an ``error`` (or a disconnect) and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from engine.errors import IllegalAction, NotationError
from netcode import messages as m
from netcode import protocol as p
from netcode.admission import admit
from netcode.connection import (
    HELLO,
    LOBBY,
    SEATED,
    Admitted,
    Bucket,
    BucketsByAddress,
    Conn,
    need_stage,
)
from netcode.dealing import Dealing
from netcode.diskpause import DiskPause
from netcode.framing import (
    FrameTooLarge,
    FrameTooSlow,
    MalformedFrame,
    Message,
    encode,
)
from netcode.hostseats import SeatRequests
from netcode.hostsettings import HostSettings
from netcode.refusal import why_of
from netcode.seatkind import SeatKind
from netcode.standins import StandIns
from netcode.table import Table
from netcode.tablefiles import StorageError, storage_problem
from netcode.text import printable
from netcode.transport import ConnectionClosed, Transport, memory_pipe

if TYPE_CHECKING:
    from netcode.next_games import NextGames
    from netcode.strangers import Strangers

log = logging.getLogger("jetset.host")
T = TypeVar("T")

__all__ = ["Host", "HostSettings"]

NOT_BEGUN = "it stopped the game before it began"
"""The ``bye`` of a game its host stopped while a seat was still free."""

NO_NEXT_HERE = "the next game is opened from the server's lobby"
"""The refusal of ``next {}`` by a host that opens none itself (a server's game)."""

ADDRESSES_KEPT = 4096
"""Addresses whose chat allowance the host remembers (the oldest are forgotten first)."""


class Host:
    """Serves one game."""

    def __init__(self, table: Table, settings: HostSettings | None = None) -> None:
        self.table = table
        self.settings = settings or HostSettings()
        self.conns: set[Conn] = set()
        self.seat_conns: dict[int, Conn] = {}
        self.finished = asyncio.Event()
        self.tasks: set[asyncio.Future[Any]] = set()
        self._full: list[bytes] = []  # entry frames with every secret (sent to the dealt seat)
        self._public: list[bytes] = []  # entry frames as spectators see them
        self.end_frame: bytes | None = None
        self.on_change: Callable[[], None] | None = None
        self.on_gift: Callable[[int], None] | None = None
        """Told the seat its player gave to whoever joins next (``leave {give}``), once the gift
        is kept: a server's lobby then forgets who held it (jetset_tui/ssh/lobby.py)."""
        self.successor: Host | None = None
        """The game served at this host's address after this one (``jetset host``'s next game,
        r at the end): new connections go there (``current``)."""
        self.left_to_bot: str | None = None
        """The bot kind the hosting player left their seat to ("keep serving") and did not
        take back before the end: it plays their seat in the next game too (``NextGames``)."""
        self.strangers: Strangers | None = None
        """A server's rules for its games' TCP joiners (``netcode.strangers``); None: every
        connection is this host's alone to judge (``jetset host``)."""
        self.next_games: NextGames | None = None
        """What opens the next game when a seat asks (``next {}``); None: this host opens none
        (a server's game: its lobby does)."""
        self.number = 1
        """Which game at this address (``NextGames``)."""
        self.game_id: str | None = None
        """What ``next {game}`` calls this game where it is not ``number``: its id in a
        server's lobby."""
        self.opened_by: int | None = None
        """The seat whose r opened this game after the last one (None: the first)."""
        self.on_bot_trouble: Callable[[str], None] | None = None
        """Told when one of this host's bots fails and another decides for it
        (``netcode.botplayer``): a front end says it to the player."""
        # new connections an address may make (each costs a handshake and may ask for a replay)
        self._arrivals = BucketsByAddress(self.settings.arrival_rate, self.settings.arrival_burst)
        self._chats = BucketsByAddress(  # by address: ``_chat_of``
            self.settings.chat_rate, self.settings.chat_burst, ADDRESSES_KEPT
        )
        self.standins = StandIns(self)
        self.seating = SeatRequests(self)
        self.dealing = Dealing(self)
        self.disk = DiskPause(self)
        self._cache_frames(0)
        if table.over:
            self.finish()

    # -- life cycle -------------------------------------------------------------------------

    @property
    def paused(self) -> str | None:
        """Why the game is paused (the log cannot be written: "disk full"), or None."""
        return self.disk.reason

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """A task of this host's, cancelled when it closes."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def start_bots(self) -> None:
        """Connect a bot peer (in memory) to every bot seat."""
        for seat, slot in enumerate(self.table.seats):
            if slot.is_bot and seat not in self.seat_conns:
                self.spawn_bot(seat, slot.bot_kind)

    def spawn_bot(self, seat: int, kind: str, *, standin: bool = False) -> None:
        """A bot peer over an in-memory pipe, seated with ``seat``'s token."""
        from netcode.botplayer import run_bot

        host_end, bot_end = memory_pipe(f"bot:{kind}:{seat}")
        self.spawn(self.attach(host_end, standin=kind if standin else None))
        token = self.table.seats[seat].token
        delay = self.settings.bot_delay
        self.spawn(
            run_bot(
                bot_end,
                kind,
                token=token,
                delay=delay,
                on_trouble=self.bot_trouble,
                standing_in=standin,
            )
        )

    def bot_trouble(self, said: str) -> None:
        if self.on_bot_trouble is not None:
            self.on_bot_trouble(said)

    def stopping(self) -> None:
        """The host is about to stop: the connections that close from now on close because it
        stops, not because their players left the table (its stand-ins stay the log's: they play
        on after ``--resume`` or a server's restart)."""
        self.standins.stopping = True

    async def stop_hosting(self, reason: str, *, timeout: float = 2.0) -> None:
        """The host pauses the game and stops serving it: tell every peer (``bye`` with
        ``paused``: a script stops, a player's screen waits for ``--resume``) and wait, at most
        ``timeout`` seconds, until the messages are out; then ``close``. (Not ``paused``, the
        game held while the disk refuses the log.) A game not begun (a seat still free) has
        nothing to go on with: its peers hear that it ended there (``bye``, not ``paused``)."""
        self.stopping()
        bye = m.Bye(reason=reason, paused=True) if self.table.started else m.Bye(reason=NOT_BEGUN)
        for conn in list(self.conns):
            conn.shut(bye)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.conns and loop.time() < deadline:
            await asyncio.sleep(0.02)

    async def close(self, *, keep_table: bool = False) -> None:
        """Disconnect everyone and stop every task; close the table unless ``keep_table`` (a
        local game taking a move back serves the same table again)."""
        self.stopping()
        for conn in list(self.conns):
            conn.shut(m.Bye(reason="the host is closing"))
        await asyncio.sleep(0)
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(BaseException):
                await task
        if not keep_table:
            self.table.close()

    # -- a connection -----------------------------------------------------------------------

    async def attach(
        self,
        transport: Transport,
        *,
        standin: str | None = None,
        address: str | None = None,
        admitted: Admitted | None = None,
        name: str | None = None,
        by_tcp: bool = False,
    ) -> None:
        """Serve one connection (from the IP ``address``, if it has one) until it closes.
        ``admitted``: what a lobby let it in for (an SSH server's), the one kind of seat
        request it may make; ``name``: the name that lobby knows it by (its SSH user name),
        which it sits or watches under whatever name its ``join`` says; ``by_tcp``: it came
        straight to this game's port, and a server's ``strangers`` rules judge it. Never
        raises."""
        conn = Conn(transport, self.settings, standin)
        conn.address = address
        conn.admitted = admitted
        conn.named = name
        conn.admit_by = asyncio.get_running_loop().time() + self.settings.hello_timeout
        refusal = self._admit(conn, self.strangers if by_tcp else None)
        if refusal is not None:
            log.info("%r refused: %s", conn, refusal)
            busy = m.to_wire(m.Error(code=p.E_BUSY, message=refusal, fatal=True))
            try:
                await asyncio.wait_for(conn.framed.send(busy), 1.0)
            except (ConnectionClosed, TimeoutError):
                transport.abort()  # not reading: nothing more to wait for
            else:
                transport.close()
            return
        self.conns.add(conn)
        writer = asyncio.ensure_future(self._write_loop(conn))
        try:
            await self._read_loop(conn)
        except ConnectionClosed:
            pass
        except Exception:  # a bug must cost one connection, never the host
            log.exception("%r: internal error", conn)
            conn.shut(
                m.Error(code="internal", message="the host failed on this message", fatal=True)
            )
        finally:
            self._detach(conn)
            conn.shut()
            if conn.stranger is not None:
                conn.stranger.went(address)
            try:
                await asyncio.wait_for(writer, 5.0)
            except (TimeoutError, asyncio.CancelledError):
                writer.cancel()
            transport.close()

    def _admit(self, conn: Conn, strangers: Strangers | None) -> str | None:
        """Why ``conn`` is refused (a server's ``strangers`` rules first, for a TCP joiner; then
        per-address and total caps), or None; when only the capacity kept for seat holders is
        left, it comes in on that reserve (``Conn.reserve``), making way by closing the oldest
        reserve connection that has not taken a seat. Let in, a stranger is counted until it
        goes (``Conn.stranger``)."""
        if strangers is not None:
            private = self.table.keys.password is not None
            refusal = strangers.arrived(conn.address, private=private)
            if refusal is not None:
                return refusal
        refusal = self._admit_by_caps(conn)
        if refusal is None:
            conn.stranger = strangers
        elif strangers is not None:
            strangers.went(conn.address)
        return refusal

    def _admit_by_caps(self, conn: Conn) -> str | None:
        if conn.address is not None and not self._arrivals.of(conn.address).take():
            return "too many connections from your address just now; try again in a moment"
        oldest_first = sorted(self.conns, key=lambda c: c.id)
        why, conn.reserve, victim = admit(oldest_first, conn.address, self.settings.limits)
        if isinstance(victim, Conn):
            log.info("%r makes way for a newcomer", victim)
            victim.shut(m.Error(code=p.E_BUSY, message="the host is full", fatal=True))
        return why

    async def _write_loop(self, conn: Conn) -> None:
        try:
            while True:
                frame = await conn.queue.get()
                if frame is None:
                    break
                conn.queued -= len(frame)
                conn.transport.write(frame)
                if conn.queue.empty():
                    await conn.transport.drain()
        except ConnectionClosed:
            pass
        finally:
            conn.closing = True
            conn.transport.close()

    async def _read_loop(self, conn: Conn) -> None:
        s = self.settings
        loop = asyncio.get_running_loop()
        while not conn.closing:
            if conn.stage == SEATED:
                wait, finish_by = s.idle_timeout, math.inf
                quiet = f"nothing heard for {s.idle_timeout:g} s"
            else:
                wait, finish_by = conn.admit_by - loop.time(), conn.admit_by
                quiet = f"no join, reconnect or spectate within {s.hello_timeout:g} s"
            try:
                msg = await conn.framed.recv_paced(
                    wait=wait, grace=s.frame_grace, min_rate=s.min_byte_rate, finish_by=finish_by
                )
            except TimeoutError:
                conn.shut(m.Error(code=p.E_IDLE, message=quiet, fatal=True))
                return
            except FrameTooSlow as exc:
                conn.shut(m.Error(code=p.E_SLOW, message=str(exc), fatal=True))
                return
            except FrameTooLarge as exc:
                conn.shut(m.Error(code=p.E_TOO_LARGE, message=str(exc), fatal=True))
                return
            except MalformedFrame as exc:
                self._strike(conn, p.E_MALFORMED, str(exc))
                continue
            if not conn.bucket.take():
                conn.shut(
                    m.Error(code=p.E_FLOOD, message="too many messages; slow down", fatal=True)
                )
                return
            try:
                self._handle(conn, p.parse_client(msg), msg)
            except p.ProtocolError as exc:
                if exc.code == p.E_VERSION:
                    conn.shut(m.Error(code=exc.code, message=exc.message, fatal=True))
                    return
                self._strike(conn, exc.code, exc.message, ref=msg.get("id"))

    def _strike(self, conn: Conn, code: str, message: str, ref: object = None) -> None:
        conn.errors += 1
        if conn.errors > self.settings.max_errors:
            conn.shut(m.Error(code=p.E_ERRORS, message="too many bad messages", fatal=True))
            return
        conn.send(m.Error(code=code, message=message, ref=ref if isinstance(ref, int) else None))

    def _detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        seat = conn.seat
        if seat is None or self.seat_conns.get(seat) is not conn:
            return
        del self.seat_conns[seat]
        log.info("seat %d (%s) disconnected", seat, printable(conn.name))
        slot = self.table.seats[seat]  # a seat given away before the deal is simply free
        person = conn.standin is None and not slot.is_bot and slot.name is not None
        self.standins.player_dropped(seat, person=person, left=conn.left)
        self.broadcast_seats()

    # -- messages ---------------------------------------------------------------------------

    def _handle(self, conn: Conn, msg: p.ClientMessage, raw: Message) -> None:
        match msg:
            case p.Hello():
                self.seating.hello(conn, msg)
            case p.Ping(n=n):
                need_stage(conn, HELLO, invert=True)
                conn.send(m.Pong(n=n))
            case p.Join() | p.Reconnect() | p.Spectate():
                need_stage(conn, LOBBY)
                if not isinstance(msg, p.Spectate):
                    conn.pledge = msg.pledge
                self.seating.request(conn, msg)
            case p.ActionRequest():
                need_stage(conn, SEATED)
                self._on_action(conn, msg)
            case p.Chat(text=text):
                need_stage(conn, SEATED)
                if not conn.chat_bucket.take() or not self._chat_of(conn).take():
                    raise p.ProtocolError(p.E_FLOOD, "too much chat; slow down")
                self.table.note("chat", seat=conn.seat, name=conn.name, text=text)
                self.broadcast(m.ChatLine(seat=conn.seat, name=conn.name, text=text))
            case p.Leave(give=give):
                conn.left = True
                if give:
                    self.seating.give_away(conn)
                conn.shut(m.Bye(reason="you left"))
            case p.StateRequest(at=at):
                need_stage(conn, SEATED)
                self._on_state_request(conn, at)
            case p.Contribute(contribution=value):
                need_stage(conn, SEATED)
                self.dealing.contribution(conn, value)
            case p.NextRequest():
                need_stage(conn, SEATED)
                self._on_next_request(conn)

    @property
    def called(self) -> str:
        """What ``next {game}`` calls this game: its id in a server's lobby, else its number
        at its address."""
        return self.game_id or str(self.number)

    def _on_next_request(self, conn: Conn) -> None:
        """r at the end, from a seat: the next game of this game's seats (``next_games``), or
        the one opened already; its ``next`` goes to everyone here (docs/protocol.md)."""
        if conn.seat is None:
            raise p.ProtocolError(p.E_SPECTATOR, "a spectator opens no game")
        if not self.table.over:
            raise p.ProtocolError(p.E_ORDER, "the game is not over")
        following, next_games = self.successor, self.next_games
        if following is not None:
            opener = following.opened_by if following.opened_by is not None else conn.seat
            conn.send(m.NextGame(game=following.called, seat=opener))
        elif next_games is None or next_games.closed is not None:
            refused = next_games.closed if next_games is not None else None
            conn.send(m.Error(code=p.E_NO_NEXT, message=refused or NO_NEXT_HERE))
        else:
            try:
                next_games.open(self, conn.seat)
            except OSError as exc:
                log.warning("cannot make the next game: %s", exc)
                said = f"the host cannot save a new game now ({storage_problem(exc)})"
                conn.send(m.Error(code=p.E_NO_NEXT, message=said))

    def _chat_of(self, conn: Conn) -> Bucket:
        """The chat allowance of ``conn``'s address, shared by all its connections, so that
        connecting again buys no fresh burst (an in-memory pipe: its own connection's)."""
        if conn.address is None:
            return conn.chat_bucket
        return self._chats.of(conn.address)

    def _on_state_request(self, conn: Conn, at: int) -> None:
        """The public state after entry ``at`` (every slot of the digest; no secret is a slot),
        so a desynced peer can say what differs. Once per connection: it costs a replay."""
        game = self.table.game
        if conn.state_asked or at >= len(game.entries):
            conn.send(
                m.Error(code=p.E_MALFORMED, message="one state request, for an entry we hold")
            )
            return
        conn.state_asked = True
        replica = self.table.new_game()
        for entry in game.entries[: at + 1]:
            replica.push(entry)
        slots = self.table.rules.public_slots(replica.state)
        conn.send(m.StateReply(at=at, slots=tuple(slots)))

    def _on_action(self, conn: Conn, req: p.ActionRequest) -> None:
        t = self.table
        seat = conn.seat
        why = self._refusal(seat, req)
        if why is not None:
            conn.send(m.Error(code=why[0], message=why[1], ref=req.id))
            return
        assert seat is not None
        try:
            action = t.notation.parse_action(req.text)
            self.disk.saving(lambda: self._acted(conn, req.id, t.decide(seat, action)))
        except NotationError as exc:
            conn.send(m.Error(code=p.E_NOTATION, message=str(exc), ref=req.id, why=why_of(exc)))
        except IllegalAction as exc:
            conn.send(m.Error(code=p.E_ILLEGAL, message=str(exc), ref=req.id, why=why_of(exc)))

    def _acted(self, conn: Conn, ref: int, first: int) -> None:
        """A decision is on disk: everyone gets its entries, its peer a ``done``; a player who
        made it themselves is off the hosting player's clock."""
        conn.bucket.refund()
        if conn.seat is not None and conn.standin is None:
            self.standins.moved_themselves(conn.seat)
        self.broadcast_from(first)
        conn.send(m.Done(ref=ref, i=first))
        if self.table.over:
            self.finish()

    def _refusal(self, seat: int | None, req: p.ActionRequest) -> tuple[str, str] | None:
        t = self.table
        if seat is None:
            return p.E_SPECTATOR, "spectators cannot act"
        if self.paused is not None:
            return p.E_PAUSED, f"the game is paused: the host cannot save it ({self.paused})"
        if not t.started:
            return p.E_NOT_STARTED, "the game has not started: seats are still empty"
        if t.over:
            return p.E_OVER, "the game is over"
        if req.seat != seat:
            return p.E_SEAT, f"you sit in seat {seat}, not {req.seat}"
        if req.at != len(t.game.entries):
            return p.E_STALE, f"the log has {len(t.game.entries)} entries, not {req.at}"
        if t.game.to_move() != seat:
            return p.E_TURN, "it is not your turn"
        return None

    # -- broadcasting -----------------------------------------------------------------------

    def _cache_frames(self, first: int) -> None:
        t = self.table
        game = t.game
        for i in range(first, len(game.entries)):
            if i < len(self._full):
                continue
            entry, digest = game.entries[i], game.digests[i]
            actor, text = t.rules.entry_line(entry)
            bot = i in t.bot_moves  # a stand-in's or the clock's: every screen marks it
            full = encode(m.to_wire(m.EntryMessage(i=i, a=actor, x=text, d=digest, bot=bot)))
            self._full.append(full)
            hidden = game.redact(entry, None) is not entry
            public = m.EntryMessage(i=i, a=actor, x=t.entry_text(i, None), d=digest, bot=bot)
            self._public.append(encode(m.to_wire(public)) if hidden else full)

    def entry_frame(self, index: int, seat: int | None) -> bytes:
        game = self.table.game
        entry = game.entries[index]
        if seat is not None and game.redact(entry, seat) is entry:
            return self._full[index]
        return self._public[index]

    def started_now(self, first: int) -> None:
        """The game has started (its header and deal are on disk): send the deal, and start the
        reconnect window of every seat whose player dropped before the start."""
        self.broadcast_from(first)
        self.standins.game_started()

    def broadcast_from(self, first: int) -> None:
        """Send entries ``first``.. (already on disk) to everyone watching."""
        self._cache_frames(first)
        last = len(self.table.game.entries)
        for conn in list(self.conns):
            if conn.watching:
                for i in range(first, last):
                    conn.post(self.entry_frame(i, conn.seat))
        self.offer_turn()
        self.standins.arm_clock()
        if self.on_change is not None:
            self.on_change()

    def offer_turn(self) -> None:
        """Tell the seat to move its legal actions and its view of the table as plain data, if
        its peer asked for them (``hello.legal``): a bot that does not carry the rules can still
        play. Only that seat hears them (its Final Flights are its own secret)."""
        game = self.table.game
        seat = game.to_move()
        conn = self.seat_conns.get(seat) if seat is not None and seat >= 0 else None
        if conn is None or seat is None or not conn.wants_legal or not conn.watching:
            return
        if self.table.over:
            return
        legal = tuple(self.table.notation.format_action(a) for a in game.legal_actions())
        view = self.table.rules.view_to_wire(game.view(seat))
        conn.send(m.Turn(i=len(game.entries), seat=seat, legal=legal, view=view))

    def broadcast(self, message: m.HostMessage) -> None:
        frame = encode(m.to_wire(message))
        for conn in list(self.conns):
            if conn.watching:
                conn.post(frame)

    def seats_list(self) -> tuple[m.SeatEntry, ...]:
        out: list[m.SeatEntry] = []
        for i, slot in enumerate(self.table.seats):
            conn = self.seat_conns.get(i)
            kind = SeatKind.of_bot(conn.standin) if conn is not None and conn.standin else slot.kind
            name = self.table.sitter(i) if slot.name else ""  # who plays it now (a gift's taker)
            out.append(m.SeatEntry(name=name, kind=str(kind), connected=conn is not None))
        return tuple(out)

    def renamed_list(self) -> tuple[m.SeatRenamed, ...]:
        """The seats taken over, for ``seats`` (names as long as the protocol takes: a log
        edited by hand may hold longer)."""
        cut = m.MAX_NAME
        return tuple(
            m.SeatRenamed(at=r.at, seat=r.seat, name=r.name[:cut], was=r.was[:cut])
            for r in self.table.renamed
        )

    def broadcast_seats(self) -> None:
        self.broadcast(m.Seats(seats=self.seats_list(), renamed=self.renamed_list()))
        self.broadcast(self.presence_message())

    def presence(self) -> list[m.SeatPresence]:
        """Every seat now: connected, dropped for how long, a stand-in, a bot due, its clock."""
        return self.standins.presence()

    def presence_message(self) -> m.Presence:
        return m.presence_message(self.presence(), self.settings.turn_time)

    def finish(self) -> None:
        t = self.table
        try:
            t.reveal()
        except StorageError as exc:  # the seed stays in <log>.secret: a --resume writes it
            log.warning("cannot save the seed at the end of the game (%s)", exc.reason)
        header = t.header().to_dict()
        end = m.End(seed=t.keys.seed, header=header, log=tuple(t.full_log()))
        self.end_frame = encode(m.to_wire(end))
        for conn in list(self.conns):
            if conn.watching:
                conn.post(self.end_frame, bulk=True)
        self.standins.game_over()
        self.finished.set()

    # -- serving over TCP -------------------------------------------------------------------

    def current(self) -> Host:
        """The host of the game served now at this host's address: this one, or the last of
        its successors (the next games of its seats)."""
        host = self
        while host.successor is not None:
            host = host.successor
        return host

    async def serve_tcp(self, bind: str, port: int) -> asyncio.Server:
        """Accept TCP connections on ``bind:port`` (0: any free port), each for the game
        served there at the time (``current``)."""
        from netcode.transport import TcpTransport

        async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            host, task = self.current(), asyncio.current_task()
            if task is not None:
                host.tasks.add(task)
            peer = writer.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) else None
            try:
                await host.attach(TcpTransport(reader, writer), address=address, by_tcp=True)
            except asyncio.CancelledError:  # the host is closing
                writer.close()
            finally:
                if task is not None:
                    host.tasks.discard(task)

        return await asyncio.start_server(on_connect, bind, port, limit=2**16)
