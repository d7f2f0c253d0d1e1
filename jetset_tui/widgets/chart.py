"""A line chart in text: one line per player in their colour, their letter along it and at its
end, a value axis and a turn axis with numbers, and a legend.

``chart_text`` draws on a grid of cells (``Canvas``) and is pure, so tests read it back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

from jetset_tui.i18n import _
from jetset_tui.theme import DIM, Livery

Say = Callable[[int], str]
"""How a chart writes a value: ``str``, or ``money`` (€30, or 30 € in Italian)."""

LETTER_EVERY = 12
"""Columns between the letters drawn along a player's line (so monochrome still tells them
apart)."""


def nice_step(span: int, ticks: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 … that cuts ``span`` into at most ``ticks`` parts."""
    step = 1
    while True:
        for k in (1, 2, 5):
            if span <= k * step * max(1, ticks):
                return k * step
        step *= 10


@dataclass
class Canvas:
    """Cells of (character, style), row 0 at the top."""

    width: int
    height: int

    def __post_init__(self) -> None:
        self.cells = [[(" ", "")] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, ch: str, style: str = "") -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.cells[y][x] = (ch, style)

    def get(self, x: int, y: int) -> str:
        return self.cells[y][x][0]

    def text(self, x: int, y: int, words: str, style: str = "") -> None:
        for i, ch in enumerate(words):
            self.put(x + i, y, ch, style)


@dataclass(frozen=True)
class Scale:
    """Values ``low``..``high`` onto rows ``rows - 1``..0."""

    low: int
    high: int
    rows: int

    def row(self, value: int) -> int:
        span = max(1, self.high - self.low)
        return self.rows - 1 - round((value - self.low) * (self.rows - 1) / span)


def line_chars(prev: int, row: int) -> list[tuple[int, str]]:
    """The cells of one column of a line that came from row ``prev`` and is now at ``row``."""
    if prev == row:
        return [(row, "─")]
    up = row < prev
    cells = [(prev, "╯" if up else "╮"), (row, "╭" if up else "╰")]
    lo, hi = sorted((prev, row))
    return cells + [(y, "│") for y in range(lo + 1, hi)]


def chart_text(
    title: str,
    series: Sequence[Sequence[int]],
    liveries: Sequence[Livery],
    width: int,
    height: int,
    turns: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    say: Say = str,
) -> Text:
    """Plot every series (one value a turn, at ``turns``) in ``width`` × ``height`` cells, the
    title and the legend included."""
    text = Text(no_wrap=True)
    text.append(f"{title}\n", style="bold")
    n = len(series[0]) if series else 0
    turns = list(turns) if turns is not None else list(range(1, n + 1))
    rows = height - 3  # the title, the turn axis and its numbers
    legend = legend_text(liveries, names, width) if names else None
    if legend is not None:
        rows -= len(legend.plain.split("\n"))
    if not n or width < 20 or rows < 3:
        text.append(_("(no turns to draw)"), style=DIM)
        return text
    canvas = draw(series, liveries, turns, width, rows, say)
    for y in range(canvas.height):
        for ch, style in canvas.cells[y]:
            text.append(ch, style=style or None)
        text.append("\n")
    if legend is not None:
        text.append_text(legend)
    return text


def draw(
    series: Sequence[Sequence[int]],
    liveries: Sequence[Livery],
    turns: Sequence[int],
    width: int,
    rows: int,
    say: Say,
) -> Canvas:
    """The plot, its axes and their numbers on a canvas ``rows + 2`` high."""
    high = max(1, max(max(s) for s in series))
    low = min(0, min(min(s) for s in series))
    step = nice_step(high - low, max(1, rows // 2))
    high = -(-high // step) * step
    labels = [say(v) for v in range(low, high + 1, step)]
    axis = max(len(_("turn")), *(len(v) for v in labels)) + 1  # "turn" under the values
    right = 2 + max(len(str(s[-1])) for s in series)  # the letter and the last value
    cols = max(2, width - axis - right)
    canvas = Canvas(width, rows + 2)
    scale = Scale(low, high, rows)
    for v in range(low, high + 1, step):
        y = scale.row(v)
        canvas.text(0, y, say(v).rjust(axis - 1), DIM)
        canvas.put(axis - 1, y, "┤", DIM)
    for y in range(rows):
        if canvas.get(axis - 1, y) == " ":
            canvas.put(axis - 1, y, "│", DIM)
    canvas.put(axis - 1, rows, "└", DIM)
    canvas.text(axis, rows, "─" * cols, DIM)
    x_axis(canvas, turns, axis, cols, rows)
    for seat in reversed(range(len(series))):
        plot(canvas, series[seat], liveries[seat], axis, cols, scale)
    for seat in range(len(series)):
        letters(canvas, series[seat], liveries[seat], axis, cols, scale, seat)
    ends(canvas, series, liveries, axis + cols, scale)
    return canvas


def column_index(col: int, cols: int, n: int) -> int:
    """The sample shown in column ``col`` of ``cols``."""
    return min(n - 1, round(col * (n - 1) / max(1, cols - 1)))


def x_axis(canvas: Canvas, turns: Sequence[int], axis: int, cols: int, rows: int) -> None:
    """Ticks and turn numbers under the plot: the first and last turns, and round turns between
    where they fit."""
    first, last = turns[0], turns[-1]
    step = nice_step(max(1, last - first), max(1, cols // (len(str(last)) + 3)))
    ticks = [last, *range(last - last % step, first, -step), first]
    free = canvas.width  # labels are placed from the right: the last turn always shows
    for t in dict.fromkeys(ticks):
        col = round((t - first) * (cols - 1) / max(1, last - first))
        label = str(t)
        x = min(max(axis + col - len(label) // 2, axis), canvas.width - len(label))
        if x + len(label) > free:
            continue
        canvas.put(axis + col, rows, "┴", DIM)
        canvas.text(x, rows + 1, label, DIM)
        free = x - 1
    word = _("turn")
    if axis > len(word):
        canvas.text(0, rows + 1, word.rjust(axis - 1), DIM)


def plot(
    canvas: Canvas,
    values: Sequence[int],
    livery: Livery,
    axis: int,
    cols: int,
    scale: Scale,
) -> None:
    """One player's line."""
    n = len(values)
    prev = scale.row(values[0])
    for col in range(cols):
        row = scale.row(values[column_index(col, cols, n)])
        for y, ch in line_chars(prev, row):
            canvas.put(axis + col, y, ch, livery.style)
        prev = row


def letters(
    canvas: Canvas,
    values: Sequence[int],
    livery: Livery,
    axis: int,
    cols: int,
    scale: Scale,
    seat: int,
) -> None:
    """A player's letter every ``LETTER_EVERY`` columns where their line runs flat, each player
    at other columns: drawn after every line, so a line hidden under another still shows."""
    n = len(values)
    for col in range((seat * 3 + 2) % LETTER_EVERY, cols, LETTER_EVERY):
        row = scale.row(values[column_index(col, cols, n)])
        before = scale.row(values[column_index(max(0, col - 1), cols, n)])
        if row == before:
            canvas.put(axis + col, row, livery.letter, livery.style)


def ends(
    canvas: Canvas,
    series: Sequence[Sequence[int]],
    liveries: Sequence[Livery],
    x: int,
    scale: Scale,
) -> None:
    """Each player's letter and last value right of the plot, highest first, each on a row of
    its own as near its value as the others let it (``spread_rows``)."""
    order = sorted(range(len(series)), key=lambda s: (-series[s][-1], s))
    rows = spread_rows([scale.row(series[seat][-1]) for seat in order], scale.rows)
    for seat, y in zip(order, rows, strict=True):
        canvas.put(x, y, liveries[seat].letter, f"bold {liveries[seat].style}")
        canvas.text(x + 1, y, str(series[seat][-1]), liveries[seat].style)


def spread_rows(wanted: Sequence[int], rows: int) -> list[int]:
    """A row each for labels in order (``wanted``, their own rows, never decreasing), in that
    order, none sharing one: labels crowded together share out the rows around theirs, above
    and below alike (six end scores between 25 and 31 were pushed up to the top of the chart,
    out of order, 26 above 31)."""
    groups: list[list[int]] = []  # labels on consecutive rows, each group's wanted rows

    def first_row(group: list[int]) -> int:
        offsets = sorted(want - k for k, want in enumerate(group))
        middle = offsets[(len(offsets) - 1) // 2]
        return max(0, min(middle, rows - len(group)))

    for want in wanted:
        groups.append([want])
        while len(groups) > 1 and first_row(groups[-2]) + len(groups[-2]) > first_row(groups[-1]):
            last = groups.pop()
            groups[-1] += last
    return [first_row(group) + k for group in groups for k in range(len(group))]


BLOCKS = "▁▂▃▄▅▆▇█"


def strips_text(
    title: str,
    series: Sequence[Sequence[int]],
    liveries: Sequence[Livery],
    width: int,
    turns: Sequence[int],
    names: Sequence[str],
    say: Say = str,
) -> Text:
    """A strip a player for a series that swings (cash): blocks from ``▁`` (the lowest value of
    the game) to ``█`` (the highest), the player's letter and name before it, the last value
    after it, and the turn axis under the strips."""
    text = Text(no_wrap=True)
    text.append(f"{title}\n", style="bold")
    n = len(series[0]) if series else 0
    if not n:
        text.append(_("(no turns to draw)"), style=DIM)
        return text
    low = min(min(s) for s in series)
    high = max(max(s) for s in series)
    last = max(len(say(s[-1])) for s in series)
    head = min(12, max(len(name) for name in names) + 2)
    cols = width - head - 1 - last - 1
    if cols < 10:
        text.append(_("(too narrow to draw)"), style=DIM)
        return text
    text.append(f"{'':>{head}} ▁ {say(low)}  █ {say(high)}\n", style=DIM)
    for seat, values in enumerate(series):
        livery = liveries[seat]
        text.append(f"{livery.letter} ", style=f"bold {livery.style}")
        text.append(f"{names[seat][: head - 2]:<{head - 2}}│")
        for col in range(cols):
            value = values[column_index(col, cols, n)]
            level = (value - low) * (len(BLOCKS) - 1) // max(1, high - low)
            text.append(BLOCKS[level], style=livery.style)
        text.append(f" {say(values[-1])}\n", style=livery.style)
    canvas = Canvas(head + 1 + cols + 1 + last, 2)
    canvas.put(head, 0, "└", DIM)
    canvas.text(head + 1, 0, "─" * cols, DIM)
    x_axis(canvas, turns, head + 1, cols, 0)
    for y in range(canvas.height):
        for ch, style in canvas.cells[y]:
            text.append(ch, style=style or None)
        if y == 0:
            text.append("\n")
    return text


def legend_text(liveries: Sequence[Livery], names: Sequence[str], width: int) -> Text:
    """``─A─ Ann  ─B─ Wilbur …`` in each player's colour, in rows of ``width`` cells: a player
    goes whole to the next row rather than lose their name at the edge."""
    text = Text()
    used = 0
    for seat, name in enumerate(names):
        livery = liveries[seat]
        entry = Text(f"─{livery.letter}─ ", style=livery.style)
        entry.append(name)
        if used and used + 2 + entry.cell_len > width:
            text.append("\n")
            used = 0
        elif used:
            text.append("  ")
            used += 2
        text.append_text(entry)
        used += entry.cell_len
    return text


class Chart(Static):
    """A chart that redraws itself to its size."""

    DEFAULT_CSS = """
    Chart { width: 1fr; height: 1fr; min-height: 8; padding: 0 1; }
    """

    def __init__(
        self,
        title: str,
        series: Sequence[Sequence[int]],
        liveries: Sequence[Livery],
        *,
        turns: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
        say: Say = str,
        strips: bool = False,
        id: str | None = None,
    ) -> None:
        """``strips``: a strip a player (``strips_text``) instead of lines on one plot."""
        super().__init__(id=id)
        self.title = title
        self.series = series
        self.liveries = liveries
        self.turns = turns
        self.names = names
        self.say = say
        self.strips = strips

    def render(self) -> Text:
        width, height = self.size
        if self.strips and self.names is not None and self.turns is not None:
            return strips_text(
                self.title, self.series, self.liveries, width - 2, self.turns, self.names, self.say
            )
        return chart_text(
            self.title,
            self.series,
            self.liveries,
            width - 2,
            height,
            turns=self.turns,
            names=self.names,
            say=self.say,
        )
