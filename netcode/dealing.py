"""The deal of a hosted game in two steps: pledges, then values (docs/security.md, "Fair dealing").

Every peer sends a pledge (a hash of its random value) with its seat request. Once every seat is
taken the host announces all the pledges, fixed from then on; only then does each peer reveal its
value, which must match its pledge. The cards are dealt once every pledged value is in, or after
``reveal_time`` seconds without the missing ones (the log's header says which).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from netcode import messages as m
from netcode import protocol as p
from netcode.connection import Conn

if TYPE_CHECKING:
    from netcode.host import Host

log = logging.getLogger("jetset.host")


class Dealing:
    """The deal of one host: asked for once, done once."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.asked = False  # every seat is taken: pledges announced, values awaited
        self.called = False  # the deal was asked of the table (once)

    def seat_taken(self, conn: Conn, seat: int | None) -> bool:
        """Someone sat down (``seat``, or a spectator): announce the pledges if that filled the
        table, or repeat them to a player back while the values are awaited. True when the game
        had already started (the seat's turn and clock are the host's to offer)."""
        t = self.host.table
        if not t.started and t.full() and not self.asked:
            self.ask_for_values()
            return False
        if not t.started and self.asked:
            if seat is not None:
                conn.send(m.Pledges(pledges=tuple(t.pledges)))
            return False
        return True

    def ask_for_values(self) -> None:
        """Every seat is taken: announce every seat's pledge, fixed from now on, and deal once
        each pledged value is revealed, or after ``reveal_time`` without the missing ones."""
        self.asked = True
        t = self.host.table
        if not t.awaiting_values():
            self.deal_now()
            return
        self.host.broadcast(m.Pledges(pledges=tuple(t.pledges)))

        async def deadline() -> None:
            await asyncio.sleep(self.host.settings.reveal_time)
            missing = self.host.table.awaiting_values()
            log.info("dealing without the random values of seats %s (not revealed)", missing)
            self.deal_now()

        self.host.spawn(deadline())

    def contribution(self, conn: Conn, value: str) -> None:
        """A seat reveals its random value: it must come after the pledges and match its own."""
        t = self.host.table
        if conn.seat is None or not self.asked:
            why = "random values are revealed once every seat is taken and the pledges are out"
            conn.send(m.Error(code=p.E_ORDER, message=why))
            return
        refusal = t.contribute(conn.seat, value)
        if refusal is not None:
            conn.send(m.Error(code=p.E_MALFORMED, message=refusal))
            return
        if not t.awaiting_values():
            self.deal_now()

    def deal_now(self) -> None:
        """Write the header and deal, once (a start the disk refuses is retried by the host's
        disk pause)."""
        if self.called:
            return
        self.called = True
        host = self.host
        host.disk.saving(lambda: host.started_now(host.table.start()))
