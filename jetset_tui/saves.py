"""The saved games in the user data directory, described for the load screen (a game other than
Jet Set is named before its players)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.games import DEFAULT, TITLES
from engine.platform import CHANCE
from jetset_tui.game_options import table_option_words
from jetset_tui.i18n import _, ngettext
from jetset_tui.refusals import problem_said
from netcode.local import hosted_for_others
from netcode.logerrors import DamagedLog, LogFormatError
from netcode.logfile import read_log
from netcode.tablefiles import storage_problem
from netcode.userdirs import LOG_SUFFIX, saves_dir


@dataclass(frozen=True)
class SavedGame:
    path: Path
    names: list[str]
    moves: int
    """The players' moves in its log (the dealer's entries not counted)."""
    finished: bool
    saved: datetime
    game: str = DEFAULT
    """The game's name (engine/games.py)."""
    options: tuple[str, ...] = ()
    """Its options beyond the defaults, in words (``Hubs, Business cards``)."""
    tutorial: bool = False
    """The tutorial's game (its header's ``meta``), which the list names as such."""
    hosted: bool = False
    """Hosted for players at other screens (``jetset host``): continued by hosting it again."""

    def describe(self) -> str:
        if self.finished:
            line = ngettext(
                "{when}  {names}  · {n} move · finished",
                "{when}  {names}  · {n} moves · finished",
                self.moves,
            )
        else:
            line = ngettext(
                "{when}  {names}  · {n} move · in play",
                "{when}  {names}  · {n} moves · in play",
                self.moves,
            )
        # TRANSLATORS: a strftime format; month names stay English, so use numbers if unsure
        when = self.saved.strftime(_("%d %b %H:%M"))
        names = ", ".join(self.names)
        if self.tutorial:  # a play test took it for a game of its own against a bot
            names = _("Tutorial: {names}").format(names=names)
        elif self.game != DEFAULT:
            # TRANSLATORS: a saved game of another game than Jet Set: its title, then its players
            names = _("{game}: {names}").format(game=TITLES.get(self.game, self.game), names=names)
        hosted = [_("hosted on the network")] if self.hosted and not self.finished else []
        said = line.format(when=when, names=names, n=self.moves)
        return " · ".join([said, *hosted, *self.options])


def describe_file(path: Path) -> SavedGame | None:
    try:
        log = read_log(path)
    except (OSError, LogFormatError):
        return None
    return SavedGame(
        path,
        [s.name for s in log.header.seats],
        sum(1 for _index, actor, _line, _digest in log.records if actor != CHANCE),
        log.seed is not None,
        datetime.fromtimestamp(path.stat().st_mtime),
        log.header.game,
        tuple(table_option_words(log.header.game, log.header.options)),
        log.header.meta.get("tutorial") is True,
        hosted_for_others(log.header),
    )


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """Every readable log in ``folder`` (the saves directory), newest first."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    found = [describe_file(p) for p in folder.glob(f"*{LOG_SUFFIX}")]
    games = [g for g in found if g is not None]
    return sorted(games, key=lambda g: g.saved, reverse=True)


def unreadable(path: Path, exc: OSError | ValueError) -> str:
    """Why ``path`` would not open, in a player's words: "game.jetset: no such file", never
    "[Errno 2] No such file or directory: '…'" (a bad log's own sentence as it is)."""
    return _("{file}: {problem}").format(file=path.name, problem=problem_of(exc))


def problem_of(exc: OSError | ValueError) -> str:
    """What went wrong opening a file, in a player's words ("no such file"), for a sentence
    that names the file itself (the commands say the path as it was typed)."""
    if isinstance(exc, FileNotFoundError):
        problem = _("no such file")
    elif isinstance(exc, IsADirectoryError):
        problem = _("a folder, not a saved game")
    elif isinstance(exc, PermissionError):
        problem = _("no permission to read it")
    elif isinstance(exc, OSError):
        problem = (exc.strerror or str(exc)).lower()
    elif isinstance(exc, UnicodeDecodeError):
        problem = _("not a text file (UTF-8)")
    elif isinstance(exc, DamagedLog):
        problem = damaged_words(None if exc.entries is None else exc.moves)
    else:  # a log that is none says why in the player's words (its Reason)
        problem = problem_said(exc)
    return problem


def damaged_words(moves: int | None) -> str:
    """A saved game damaged inside, in a player's words: where, counted in the players' moves
    (the dealer's entries left out, as the Load list counts; the records' own words are for
    scripts: ``jetset replay --verify`` says them)."""
    if moves is None:
        return _("a damaged saved game: its beginning cannot be read")
    if not moves:
        return _("a damaged saved game: nothing after its beginning can be read")
    said = ngettext(
        "a damaged saved game: only its first move can be read",
        "a damaged saved game: only its first {n} moves can be read",
        moves,
    )
    return said.format(n=moves)


def write_problem_of(exc: OSError) -> str:
    """What went wrong writing a file or making a folder, in a player's words ("a folder, not
    a file"), for a sentence that names the path as it was typed."""
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        problem = _("its folder does not exist")
    elif isinstance(exc, IsADirectoryError):
        problem = _("a folder, not a file")
    elif isinstance(exc, FileExistsError):
        problem = _("a file, not a folder")
    elif isinstance(exc, PermissionError):
        problem = _("no permission to write there")
    else:  # a full disk, a disk error: the words the host says them in
        problem = _(storage_problem(exc))
    return problem
