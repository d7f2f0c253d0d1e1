"""The hosting player's clock for a slow player, in words: the palette command that starts it
and what every screen at the table says once it has.

A LAN table without a turn clock waited for ever on a player who stayed connected and never
moved. The hosting player may put that player on the clock (``Hosting.hurry``): each of their
moves then gets a minute, after which a bot moves for them, until they move themselves. The
host tells every screen in its ``presence`` (``SeatPresence.hurry``); each says it once, in
words, the player concerned above all (netcode/standins.py; docs/security.md).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from jetset_tui.i18n import _, ngettext
from netcode.client import GameClient, Hosting, Presence

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

TOLD_FOR = {True: 20.0, False: 8.0}
"""Seconds the notice shows: to the player put on the clock, and to everyone else."""


def hurry_title(name: str, seconds: float) -> str:
    """The palette's command that puts ``name`` on the clock."""
    n = math.ceil(seconds)
    said = ngettext(
        "Give {name} {n} more second, then a bot moves for them",
        "Give {name} {n} more seconds, then a bot moves for them",
        n,
    )
    return said.format(name=name, n=n)


def hurry_help(name: str) -> str:
    """The line under the palette's command: how long it lasts."""
    return _("{name} is slow to move: each move, until they move themselves").format(name=name)


def hurry_words(name: str, seconds: float, *, yours: bool, hosting: bool) -> str:
    """What a screen says when ``name`` is put on the clock of ``seconds`` a move: to that
    player (``yours``), on the hosting player's own screen (``hosting``), or to anyone else."""
    n = math.ceil(seconds)
    if yours:
        said = ngettext(
            "The host has put you on the clock: {n} second a move, then a bot moves for you, "
            "until you move yourself.",
            "The host has put you on the clock: {n} seconds a move, then a bot moves for you, "
            "until you move yourself.",
            n,
        )
    elif hosting:
        said = ngettext(
            "{name} is on the clock: {n} second a move, then a bot moves for them, until they "
            "move themselves.",
            "{name} is on the clock: {n} seconds a move, then a bot moves for them, until they "
            "move themselves.",
            n,
        )
    else:
        said = ngettext(
            "The host has put {name} on the clock: {n} second a move, then a bot moves for "
            "them, until they move themselves.",
            "The host has put {name} on the clock: {n} seconds a move, then a bot moves for "
            "them, until they move themselves.",
            n,
        )
    return said.format(name=name, n=n)


class HurryNotice:
    """Says once each time a seat is put on the hosting player's clock (again after its player
    has moved themselves and is off it)."""

    def __init__(self) -> None:
        self.on_the_clock: frozenset[int] = frozenset()
        """The seats the last presence had on the clock."""

    def tell(self, screen: Screen[Any], session: GameClient, names: Sequence[str]) -> None:
        """After a ``presence``: ``screen`` says who has just been put on the clock; to the
        player concerned as a warning, shown longer."""
        for words, mine in self.news(session.presence, names, session.local_seats, session.hosting):
            severity: SeverityLevel = "warning" if mine else "information"
            screen.notify(words, severity=severity, timeout=TOLD_FOR[mine], markup=False)

    def news(
        self,
        presence: Presence | None,
        names: Sequence[str],
        yours: Collection[int],
        hosting: Hosting | None,
    ) -> list[tuple[str, bool]]:
        """What to say now, for each seat newly on the clock: the words, and whether they are
        for the player at this keyboard (said as a warning, and for longer)."""
        if presence is None:
            return []
        hurried = {i: s.hurry for i, s in enumerate(presence.seats) if s.hurry is not None}
        new = sorted(set(hurried) - self.on_the_clock)
        self.on_the_clock = frozenset(hurried)
        out: list[tuple[str, bool]] = []
        for seat in new:
            name = names[seat] if seat < len(names) else "?"
            mine = seat in yours
            words = hurry_words(name, hurried[seat] or 0.0, yours=mine, hosting=hosting is not None)
            out.append((words, mine))
        return out
