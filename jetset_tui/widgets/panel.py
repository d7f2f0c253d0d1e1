"""A panel of text that sends the terminal only the lines that changed.

``Static.update`` repaints the whole widget, and lays out the screen again, on every call: after
each move, the players, the rows and the hand were sent whole to the terminal even when one
line, or none, had changed. ``LinePanel.show_text`` compares the new text with the shown one line
by line: the same text costs nothing, a changed line is repainted alone, and only a change in the
number of lines asks for a layout.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

Line = tuple[str | Style, Text]
"""A line of the panel as compared: its base style and its text (spans and all)."""


class LinePanel(Widget):
    """Lines of text (``no_wrap``: one row each), repainted line by line."""

    DEFAULT_CSS = """
    LinePanel { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text()
        self._lines: list[Line] = []

    def render(self) -> Text:
        return self._text

    def show_text(self, text: Text) -> None:
        """Show ``text``, repainting only the lines that differ from those shown."""
        if text == self._text and text.style == self._text.style and self._lines:
            return
        lines = [(line.style, line) for line in text.split("\n", allow_blank=True)]
        before, self._lines, self._text = self._lines, lines, text
        if len(lines) != len(before) or not self.is_mounted:
            self.refresh(layout=True)
            return
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, pair in enumerate(lines) if pair != before[y]]
        if changed:
            self.refresh(*changed)
