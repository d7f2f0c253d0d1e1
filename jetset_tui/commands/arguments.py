"""Argument types every command shares: each flag checked where it is read, so a wrong value is
a usage error (exit 2) naming the flag, never a traceback or a silent default.

The engine is imported only when a flag that needs it is given (``jetset`` alone stays quick).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from jetset_tui.i18n import _

if TYPE_CHECKING:
    from netcode.logfile import GameLog


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """A type for ``add_argument``: a whole number from ``low`` (to ``high``, if given)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            said = _("not a whole number: {text}").format(text=repr(text))
            raise argparse.ArgumentTypeError(said) from None
        if value < low or (high is not None and value > high):
            said = _("{value}: give a number from {low} up")
            if high is not None:
                said = _("{value}: give a number from {low} to {high}")
            raise argparse.ArgumentTypeError(said.format(value=value, low=low, high=high))
        return value

    return parse


def seconds(text: str) -> float:
    """A number of seconds, 0 or more (below a million)."""
    try:
        value = float(text)
    except ValueError:
        said = _("not a number of seconds: {text}").format(text=repr(text))
        raise argparse.ArgumentTypeError(said) from None
    if not 0 <= value < 1e6:
        raise argparse.ArgumentTypeError(_("seconds from 0 up, not {text}").format(text=text))
    return value


def players(text: str) -> int:
    """A player count the game is for (2 to 6)."""
    from engine.jetset.options import MAX_PLAYERS, MIN_PLAYERS

    try:
        value = int(text)
    except ValueError:
        said = _("not a number of players: {text}").format(text=repr(text))
        raise argparse.ArgumentTypeError(said) from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        said = _("{value}: Jet Set is for {low} to {high} players")
        raise argparse.ArgumentTypeError(
            said.format(value=value, low=MIN_PLAYERS, high=MAX_PLAYERS)
        )
    return value


port = whole_number(0, 65535)
"""A TCP port; 0 lets the system choose a free one."""


def kinds(text: str) -> list[str]:
    """A comma-separated list of seat kinds, blanks dropped; an empty list is an error."""
    words = [word.strip() for word in text.split(",") if word.strip()]
    if not words:
        raise argparse.ArgumentTypeError(_("no kind named in {text}").format(text=repr(text)))
    return words


def bot_seats(bots: list[str], seats: int, flag: str = "--bots") -> None:
    """Never drop a kind silently: ValueError (a usage error) when ``flag`` names more kinds
    than the ``seats`` they could take (``--bots``: one kind per seat, for the last seats)."""
    if len(bots) > seats:
        said = _("{flag} names {kinds} kinds for {seats} seats (one kind per seat)")
        raise ValueError(said.format(flag=flag, kinds=len(bots), seats=seats))


def say_bot_trouble(command: str, said: str) -> None:
    """A bot of your own failed and the stand-in decided (``netcode.botplayer``): a line on
    stderr, for the person who runs ``command`` without a screen."""
    print(f"{command}: {said}", file=sys.stderr, flush=True)


def add_turn_time(sp: argparse.ArgumentParser) -> None:
    """``--turn-time``: the servers' turn clock (``jetset ssh-server``, ``jetset web``)."""
    sp.add_argument(
        "--turn-time",
        type=seconds,
        default=300.0,
        metavar="SECONDS",
        help=_(
            "a bot moves for a player who has not moved in this time (default 300; 0: no clock)"
        ),
    )


def add_reveal_argument(sp: argparse.ArgumentParser) -> None:
    """``--reveal``: a seat's view of a game not over (``hidden_cards_refusal``)."""
    sp.add_argument(
        "--reveal",
        action="store_true",
        help=_("with --seat, a game that is not over: show that seat's hidden cards anyway"),
    )


def hidden_cards_refusal(args: argparse.Namespace, log: GameLog) -> str | None:
    """Why ``--seat`` may not show this log (None: it may): a game not over (its seed not yet
    revealed) keeps each seat's cards hidden from the others, as ``jetset export`` does, unless
    ``--reveal`` (a tinkerer's play test read a hot-seat opponent's Final Flights this way)."""
    if args.seat is None or log.seed is not None or args.reveal:
        return None
    said = _(
        "{file}: this game's seed is not revealed (the game is not over, or its end was not "
        "saved), and --seat shows that seat's hidden cards; --reveal shows them anyway "
        "(without --seat, the table as a spectator sees it)"
    )
    return said.format(file=args.file)
