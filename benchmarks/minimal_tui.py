"""The smallest Textual app worth timing: one line of text, and Enter changes it.

``bench_tui.py`` runs it in the same pseudo-terminal, the same way as ``jetset``, for a baseline
measured on the same machine in the same run: Python and Textual starting, and Textual repainting
after a key. It prints ``Ready`` in its first frame.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static


class Minimal(App[None]):
    """A line of text; Enter counts."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "count", "Count")]

    def __init__(self) -> None:
        super().__init__()
        self.pressed = 0

    def compose(self) -> ComposeResult:
        yield Static("Ready: press Enter", id="line")

    def action_count(self) -> None:
        self.pressed += 1
        self.query_one("#line", Static).update(f"Enter pressed {self.pressed} times")


if __name__ == "__main__":
    Minimal().run()
