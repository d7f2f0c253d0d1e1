"""Load a saved game (to continue it) or open a finished one (its scores and charts).

A game that another process is playing (its log is locked: ``netcode.loglock.LogLock``) is never
opened to play: the screen says who plays it and offers to watch it in the replay viewer, which
shows a running game as a spectator sees it (no Final Flights)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from jetset_tui.i18n import N_, _
from jetset_tui.saves import saved_games
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.too_small import TooSmall
from netcode.loglock import lock_holder
from netcode.userdirs import saves_dir


class LoadScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]
    DEFAULT_CSS = """
    LoadScreen #load { padding: 1 2; }
    LoadScreen OptionList { height: 1fr; margin: 1 0; }
    LoadScreen Input { width: 100%; }
    LoadScreen #watch { display: none; margin-top: 1; }
    LoadScreen #watch.-offered { display: block; }
    """

    def __init__(self, replays: bool = False, folder: Path | None = None) -> None:
        super().__init__(classes="guarded")
        self.replays = replays
        self.folder = folder or saves_dir()
        self.watchable: Path | None = None
        """A game being played elsewhere, offered to watch."""

    def compose(self) -> ComposeResult:
        games = saved_games(self.folder)
        title = _("Open a replay") if self.replays else _("Load a saved game")
        where = _("from {folder}").format(folder=self.folder)
        with Vertical(id="load"):
            yield Static(Text.assemble((title, "bold"), "  ", where))
            if self.replays:
                yield Static(
                    _(
                        "← → step, ↑ ↓ turns, [ ] rounds, space plays; a game still running "
                        "shows no Final Flights."
                    ),
                    classes="hint",
                    markup=False,
                )
            options = [Option(Text(g.describe()), id=str(g.path)) for g in games]
            yield OptionList(*options, id="saved")
            if not games:
                yield Static(_("No saved games here yet."), classes="hint")
            yield Input(
                placeholder=_("or type the path of a .jetset file and press Enter"), id="path"
            )
            yield Static("", classes="error", id="load-error")
            yield Button(_("Watch it"), id="watch")
        yield KeyFooter()
        yield TooSmall()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.open(Path(event.option.id or ""))

    @on(Input.Submitted, "#path")
    def typed(self, event: Input.Submitted) -> None:
        self.open(Path(event.value.strip()).expanduser())

    def open(self, path: Path) -> None:
        from jetset_tui.app import JetSetApp

        app = self.app
        assert isinstance(app, JetSetApp)
        self.offer_watch(None)
        holder = None if self.replays else lock_holder(path)
        problem: str | None
        if holder is not None:
            self.offer_watch(path)
            problem = _(
                "{file} is being played by {holder}, so it cannot be played here. "
                "You can watch it as a spectator sees it (no secret cards)."
            ).format(file=path.name, holder=holder)
        elif self.replays:
            problem = app.open_replay(path, replace=self)
        else:
            problem = app.open_log(path, replace=self)
        if problem:
            self.query_one("#load-error", Static).update(Text(problem))

    def offer_watch(self, path: Path | None) -> None:
        self.watchable = path
        button = self.query_one("#watch", Button)
        button.set_class(path is not None, "-offered")
        if path is not None:
            button.focus()

    @on(Button.Pressed, "#watch")
    def watch_elsewhere(self) -> None:
        from jetset_tui.app import JetSetApp

        app = self.app
        assert isinstance(app, JetSetApp)
        if self.watchable is not None:
            problem = app.open_replay(self.watchable, replace=self)
            if problem:
                self.query_one("#load-error", Static).update(Text(problem))

    def action_back(self) -> None:
        self.app.pop_screen()
