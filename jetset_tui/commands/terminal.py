"""Whether a command that opens the game's screen has a terminal to open it on."""

from __future__ import annotations

import sys

from jetset_tui.i18n import _


def no_terminal(command: str, *, headless: str | None = None) -> str | None:
    """Why ``command`` cannot open its screen here (its input or output is not a terminal:
    ``< /dev/null`` had Textual read the end of its input over and over, a core spinning for
    ever), or None. ``headless``: the flag that runs it without a screen, if it has one."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    which = _("its input") if not sys.stdin.isatty() else _("its output")
    said = _("{command}: the game's screen needs a terminal, and {which} is not one")
    said = said.format(command=command, which=which)
    if headless is not None:
        said += "; " + _("{flag} serves the game without a screen").format(flag=headless)
    return said
