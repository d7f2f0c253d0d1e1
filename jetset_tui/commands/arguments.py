"""Argument types every command shares: each flag checked where it is read, so a wrong value is
a usage error (exit 2) naming the flag, never a traceback or a silent default.

The engine is imported only when a flag that needs it is given (``jetset`` alone stays quick).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """A type for ``add_argument``: a whole number from ``low`` (to ``high``, if given)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} up" if high is None else f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"{value}: give a number {span}")
        return value

    return parse


def seconds(text: str) -> float:
    """A number of seconds, 0 or more (below a million)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value < 1e6:
        raise argparse.ArgumentTypeError(f"seconds from 0 up, not {text}")
    return value


def players(text: str) -> int:
    """A player count the game is for (2 to 6)."""
    from engine.options import MAX_PLAYERS, MIN_PLAYERS

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"{value}: Jet Set is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    return value


port = whole_number(0, 65535)
"""A TCP port; 0 lets the system choose a free one."""


def kinds(text: str) -> list[str]:
    """A comma-separated list of seat kinds, blanks dropped; an empty list is an error."""
    words = [word.strip() for word in text.split(",") if word.strip()]
    if not words:
        raise argparse.ArgumentTypeError(f"no kind named in {text!r}")
    return words


def bot_seats(bots: list[str], seats: int, flag: str = "--bots") -> None:
    """Never drop a kind silently: ValueError (a usage error) when ``flag`` names more kinds
    than the ``seats`` they could take (``--bots``: one kind per seat, for the last seats)."""
    if len(bots) > seats:
        raise ValueError(f"{flag} names {len(bots)} kinds for {seats} seats (one kind per seat)")
