"""What a front end (the TUI, a headless bot, a test) holds of a game: a ``GameClient``.

One interface for every way of playing: a local game (``netcode.local``), a peer of a networked
host (``netcode.peer``), an SSH player. The client keeps a replica of the game as its seats may see
it, acts for the seats it controls, and tells listeners when something changed. Front ends never
apply an action themselves: they ``submit`` it and the authority (the host) answers with entries.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import IllegalAction, Reason, rule_name
from engine.games import DEFAULT, game_rules
from engine.platform import AnyRules
from engine.values import value
from netcode.seatkind import HUMAN, SeatKind

if TYPE_CHECKING:  # the protocol's messages: a networked game's, not needed to open a local one
    from netcode.protocol import SeatPresence
    from netcode.seatnames import Renamed


@value(unsafe_hash=True)
class SeatInfo:
    """Who sits where; ``connected`` for network seats."""

    name: str
    kind: SeatKind = HUMAN
    connected: bool = True

    @property
    def is_bot(self) -> bool:
        return self.kind.is_bot


@value(unsafe_hash=True)
class EntryApplied:
    """An entry was applied to the replica (``index`` in the log)."""

    index: int
    entry: Any
    """The entry as this client holds it (its game's entry type, redacted where it must be)."""
    live: bool = True
    """Made now, not the game's past that a client (re)joining catches up on."""
    away: bool = False
    """Of the past a peer catches up on when it reconnects: made while it was away (a seat of
    its own was played by the host's stand-in meanwhile)."""
    bot: bool = False
    """A bot made it for the seat's player, a person: the host's stand-in or turn clock (the
    host says so of each entry, past ones too)."""


@value(unsafe_hash=True)
class ChatMessage:
    seat: int | None  # None: the host or a spectator
    name: str
    text: str


@value(unsafe_hash=True)
class ChatHistory:
    """The table's chat so far, as the host keeps it (sent on taking a seat or watching): it
    replaces the lines this client had (a player back at the table finds what was said)."""

    lines: tuple[ChatMessage, ...]


@value(unsafe_hash=True)
class NextGameOpened:
    """After the end, at a server's table: the player in ``seat`` opened the game that follows
    this one for its seats, ``game`` in the server's lobby (its ``next`` seats the others)."""

    game: str
    seat: int


@value(unsafe_hash=True)
class SeatsChanged:
    seats: tuple[SeatInfo, ...]


@value(unsafe_hash=True)
class GameOver:
    """The game ended; ``seed`` is the revealed seed (None if unknown to this client)."""

    seed: str | None


@value(unsafe_hash=True)
class Problem:
    """Something the player should read: a refused action, a lost connection, a desync."""

    message: str


@value(unsafe_hash=True)
class Presence:
    """Who is at the table, as the host last said: per seat, connected or not, away how long,
    a stand-in bot playing, seconds until a bot takes the seat, the turn clock. The host sends
    relative seconds; ``received`` is this machine's ``time.monotonic()`` when they arrived, so
    a front end counts down from there (nothing here is game state)."""

    seats: tuple[SeatPresence, ...]
    turn_time: float = 0.0
    """Seconds a player has for each decision (0: no turn clock)."""
    received: float = field(default_factory=time.monotonic)
    paused: str | None = None
    """The host paused the game: what to tell the player until it is back (nothing counts)."""
    by_itself: bool = False
    """The pause ends without the host resuming the game (once its disk has room again)."""
    gone: bool = False
    """No pause: the way back to the host is gone for good (``paused`` says why)."""
    unreachable: bool = False
    """No pause the host made: this client lost its connection and tries again (``paused``
    says so); the game may well go on meanwhile, a stand-in playing the seat."""
    served: bool = False
    """The game is a server's (``jetset serve``'s lobby, reached over SSH or a browser), which no
    player hosts: a front end names the server, not a host."""

    def seat(self, seat: int) -> SeatPresence:
        from netcode.protocol import SeatPresence

        return self.seats[seat] if 0 <= seat < len(self.seats) else SeatPresence(True)

    def elapsed(self, now: float | None = None) -> float:
        return max(0.0, (time.monotonic() if now is None else now) - self.received)

    def away(self, seat: int, now: float | None = None) -> float | None:
        """Seconds since ``seat``'s player dropped, or None."""
        away = self.seat(seat).away
        return None if away is None else away + self.elapsed(now)

    def bot_in(self, seat: int, now: float | None = None) -> float | None:
        """Seconds until a stand-in bot takes ``seat``, or None."""
        due = self.seat(seat).bot_in
        return None if due is None else max(0.0, due - self.elapsed(now))

    def clock(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left on ``seat``'s turn clock, or None."""
        left = self.seat(seat).clock
        return None if left is None else max(0.0, left - self.elapsed(now))

    @property
    def counting(self) -> bool:
        """Something counts down or up (a screen redraws every second while it does)."""
        return self.paused is None and any(
            s.away is not None or s.bot_in is not None or s.clock is not None for s in self.seats
        )


@value(unsafe_hash=True)
class PresenceChanged:
    presence: Presence


@value(unsafe_hash=True)
class TakenBack:
    """A move was taken back: the replica now holds only its first ``length`` entries."""

    length: int


ClientEvent = (
    EntryApplied
    | ChatMessage
    | ChatHistory
    | SeatsChanged
    | PresenceChanged
    | GameOver
    | Problem
    | TakenBack
    | NextGameOpened
)
Listener = Callable[[ClientEvent], None]

UNDO = rule_name("Taking a move back")
NO_UNDO = Reason("moves are taken back only in a game at one keyboard, never over the network")

CHAT_KEPT = 200
"""The table's chat lines a client keeps for its front end (the log keeps them all)."""


class Hosting(Protocol):
    """What the player who hosts a game (``jetset host`` with a screen) may do with it, beside
    playing their seat: leave it to a bot and keep serving, take it back, give a gone player's
    seat on, put a slow player on the clock, pause the game."""

    @property
    def address(self) -> str:
        """Where the others join, e.g. ``127.0.0.1:7777`` (the first of ``addresses``)."""

    @property
    def addresses(self) -> tuple[str, ...]:
        """Every address to give friends, with the port (netcode.addresses)."""

    @property
    def log_path(self) -> Path:
        """The game's log file."""

    @property
    def resume_command(self) -> str:
        """The command that continues the game once it is paused."""

    @property
    def standin_kind(self) -> str:
        """The bot kind that plays the host's seat while they are away."""

    @property
    def over(self) -> bool:
        """The game has ended."""

    @property
    def bot_moves(self) -> dict[int, int]:
        """The moves a bot made for a person before the game was resumed, and their seats."""

    @property
    def people_at_the_table(self) -> bool:
        """A person holds a seat now (a stand-in plays only then: ``netcode.standins``)."""

    @property
    def begun(self) -> bool:
        """The cards are dealt (every seat was taken): a pause keeps something to go on with."""

    def stand_in(self) -> None:
        """A bot plays the host's seat; the game goes on being served."""

    def give_seat(self, seat: int) -> bool:
        """The seat of a player who is gone goes to whoever joins next (a LAN party's laptop
        died with its player's seat); False if it cannot (someone sits in it, or it is a bot's
        or the host's)."""

    @property
    def hurry_time(self) -> float:
        """The seconds a decision gets once its slow player is put on the clock (``hurry``)."""

    def can_hurry(self, seat: int) -> bool:
        """Whether ``seat``'s player may be put on the clock now: their decision, a person's
        seat other than the host's, not on it already, no shorter clock running."""

    def hurry(self, seat: int) -> bool:
        """``seat``'s player, slow to decide, gets ``hurry_time`` seconds a decision, then a bot
        decides for them, until they move themselves; False if they cannot be (``can_hurry``)."""

    async def sit(self) -> GameClient:
        """A new client in the host's seat (taking it back from a stand-in)."""

    async def pause(self) -> None:
        """Tell every player the game is paused and stop serving it."""


class GameClient(ABC):
    """A replica of one game and the right to act for some of its seats."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self.chat_lines: list[ChatMessage] = []
        """What was said at the table since this client joined, oldest first."""
        self.hosting: Hosting | None = None
        """Set when this client's player also hosts the game (its leave choices differ)."""
        self.next_game: str | None = None
        """After the end: the game that follows this one, once a player opened it (the host's
        ``next``: its number at ``jetset host``, its id in a server's lobby); None until then,
        and always at one keyboard."""

    # -- what the front end reads -----------------------------------------------------------

    @property
    @abstractmethod
    def game(self) -> Any:
        """The replica: its game's ``engine.platform.Table`` (Jet Set's ``engine.Game``, Jet
        Lag's ``engine.jetlag.game.Table``). Its state may hide other seats' cards; never mutate
        it."""

    @property
    def rules(self) -> AnyRules:
        """The rules of the game played (``engine.games``): its notation, bots, views."""
        return game_rules(DEFAULT)

    @property
    @abstractmethod
    def seats(self) -> tuple[SeatInfo, ...]:
        """Names and kinds of every seat, by seat number."""

    @property
    @abstractmethod
    def local_seats(self) -> tuple[int, ...]:
        """The seats this client may act for (several in a hot-seat game, none for a spectator)."""

    @property
    def caught_up(self) -> bool:
        """The replica holds every entry the authority had when this client (re)joined. Until
        then its position is behind the game's, and no seat should decide from it."""
        return True

    def players_kinds(self) -> list[SeatKind]:
        """Each seat's kind as its player is: a person's seat that the host's stand-in plays
        is still a person's (``seats`` gives the stand-in's kind while it plays, as the host's
        ``seats`` message says; the end screen names the players, the same on every screen)."""
        presence = self.presence
        return [
            HUMAN if presence is not None and presence.seat(i).standin else s.kind
            for i, s in enumerate(self.seats)
        ]

    def played_for(self, event: EntryApplied, actor: int) -> bool:
        """Whether ``event``'s entry (``actor``'s) is a move made now for a seat played here by
        the host's bot (their turn clock ran out, a Business Deal went unanswered). Never of the
        entries caught up on."""
        return event.live and event.bot and actor in self.local_seats

    def played_while_away(self, event: EntryApplied, actor: int) -> bool:
        """Whether ``event``'s entry (``actor``'s), caught up on after a reconnection, is a move
        the host's stand-in made while this peer was away for a seat played here (a play test's
        rejoining player was never told)."""
        return event.away and event.bot and actor in self.local_seats

    first_own_entry = 0
    """The first entry of this client's seats' own: a newcomer in a seat given away mid-game
    holds none before it (the moves a bot made there were for the player before)."""

    def away_so_far(self) -> list[int]:
        """The entries held now that a bot made for a seat played here while this client was
        away, since that seat's own last move among them (a screen opened after the catch-up
        began says them: its events came before it listened). None here."""
        return []

    def past_bot_moves(self) -> dict[int, int]:
        """The moves a bot made for a person before this client opened the game, and their
        seats, where it knows them (a resumed host reads them from its log's notes)."""
        return self.hosting.bot_moves if self.hosting is not None else {}

    def renamed(self) -> tuple[Renamed, ...]:
        """The seats given away that someone took, and from which entry: a screen names the
        moves before by who played them then (``netcode.seatnames``). None here."""
        return ()

    def view(self, seat: int | None) -> Any:
        """The state as ``seat`` may see it (None: a spectator)."""
        return self.game.view(seat)

    @property
    def busy(self) -> bool:
        """A bot or the dealer is working on the next entry (the screen says "thinking")."""
        return False

    @property
    def save_path(self) -> Path | None:
        """Where this client's game is saved, if it saves one."""
        return None

    @property
    def presence(self) -> Presence | None:
        """Who is at the table (a networked game; None where everyone is at this keyboard)."""
        return None

    # -- what the front end does ------------------------------------------------------------

    async def start(self) -> None:
        """Begin the game (a local game starts its host and bots); once, before acting."""
        return None

    @abstractmethod
    async def submit(self, seat: int, action: Any) -> None:
        """Ask the authority to apply ``action`` for ``seat``. Raises IllegalAction or
        NotationError, changing nothing, when it is refused; returns once it is applied."""

    @property
    def can_chat(self) -> bool:
        """Other people sit at this table: ``chat`` reaches them (not in a game at one keyboard)."""
        return False

    async def chat(self, text: str) -> None:
        """Send a chat line to the table (a no-op where there is nobody to read it)."""
        return None

    async def ask_next(self) -> None:
        """At a finished game's end: ask its host for the next game of its seats (r); the
        answer comes as ``NextGameOpened`` (or a ``Problem``). A no-op where no host serves
        one (a game at one keyboard has its own rematch)."""
        return None

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take its last move back now (None: it can)."""
        return NO_UNDO

    async def undo(self, seat: int) -> None:
        """Take back ``seat``'s newest move of this turn (and the bots' replies to it); raises
        ``IllegalAction`` with ``undo_refusal``'s words when it cannot."""
        raise IllegalAction(UNDO, self.undo_refusal(seat) or NO_UNDO)

    @abstractmethod
    async def close(self) -> None:
        """Leave the game (a local game saves its log and stops its bots)."""

    # -- listening --------------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def emit(self, event: ClientEvent) -> None:
        if isinstance(event, ChatMessage):
            self.chat_lines.append(event)
            del self.chat_lines[:-CHAT_KEPT]
        elif isinstance(event, ChatHistory):
            self.chat_lines = list(event.lines[-CHAT_KEPT:])
        for listener in list(self._listeners):
            listener(event)
