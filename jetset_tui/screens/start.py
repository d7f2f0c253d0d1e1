"""The start screen: play against bots at once, set up a game, load one, read the rules, choose
the language."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jetset_tui.i18n import LANGUAGES, N_, _, current_language, switch_language
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
    ("quick", "✈", N_("Play now: you against three bots")),
    ("new", "⚙", N_("New game: 2–6 players, humans and bots")),
    ("tutorial", "✎", N_("Tutorial: learn to play, one step at a time")),
    ("load", "↻", N_("Load a saved game")),
    ("replay", "▶", N_("Open a replay")),
    ("rules", "?", N_("Rules and keys")),
    ("language", "⇄", N_("Language: {languages}")),
    ("quit", "✕", N_("Quit")),
)


def menu_line(key: str, icon: str, text: str) -> str:
    """A line of the menu in the current language; the language line names every language in
    itself, the current one first."""
    current = current_language()
    names = [LANGUAGES[current], *(name for code, name in LANGUAGES.items() if code != current)]
    return f"{icon}  " + _(text).format(languages=" · ".join(names))


def next_language() -> str:
    """The language after the current one, round the offered ones."""
    codes = list(LANGUAGES)
    return codes[(codes.index(current_language()) + 1) % len(codes)]


class StartScreen(Screen[None]):
    """The first thing a player sees. Enter plays at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", N_("New game")),
        Binding("t", "choose('tutorial')", N_("Tutorial")),
        Binding("l", "choose('load')", N_("Load")),
        Binding("i", "choose('language')", N_("Language")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("question_mark", "choose('rules')", N_("Rules and keys"), show=False),
        # the menu's "?" reads like a key: it is one (F1 too)
    ]

    def __init__(self) -> None:
        super().__init__(classes="guarded")

    def compose(self) -> ComposeResult:
        with Vertical(classes="centered"):
            with Center():
                yield Static(BANNER, classes="banner")
            yield Static(
                _("the airline board game by Kris Gould · in your terminal"), classes="tagline"
            )
            with Center():
                options = (Option(menu_line(*item), id=item[0]) for item in MENU)
                yield OptionList(*options, classes="menu")
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

            app.push_screen(NewGameScreen(app.last_form))
        elif key == "tutorial":
            app.start_tutorial()
        elif key in ("load", "replay"):
            from jetset_tui.screens.load import LoadScreen

            app.push_screen(LoadScreen(replays=key == "replay", folder=app.saves))
        elif key == "rules":
            app.action_help()
        elif key == "language":
            self.change_language(next_language())
        elif key == "quit":
            app.exit()

    def change_language(self, language: str) -> None:
        """Speak ``language`` from now on, in this session; the screen is drawn again in it,
        with the language line still under the cursor."""
        switch_language(language)
        self.refresh(recompose=True)
        self.call_after_refresh(self.focus_language)

    def focus_language(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = menu.get_option_index("language")
        menu.focus()
