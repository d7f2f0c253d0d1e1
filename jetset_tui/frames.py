"""One change on the table, one frame on the terminal: a table screen redraws its widgets from
the session (its ``sync``), then lets the event loop turn a few times before the screen goes
idle and Textual's screen timer paints. Otherwise that timer can paint the first widgets that
told the screen they changed alone, and the rest a frame (17 ms) later: twice the time to the end
of a play's repaint, and bytes written twice (BENCHMARKS.md, "Figures checked again")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

WIDGET_TURNS = 3
"""Turns of the event loop a widget takes to tell its screen it needs painting."""


async def sync_in_one_frame(sync: Callable[[], None]) -> None:
    """``sync`` (a table screen's redraw from its session), then the turns the widgets it
    changed take to tell their screen: posted with ``call_later`` when an entry comes."""
    sync()
    for _turn in range(WIDGET_TURNS):
        await asyncio.sleep(0)
