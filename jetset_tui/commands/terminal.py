"""Whether a command that opens the game's screen has a terminal to open it on."""

from __future__ import annotations

import sys

from jetset_tui.i18n import N_, _

NO_TERMINAL = N_("the game's screen needs a terminal, and {which} is not one")


def not_a_terminal() -> str | None:
    """Which end of the command is no terminal (English: ``_`` says it in the player's
    language), or None at a terminal: ``< /dev/null`` had Textual read the end of its input
    over and over, a core spinning for ever."""
    if not sys.stdin.isatty():
        return N_("its input")
    if not sys.stdout.isatty():
        return N_("its output")
    return None


def no_terminal(*, instead: str | None = None) -> str | None:
    """Why the game's screen cannot open here, in the player's language, or None.
    ``instead``: what does the same without a screen, if anything. The command's name goes
    before it."""
    which = not_a_terminal()
    if which is None:
        return None
    said = _(NO_TERMINAL).format(which=_(which))
    return said if instead is None else f"{said}; {instead}"
