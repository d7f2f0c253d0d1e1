"""Who plays a seat: a person, or a bot of a kind. One value type for the table, the host, the
client, the log and the front ends, written as text (``human``, ``bot:<kind>``) only where it
crosses a boundary: log headers, the protocol's ``seats`` message, a seating plan."""

from __future__ import annotations

from typing import Final

from engine.values import value
from netcode.text import unsafe

BOT_PREFIX: Final = "bot:"


@value(unsafe_hash=True)
class SeatKind:
    """A person's seat (``bot`` None), or a bot's of kind ``bot``."""

    bot: str | None = None

    @classmethod
    def parse(cls, text: str) -> SeatKind:
        """``human`` or ``bot:<kind>``; ValueError for anything else."""
        if text == "human":
            return HUMAN
        kind = text.removeprefix(BOT_PREFIX)
        if kind == text or not kind:
            raise ValueError(f"a seat is 'human' or 'bot:<kind>', not {text[:40]!r}")
        if any(unsafe(char) for char in kind):  # it is shown: never a terminal's escape
            raise ValueError("a bot kind holds a control character")
        return cls(kind)

    @classmethod
    def of_bot(cls, kind: str) -> SeatKind:
        """A bot's seat; ``kind`` may already carry the ``bot:`` prefix."""
        return cls(kind.removeprefix(BOT_PREFIX))

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    @property
    def label(self) -> str:
        """How a screen names it: ``human``, or the bot's short name."""
        if self.bot is None:
            return "human"
        return self.bot.rpartition(":")[2]  # a bot of your own (``my_bot.py:MyBot``): its class

    def __str__(self) -> str:
        return "human" if self.bot is None else f"{BOT_PREFIX}{self.bot}"


HUMAN: Final = SeatKind()
