"""A networked peer: a ``GameClient`` whose replica follows what the host sends.

``NetPeer.connect(transport, ...)`` does the handshake and takes a seat (join, reconnect with a
token, or spectate: netcode/peer_handshake.py). A reader task applies every entry the host sends
to the peer's own ``Game`` and checks the host's digest after it; a mismatch is a desync, reported
as a ``Problem`` with the entry number. At the end it checks the revealed seed against the
commitment it was given at the start and replays the full log, secrets included. A peer that runs
its own code (``jetset join``: ``contribution=new_contribution()``) pledges a random value of its
own with its seat request, reveals it once the host has announced every seat's pledge
(``pledges``), for the host to mix into the deal, and checks at the end that the log's header
holds it at its seat and holds the pledges announced.
With a ``connector`` it reconnects by itself (with its token) when the connection drops, catching
up from the last entry it holds (netcode/peer_reconnect.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from itertools import count
from pathlib import Path
from typing import Any

from engine.errors import DesyncError, IllegalAction, NotationError
from engine.platform import AnyRules, Notation
from netcode import messages as m
from netcode import protocol as p
from netcode.client import (
    ChatHistory,
    ChatMessage,
    EntryApplied,
    GameOver,
    NextGameOpened,
    Presence,
    PresenceChanged,
    Problem,
    SeatInfo,
    SeatsChanged,
)
from netcode.endcheck import PeerHeld, check_end
from netcode.framing import FramedConnection, FrameError, Message
from netcode.peer_handshake import host_message
from netcode.peer_reconnect import ReconnectingPeer
from netcode.peer_words import PLAYED_ELSEWHERE, host_says, host_text, lost_words
from netcode.refusal import rebuilt
from netcode.seatnames import Renamed
from netcode.text import printable
from netcode.transport import ConnectionClosed

log = logging.getLogger("jetset.peer")


def new_contribution() -> str:
    """A peer's contribution to the deal: 128 random bits in lower-case hex."""
    return secrets.token_hex(16)


def chat_message(line: m.ChatLine) -> ChatMessage:
    """A chat line from the host, as text to show (never markup or escapes: ``host_text``)."""
    return ChatMessage(
        line.seat, host_text(line.name, p.MAX_NAME), host_text(line.text, p.MAX_CHAT)
    )


class NetPeer(ReconnectingPeer):
    """A replica of a hosted game, acting for the seat it holds (none when spectating)."""

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

    def away_so_far(self) -> list[int]:
        back, game = self._back_from, self._game
        if back is None or game is None:
            return []
        run: list[int] = []
        start = max(back, self.first_own_entry)  # not the moves before this seat was ours
        for index in range(start, min(len(game.entries), self._behind_until)):
            actor, _ = self._rules.entry_line(game.entries[index])
            if actor in self.local_seats:
                run = [*run, index] if index in self._bot_moves else []
        return run

    def renamed(self) -> tuple[Renamed, ...]:
        return self._renamed

    def past_bot_moves(self) -> dict[int, int]:
        """The moves the host said a bot made for a person (a game joined late marks them)."""
        return self.hosting.bot_moves if self.hosting is not None else dict(self._bot_moves)

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

    async def ask_next(self) -> None:
        if self._conn is not None and self.seat is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._conn.send(m.to_wire(m.NextRequest()))

    async def close(self) -> None:
        """Leave the game and stop the reader; unless ``leaves_on_close`` is off (the player's
        own terminal went: an SSH session whose connection was lost), the host is told the
        player meant to leave; else it says they lost their connection, as when a ``jetset
        join`` dies. ``gives_seat``: the seat goes to whoever joins next. Its key here is kept:
        the host gives the seat a new token, so once the gift is made the key takes nothing back
        (a later join forgets it and joins afresh, ``_drop_stale_key``); and if the host could
        not make it (its disk full), the seat is still this player's to take back."""
        self._closing = True
        conn = self._conn
        if conn is not None:
            if self.leaves_on_close:
                with contextlib.suppress(ConnectionClosed):
                    await conn.send(m.to_wire(m.Leave(give=self.gives_seat)))
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
            self._fail_pending(ConnectionClosed(why))
            if self._closing:  # its own close: nothing was lost (a server's log read "the
                log.debug("connection closed: %r", exc)  # host closed the connection")
                return
            log.info("connection lost (%s): %r", why, exc)
            if not self.ended.is_set():
                await self._lost(printable(why))
            elif self.lost is None:  # after the end: the table is gone (its chat, its next game)
                self.lost = self._bye or printable(why)
                self._show_pause(self.lost, gone=True)

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
                self._set_renamed(msg.renamed)
                self.emit(SeatsChanged(self._seats))
            case m.Presence():
                self._presence = Presence(
                    msg.seats,
                    msg.turn_time,
                    paused=self.cannot_save,
                    by_itself=self.cannot_save is not None,
                    served=self.served,
                )
                self.emit(PresenceChanged(self._presence))
            case m.ChatLine():
                self.emit(chat_message(msg))
            case m.ChatKept():
                self.emit(ChatHistory(tuple(chat_message(line) for line in msg.lines)))
            case m.Paused() | m.Unpaused():
                self._on_saving(msg)
            case m.Pledges():
                self._on_pledges(msg)
            case m.End():
                self._on_end(msg)
            case m.Bye():
                self._on_bye(msg)
            case m.NextGame():
                self.next_game = msg.game
                self.emit(NextGameOpened(msg.game, msg.seat))
        # pong, and message types from later versions (None), need nothing

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
        elif reason == m.TAKEN_OVER:
            self._bye = PLAYED_ELSEWHERE
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
        back = self._back_from
        away = back is not None and max(back, self.first_own_entry) <= index < self._behind_until
        if msg.bot:
            self._bot_moves[index] = msg.a
        live = index >= self._behind_until
        self.emit(EntryApplied(index, entry, live=live, away=away, bot=msg.bot))

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
        self.emit(Problem(host_says(text, served=self.served)))

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
