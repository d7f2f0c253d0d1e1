"""Who plays a seat its player is not playing: the host's stand-ins and its turn clock.

A person who drops keeps their seat for ``reconnect_window`` seconds; then a stand-in bot plays it
until they come back with their seat code, as long as another person is at the table (with none,
the stand-ins go and every seat waits for its player). A game resumed after its host stopped has
the stand-ins that played then back at once, once a person is at the table (``everyone_away``).
A connected person who has not decided within ``turn_time`` has that one decision made for them
by the same kind of bot, from their own view, and keeps the seat (docs/protocol.md, "Dropped
players, crashes, pauses"; docs/security.md).

A decision's clock is its own, not its connection's: it runs on while its player is away, as
long as another player is at the table to wait for them (with no one at all, it stops, and a
player who comes back finds it where it stood, less the time away), and once it has run out its
bot decides whoever comes or goes. Dropping and reconnecting never buys more time.

The hosting player may put a slow player on the clock (``hurry``: a LAN table without a turn
clock waited for ever on a player who stayed and never moved): each of that player's decisions
then gets ``hurry_time`` seconds (or the turn clock's, if shorter), the same bot deciding when it
runs out, until the player makes a decision themselves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.errors import IllegalAction
from netcode import messages as m

if TYPE_CHECKING:
    from netcode.host import Host

log = logging.getLogger("jetset.host")


@dataclass
class TurnClock:
    """The clock of one decision: ``key`` is (seat, entries so far)."""

    key: tuple[int, int]
    deadline: float  # time.monotonic()
    task: asyncio.Task[None]

    @property
    def seat(self) -> int:
        return self.key[0]


class StandIns:
    """The stand-in bots and the turn clock of one host."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.takeovers: dict[int, asyncio.Task[None]] = {}
        self.takeover_due: dict[int, float] = {}  # seat: when (monotonic) a stand-in takes it
        self.dropped: dict[int, float] = {}  # a human seat: when (monotonic) its player dropped
        self.left: set[int] = set()  # dropped seats whose player said they were leaving
        self.missed_from: dict[int, int] = {}
        """A dropped seat: the first entry played after its player dropped (a move announced
        to them while they sat is no news when they are back; a play test was told again)."""
        self.not_back: set[int] = set()
        """Seats whose player has not sat since a restart brought the game back
        (``everyone_away``): not back yet, rather than dropped (a play test read "alice has lost
        their connection" of a player who had simply not logged in again)."""
        self.chosen: dict[int, str] = {}
        """Seats whose player asked for a stand-in (the host's "a bot plays my seat"), or whose
        stand-in played when the game stopped (``everyone_away``), and its kind: back at once
        when someone is at the table again, never after a window (a play test's table waited two
        minutes on the host's turn while its screen said a bot played), until its player sits."""
        self.stopping = False
        """The host stops serving (``Host.stop_hosting``, ``close``): its players' connections
        close, but no one left the table, and its stand-ins stay the log's for a restart."""
        self.clock: TurnClock | None = None
        self.stopped: tuple[tuple[int, int], float, float] | None = None
        """(key, deadline, seconds left) of a clock stopped with no one at the table."""
        self.renewed: tuple[int, int] | None = None
        """The decision a newcomer in a given seat had its whole turn for (``newcomer_sat``)."""
        self.given_back: tuple[int, int] | None = None
        """The decision whose time left was given back once, on a return to an empty table (a
        lunch table came back from ten minutes away to the bot moving for them the instant
        they sat down: the deadline had run on). Once only: stopped again, its deadline runs
        on (a player alone with a bot who came back and left in one write, again and again,
        held the table for good)."""
        self.overdue: TurnClock | None = None
        """A clock that ran out, whose bot is deciding: never stopped by a drop (a reconnect
        and a ``leave`` in one write once cancelled it every time)."""
        self.ran_out: int | None = None
        """The seat whose clock ran out on its last decision, while that seat decides on: the
        rest of its turn goes to its bot at once (a LAN play test's player who walked away
        holding Business cards held the table a whole clock more each turn, for "end your
        turn"); its player's own move, or another seat to move, ends it."""
        self.hurried: dict[int, float] = {}
        """Seats whose player the hosting player put on the clock, and the seconds each of their
        decisions gets until they move themselves (``hurry``)."""

    # -- players dropping and coming back ---------------------------------------------------

    def player_dropped(self, seat: int, *, person: bool, left: bool) -> None:
        """``seat``'s connection closed (a ``person``'s, who said they were leaving if ``left``):
        start its reconnect window, and stop the clock of a decision no one is there to make."""
        if person:
            self.dropped.setdefault(seat, time.monotonic())
            self.missed_from.setdefault(seat, len(self.host.table.game.entries))
            if left:
                self.left.add(seat)
            if not self.players_at_the_table() and not self.stopping:
                self.nobody_at_the_table()
        self.maybe_takeover(seat)
        self.arm_clock(tell=False)

    def nobody_at_the_table(self) -> None:
        """The last person left the table: bots never play out a game no person is at (a play
        test's table, gone to dinner with its seats left to stand-ins, came back to a game the
        bots had finished in ten seconds). The stand-ins go and none is due; their seats wait,
        as after a restart, until someone is back (``seat_taken`` starts every window again).
        Once the game is over there is nothing to wait for: the players leave, the notes stay."""
        if self.host.table.over:
            return
        for timer in self.takeovers.values():
            timer.cancel()
        self.takeovers.clear()
        self.takeover_due.clear()
        host = self.host
        for seat, conn in list(host.seat_conns.items()):
            if conn.standin is not None:
                log.info("seat %d: no player is at the table; its stand-in stops", seat)
                del host.seat_conns[seat]
                conn.seat = None
                conn.shut(m.Bye(reason="no player is at the table"))
                host.table.note("standin", seat=seat, bot=None)

    def seat_taken(self, seat: int, *, standin: bool) -> None:
        """Someone sits in ``seat``: no stand-in is due any more; a person is back."""
        timer = self.takeovers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.takeover_due.pop(seat, None)
        if not standin:
            self.forget_drop(seat)
            self.chosen.pop(seat, None)
            for away in list(self.dropped):  # after a restart: the others' windows start now
                if away not in self.chosen:  # those come back at once
                    self.maybe_takeover(away)
            self.bring_back_chosen()

    def forget_drop(self, seat: int) -> None:
        """``seat``'s player is back (or its seat is free again): it is no longer away."""
        self.dropped.pop(seat, None)
        self.left.discard(seat)
        self.missed_from.pop(seat, None)
        self.not_back.discard(seat)

    def newcomer_sat(self, seat: int) -> None:
        """Someone new sat in ``seat``, which its player gave away: a decision of the seat's
        that the clock times starts afresh for them, a whole turn (a play test's newcomer sat
        down to the giver's last seconds). A clock run out, whose bot decides, runs on. Once a
        decision (``renewed``): a seat given and taken again and again under new names would
        otherwise hold the table for good, a whole turn each time."""
        self.hurried.pop(seat, None)  # the giver was on the clock, not the newcomer
        key = (seat, len(self.host.table.game.entries))
        if self.renewed == key:
            return
        self.renewed = key
        if self.stopped is not None and self.stopped[0][0] == seat:
            self.stopped = None  # stopped with nobody at the table: not the giver's time left
        if self.drop_running_clock(seat):
            self.arm_clock()

    def drop_running_clock(self, seat: int) -> bool:
        """Cancel the clock of ``seat``'s decision if one runs and has not run out (a clock
        run out, whose bot decides, runs on), so that ``arm_clock`` starts it afresh. Whether
        one was cancelled."""
        clock = self.clock
        if clock is None or clock.seat != seat or clock.deadline <= time.monotonic():
            return False
        clock.task.cancel()
        self.clock = None
        return True

    def choose_standin(self, seat: int, kind: str) -> None:
        """``seat``'s player asks a ``kind`` bot to play for them until they sit again."""
        self.chosen[seat] = kind
        self.host.spawn_bot(seat, kind, standin=True)

    def bring_back_chosen(self) -> None:
        """A person is at the table again: the stand-ins players asked for play on at once (not
        for a bot of the table's own sitting down: bots never play a game no person is at)."""
        host = self.host
        if host.table.over or not self.players_at_the_table():
            return
        for seat, kind in sorted(self.chosen.items()):
            if seat not in host.seat_conns:
                log.info("seat %d: its player's stand-in is back", seat)
                host.spawn_bot(seat, kind, standin=True)

    def everyone_away(self) -> None:
        """A game brought back by a restarted server: every person's seat is away from now (the
        table says so; it said nothing). Their reconnect windows start once someone is back
        (``seat_taken``): a stand-in plays for whoever is not back by then, so that the others
        are not kept waiting for ever, but bots never play out a game no person is at. A seat
        whose stand-in played when the game stopped (the log's last ``standin`` note of it
        names a bot) has that kind of bot back at once instead, as a stand-in its player chose
        has (``chosen``): the players back do not wait a whole window again for it (they did)."""
        now = time.monotonic()
        t = self.host.table
        for seat, slot in enumerate(t.seats):
            if not slot.is_bot and seat not in self.host.seat_conns:
                self.dropped.setdefault(seat, now)
                self.not_back.add(seat)
        if t.over:
            return
        for seat, kind in t.bots_played.standing.items():
            if t.seats[seat].is_bot or seat in self.host.seat_conns:
                continue
            try:
                t.rules.make_bot(kind, 0, "")
            except ValueError:  # a bot of another jetset's: the table's own kind plays instead
                kind = self.host.settings.standin_kind
            self.chosen.setdefault(seat, kind)

    def not_here_yet(self, seat: int, chosen: str | None) -> None:
        """The hosting player's seat of a next game, held for them, which they have not sat in
        yet: away (not back yet) until they do, so that a stand-in takes it after the reconnect
        window, as for anyone gone; and where a ``chosen`` bot played it when the last game
        ended ("let a bot play my seat; keep serving"), that bot plays on at once, once someone
        is at the table (a LAN play test's next game waited for good on a host whose bot had
        played their seat to the end, with no word of why)."""
        self.dropped.setdefault(seat, time.monotonic())
        self.not_back.add(seat)
        if chosen is not None:
            self.chosen[seat] = chosen

    def game_started(self) -> None:
        """Start the reconnect window of every seat whose player dropped before the start."""
        for seat in list(self.dropped):
            self.maybe_takeover(seat)

    def game_over(self) -> None:
        for timer in self.takeovers.values():
            timer.cancel()
        self.takeover_due.clear()
        self.arm_clock(tell=False)

    def maybe_takeover(self, seat: int) -> None:
        """A dropped human seat of a started game: a stand-in bot after the reconnect window."""
        host = self.host
        after = host.settings.reconnect_window
        t = host.table
        if after <= 0 or t.seats[seat].is_bot or not t.started or t.over:
            return
        if not self.players_at_the_table():  # nobody to keep waiting: the seat waits too
            return
        if seat in self.takeovers or seat in host.seat_conns:
            return

        async def later() -> None:
            await asyncio.sleep(after)
            self.takeovers.pop(seat, None)
            self.takeover_due.pop(seat, None)
            if seat not in host.seat_conns and not host.table.over:
                log.info("a %s bot takes seat %d", host.settings.standin_kind, seat)
                host.spawn_bot(seat, host.settings.standin_kind, standin=True)

        self.takeovers[seat] = self.host.spawn(later())
        self.takeover_due[seat] = time.monotonic() + after

    def presence(self) -> list[m.SeatPresence]:
        """Every seat now: connected, dropped for how long, a stand-in, a bot due, its clock."""
        now = time.monotonic()
        clock = self.clock
        handovers = self.host.table.keys.handovers
        out: list[m.SeatPresence] = []
        for i in range(len(self.host.table.seats)):
            handover = handovers.get(i)
            conn = self.host.seat_conns.get(i)
            dropped = self.dropped.get(i)
            due = self.takeover_due.get(i)
            out.append(
                m.SeatPresence(
                    connected=conn is not None and conn.standin is None,
                    away=None if dropped is None else now - dropped,
                    standin=conn.standin if conn is not None else None,
                    bot_in=None if due is None else max(0.0, due - now),
                    clock=max(0.0, clock.deadline - now) if clock and clock.seat == i else None,
                    left=dropped is not None and i in self.left,
                    open=handover is not None and handover.open,
                    hurry=self.hurried.get(i),
                    not_back=i in self.not_back,
                )
            )
        return out

    # -- the hosting player's clock for a slow player ----------------------------------------

    def can_hurry(self, seat: int) -> bool:
        """Whether the hosting player may put ``seat``'s player on the clock now: a person's
        seat (not the host's own nor a bot's) whose player is connected (one who is gone has a
        stand-in due, or their seat given on), in a game under way, whose decision it is, not
        on it already, and whose clock, if one runs, has more than ``hurry_time`` left (so the
        clock only ever gets shorter)."""
        host = self.host
        t = host.table
        if not t.started or t.over or t.game.to_move() != seat or seat < 0:
            return False
        if seat == t.keys.host_seat or t.seats[seat].is_bot or seat in self.hurried:
            return False
        conn = host.seat_conns.get(seat)
        if conn is None or conn.standin is not None:
            return False
        clock = self.clock
        if clock is None or clock.seat != seat:
            return True
        return clock.deadline - time.monotonic() > host.settings.hurry_time

    def hurry(self, seat: int) -> bool:
        """The hosting player puts ``seat``'s player on the clock: this decision, and each of
        theirs after it until they move themselves, gets ``hurry_time`` seconds, then the
        stand-in bot makes it for them, as the turn clock's does; the player keeps the seat and
        every screen is told (``presence``). Whether it was done (``can_hurry``)."""
        if not self.can_hurry(seat):
            return False
        self.hurried[seat] = self.host.settings.hurry_time
        if self.stopped is not None and self.stopped[0][0] == seat:
            self.stopped = None  # no time kept from before: the hurry's time from now
        log.info("seat %d: the hosting player puts its player on the clock", seat)
        self.drop_running_clock(seat)
        self.arm_clock(tell=False)
        self.host.broadcast(self.host.presence_message())
        return True

    def moved_themselves(self, seat: int) -> None:
        """``seat``'s player made a decision of their own: they are off the hosting player's
        clock (the table's own turn clock, if any, times them on)."""
        self.hurried.pop(seat, None)
        if self.ran_out == seat:
            self.ran_out = None

    # -- the turn clock ---------------------------------------------------------------------

    def clock_key(self) -> tuple[int, int] | None:
        """(seat, entries) of the decision the clock should time now, if any: a player's (not a
        bot's, not a stand-in's) in a started game, with a clock set or the player hurried, the
        player there or another player at the table waiting for them."""
        t = self.host.table
        seat = t.game.to_move()
        if not t.started or t.over or seat is None or seat < 0:
            return None
        if self.time_for(seat) is None or t.seats[seat].is_bot:
            return None
        conn = self.host.seat_conns.get(seat)
        if conn is not None and conn.standin is not None:
            return None
        if conn is None and not self.players_at_the_table():
            return None
        return seat, len(t.game.entries)

    def time_for(self, seat: int) -> float | None:
        """The seconds each decision of ``seat``'s gets: the table's turn time, or less once the
        hosting player put its player on the clock (None: no clock times it)."""
        times = (self.host.settings.turn_time, self.hurried.get(seat, 0.0))
        return min((t for t in times if t > 0), default=None)

    def players_at_the_table(self) -> bool:
        """Whether a person (not a bot, not a stand-in) holds a seat now."""
        seats = self.host.table.seats
        conns = self.host.seat_conns
        return any(c.standin is None and not seats[i].is_bot for i, c in conns.items())

    def arm_clock(self, *, tell: bool = True) -> None:
        """Start, keep or stop the turn clock for the decision now; tell everyone if it
        changed (``tell``)."""
        key = self.clock_key()
        if key is None or key[0] != self.ran_out:
            self.ran_out = None
        old = self.clock
        if old is not None and old.key == key:
            return
        if old is not None:
            if old.deadline <= time.monotonic() and not old.task.done():
                self.overdue = old  # ran out: its bot decides, whoever comes or goes
                self.stopped = None
            else:
                old.task.cancel()
                # paused (no one at the table): kept for their return; moved on: nothing to keep
                left = max(0.0, old.deadline - time.monotonic())
                self.stopped = (old.key, old.deadline, left) if key is None else None
        self.clock = None
        overdue = self.overdue
        if key is not None and overdue is not None and overdue.key == key:
            self.clock = overdue  # its bot is still deciding
        elif key is not None:
            deadline = self.deadline_of(key)
            task = self.host.spawn(self._clock_runs_out(key, deadline))
            self.clock = TurnClock(key, deadline, task)
        if tell and (old is not None or key is not None):
            self.host.broadcast(self.host.presence_message())

    def deadline_of(self, key: tuple[int, int]) -> float:
        """When the decision ``key`` runs out of time: for a clock stopped while no one was at
        the table, the time it had left, from now, the first time (``given_back``), its
        deadline after that; a whole ``time_for`` the seat from now for a decision never
        timed."""
        now = time.monotonic()
        if self.stopped is not None and self.stopped[0] == key:
            _, deadline, left = self.stopped
            if self.given_back == key:
                return deadline
            self.given_back = key
            return now + left
        if self.ran_out == key[0]:  # its clock ran out on this turn already: its bot goes on
            return now
        return now + (self.time_for(key[0]) or 0.0)

    async def _clock_runs_out(self, key: tuple[int, int], deadline: float) -> None:
        """When the player has not moved in time, the stand-in bot makes this one decision
        for them, from their own view (the player keeps the seat)."""
        host = self.host
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        seat, at = key
        game, rules = host.table.game, host.table.rules
        kind = host.settings.standin_kind
        bot = rules.make_bot(kind, seat, f"{host.table.commitment}:{at}")
        try:
            action = await asyncio.to_thread(bot.choose, game.view(seat))
        except Exception:  # a bot's bug must not stop the table
            log.exception("seat %d: the %s bot failed on the clock", seat, kind)
            action = game.legal_actions()[0]
        if self.overdue is not None and self.overdue.key == key:
            self.overdue = None
        if not self.still_undecided(key):
            return  # the player moved while the bot thought, or a stand-in took the seat
        action = rules.played_for_the_absent(game.view(seat), seat, action)  # no card spent
        if self.clock is not None and self.clock.key == key:
            self.clock = None
        log.info("seat %d: the turn clock ran out; the %s bot moves", seat, kind)
        host.table.note("clock", seat=seat, bot=kind)
        self.ran_out = seat
        try:
            first = host.table.decide(seat, action)
        except IllegalAction:
            first = host.table.decide(seat, game.legal_actions()[0])
        host.broadcast_from(first)
        if host.table.over:
            host.finish()

    def still_undecided(self, key: tuple[int, int]) -> bool:
        """Whether the decision ``key`` is still to be made by its player (or their clock): no
        entry since, and no stand-in in the seat."""
        seat, at = key
        t = self.host.table
        if t.over or len(t.game.entries) != at or t.game.to_move() != seat:
            return False
        conn = self.host.seat_conns.get(seat)
        return conn is None or conn.standin is None
