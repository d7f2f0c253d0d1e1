"""The game's log in notation, newest last: any game's, each entry's line made by the game.

The log pane knows no game: it is given what makes an entry's line (``EntryWords``), Jet Set's
sentences (jetset_tui/describe.py) or any game's notation through its rules (``rules_words``).

A line-API log: it keeps each line as text and draws only the lines in view when the screen is
painted, scrolled to its end by the layout itself (anchored). A ``RichLog`` renders every line
as it is written, defers all of them until its size is known (a second layout and paint of a
screen just built) and scrolls after the next paint (a third).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.platform import CHANCE, AnyRules
from jetset_tui.theme import DIM, Livery, seat_badge

MAX_LINES = 2000
"""The oldest lines go beyond this many."""


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


class NotationLog(ScrollView, can_focus=False):
    """Every entry of the game as it happens: turn, who, what."""

    DEFAULT_CSS = """
    NotationLog {
        background: $surface; color: $foreground; overflow-y: scroll;
        height: 1fr; min-height: 3; padding: 0 1; border-top: solid $panel-lighten-2;
    }
    NotationLog.-hidden { display: none; }
    """

    def __init__(self, words: EntryWords, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.words = words
        self.lines: list[Text] = []
        self._widest = 0
        self._sized: tuple[Size, Size] | None = None
        self._strips: dict[int, Strip] = {}
        """Lines drawn, by their place in ``lines``, for ``_strips_key``."""
        self._strips_key: tuple[int, int, Style] | None = None

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
        widest = self._widest
        for line in lines:
            self.lines.append(line)
            self._widest = max(self._widest, line.cell_len)
        if self._widest != widest:
            self._sized = None  # a wider line may need the horizontal scroll bar: a layout's work
        if len(self.lines) > MAX_LINES:
            del self.lines[:-MAX_LINES]
            self._strips = {}  # every line moved up
            self.refresh()
        self.virtual_size = Size(self._widest, len(self.lines))
        if self.is_mounted:
            self.vertical_scrollbar.window_virtual_size = len(self.lines)
            self.anchor()

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Textual's ``ScrollView`` compares the viewport a layout gives it with the log's own
        size, which differ unless the log is exactly full: every layout of the screen then
        repainted the scroll bar, in a frame of its own 17 ms later. Here only a new size does;
        new lines move the scroll bar as they come (``write``)."""
        if (size, container_size) == self._sized:
            return False
        self._sized = size, container_size
        return super()._size_updated(size, virtual_size, container_size, layout)

    def clear(self) -> None:
        self.lines.clear()
        self._strips = {}
        self._widest = 0
        self._sized = None
        self.virtual_size = Size(0, 0)
        if self.is_mounted:
            self.vertical_scrollbar.window_virtual_size = 0
        self.refresh()

    def render_line(self, y: int) -> Strip:
        """Line ``y`` in view: a line drawn before is reused as it was (a new line scrolls the
        log, which paints every line in view again)."""
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self.rich_style
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        key = (scroll_x, width, style)
        if self._strips_key != key:
            self._strips_key, self._strips = key, {}
        strip = self._strips.get(index)
        if strip is None:
            line = self.lines[index]
            strip = Strip(list(line.render(self.app.console, end="")), line.cell_len)
            strip = strip.crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
            self._strips[index] = strip
        return strip
