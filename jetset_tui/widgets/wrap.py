"""Lines of styled text that wrap at a width, their further rows indented: the log pane's lines
and the panels beside the map, where a line cut at the edge would hide what it says.

A panel's line is fields apart by two spaces or more (``12 pts  €30  ✈24``, ``hubs BER OSL``):
a row breaks between fields, so that a field (``hubs BER``, or a group of them joined by ``KEEP``)
stays whole; where the next field
is too wide for a row of its own (a sentence: a card's rule, a log line), the rows break between
its words instead, from the row it begins on.

No row breaks at a no-break space (``KEEP``), here or, once ``keep_no_break_spaces`` has run,
anywhere Textual wraps text."""

from __future__ import annotations

import re

import textual.content
from rich._wrap import divide_line as rich_divide_line
from rich.console import Console
from rich.text import Text

NARROWEST = 12
"""Cells a wrapped row keeps for words at least: a narrower width indents less."""

GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
"""Two spaces or more between fields."""

KEEP = "\u00a0"
"""A blank inside a field (a no-break space): ``€23␣␣✈23␣␣●21`` is one field, kept on one row;
inside a sentence, two words kept on one row (``Bob␣+€2``)."""
HELD = "\ue000"
"""What a ``KEEP`` is while Rich wraps a sentence: a character of the Private Use Area, one cell
wide and never a blank, which names refuse (one typed in a chat line shows as a blank there)."""


def wrapped(line: Text, width: int, console: Console, indent: int) -> list[Text]:
    """``line`` as rows of at most ``width`` cells: the first whole, the next ones indented by
    ``indent`` cells; broken between fields where they fit, else between words."""
    if line.cell_len <= width or width < 1:
        return [line]
    indent = min(indent, max(0, width - NARROWEST))
    plain = line.plain
    ends = [gap.start() for gap in GAP.finditer(plain, indent)] + [len(plain)]
    starts = [0, *(gap.end() for gap in GAP.finditer(plain, indent))]
    rows: list[Text] = []
    field = 0
    while field < len(starts):
        lead = indent if rows else 0
        last = field  # the fields this row takes: at least one
        while last + 1 < len(ends) and lead + cells(line, starts[field], ends[last + 1]) <= width:
            last += 1
        following = last + 1
        if (
            following < len(ends)
            and indent + cells(line, starts[following], ends[following]) > width
        ):
            piece = line[starts[field] :]  # the next field fills rows anyway: words from here on
            rows += words(piece, width, console, lead, line, bool(rows), indent)
            break
        piece = line[starts[field] : ends[last]]
        rows += words(piece, width, console, lead, line, bool(rows), indent)
        field = following
    return rows


def cells(line: Text, start: int, end: int) -> int:
    return line[start:end].cell_len


def words(
    piece: Text, width: int, console: Console, lead: int, line: Text, later: bool, indent: int
) -> list[Text]:
    """``piece`` in rows of ``width`` after ``lead`` blanks, broken between its words where it
    is too wide (the rows after a line's first are indented)."""
    if lead + piece.cell_len <= width:
        return [indented(line, piece, lead)]
    if later:
        parts = rich_wrap(piece, console, width - lead)
        return [indented(line, part, lead) for part in parts]
    head, body = piece[:indent], piece[indent:]  # a line's first row: its start stays as it is
    parts = rich_wrap(body, console, width - indent)
    first = head.copy()
    first.append(parts[0])
    return [first, *(indented(line, part, indent) for part in parts[1:])]


def rich_wrap(text: Text, console: Console, width: int) -> list[Text]:
    """Rich's wrap of ``text`` at ``width``, which breaks at a no-break space as at any blank:
    each ``KEEP`` is held as ``HELD`` (one cell, not a blank) while it wraps."""
    held = text.copy()
    held.plain = text.plain.replace(KEEP, HELD)
    parts = held.wrap(console, width, no_wrap=False, overflow="fold")
    for part in parts:
        part.plain = part.plain.replace(HELD, KEEP)
    return list(parts)


def divide_keeping(text: str, width: int, fold: bool = True) -> list[int]:
    """Rich's ``divide_line`` (where a line of ``text`` breaks at ``width``), never at a
    ``KEEP``: it divides the text with each held as ``HELD``, which moves no offset."""
    return rich_divide_line(text.replace(KEEP, HELD), width, fold)


def keep_no_break_spaces() -> None:
    """Textual wraps every ``Content`` (each Static, Label and Markdown block, the F1 page's
    tables, a notice) with Rich's ``divide_line``, which breaks at a no-break space as at any
    blank; the Italian catalogue writes ``0\u00a0€``, which would then end one row with ``0`` and
    begin the next with ``€``. From now on Textual's content divides with ``divide_keeping``
    (process-wide, idempotent; ``tests/tui/test_money_kept_together.py`` fails if a Textual
    release stops dividing through ``textual.content.divide_line``)."""
    setattr(textual.content, "divide_line", divide_keeping)  # noqa: B010 - Textual's own name


def indented(line: Text, part: Text, lead: int) -> Text:
    """``part`` after ``lead`` blanks, in the line's base style."""
    row = line.blank_copy(" " * lead)
    row.append(part)
    return row
