"""A Rich table laid out for the width it is drawn in, no column narrower than its longest word.

Rich narrows a table that is too wide by taking cells from its widest columns, then from every
column alike, and then widens again each column narrower than a word of its own: the table ends
wider than the room, and its last column is cut at the edge (the end screen's cash, in Italian
at 80 columns). Here, from Rich's widths, the widest column that can still lose a cell without
cutting a word loses it, until the table fits; a table that fits, or whose words alone are too
wide, is left to Rich."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table


class FittedTable:
    """``table``, its columns' widths set for the width it is given."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fit_columns(self.table, console, options)
        yield self.table


def column_ranges(table: Table, console: Console, options: ConsoleOptions) -> list[Measurement]:
    """Each column's narrowest width (its longest word) and widest, with its padding."""
    return [table._measure_column(console, options, column) for column in table.columns]


def fit_columns(table: Table, console: Console, options: ConsoleOptions) -> None:
    """Set the widths of ``table``'s columns so that the table fits ``options.max_width``, where
    it fits with every word whole; leave them to Rich otherwise (or where it fits as it is)."""
    for column in table.columns:
        column.width = None
    room = options.max_width - table._extra_width
    widths = table._calculate_column_widths(console, options)
    if sum(widths) <= room:
        return  # Rich's own layout fits
    least = [r.minimum for r in column_ranges(table, console, options)]
    if sum(least) > room:
        return
    widths = [max(w, m) for w, m in zip(widths, least, strict=True)]
    while sum(widths) > room:
        _, most = max((w, i) for i, (w, m) in enumerate(zip(widths, least, strict=True)) if w > m)
        widths[most] -= 1
    for index, (column, width) in enumerate(zip(table.columns, widths, strict=True)):
        column.width = width - table._get_padding_width(index)
