"""The names a new game's seats are given: yours (from the system's user name) and the bots'.
Any game's form uses them (jetset_tui/screens/new_game.py)."""

from __future__ import annotations

import getpass
import re
from collections.abc import Sequence

from jetset_tui.i18n import N_, _, pgettext

BOT_NAMES = ("Amelia", "Wilbur", "Bessie", "Charles", "Beryl", "Orville")

LOGIN = re.compile(r"[A-Za-z0-9._-]{1,32}")
"""A login name that reads as a player's name."""

BOT_WORDS = {
    "mcts": N_("search"),
    "search": N_("search"),  # Jet Lag's search bot is called by its word
    "greedy": N_("greedy"),
    "random": N_("random"),
}
"""The bot kinds as players read them, in their language (README: "the search bot"); the
command line, the logs and ``--json`` keep the kind (``mcts``, ``greedy``), and a player may name
a kind by either (``bot_kind_named``)."""


def player_words(seat: int) -> str:
    """A seat as players count them, where no name says it: ``player 1`` for the first."""
    return _("player {n}").format(n=seat + 1)


def bot_words(label: str) -> str:
    """A bot kind (a label: ``greedy``, ``mcts``) as a player reads it: ``search`` for
    ``mcts``, any other as it is called."""
    return _(BOT_WORDS[label]) if label in BOT_WORDS else label


def bot_kind_named(kinds: Sequence[str], word: str) -> str:
    """The bot kind among ``kinds`` that a player named by its kind (``mcts``) or by its word, in
    English or in the player's language (``search``, ``ricerca``); any other word as it came."""
    said = word.strip().lower()
    for kind in kinds:
        if said in (kind, BOT_WORDS.get(kind, kind), bot_words(kind).lower()):
            return kind
    return word.strip()


def bot_kind_before_bot(label: str) -> str:
    """A bot kind as it stands in "the … bot" (the advice's "In your place the search bot
    would play"), where Italian says "il bot di ricerca" and not "il bot ricerca"."""
    if label in ("mcts", "search"):
        return pgettext("the … bot", "search")
    return bot_words(label)


def your_name() -> str:
    """Your name at a game on this machine: your login name, else "You"."""
    name = login_name()
    return name if name is not None and name.isalnum() else _("You")


def login_name() -> str | None:
    """The system's user name, capitalised, when it reads as a name (letters, digits, ``.``,
    ``_``, ``-``; at most 32): what the others at a network table call you by default, as an
    SSH player is called by their SSH user name. None: no such name here."""
    try:
        name = getpass.getuser()
    except Exception:  # no user name in this environment
        return None
    return name.capitalize() if LOGIN.fullmatch(name) else None


AWAY_MARK = N_("* after a name: that player is not connected; their seat waits for them")
"""What the ``*`` after a name in a lobby's games list means (both lobbies say it where one
shows: a play test found it explained nowhere)."""
