"""Lines of styled text that wrap at a width, their further rows indented: the log pane's lines
and the players' panel, where a line cut at the edge would hide what it says."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

NARROWEST = 12
"""Cells a wrapped row keeps for words at least: a narrower width indents less."""


def wrapped(line: Text, width: int, console: Console, indent: int) -> list[Text]:
    """``line`` as rows of at most ``width`` cells: the first whole, the next ones indented by
    ``indent`` cells, words kept whole where they fit."""
    if line.cell_len <= width or width < 1:
        return [line]
    indent = min(indent, max(0, width - NARROWEST))
    head, body = line[:indent], line[indent:]
    rows = body.wrap(console, width - indent, no_wrap=False, overflow="fold")
    first = head.copy()
    first.append(rows[0])
    out = [first]
    for row in rows[1:]:
        indented = line.blank_copy(" " * indent)
        indented.append(row)
        out.append(indented)
    return out
