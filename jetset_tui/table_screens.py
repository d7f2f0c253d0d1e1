"""Which screen shows a game's table: one name per game of engine/games.py.

Every way into a game (``jetset play`` and the start screen's Load, ``jetset join``, ``jetset
host`` with a screen, the SSH lobby and the browser) holds a ``GameClient`` and asks here for the
screen that plays it, so that none of them names a game. Each screen takes the session (and the
colours chosen for the seats, which a game without liveries ignores) and talks to it only
through the ``GameClient`` interface. The screens' modules are imported when first asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Final

from jetset_tui.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

    from textual.screen import Screen

    from netcode.client import GameClient
    from netcode.logfile import GameLog

TABLE_SCREENS: Final = {
    "jetset": ("jetset_tui.screens.game", "GameScreen"),
    "jetlag": ("jetset_tui.screens.jetlag", "JetLagScreen"),
}
"""Each game's name, and the module and class of the screen of its table."""
SCREEN_GAMES: Final = tuple(TABLE_SCREENS)
"""The games the app can show."""
END_SCREENS: Final = {
    "jetset": ("jetset_tui.screens.end", "end_screen"),
    "jetlag": ("jetset_tui.screens.jetlag_end", "end_screen"),
}
"""Each game's end (on screens/end_frame.py), for a finished game opened from its log."""
REPLAY_SCREENS: Final = {"jetlag": ("jetset_tui.screens.jetlag_replay", "replay_screen")}
"""Each game's replay, besides Jet Set's viewer (jetset_tui/screens/replay.py, which the app keeps
installed): the module and function that make the screen of a log."""


def has_table_screen(game: str) -> bool:
    return game in TABLE_SCREENS


def is_table_screen(screen: object) -> bool:
    """``screen`` plays a game's table (one of ``TABLE_SCREENS``, or a screen built on one), so
    that it holds the game's ``session`` (told without importing every game's screen)."""
    shown = set(TABLE_SCREENS.values())
    return any((kind.__module__, kind.__name__) in shown for kind in type(screen).__mro__)


def no_table_screen(game: str) -> str:
    """What a person is told when the app cannot show ``game``."""
    return _("this app has no table for the game {game}").format(game=game)


def replay_screen(
    log: GameLog, path: Path, seat: int | None = None, *, from_start: bool = False
) -> Screen[None]:
    """The replay of ``log`` for a game other than Jet Set (ValueError: one there is none for,
    a log that does not replay, a seat it has not)."""
    name = log.header.game
    if name not in REPLAY_SCREENS:
        raise ValueError(no_table_screen(name))
    module, attr = REPLAY_SCREENS[name]
    screen: Screen[None] = getattr(import_module(module), attr)(
        log, path, seat, from_start=from_start
    )
    return screen


def end_screen(session: GameClient, path: Path) -> Screen[None]:
    """The end of ``session``'s finished game, saved in ``path`` (ValueError for a game the app
    cannot show)."""
    name = session.rules.name
    if name not in END_SCREENS:
        raise ValueError(no_table_screen(name))
    module, attr = END_SCREENS[name]
    screen: Screen[None] = getattr(import_module(module), attr)(session, path)
    return screen


def table_screen(session: GameClient, colours: list[str] | None = None) -> Screen[None]:
    """The screen that plays ``session``'s game (ValueError for a game the app cannot show)."""
    name = session.rules.name
    if name not in TABLE_SCREENS:
        raise ValueError(no_table_screen(name))
    module, attr = TABLE_SCREENS[name]
    screen: Screen[None] = getattr(import_module(module), attr)(session, colours)
    return screen
