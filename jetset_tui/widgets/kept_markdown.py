"""A Markdown page whose no-break spaces hold, and whose tables are laid out for their width.

The F1 page in Italian writes ``5 €`` with a no-break space (docs/translating.md), but Textual's
Markdown turns every blank of a text into a space, so its rows would break there (``5`` at a
row's end, ``€`` on the next). ``KeptMarkdown`` hands the page to Textual with each no-break
space held as ``HELD`` (not a blank), and each block puts it back in the text it shows, where
``keep_no_break_spaces`` keeps it from breaking a row.

Textual shrinks a table too wide for its room column by column down to each one's longest
word, which left the keys' column of the F1 page a word wide at any size (``PgUp`` over
``PgDn``, ``← → h`` over ``l``, ``b p`` / ``r c`` / … on five rows) and the actions' column
narrower than their costs'. A ``FittedTable`` gives its first column (the keys) its widest cell
whole where that takes at most a quarter of the table, and the other columns the rest: whole
where one fits in an even share, else in proportion to their longest cells, none narrower than
its longest word."""

from __future__ import annotations

from functools import cache

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets._markdown import MarkdownTable, MarkdownTableContent  # not exported
from textual.widgets.markdown import Markdown, MarkdownBlock

from jetset_tui.widgets.wrap import HELD, KEEP

PADDING = 2
"""A cell's padding, a column each side (``MarkdownTableContent``'s CSS)."""
KEYS_SHARE = 4
"""The first column takes its widest cell whole up to a 1/``KEYS_SHARE`` of the table."""


class KeptMarkdown(Markdown):
    """Textual's Markdown of ``markdown``, its no-break spaces kept, its tables fitted."""

    def __init__(self, markdown: str, *, id: str | None = None) -> None:
        super().__init__(markdown.replace(KEEP, HELD), id=id)

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        if block_name == "table_open":
            return keeping(FittedTable)
        return keeping(super().get_block_class(block_name))


class KeepsNoBreak(MarkdownBlock):
    """A block that shows each ``HELD`` of its text as the no-break space it stands for."""

    def set_content(self, content: Content) -> None:
        super().set_content(Content(content.plain.replace(HELD, KEEP), spans=list(content.spans)))


@cache
def keeping(block: type[MarkdownBlock]) -> type[MarkdownBlock]:
    """``block`` (a paragraph, a table cell …) as a ``KeepsNoBreak``, under its own name and
    with ``block`` first among its bases: Textual styles a widget by the classes it finds
    following each class's first base."""
    return type(block.__name__, (block, KeepsNoBreak), {"__module__": __name__})


class FittedTable(MarkdownTable):
    """A Markdown table whose columns are laid out for its width (``column_widths``)."""

    def compose(self) -> ComposeResult:
        headers, rows = self._get_headers_and_rows()
        self._headers = headers
        self._rows = rows
        yield FittedTableContent(headers, rows)


class FittedTableContent(MarkdownTableContent):
    """The table's cells, its grid's columns set again each time its width changes."""

    def on_resize(self, event: events.Resize) -> None:
        columns = [[*cells] for cells in zip(self.headers, *self.rows, strict=False)]
        room = event.size.width - 2 - (len(columns) - 1)  # the keylines round and between
        widths = column_widths([[c.plain for c in column] for column in columns], room)
        if not widths:
            return
        grid = " ".join([*(str(w) for w in widths[:-1]), "1fr"])  # the last takes what is left
        if str(self.styles.grid_columns) != grid:
            self.styles.grid_columns = grid


def column_widths(columns: list[list[str]], room: int) -> list[int]:
    """The widths (with their padding) of columns holding the cells ``columns`` in ``room``
    cells: the first its widest cell where that takes at most 1/``KEYS_SHARE`` of the room, else
    that much (at least its longest word); of the others, each whose widest cell fits in an even
    share of what is left that cell's width, and the rest what is left then in proportion to
    their widest cells, none narrower than its longest word. Empty where there are no columns."""
    if not columns:
        return []
    widest = [max((len(c) for c in cells), default=0) + PADDING for cells in columns]
    word = [
        max((len(w) for c in cells for w in c.split()), default=0) + PADDING for cells in columns
    ]
    if sum(widest) <= room:
        return widest
    widths = [max(word[0], min(widest[0], room // KEYS_SHARE))] + [0] * (len(columns) - 1)
    left = room - widths[0]
    wrapping = list(range(1, len(columns)))
    while wrapping:
        whole = [i for i in wrapping if widest[i] <= left // len(wrapping)]
        if not whole:
            break
        for i in whole:
            widths[i] = widest[i]
            left -= widest[i]
        wrapping = [i for i in wrapping if i not in whole]
    total = sum(widest[i] for i in wrapping) or 1
    for i in wrapping:
        widths[i] = max(word[i], left * widest[i] // total)
    return widths
