"""A DataTable's rows fitted to its width, as both lobbies' games lists are (the SSH lobby's,
jetset_tui/ssh/screens/lobby.py, and ``jetset join ssh://``'s and a browser tab's,
jetset_tui/screens/remote_lobby.py): some of its columns (the fitted ones) share what the others
leave of the table's width, each cell wrapped to its column's width between words, no column
narrower than a word of its own where the table's width allows it (else ``squeezed``), so that
none runs out of sight to the right.

A DataTable cuts a cell at its column's width and gives the columns the width their cells
want, so the rows are wrapped here, and the columns made as wide as the wrapped cells
(``add_fitted_rows``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.widgets import DataTable

MIN_SHARE = 6
"""The fewest cells a fitted column gets."""


def shares(wanted: list[int], room: int) -> list[int]:
    """``room`` cells shared among columns that want ``wanted``: each gets what it wants if
    that is under an even share, and the others share the rest evenly."""
    given = [0] * len(wanted)
    left = list(range(len(wanted)))
    while left:
        share = room // len(left)
        small = [i for i in left if wanted[i] <= share]
        if not small:
            for n, i in enumerate(left):
                given[i] = share + (1 if n < room % len(left) else 0)
            break
        for i in small:
            given[i] = wanted[i]
            room -= wanted[i]
            left.remove(i)
    return given


def wrapped(text: Text, width: int | None, console: Console, most: int | None = None) -> Text:
    """``text`` in lines of at most ``width`` cells (broken between words where it can), at
    most ``most`` of them (None: as many as it takes), the last cut with "…" if more were
    needed."""
    if width is None or text.cell_len <= width:
        return text
    lines = text.wrap(console, width, overflow="fold")
    kept = [line.copy() for line in lines][:most]
    for line in kept:
        line.rstrip()
    if most is not None and len(lines) > most:
        kept[-1].append("…")
        kept[-1].truncate(width, overflow="ellipsis")
    return Text("\n").join(kept)


def longest_word(texts: Sequence[Text]) -> int:
    """The cells of the longest word in ``texts``."""
    return max((cell_len(word) for text in texts for word in text.plain.split()), default=0)


def narrowest(texts: Sequence[Text], least: int, lines: int, console: Console) -> int:
    """The fewest cells, from ``least`` on, in which each of ``texts`` wraps in at most
    ``lines`` lines."""
    width = least
    most = max((text.cell_len for text in texts), default=least)
    while width < most and any(len(text.wrap(console, width)) > lines for text in texts):
        width += 1
    return width


def widest(text: Text) -> int:
    """The cells of ``text``'s widest line."""
    return max(line.cell_len for line in text.split("\n"))


class Fitting(NamedTuple):
    """What the fitted columns of a table want (their widest cells, or headings), the least
    each may take (its longest word, at least ``MIN_SHARE``), and the cells they share."""

    wanted: list[int]
    least: list[int]
    room: int


def fitting(
    table: DataTable[Text],
    headings: Sequence[str],
    rows: Sequence[Sequence[Text]],
    fitted: Sequence[int],
) -> Fitting | None:
    """The ``fitted`` columns of ``table`` (its ``headings``, these ``rows``): what they want, the
    least each may take, and what the table's width leaves them when the other columns are as
    wide as their cells and every column has its padding (at least ``MIN_SHARE`` each); None
    where every column fits as it is, or while the table's width is not known."""
    width = table.scrollable_content_region.width
    natural = [
        max([cell_len(heading), *(row[i].cell_len for row in rows)])
        for i, heading in enumerate(headings)
    ]
    room = width - 2 * table.cell_padding * len(headings)
    room -= sum(cells for i, cells in enumerate(natural) if i not in fitted)
    wanted = [natural[i] for i in fitted]
    if width <= 0 or sum(wanted) <= room:
        return None
    least = [
        max(MIN_SHARE, longest_word([Text(headings[i]), *(row[i] for row in rows)])) for i in fitted
    ]
    return Fitting(wanted, least, max(room, len(fitted) * MIN_SHARE))


def fitted(wanted: Sequence[int], least: Sequence[int], room: int) -> list[int]:
    """The widths of columns that want ``wanted`` cells, each at least its ``least`` (or what
    it wants, if less), sharing the rest of ``room`` as ``shares`` does."""
    fewest = [min(most, want) for most, want in zip(least, wanted, strict=True)]
    more = [want - most for want, most in zip(wanted, fewest, strict=True)]
    extra = shares(more, max(0, room - sum(fewest)))
    return [most + cells for most, cells in zip(fewest, extra, strict=True)]


def squeezed(widths: Sequence[int], room: int) -> list[int]:
    """``widths`` cut down, the widest first, until together they fit in ``room``, none below
    ``MIN_SHARE``: where the columns' longest words do not fit side by side (a 16-letter name
    in the title and in the seats at 80 columns), the long words break rather than a column
    running out of sight; the detail under a lobby's table has them whole."""
    kept = list(widths)
    while sum(kept) > room and max(kept) > MIN_SHARE:
        kept[kept.index(max(kept))] -= 1
    return kept


def reclaimed(
    widths: Sequence[int],
    columns: Sequence[Sequence[Text]],
    headings: Sequence[str],
    console: Console,
) -> list[int]:
    """``widths`` with the cells each column leaves unused once its ``columns`` cells are
    wrapped (a title of two lines 13 cells wide, given 16), no column narrower than its
    heading, spent where they make the table shorter (the fewest cells that take a line off a
    row first), the rest left to the last column: a play test's Italian lobby wrapped the seats
    in four lines while three cells stood empty in the title."""
    used = [
        max([cell_len(heading), *(widest(wrapped(cell, width, console)) for cell in cells)])
        for cells, width, heading in zip(columns, widths, headings, strict=True)
    ]
    spare = sum(widths) - sum(used)
    words = [[cell.plain.split() for cell in cells] for cells in columns]
    while spare > 0:
        now = table_lines(words, used)
        cheapest = [
            (more, i)
            for i in range(len(used))
            for more in range(1, spare + 1)
            if table_lines(words, [*used[:i], used[i] + more, *used[i + 1 :]]) < now
        ]
        if not cheapest:
            break
        more, i = min(cheapest)
        used[i] += more
        spare -= more
    used[-1] += max(0, spare)
    return used


def table_lines(columns: Sequence[Sequence[list[str]]], widths: Sequence[int]) -> int:
    """The lines of a table whose columns' cells (``columns``, each cell its words) are wrapped
    to ``widths``: each row as tall as its tallest cell."""
    rows = zip(*columns, strict=True)
    return sum(
        max(lines_of(cell, width) for cell, width in zip(row, widths, strict=True)) for row in rows
    )


def lines_of(words: list[str], width: int) -> int:
    """The lines ``words`` take wrapped between words to ``width`` cells (a word longer than
    that folded over lines of its own), as ``wrapped`` makes them."""
    lines, line = 0, -1  # -1: no line begun
    for word in words:
        size = cell_len(word)
        if line >= 0 and line + 1 + size <= width:
            line += 1 + size
            continue
        lines += max(1, -(-size // max(1, width)))
        line = size % width if size > width else size
    return max(1, lines)


def add_fitted_rows(
    table: DataTable[Text],
    rows: Sequence[list[Text]],
    keys: Sequence[str],
    fitted: Sequence[int],
    widths: Sequence[int | None],
    lines: Sequence[int | None],
    console: Console,
) -> None:
    """``rows`` added to ``table`` (under ``keys``), each ``fitted`` column's cells wrapped to
    its width in ``widths`` (None: as they are), in at most its ``lines``, each row as tall as
    its tallest cell; then every column as wide as these rows, no wider."""
    for key, cells in zip(keys, rows, strict=True):
        for i, width, most in zip(fitted, widths, lines, strict=True):
            cells[i] = wrapped(cells[i], width, console, most)
        height = max(cell.plain.count("\n") + 1 for cell in cells)
        table.add_row(*cells, key=key, height=height)
    for i, column in enumerate(table.ordered_columns):
        column.content_width = max([column.label.cell_len, *(widest(r[i]) for r in rows)])
