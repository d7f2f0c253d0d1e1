"""Whether a command that opens the game's screen has a terminal to open it on."""

from __future__ import annotations

import sys

from jetset_tui.i18n import _


def no_terminal(*, instead: str | None = None) -> str | None:
    """Why the game's screen cannot open here (the command's input or output is not a
    terminal: ``< /dev/null`` had Textual read the end of its input over and over, a core
    spinning for ever), or None. ``instead``: what does the same without a screen, if
    anything. The command's name goes before it."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    which = _("its input") if not sys.stdin.isatty() else _("its output")
    said = _("the game's screen needs a terminal, and {which} is not one").format(which=which)
    return said if instead is None else f"{said}; {instead}"
