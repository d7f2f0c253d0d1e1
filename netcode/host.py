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
import hmac
import logging
import math
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

import data
from engine.errors import IllegalAction, NotationError
from netcode import messages as m
from netcode import protocol as p
from netcode.admission import PasswordBackoff, admit, spectator_refusal
from netcode.connection import HELLO, LOBBY, SEATED, Admitted, Bucket, BucketsByAddress, Conn
from netcode.dealing import Dealing
from netcode.diskpause import DiskPause
from netcode.framing import (
    FrameTooLarge,
    FrameTooSlow,
    MalformedFrame,
    Message,
    encode,
)
from netcode.gameoptions import option_map
from netcode.hostsettings import HostSettings
from netcode.names import look_alike_key, seat_name
from netcode.refusal import why_of
from netcode.seatkind import SeatKind
from netcode.standins import StandIns
from netcode.table import Table
from netcode.tablefiles import StorageError, storage_problem
from netcode.text import printable
from netcode.transport import ConnectionClosed, Transport, memory_pipe

if TYPE_CHECKING:
    from netcode.next_games import NextGames

log = logging.getLogger("jetset.host")
T = TypeVar("T")

__all__ = ["Host", "HostSettings"]

NOT_BEGUN = "it stopped the game before it began"
"""The ``bye`` of a game its host stopped while a seat was still free."""

NO_NEXT_HERE = "the next game is opened from the server's lobby"
"""The refusal of ``next {}`` by a host that opens none itself (a server's game)."""

NEEDS_PASSWORD = "this game needs a password"
"""The refusal of a join or watch that gave no password to a private game (not a try)."""

ADDRESSES_KEPT = 4096
"""Addresses whose chat allowance the host remembers (the oldest are forgotten first)."""


def outside_admission(
    admitted: Admitted | None, msg: p.Join | p.Reconnect | p.Spectate
) -> str | None:
    """Why ``msg`` asks for more than the lobby let the connection in for (its caps on
    spectators and on seats were checked for that only), or None."""
    if admitted == "watch" and not isinstance(msg, p.Spectate):
        return "the lobby let you in to watch: ask it for a seat"
    if admitted == "join" and isinstance(msg, p.Spectate):
        return "the lobby let you in to play: ask it to watch"
    return None


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
        self._end: bytes | None = None
        self.on_change: Callable[[], None] | None = None
        self.successor: Host | None = None
        """The game served at this host's address after this one (``jetset host``'s next game,
        r at the end): new connections go there (``current``)."""
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
        self._backoff = PasswordBackoff(
            self.settings.password_backoff, self.settings.password_backoff_max
        )
        self.standins = StandIns(self)
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

    async def stop_hosting(self, reason: str, *, timeout: float = 2.0) -> None:
        """The host pauses the game and stops serving it: tell every peer (``bye`` with
        ``paused``: a script stops, a player's screen waits for ``--resume``) and wait, at most
        ``timeout`` seconds, until the messages are out; then ``close``. (Not ``paused``, the
        game held while the disk refuses the log.) A game not begun (a seat still free) has
        nothing to go on with: its peers hear that it ended there (``bye``, not ``paused``)."""
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
    ) -> None:
        """Serve one connection (from the IP ``address``, if it has one) until it closes.
        ``admitted``: what a lobby let it in for (an SSH server's), the one kind of seat
        request it may make; ``name``: the name that lobby knows it by (its SSH user name),
        which it sits or watches under whatever name its ``join`` says. Never raises."""
        conn = Conn(transport, self.settings, standin)
        conn.address = address
        conn.admitted = admitted
        conn.named = name
        conn.admit_by = asyncio.get_running_loop().time() + self.settings.hello_timeout
        refusal = self._admit(conn)
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
            try:
                await asyncio.wait_for(writer, 5.0)
            except (TimeoutError, asyncio.CancelledError):
                writer.cancel()
            transport.close()

    def _admit(self, conn: Conn) -> str | None:
        """Why ``conn`` is refused (per-address and total caps), or None; when only the capacity
        kept for seat holders is left, it comes in on that reserve (``Conn.reserve``), making way
        by closing the oldest reserve connection that has not taken a seat."""
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
        self._broadcast_seats()

    # -- messages ---------------------------------------------------------------------------

    def _handle(self, conn: Conn, msg: p.ClientMessage, raw: Message) -> None:
        match msg:
            case p.Hello():
                self._on_hello(conn, msg)
            case p.Ping(n=n):
                self._need(conn, HELLO, invert=True)
                conn.send(m.Pong(n=n))
            case p.Join() | p.Reconnect() | p.Spectate():
                self._need(conn, LOBBY)
                if not isinstance(msg, p.Spectate):
                    conn.pledge = msg.pledge
                self._on_seat_request(conn, msg)
            case p.ActionRequest():
                self._need(conn, SEATED)
                self._on_action(conn, msg)
            case p.Chat(text=text):
                self._need(conn, SEATED)
                if not conn.chat_bucket.take() or not self._chat_of(conn).take():
                    raise p.ProtocolError(p.E_FLOOD, "too much chat; slow down")
                self.table.note("chat", seat=conn.seat, name=conn.name, text=text)
                self.broadcast(m.ChatLine(seat=conn.seat, name=conn.name, text=text))
            case p.Leave(give=give):
                conn.left = True
                if give:
                    self._give_away(conn)
                conn.shut(m.Bye(reason="you left"))
            case p.StateRequest(at=at):
                self._need(conn, SEATED)
                self._on_state_request(conn, at)
            case p.Contribute(contribution=value):
                self._need(conn, SEATED)
                self.dealing.contribution(conn, value)
            case p.NextRequest():
                self._need(conn, SEATED)
                self._on_next_request(conn)

    def _give_away(self, conn: Conn) -> None:
        """``leave {give}``: the player leaves their seat to whoever joins next (never the
        hosting player's, a stand-in's or a spectator's, nor in a server's lobby game, whose
        lobby keeps who holds each seat; docs/protocol.md)."""
        t, seat = self.table, conn.seat
        if seat is None or conn.standin is not None or seat == t.keys.host_seat or t.over:
            return
        if self.game_id is not None:
            return
        try:
            t.give_away(seat, before_pledges=not t.started and not self.dealing.asked)
        except StorageError as exc:
            log.warning("seat %d stays its player's: cannot save its gift (%s)", seat, exc.reason)
            return
        log.info("seat %d (%s) given away to the next to join", seat, printable(conn.name))

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

    def _need(self, conn: Conn, stage: str, *, invert: bool = False) -> None:
        if (conn.stage == stage) == invert:
            order = {HELLO: "hello", LOBBY: "join, reconnect or spectate", SEATED: "a seat"}
            what = f"after {order[stage]}" if invert else f"only at the '{stage}' stage"
            raise p.ProtocolError(p.E_ORDER, f"that message comes {what}")

    def _on_hello(self, conn: Conn, msg: p.Hello) -> None:
        self._need(conn, HELLO)
        if msg.proto != p.PROTOCOL:
            raise p.ProtocolError(p.E_VERSION, f"this host speaks protocol {p.PROTOCOL} only")
        conn.stage = LOBBY
        conn.wants_legal = msg.legal
        if msg.client:  # the program's own name, as docs/protocol.md says the log shows it
            log.info("%r says it is %s", conn, printable(msg.client))
        t = self.table
        game = m.GameInfo(
            name=t.rules.name,
            options=option_map(t.options),
            commitment=t.commitment,
            started=t.started,
            over=t.over,
            entries=len(t.game.entries),
            data=data.data_hash(),
        )
        conn.send(
            m.Welcome(
                proto=p.PROTOCOL,
                game=game,
                password=t.keys.password is not None,
                ping=self.settings.ping_every,
                seats=self._seats_list(),
            )
        )

    def _on_seat_request(self, conn: Conn, msg: p.Join | p.Reconnect | p.Spectate) -> None:
        """A seat is taken back only with its token; joining and watching a game with a password
        need the password; the reserve takes tokens only; spectators are capped."""
        t = self.table
        why = outside_admission(conn.admitted, msg)
        if why is not None:
            conn.shut(m.Error(code=p.E_ORDER, message=why, fatal=True))
            return
        if isinstance(msg, p.Reconnect):
            seat = t.seat_for_token(msg.token)
            if seat is None:
                conn.shut(m.Error(code=p.E_TOKEN, message="no seat has that token", fatal=True))
                return
            self._seat(conn, seat, msg.have)
            return
        if conn.reserve:
            full = "the host is full: only players taking back their seat get in now"
            conn.shut(m.Error(code=p.E_BUSY, message=full, fatal=True))
            return
        if not self._password_ok(conn, msg.password):
            return
        if isinstance(msg, p.Spectate):
            why = spectator_refusal(list(self.conns), conn.address, self.settings.limits)
            if why is not None:
                conn.shut(m.Error(code=p.E_FULL, message=why, fatal=True))
                return
            conn.spectator = True
            # its chat is marked watching; never the name of anyone at the table, seated or
            # watching (an export's chat marks its lines watching too: netcode/textlog.py)
            given = conn.named or msg.name
            conn.name = self._unique_name(given) if given else "spectator"
            self._seat(conn, None, msg.have)
            return
        seat = t.free_seat()
        if seat is None:
            conn.shut(m.Error(code=p.E_FULL, message="every seat is taken; spectate", fatal=True))
            return
        name = self._unique_name(conn.named or msg.name)
        if t.seats[seat].name is None:
            t.seats[seat].name = name
        else:  # a seat its player gave away: played on under its first player's name
            t.take_given(seat, name)
        self._seat(conn, seat, 0)

    def _password_ok(self, conn: Conn, given: str | None) -> bool:
        """True in a game without a password or when ``given`` is it; otherwise the connection is
        refused, and each wrong password makes its address wait longer before the next try (none
        given is no try: it is told the game needs one)."""
        password = self.table.keys.password
        if password is None:
            return True
        if not given:  # no guess, so no try: the joiner is told to give one
            conn.shut(m.Error(code=p.E_PASSWORD, message=NEEDS_PASSWORD, fatal=True))
            return False
        address = conn.address
        wait = self._backoff.wait(address) if address is not None else 0.0
        if wait > 0:
            later = f"after a wrong password from your address, try again in {math.ceil(wait)} s"
            conn.shut(m.Error(code=p.E_PASSWORD, message=later, fatal=True))
            return False
        if hmac.compare_digest((given or "").encode(), password.encode()):
            if address is not None:
                self._backoff.succeeded(address)
            return True
        if address is not None:
            self._backoff.failed(address)
        conn.shut(m.Error(code=p.E_PASSWORD, message="wrong password", fatal=True))
        return False

    def _unique_name(self, name: str) -> str:
        """``name`` as the table shows it, with a number when it would read like the name of
        someone at the table, seated or watching (``alice`` beside ``Alice``:
        netcode/names.py), kept within the name's limit: cut after folding, which can make one
        character eighteen (U+FDFA; a 576-character seat name broke every lobby listing it)."""
        base = seat_name(name)[: p.MAX_NAME].strip() or "player"
        t = self.table
        seated = [slot.name for slot in t.seats if slot.name]
        seated += [h.by for h in t.keys.handovers.values() if h.by]
        watching = [c.name for c in self.conns if c.spectator and c.watching]
        taken = {look_alike_key(name) for name in seated + watching}
        out, n = base, 2
        while look_alike_key(out) in taken:
            suffix = f"-{n}"
            out, n = base[: p.MAX_NAME - len(suffix)] + suffix, n + 1
        return out

    def _seat(self, conn: Conn, seat: int | None, have: int) -> None:
        t = self.table
        if seat is not None:
            if conn.standin is not None and seat in self.seat_conns:  # the player came back
                conn.shut(m.Bye(reason="the player is back"))
                return
            old = self.seat_conns.get(seat)
            if old is not None and old is not conn:
                old.shut(m.Bye(reason=m.TAKEN_OVER))
                old.seat = None
                if old.standin is not None and conn.standin is None:
                    t.note("standin", seat=seat, bot=None)
            self.seat_conns[seat] = conn
            conn.seat = seat
            conn.name = t.sitter(seat)
            self.standins.seat_taken(seat, standin=conn.standin is not None)
            if conn.standin is not None:
                t.note("standin", seat=seat, bot=conn.standin)
            t.pledge(seat, conn.pledge)  # before the pledges are announced
        conn.stage = SEATED
        start = have if have <= len(t.game.entries) else 0
        token = t.seats[seat].token if seat is not None else None
        conn.send(m.Seated(seat=seat, token=token, name=conn.name, from_=start))
        log.info("%r seated as %s", conn, printable(conn.name))
        self._broadcast_seats()
        for i in range(start, len(t.game.entries)):
            conn.post(self._entry_frame(i, seat), bulk=True)
        if self._end is not None:
            conn.post(self._end, bulk=True)
        if t.chat:  # bounded like the catch-up (CHAT_KEPT lines)
            conn.post(encode(m.to_wire(self._chat_kept())), bulk=True)
        if self.paused is not None:
            conn.send(m.paused_message(self.paused))
        if self.dealing.seat_taken(conn, seat):
            if seat is not None and seat == t.game.to_move():
                self._offer_turn()  # only to the seat just taken: the others have theirs already
            self.standins.arm_clock()

    def _chat_kept(self) -> m.ChatKept:
        """The table's chat so far, for a connection just seated (or watching)."""
        lines = (
            m.ChatLine(
                seat=said.get("seat"), name=str(said.get("name", "")), text=str(said["text"])
            )
            for said in self.table.chat
            if "text" in said
        )
        return m.ChatKept(lines=tuple(lines))

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
        """A decision is on disk: everyone gets its entries, its peer a ``done``."""
        conn.bucket.refund()
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

    def _entry_frame(self, index: int, seat: int | None) -> bytes:
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
                    conn.post(self._entry_frame(i, conn.seat))
        self._offer_turn()
        self.standins.arm_clock()
        if self.on_change is not None:
            self.on_change()

    def _offer_turn(self) -> None:
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

    def _seats_list(self) -> tuple[m.SeatEntry, ...]:
        out: list[m.SeatEntry] = []
        for i, slot in enumerate(self.table.seats):
            conn = self.seat_conns.get(i)
            kind = SeatKind.of_bot(conn.standin) if conn is not None and conn.standin else slot.kind
            out.append(
                m.SeatEntry(name=slot.name or "", kind=str(kind), connected=conn is not None)
            )
        return tuple(out)

    def _broadcast_seats(self) -> None:
        self.broadcast(m.Seats(seats=self._seats_list()))
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
        self._end = encode(m.to_wire(end))
        for conn in list(self.conns):
            if conn.watching:
                conn.post(self._end, bulk=True)
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
                await host.attach(TcpTransport(reader, writer), address=address)
            except asyncio.CancelledError:  # the host is closing
                writer.close()
            finally:
                if task is not None:
                    host.tasks.discard(task)

        return await asyncio.start_server(on_connect, bind, port, limit=2**16)
