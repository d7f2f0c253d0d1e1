"""The game's log in notation, newest last."""

from __future__ import annotations

from textual.widgets import RichLog

from engine import Entry
from engine.notation import Notation
from jetset_tui.describe import entry_line
from jetset_tui.theme import Livery


class NotationLog(RichLog):
    """Every entry of the game as it happens: turn, who, what."""

    DEFAULT_CSS = """
    NotationLog { height: 1fr; min-height: 3; padding: 0 1; border-top: solid $panel-lighten-2; }
    NotationLog.-hidden { display: none; }
    """

    def __init__(self, notation: Notation, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=2000, wrap=False, markup=False, auto_scroll=True)
        self.notation = notation
        self.can_focus = False

    def add(self, entry: Entry, turn: int, names: list[str], liveries: list[Livery]) -> None:
        self.write(entry_line(self.notation, entry, turn, names, liveries))
