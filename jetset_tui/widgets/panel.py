"""A panel of text that sends the terminal only the lines that changed.

``Static.update`` repaints the whole widget, and lays out the screen again, on every call: after
each move, the players, the rows and the hand were sent whole to the terminal even when one
line, or none, had changed. ``LinePanel.show_text`` compares the new text with the shown one line
by line: the same text costs nothing, a changed line is repainted alone, and only a change in the
number of lines asks for a layout.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from jetset_tui.widgets.wrap import wrapped

Line = tuple[str | Style, Text]
"""A line of the panel as compared: its base style and its text (spans and all)."""


class LinePanel(Widget):
    """Lines of text (``no_wrap``: one row each), repainted line by line. A panel that
    ``WRAPS`` gives a line wider than itself more rows, indented (``WRAP_INDENT`` for a line
    that starts at the edge, two more than its own indent for any other), and makes them again
    for a new width: nothing it says is cut."""

    WRAPS: ClassVar[bool] = False
    WRAP_INDENT: ClassVar[int] = 3

    DEFAULT_CSS = """
    LinePanel { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text = Text()
        self._lines: list[Line] = []
        self._given: Text | None = None
        """The text last shown, before it was wrapped (``WRAPS``)."""
        self._width = 0

    def render(self) -> Text:
        return self._text

    @property
    def rows(self) -> int:
        """The rows the shown text takes (wrapped, when the panel ``WRAPS``)."""
        return len(self._lines)

    def show_text(self, text: Text) -> None:
        """Show ``text``, repainting only the lines that differ from those shown."""
        if self.WRAPS:
            self._given = text
            text = self.wrapped(text)
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

    def wrapped(self, text: Text) -> Text:
        """``text`` with each line wider than the panel in rows that fit (as it is until the
        panel is laid out)."""
        self._width = width = self.content_size.width
        if not width:
            return text
        rows = Text()
        for line in text.split("\n", allow_blank=True):
            lead = len(line.plain) - len(line.plain.lstrip(" "))
            indent = lead + 2 if lead else self.WRAP_INDENT
            for row in wrapped(line, width, self.app.console, indent):
                rows.append_text(row)
                rows.append("\n")
        rows.right_crop(1)
        return rows

    def on_resize(self) -> None:
        """A panel that wraps makes its rows again for a new width."""
        if self.WRAPS and self._given is not None and self.content_size.width != self._width:
            self.show_text(self._given)
