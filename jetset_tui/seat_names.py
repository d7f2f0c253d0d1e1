"""The names a new game's seats are given: yours (from the system's user name) and the bots'.
Any game's form uses them (jetset_tui/screens/new_game.py)."""

from __future__ import annotations

import getpass

from jetset_tui.i18n import _

BOT_NAMES = ("Amelia", "Wilbur", "Bessie", "Charles", "Beryl", "Orville")


def your_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:  # no user name in this environment
        return _("You")
    return name.capitalize() if name and name.isalnum() else _("You")
