"""The start screen: play against bots at once, set up a game, load one, read the rules."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.too_small import TooSmall

BANNER = """\
     ██╗███████╗████████╗    ███████╗███████╗████████╗
     ██║██╔════╝╚══██╔══╝    ██╔════╝██╔════╝╚══██╔══╝
     ██║█████╗     ██║       ███████╗█████╗     ██║
██   ██║██╔══╝     ██║       ╚════██║██╔══╝     ██║
╚█████╔╝███████╗   ██║       ███████║███████╗   ██║
 ╚════╝ ╚══════╝   ╚═╝       ╚══════╝╚══════╝   ╚═╝"""

BANNER = "\n".join(line.ljust(54) for line in BANNER.splitlines())

MENU = (
    ("quick", "✈  Play now: you against three bots"),
    ("new", "⚙  New game: 2–6 players, humans and bots"),
    ("tutorial", "✎  Tutorial: learn to play, one step at a time"),
    ("load", "↻  Load a saved game"),
    ("replay", "▶  Open a replay"),
    ("rules", "?  Rules and keys"),
    ("quit", "⏻  Quit"),
)


class StartScreen(Screen[None]):
    """The first thing a player sees. Enter plays at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", "New game"),
        Binding("t", "choose('tutorial')", "Tutorial"),
        Binding("l", "choose('load')", "Load"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="guarded")

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Center():
                yield Static(BANNER, classes="banner")
            yield Static(
                "the airline board game by Kris Gould · in your terminal", classes="tagline"
            )
            with Center():
                yield OptionList(*(Option(text, id=key) for key, text in MENU), classes="menu")
        yield KeyFooter()
        yield TooSmall()

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, key: str) -> None:
        from jetset_tui.app import JetSetApp

        app = self.app
        assert isinstance(app, JetSetApp)
        if key == "quick":
            app.quick_game()
        elif key == "new":
            from jetset_tui.screens.new_game import NewGameScreen

            app.push_screen(NewGameScreen())
        elif key == "tutorial":
            app.start_tutorial()
        elif key in ("load", "replay"):
            from jetset_tui.screens.load import LoadScreen

            app.push_screen(LoadScreen(replays=key == "replay"))
        elif key == "rules":
            app.action_help()
        elif key == "quit":
            app.exit()
