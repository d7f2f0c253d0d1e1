"""Hot-seat: the screen between two humans' turns, hiding the table and its secrets."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from jetset_tui.describe import seat_badge
from jetset_tui.theme import Livery


class PassScreen(Screen[None]):
    """ "Pass to <name>": nothing of the game shows until they press Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "I am ready", priority=True)]
    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen Static { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    """

    def __init__(self, name: str, livery: Livery, ready: Callable[[], None] | None = None) -> None:
        """``ready``: called as Enter is pressed, before this screen goes (so that a key typed
        right after Enter already finds the table handed over)."""
        super().__init__()
        self.player = name
        self.livery = livery
        self.ready = ready

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append("Pass the keyboard to\n\n")
        text.append_text(seat_badge(self.livery, self.player))
        text.append("\n\nEveryone else, look away: their Final Flights are secret.\n\n")
        text.append(f"{self.player}: press Enter when you are ready.", style="bold")
        yield Static(text, id="pass-message")

    def action_ready(self) -> None:
        if self.ready is not None:
            self.ready()
        self.dismiss(None)
