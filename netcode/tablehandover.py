"""The table's seats given away (docs/protocol.md, ``leave``): a player leaving their seat to
whoever joins next, or the hosting player doing so for a player who is gone. Each gift makes the
seat a new token (``Secrets.handovers``, kept in ``<log>.secret``), so the old one takes nothing
back; the log's header keeps the seat's first player's name, and the table calls who plays it
now by theirs (``sitter``). ``Table`` (netcode/table.py) is built on it; the host's side, who
may give and who takes, is netcode/hostseats.py."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from netcode.tablefiles import Handover, Secrets, StorageError, secrets_path

if TYPE_CHECKING:
    from netcode.table import SeatSlot

logger = logging.getLogger("jetset.table")


class SeatHandovers:
    """The seats their players gave away, and who took them (``Table``)."""

    seats: list[SeatSlot]
    keys: Secrets
    log_path: Path
    pledges: list[str | None]
    """The table's seats, secrets, log and pledges (``Table.__init__`` says each)."""

    def free_seat(self) -> int | None:
        """The first human seat nobody has taken, or else the first one its player gave away
        and nobody has taken since (``give_away``), or None."""
        for i, slot in enumerate(self.seats):
            if not slot.is_bot and slot.name is None:
                return i
        for i, handover in sorted(self.keys.handovers.items()):
            if handover.open and 0 <= i < len(self.seats):  # a secrets file's seat, checked
                return i
        return None

    def given_open(self, seat: int) -> bool:
        """Whether ``seat``'s player gave it to whoever joins next, and nobody has taken it."""
        handover = self.keys.handovers.get(seat)
        return handover is not None and handover.open

    def give_away(self, seat: int, *, before_pledges: bool) -> None:
        """``seat``'s player leaves it to whoever joins next: its token is made anew (the old
        one takes nothing back). ``before_pledges`` (the table is not full yet): the seat is
        simply free again, with no name and no pledge; after, it waits open under its
        player's name, which the log's header keeps. The secrets file says so before anyone
        is told (StorageError if the disk refuses: nothing changed)."""
        slot = self.seats[seat]
        if slot.is_bot or slot.name is None:
            return
        old = self.keys.handovers.get(seat)
        generation = 1 if old is None else old.generation + 1
        by = None if old is None else old.by  # who gives it now, called so until it is taken
        self.keys.handovers[seat] = Handover(generation, open=not before_pledges, by=by)
        try:
            self._save_keys()
        except StorageError:
            if old is None:
                del self.keys.handovers[seat]
            else:
                self.keys.handovers[seat] = old
            raise
        slot.token = self.keys.token(seat)
        if before_pledges:
            slot.name = None
            self.pledges[seat] = None

    def take_given(self, seat: int, name: str) -> None:
        """Someone called ``name`` takes the seat its player gave away: it is no longer open;
        they play it under the first player's name and are called ``name`` at the table."""
        handover = self.keys.handovers.get(seat)
        if handover is None or not handover.open:
            return
        handover.open, handover.by = False, name
        try:
            self._save_keys()
        except StorageError as exc:  # the seat is theirs now; after a restart it is open again
            logger.warning("cannot save who took seat %d (%s)", seat, exc.reason)

    def sitter(self, seat: int) -> str:
        """What the table calls the person in ``seat``: who took it when its player gave it
        away, else its player's name."""
        handover = self.keys.handovers.get(seat)
        if handover is not None and handover.by:
            return handover.by
        return self.seats[seat].name or f"seat-{seat}"

    def _save_keys(self) -> None:
        try:
            self.keys.save(secrets_path(self.log_path))
        except OSError as exc:
            raise StorageError(exc) from None
