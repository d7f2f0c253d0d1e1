"""What a front end (the TUI, a headless bot, a test) holds of a game: a ``GameClient``.

One interface for every way of playing: a local game (``netcode.local``), a peer of a networked
host (``netcode.peer``), an SSH player. The client keeps a replica of the game as its seats may see
it, acts for the seats it controls, and tells listeners when something changed. Front ends never
apply an action themselves: they ``submit`` it and the authority (the host) answers with entries.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from engine import Action, Entry, Game
from engine.state import State


@dataclass(frozen=True)
class SeatInfo:
    """Who sits where. ``kind`` is ``human`` or ``bot:<kind>``; ``connected`` for network seats."""

    name: str
    kind: str = "human"
    connected: bool = True

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")


@dataclass(frozen=True)
class EntryApplied:
    """An entry was applied to the replica (``index`` in the log)."""

    index: int
    entry: Entry


@dataclass(frozen=True)
class ChatMessage:
    seat: int | None  # None: the host or a spectator
    name: str
    text: str


@dataclass(frozen=True)
class SeatsChanged:
    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True)
class GameOver:
    """The game ended; ``seed`` is the revealed seed (None if unknown to this client)."""

    seed: str | None


@dataclass(frozen=True)
class Problem:
    """Something the player should read: a refused action, a lost connection, a desync."""

    message: str


ClientEvent = EntryApplied | ChatMessage | SeatsChanged | GameOver | Problem
Listener = Callable[[ClientEvent], None]

CHAT_KEPT = 200
"""The table's chat lines a client keeps for its front end (the log keeps them all)."""


class GameClient(ABC):
    """A replica of one game and the right to act for some of its seats."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self.chat_lines: list[ChatMessage] = []
        """What was said at the table since this client joined, oldest first."""

    # -- what the front end reads -----------------------------------------------------------

    @property
    @abstractmethod
    def game(self) -> Game:
        """The replica. Its state may hide other seats' Final Flights; never mutate it."""

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

    def view(self, seat: int | None) -> State:
        """The state as ``seat`` may see it (None: a spectator)."""
        return self.game.state.view(seat)

    # -- what the front end does ------------------------------------------------------------

    @abstractmethod
    async def submit(self, seat: int, action: Action) -> None:
        """Ask the authority to apply ``action`` for ``seat``. Raises IllegalAction or
        NotationError, changing nothing, when it is refused; returns once it is applied."""

    @property
    def can_chat(self) -> bool:
        """Other people sit at this table: ``chat`` reaches them (not in a game at one keyboard)."""
        return False

    async def chat(self, text: str) -> None:
        """Send a chat line to the table (a no-op where there is nobody to read it)."""
        return None

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
        for listener in list(self._listeners):
            listener(event)
