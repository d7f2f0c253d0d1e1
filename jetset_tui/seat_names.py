"""The names a new game's seats are given: yours (from the system's user name) and the bots'.
Any game's form uses them (jetset_tui/screens/new_game.py)."""

from __future__ import annotations

import getpass

from jetset_tui.i18n import N_, _

BOT_NAMES = ("Amelia", "Wilbur", "Bessie", "Charles", "Beryl", "Orville")

BOT_WORDS = {"mcts": N_("search")}
"""The bot kinds whose name is a term of the trade, as players read them (README: "the search
bot"); the command line, the logs and ``--json`` keep the kind (``mcts``)."""


def bot_words(label: str) -> str:
    """A bot kind (a label: ``greedy``, ``mcts``) as a player reads it: ``search`` for
    ``mcts``, any other as it is called."""
    return _(BOT_WORDS[label]) if label in BOT_WORDS else label


def your_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:  # no user name in this environment
        return _("You")
    return name.capitalize() if name and name.isalnum() else _("You")
