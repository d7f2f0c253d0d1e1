"""The terminal's bell when a turn comes to you from people elsewhere.

At a table with friends over the network (``jetset host``/``join``, an SSH server, a browser
tab) a player waits through the others' turns, often in another window; the bell, which every
terminal shows its own way (a sound, a flash, a mark on the tab), says that it is their turn
again, or that they are asked something (a Business Deal's answer, a hub to place). At one
keyboard, against bots or in a hot seat, the screen is in front of the player and nothing rings.
A player whose turn clock runs low hears it again (``HURRY``). A terminal's own setting
silences it (tmux: ``set -g bell-action none``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

from engine import CHANCE
from netcode.client import GameClient, Presence

WAITED = 5.0
"""Seconds a table must have waited for its last player before its game's beginning rings:
the one who sat down last, a moment ago, is looking (jetset_tui/ssh/app.py's wait for the
last seats rings after the same)."""
HURRY = 30.0
"""Seconds left on a player's turn clock at which the bell rings again, once a decision (an SSH
server's clock is five minutes; the stand-in bot decides when it runs out)."""


class Seated(Protocol):
    """A seat as a session lists it (netcode.client.SeatInfo)."""

    @property
    def is_bot(self) -> bool: ...


def others_play_elsewhere(seats: Sequence[Seated], local_seats: Sequence[int]) -> bool:
    """Whether someone at this table is a person at another keyboard (an open seat waits for
    one): the only tables where the bell rings."""
    return any(not seat.is_bot and i not in local_seats for i, seat in enumerate(seats))


class TurnBell:
    """Follows whose turn it is and says when to ring: once, as the decision passes to the
    player at this keyboard from another seat, and once as a game dealt while the table waited
    (``WAITED`` or more) begins. Never for the first decision a screen sees
    (the player just sat down or came back), nor for the dealer's entries between two of one
    player's decisions (a card drawn in the middle of their turn)."""

    def __init__(self) -> None:
        self.opened_at = time.monotonic()
        """When the table came on screen (for ``WAITED``: nothing in the game)."""
        self.yours: bool | None = None
        """Whether the last seat seen to decide was this keyboard's (None: none seen yet)."""
        self.began = False
        """The game's first entry came live: the next decision rings, whoever's it is."""
        self.clock_above = False
        """This keyboard's player is deciding and their clock was seen above ``HURRY``."""

    def dealt(self, index: int, live: bool, waited: float) -> None:
        """An entry came (``index`` in the log; ``live``: made now, not caught up on) to a
        table on screen for ``waited`` seconds: the first entry made now is the game
        beginning, which rings if the table waited ``WAITED`` seconds or more for it."""
        if index == 0 and live and waited >= WAITED:
            self.began = True

    def arrived(self, index: int, live: bool) -> None:
        """``dealt``, for a table on screen since this bell was made."""
        self.dealt(index, live, time.monotonic() - self.opened_at)

    def follow(self, session: GameClient, mover: int | None, yours: bool) -> bool:
        """``rings``, at a table where someone plays elsewhere (``others_play_elsewhere``)."""
        ring = self.rings(mover, yours)  # followed at every table, rung only at some
        return ring and others_play_elsewhere(session.seats, session.local_seats)

    def rings(self, mover: int | None, yours: bool) -> bool:
        """``mover`` is to decide now (CHANCE: the dealer; None: nobody, the game is over) and
        ``yours`` says whether that is the player at this keyboard: whether to ring now."""
        began, self.began = self.began, False
        if mover is None or mover == CHANCE:
            self.began = began  # said when someone is to decide
            return False
        ring = began or (yours and self.yours is False)
        self.yours = yours
        return ring

    def hurries(self, presence: Presence, mover: int | None, yours: bool) -> bool:
        """Once a second while a clock runs: ``mover`` decides (``yours``: the player at this
        keyboard), under ``presence``'s clocks. True once a decision of yours, as your clock
        falls to ``HURRY`` from above it."""
        left = presence.clock(mover) if yours and mover is not None else None
        if left is None or left > HURRY:
            self.clock_above = left is not None
            return False
        ring, self.clock_above = self.clock_above, False
        return ring
