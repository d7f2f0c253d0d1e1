"""Python's garbage collector while the app starts (BENCHMARKS.md, "TUI").

Starting ``jetset play`` loads Textual, the engine and the game's screens: a few hundred
thousand objects, all kept as long as the app runs. Python's collector would scan them again
and again as they are made (a full collection among them, 20–60 ms of a start of about 300),
and would find next to nothing to free. So ``hold`` stops it while the app starts, and
``release``, once the first frame is on the screen, sets everything made so far aside for good
(``gc.freeze``: later collections never scan it) and lets the collector run again as usual.

Only the commands that open the app hold it (``jetset``, ``jetset play``, ``jetset tutorial``);
``release`` is harmless when nothing was held, and runs at the latest when the app has been up
for ``FALLBACK`` seconds, whatever screen it opened.
"""

from __future__ import annotations

import gc

FALLBACK = 2.0
"""Seconds after the app is ready by which the collector runs again on any screen."""

_held = False


def hold() -> None:
    """Stop the collector until ``release`` (idempotent)."""
    global _held
    if not _held and gc.isenabled():
        _held = True
        gc.disable()


def release() -> None:
    """Set what the start made aside (``gc.freeze``) and let the collector run again."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
