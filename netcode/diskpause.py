"""A log that cannot be written pauses the game (docs/protocol.md, "A disk that refuses writes").

The host writes every entry to disk before it tells anyone. When the disk refuses (full, gone,
read-only), nothing was applied: the game is paused, every peer is told why, and the same write is
tried again after 1 s, 2 s, 4 s … (``retry_most`` apart at most) until it works.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from netcode import messages as m
from netcode.tablefiles import StorageError

if TYPE_CHECKING:
    from netcode.host import Host

log = logging.getLogger("jetset.host")


class DiskPause:
    """The host's writes, and the pause while the disk refuses them."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.reason: str | None = None
        """Why the game is paused (the log cannot be written: "disk full"), or None."""
        self._retry: Callable[[], None] | None = None

    def saving(self, step: Callable[[], None]) -> None:
        """Run ``step``, which writes the log first and then tells the peers; if the disk
        refuses (StorageError: nothing was applied), pause the game and retry it."""
        try:
            step()
        except StorageError as exc:
            self._pause(exc.reason, step)

    def _pause(self, reason: str, step: Callable[[], None]) -> None:
        """Accept no action, tell everyone why, and try ``step`` again on a back-off."""
        self.reason = reason
        self._retry = step
        log.warning("cannot save the game (%s): the game is paused until it can", reason)
        self.host.broadcast(m.paused_message(reason))
        self.host.spawn(self._retry_loop())

    async def _retry_loop(self) -> None:
        """Try the write that failed after 1 s, 2 s, 4 s … (at most ``retry_most`` apart) until
        it works, then let the game go on. One log line a try, never a traceback."""
        settings = self.host.settings
        delay = settings.retry_first
        while self._retry is not None:
            await asyncio.sleep(delay)
            try:
                self._retry()
            except StorageError as exc:
                delay = min(2 * delay, settings.retry_most)
                log.info("still cannot save the game (%s); next try in %g s", exc.reason, delay)
                continue
            self._retry = None
        self.reason = None
        log.warning("the game is saved again and goes on")
        self.host.broadcast(m.Unpaused())
