"""The game's log in notation, newest last: any game's, each entry's line made by the game.

The log pane knows no game: it is given what makes an entry's line (``EntryWords``), Jet Set's
sentences (jetset_tui/describe.py) or any game's notation through its rules (``rules_words``).

A line-API log: it keeps each line as text and draws only the rows in view when the screen is
painted, scrolled to its end by the layout itself (anchored). A line wider than the pane wraps,
its further rows under its words, so every line is read whole. A ``RichLog`` renders every line
as it is written, defers all of them until its size is known (a second layout and paint of a
screen just built) and scrolls after the next paint (a third).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.platform import CHANCE, AnyRules
from jetset_tui.theme import DIM, Livery, seat_badge
from jetset_tui.widgets.wrap import wrapped

MAX_LINES = 2000
"""The oldest lines go beyond this many."""


LEAD = re.compile(r" *\d* +\S +")
"""A line's turn and badge (``  12  B  ``): the rows it wraps to begin under what follows."""

EntryWords = Callable[[Any, int, Sequence[str], Sequence[Livery]], Text]
"""What makes the log line of an entry, from the entry, its turn (0: none), the seats' names
and liveries."""


def rules_words(rules: AnyRules) -> EntryWords:
    """Log lines in the game's own notation (``GameRules.entry_line``): the turn when there is
    one, the actor's badge (``*`` for the dealer) and the entry's line."""

    def line(entry: Any, turn: int, names: Sequence[str], liveries: Sequence[Livery]) -> Text:
        actor, said = rules.entry_line(entry)
        text = Text()
        text.append(f"{turn:>4} " if turn else "     ", style=DIM)
        if actor == CHANCE or not 0 <= actor < len(liveries):
            text.append(" * ", style="bold")
            text.append(f" {said}", style=DIM)
        else:
            text.append_text(seat_badge(liveries[actor]))
            text.append(f" {said}")
        return text

    return line


def log_rows(line: Text, width: int, console: Console) -> list[Text]:
    """A log line as rows of ``width`` cells, the rows after the first under its words (after
    the turn and the badge)."""
    lead = LEAD.match(line.plain)
    return wrapped(line, width, console, lead.end() if lead else 4)


class NotationLog(ScrollView, can_focus=False):
    """Every entry of the game as it happens: turn, who, what."""

    DEFAULT_CSS = """
    NotationLog {
        background: $surface; color: $foreground; overflow-y: scroll; overflow-x: hidden;
        height: 1fr; min-height: 3; padding: 0 1; border-top: solid $panel-lighten-2;
        border-title-align: right; border-title-color: $text-muted;
    }
    NotationLog.-hidden { display: none; }
    """

    def __init__(self, words: EntryWords, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.words = words
        self.lines: list[Text] = []
        self._width = 0
        """The cells a row has, once the pane is laid out (0: not yet, a row a line)."""
        self._rows: list[Text] = []
        """Every line as it wraps at ``_width``."""
        self._row_counts: list[int] = []
        """How many of ``_rows`` each line takes."""
        self._sized: tuple[Size, Size] | None = None
        self._strips: dict[int, Strip] = {}
        """Rows drawn, by their place in ``_rows``, for ``_strips_key``."""
        self._strips_key: tuple[int, Style] | None = None

    def on_mount(self) -> None:
        self.anchor()

    def add(
        self, entry: object, turn: int, names: Sequence[str], liveries: Sequence[Livery]
    ) -> None:
        self.write([self.line(entry, turn, names, liveries)])

    def line(
        self, entry: object, turn: int, names: Sequence[str], liveries: Sequence[Livery]
    ) -> Text:
        """The log line for ``entry``, in the game's words."""
        return self.words(entry, turn, names, liveries)

    def write(self, lines: Iterable[Text]) -> None:
        """Add lines at the bottom and follow them (as a ``RichLog`` with auto-scroll does)."""
        for line in lines:
            self.lines.append(line)
            self._add_rows(line)
        if len(self.lines) > MAX_LINES:
            gone = len(self.lines) - MAX_LINES
            del self.lines[:gone]
            del self._rows[: sum(self._row_counts[:gone])]
            del self._row_counts[:gone]
            self._strips = {}  # every row moved up
            self.refresh()
        self._follow()

    def _add_rows(self, line: Text) -> None:
        rows = log_rows(line, self._width, self.app.console) if self._width else [line]
        self._rows.extend(rows)
        self._row_counts.append(len(rows))

    def _follow(self) -> None:
        """The scrolled size for the rows, and the view on the last one."""
        self.virtual_size = Size(self._width, len(self._rows))
        if self.is_mounted:
            self.vertical_scrollbar.window_virtual_size = len(self._rows)
            self.anchor()

    def _rewrap(self, width: int) -> None:
        """Every line's rows again, for a pane ``width`` cells wide."""
        self._width = width
        self._rows, self._row_counts, self._strips = [], [], {}
        for line in self.lines:
            self._add_rows(line)
        self._follow()

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Textual's ``ScrollView`` compares the viewport a layout gives it with the log's own
        size, which differ unless the log is exactly full: every layout of the screen then
        repainted the scroll bar, in a frame of its own 17 ms later. Here only a new size does
        (and wraps the lines again when it is a new width); new lines move the scroll bar as
        they come (``write``)."""
        if (size, container_size) == self._sized:
            return False
        self._sized = size, container_size
        styles = self.styles
        width = max(0, size.width - styles.gutter.width - styles.scrollbar_size_vertical)
        if width != self._width:
            self._rewrap(width)
        return super()._size_updated(size, self.virtual_size, container_size, layout)

    def clear(self) -> None:
        self.lines.clear()
        self._rows, self._row_counts, self._strips = [], [], {}
        self._sized = None
        self.virtual_size = Size(0, 0)
        if self.is_mounted:
            self.vertical_scrollbar.window_virtual_size = 0
        self.refresh()

    def render_line(self, y: int) -> Strip:
        """Row ``y`` in view: a row drawn before is reused as it was (a new line scrolls the
        log, which paints every row in view again)."""
        width = self.scrollable_content_region.width
        style = self.rich_style
        index = self.scroll_offset.y + y
        if index >= len(self._rows):
            return Strip.blank(width, style)
        key = (width, style)
        if self._strips_key != key:
            self._strips_key, self._strips = key, {}
        strip = self._strips.get(index)
        if strip is None:
            row = self._rows[index]
            strip = Strip(list(row.render(self.app.console, end="")), row.cell_len)
            strip = strip.crop_extend(0, width, style).apply_style(style)
            self._strips[index] = strip
        return strip
