"""A small line chart in text: each player's series drawn with their letter, in their colour."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from jetset_tui.theme import DIM, Livery


def chart_text(
    title: str,
    series: Sequence[Sequence[int]],
    liveries: Sequence[Livery],
    width: int,
    height: int,
    x_label: str = "turn",
) -> Text:
    """Plot every series across ``width`` columns and ``height`` rows, letters as markers."""
    text = Text(no_wrap=True)
    text.append(f"{title}\n", style="bold")
    if not series or not series[0] or width < 12 or height < 3:
        text.append("(no data)", style=DIM)
        return text
    top = max(1, max(max(s) for s in series))
    bottom = min(0, min(min(s) for s in series))
    axis = len(str(top)) + 1
    cols = max(2, width - axis - 1)
    n = len(series[0])
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(height)]
    for seat in reversed(range(len(series))):
        values = series[seat]
        for col in range(cols):
            i = min(n - 1, round(col * (n - 1) / max(1, cols - 1)))
            row = round((values[i] - bottom) / (top - bottom or 1) * (height - 1))
            y = height - 1 - row
            grid[y][col] = (liveries[seat].letter, liveries[seat].style)
    for y, line in enumerate(grid):
        label = str(top) if y == 0 else str(bottom) if y == height - 1 else ""
        text.append(f"{label:>{axis - 1}} ┤", style=DIM)
        for ch, style in line:
            text.append(ch, style=style or None)
        text.append("\n")
    text.append(" " * axis + "└" + "─" * cols + "\n", style=DIM)
    text.append(" " * axis + f" {x_label}s 1 to {n}", style=DIM)
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
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.title = title
        self.series = series
        self.liveries = liveries

    def render(self) -> Text:
        width, height = self.size
        return chart_text(self.title, self.series, self.liveries, width - 2, max(3, height - 3))
