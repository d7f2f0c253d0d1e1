"""What every game's table shares: the log of entries and the digest after each.

A game's ``Table`` (engine/platform.py) is the fold of its entries. ``LoggedTable`` holds that
fold once for every game, like python-chess's ``Board`` with its move stack: ``push`` applies an
entry (the game's ``_apply`` checks it first), records it and the state's digest after it, and
compares that digest with the one the log or the host recorded. A game supplies the rest: whose
move it is, the legal actions, ``_apply``, ``_entry``, ``redact`` and ``result``.

Jet Lag's ``Table`` is one. Jet Set's ``engine.jetset.game.Game`` keeps its own ``push``: it is
compiled by mypyc (setup.py) and a compiled class cannot share an interpreted base without
becoming slower where replays spend their time; this module stays interpreted, so games outside
the compiled engine can subclass it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, Protocol, Self, TypeVar

from engine.errors import DesyncError
from engine.platform import CHANCE


class FoldedState(Protocol):
    """What ``LoggedTable`` reads of a game's state."""

    @property
    def over(self) -> bool: ...

    def digest(self) -> str: ...

    def view(self, seat: int | None) -> Self: ...


St = TypeVar("St", bound=FoldedState)
A = TypeVar("A")
E = TypeVar("E")


class LoggedTable(ABC, Generic[St, A, E]):
    """One game in play: ``entries`` (its log), ``digests`` (after each) and ``state``."""

    def __init__(self, state: St) -> None:
        self.state = state
        self.entries: list[E] = []
        self.digests: list[str] = []

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to decide, ``CHANCE`` (-1) when the dealer must act, None when it is over."""

    @abstractmethod
    def _apply(self, entry: E) -> None:
        """Check ``entry`` against the rules (IllegalAction: nothing changed) and apply it."""

    @abstractmethod
    def _entry(self, seat: int, action: A) -> E:
        """The entry of ``seat`` deciding ``action``."""

    def push(self, entry: E, digest: str | None = None) -> str:
        """Apply an entry. With ``digest``, the state after it must match (else DesyncError, and
        the entry is still applied: the caller decides what a desync means)."""
        self._apply(entry)
        self.entries.append(entry)
        mine = self.state.digest()
        self.digests.append(mine)
        if digest is not None and digest != mine:
            raise DesyncError(len(self.entries) - 1, digest, mine)
        return mine

    def play(self, action: A) -> str:
        """Apply a decision for the seat to move."""
        seat = self.to_move()
        return self.push(self._entry(CHANCE if seat is None else seat, action))

    @property
    def over(self) -> bool:
        return self.state.over

    def view(self, seat: int | None) -> St:
        """What ``seat`` may know (None: a spectator)."""
        return self.state.view(seat)

    def digest(self) -> str:
        return self.digests[-1] if self.digests else self.state.digest()
