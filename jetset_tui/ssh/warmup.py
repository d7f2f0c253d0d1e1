"""Before the first player arrives, the server starts one lobby app on a terminal nobody sees.

The first session on a fresh server would otherwise load the whole game's code (the screens,
widgets, Textual's) and parse its CSS on the one event loop, with everyone who arrived with it
waiting; after this, every arrival finds them loaded and parsed (``share_parsed_css``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from jetset_tui.ssh.driver import TerminalLink
from jetset_tui.ssh.lobby import Lobby
from jetset_tui.ssh.seating import Player

log = logging.getLogger("jetset.ssh")

NOBODY = Player("warm-up:", "warm-up", "-")
DRAWN = 200
"""Bytes of a frame that is a screen (not just the terminal's set-up)."""


class Nowhere(TerminalLink):
    """A terminal nobody sees: it notes that a screen was drawn and keeps nothing."""

    size = (120, 40)

    def __init__(self) -> None:
        self.drawn = asyncio.Event()

    def send(self, data: bytes) -> None:
        if len(data) > DRAWN:
            self.drawn.set()


async def warm_up(lobby: Lobby, timeout: float = 10.0) -> bool:
    """Start a lobby app until its first screen is drawn, then end it; whether it was."""
    from jetset_tui.ssh.app import SshApp

    began = time.perf_counter()
    link = Nowhere()
    app = SshApp(link, lobby, NOBODY, "truecolor")
    run = asyncio.ensure_future(app.run_async(size=link.size))
    drawn = False
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(link.drawn.wait(), timeout)
        drawn = True
    app.exit()
    try:
        await asyncio.wait_for(run, timeout)
    except Exception:  # a warm-up that fails costs the first player some time, nothing more
        log.exception("the warm-up app failed")
        return False
    log.info("warmed up in %.0f ms", 1000 * (time.perf_counter() - began))
    return drawn
