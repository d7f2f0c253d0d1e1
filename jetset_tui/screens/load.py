"""Load a saved game (to continue it) or open a finished one (its scores and charts)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from jetset_tui.saves import saved_games
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.too_small import TooSmall
from netcode.userdirs import saves_dir


class LoadScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]
    DEFAULT_CSS = """
    LoadScreen #load { padding: 1 2; }
    LoadScreen OptionList { height: 1fr; margin: 1 0; }
    LoadScreen Input { width: 100%; }
    """

    def __init__(self, replays: bool = False, folder: Path | None = None) -> None:
        super().__init__(classes="guarded")
        self.replays = replays
        self.folder = folder or saves_dir()

    def compose(self) -> ComposeResult:
        games = saved_games(self.folder)
        title = "Open a replay" if self.replays else "Load a saved game"
        with Vertical(id="load"):
            yield Static(f"[b]{title}[/b]  from {self.folder}")
            if self.replays:
                yield Static(
                    "← → step, ↑ ↓ turns, [ ] rounds, space plays; a game still running "
                    "shows no Final Flights.",
                    classes="hint",
                )
            options = [Option(Text(g.describe()), id=str(g.path)) for g in games]
            yield OptionList(*options, id="saved")
            if not games:
                yield Static("No saved games here yet.", classes="hint")
            yield Input(placeholder="or type the path of a .jetset file and press Enter", id="path")
            yield Static("", classes="error", id="load-error")
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
        if self.replays:
            problem = app.open_replay(path, replace=self)
        else:
            problem = app.open_log(path, replace=self)
        if problem:
            self.query_one("#load-error", Static).update(problem)

    def action_back(self) -> None:
        self.app.pop_screen()
