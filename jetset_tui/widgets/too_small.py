"""The message shown instead of a broken layout when the terminal is too small."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The classic terminal: below 100 columns the game screen shows the map or the table, in turn."""


class TooSmall(Static):
    """Hidden unless the screen has the ``-too-narrow`` or ``-too-short`` class."""

    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle; }
    """

    def render(self) -> Text:
        width, height = self.app.size
        text = Text(justify="center")
        text.append("✈  Make the terminal larger\n\n", style="bold")
        text.append(f"Jet Set needs at least {MIN_WIDTH}×{MIN_HEIGHT} characters;\n")
        text.append(f"this terminal is {width}×{height}.\n")
        text.append("Resize the window or make the font smaller:\nthe game waits.")
        return text
