"""The newest moves of a game at one keyboard, held off the log so that they can be taken back.

A local game (``netcode.local``) lets a player take back their own moves as long as nothing
hidden has come out since: no card turned up or dealt, no Business card drawn, no Investor turned
up, no deal offered. The table (``netcode.table``) writes every entry to the log as it is
applied, except the ones a ``HeldTurn`` holds: from a person's first move after the last thing
revealed, through the bots' replies to it, until something hidden is revealed or another person at
the keyboard moves. Then they are all written at once, and none can be taken back any more. So an
entry that is taken back never reaches the log file, a saved game or a replay; the table keeps
the held ones beside the log meanwhile, so a crash loses none (netcode/heldfile.py;
docs/log-format.md, "Moves that can be taken back").

Nothing here is state of the game: only which of the table's entries are written yet and why the
ones before cannot be taken back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import Reason
from engine.games import DEFAULT, game_rules
from engine.platform import AnyRules

NOTHING_HELD = Reason("you have no move of this turn to take back")
OTHER_PLAYER = "another player has moved"
A_DEAL = "a deal"
TOO_LATE: dict[str, Reason] = {
    "a card was turned up": Reason(
        "a card was turned up since your last move: it cannot be taken back"
    ),
    "cards were dealt": Reason("cards were dealt since your last move: it cannot be taken back"),
    "a Business card was drawn": Reason(
        "a Business card was drawn since your last move: it cannot be taken back"
    ),
    "an Investor was turned up": Reason(
        "an Investor was turned up since your last move: it cannot be taken back"
    ),
    "the dealer has dealt": Reason(
        "the dealer has dealt since your last move: it cannot be taken back"
    ),
    "a pile was taken": Reason("a pile was taken since your last move: it cannot be taken back"),
    "cards were passed": Reason("cards were passed since your last move: it cannot be taken back"),
    OTHER_PLAYER: Reason("another player has moved since your last move: it cannot be taken back"),
    A_DEAL: Reason("a deal offered or answered cannot be taken back, nor any move before it"),
}
"""Why the moves before cannot be taken back, by what closed them, each said whole (a
translation cannot join the parts in English order)."""


@dataclass
class HeldTurn:
    """Which of the table's entries are on disk, and which are held for the people at this
    keyboard (``people``: their seats; bots' moves are held only as replies to theirs)."""

    people: tuple[int, ...]
    written: int = 0
    """Entries on disk; the ones after are held."""
    seat: int | None = None
    """Whose moves are held (None: nothing is)."""
    closed: str = NOTHING_HELD
    """Why nothing before ``written`` can be taken back, in words."""
    rules: AnyRules = field(default_factory=lambda: game_rules(DEFAULT))
    """The game's rules: what an entry reveals (``GameRules.revealed_by``)."""

    def settle(self, entries: Sequence[Any], first: int) -> int:
        """After ``entries[first:]`` were applied: how many entries must be on disk now."""
        for i in range(first, len(entries)):
            entry = entries[i]
            why = self.rules.revealed_by(entry)
            actor = entry.actor
            if why is not None:
                self._write(i + 1, why)
            elif actor in self.people:
                if self.seat is not None and self.seat != actor:
                    self._write(i, OTHER_PLAYER)
                self.seat = actor
            elif self.seat is None:  # a bot's move, and nobody's held: written at once
                self.written = i + 1
        return self.written

    def _write(self, upto: int, why: str) -> None:
        """Write up to ``upto``; ``why`` the moves before can no longer be taken back."""
        self.written = max(self.written, upto)
        self.seat = None
        self.closed = why

    def flush(self, length: int) -> None:
        """Everything held is being written (the game ends, a note is taken, the table closes)."""
        if length > self.written:
            self._write(length, NOTHING_HELD)

    def last_move(self, entries: Sequence[Any], seat: int) -> int | None:
        """The index of ``seat``'s newest held move: taking it back cuts the game there."""
        if self.seat != seat:
            return None
        for i in range(len(entries) - 1, self.written - 1, -1):
            if entries[i].actor == seat:
                return i
        return None

    def refusal(self, entries: Sequence[Any], seat: int) -> str | None:
        """Why ``seat`` cannot take a move back now, or None if it can."""
        if self.last_move(entries, seat) is not None:
            return None
        if not any(entry.actor == seat for entry in entries):
            return NOTHING_HELD
        if self.seat is not None:  # another person's moves are held
            return TOO_LATE[OTHER_PLAYER]
        return TOO_LATE.get(self.closed, NOTHING_HELD)

    def cut(self, length: int) -> None:
        """The game was cut back to its first ``length`` entries (a move taken back)."""
        if length <= self.written:
            self.seat = None
            self.closed = NOTHING_HELD
