"""The table of a Jet Lag game as one seat sees it: the line of destinations with their
objectives, the opponent's tourists above it and yours below, as at a real table.

Each destination is a column: its number, its kind (a double shows both, ``×2``), its objective,
then on each side the sum of that side's tourist values (``Σ``; ``★`` and the points where that
side controls it) and the tourists in the order played, the first nearest the line. A play being
chosen is shown where it would go, marked ``»`` (and reversed), so the choice is seen before it
is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text
from textual.widgets import Static

from engine.jetlag.cards import CONTROL, Card, deck
from engine.jetlag.state import State
from jetset_tui.i18n import _
from jetset_tui.widgets.jetlag_words import objective_short, places, tourist_cell
from jetset_tui.widgets.presence import OPEN_SEAT
from jetset_tui.widgets.wrap import KEEP

MIN_COLUMN: Final = 14
MAX_COLUMN: Final = 26
NEW: Final = "»"
"""Marks the card of the play being chosen."""


GAP: Final = 2
"""The blanks at least between one destination's heading (or objective) and the next's: with
one, "1 Mountain+Countryside ×2 2 City+Countryside" read as a single heading."""


def column_widths(width: int, columns: int, widest: int = 0) -> list[int]:
    """The destinations' columns: ``width`` shared by ``columns``, each from ``MIN_COLUMN`` to
    ``MAX_COLUMN`` cells, or more where the room allows a heading of ``widest`` cells on one
    line with its ``GAP``; the last with no gap after it (at 80 columns, the room for "Mountain
    ×2" and a gap before the next column)."""
    if columns < 1:
        return []
    most = max(MAX_COLUMN, widest + GAP)
    each = max(MIN_COLUMN, min(most, (width + GAP) // columns))
    return [each] * (columns - 1) + [each - GAP + 1]


def _cell(text: Text, width: int, style: str = "") -> Text:
    """``text`` cut or padded to ``width`` - 1 characters and a space."""
    out = text.copy()
    if style:
        out.stylize(style)
    out.truncate(width - 1, overflow="ellipsis", pad=True)
    out.append(" ")
    return out


def wrapped(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` characters, broken after a space or a ``+`` (a
    double destination's two kinds), a word longer than a line cut where it must be."""
    plain, lines, start = text.plain, [], 0
    while len(plain) - start > width:
        space = plain.rfind(" ", start, start + width + 1)
        cut = max(space, plain.rfind("+", start, start + width))
        end = cut + 1 if cut > start else start + width
        line = text[start:end]
        line.rstrip()
        lines.append(line)
        start = end
    lines.append(text[start:])
    return lines


def wrapped_row(
    texts: Sequence[Text], widths: Sequence[int], styles: Sequence[str]
) -> list[list[Text]]:
    """Cells that take more than a column's width, on as many rows as the longest needs (a
    destination's kinds and objective are read whole, never cut: they decide the points), each
    ``GAP`` blanks at least from the next."""
    columns = [
        wrapped(text, width - (GAP if n < len(widths) - 1 else 1))
        for n, (text, width) in enumerate(zip(texts, widths, strict=True))
    ]
    height = max((len(lines) for lines in columns), default=1)
    return [
        [
            _cell(lines[r] if r < len(lines) else Text(""), width, style)
            for lines, width, style in zip(columns, widths, styles, strict=True)
        ]
        for r in range(height)
    ]


def _sum_cell(total: int, control: int, width: int) -> Text:
    text = Text(f"Σ {total}", style="bold" if control else "")
    if control:
        text.append(f" ★+{control}", style="bold")
    return _cell(text, width)


def heading(i: int, card: Card, mark: str) -> Text:
    """The heading of the ``i``-th destination of the line: its number and kinds, ``×2`` after a
    double's, kept on the line of its last kind (it wrapped onto a line of its own)."""
    head = Text(f"{mark}{i + 1} ", style="bold")
    head.append_text(places(card))
    if card.double:
        head.append(KEEP + "×2", style="bold")
    return head


def board_text(
    state: State,
    me: int,
    names: Sequence[str],
    width: int,
    new: str | None = None,
    *,
    watching: bool = False,
) -> Text:
    """The table for seat ``me`` (at the bottom), ``width`` columns wide; ``new``: the card of
    the play being chosen, already in ``state``, marked where it lies; ``watching``: for
    someone who plays neither seat (a spectator, a replay), both sides named alike."""
    cards = deck()
    them = 1 - me
    dests = [cards[d] for d in state.line]
    heads = [heading(i, d, NEW if d.id == new else "") for i, d in enumerate(dests)]
    widths = column_widths(width, len(state.line), max((h.cell_len for h in heads), default=0))
    sums = [[sum(cards[c].value for c in s[seat]) for s in state.stacks] for seat in (0, 1)]
    rows: list[Text] = []

    def row(cells: list[Text]) -> None:
        line = Text("").join(cells)
        line.rstrip()
        rows.append(line)

    def stack_rows(seat: int, *, above: bool) -> None:
        height = max([len(s[seat]) for s in state.stacks] + [1])
        for r in range(height):
            i = height - 1 - r if above else r
            cells = []
            for d, s, cw in zip(dests, state.stacks, widths, strict=True):
                stack = s[seat]
                if i >= len(stack):
                    cells.append(_cell(Text(""), cw))
                    continue
                card = cards[stack[i]]
                room = cw - 1 - (len(NEW) if stack[i] == new else 0)
                text = tourist_cell(card, card.affinity(d.destination), width=room)
                if stack[i] == new:
                    cells.append(_cell(Text(NEW).append_text(text), cw, "reverse"))
                else:
                    cells.append(_cell(text, cw))
            row(cells)

    def sum_row(seat: int) -> None:
        row(
            [
                _sum_cell(sums[seat][i], CONTROL * d.weight if mine > theirs else 0, cw)
                for i, (d, mine, theirs, cw) in enumerate(
                    zip(dests, sums[seat], sums[1 - seat], widths, strict=True)
                )
            ]
        )

    if names[them] in (OPEN_SEAT, _(OPEN_SEAT)):  # "(open seat)'s tourists" read oddly
        free = _("the other player's tourists (their seat is free)")
        rows.append(Text("▲ " + free, style="bold"))
    else:
        rows.append(Text("▲ " + _("{name}'s tourists").format(name=names[them]), style="bold"))
    stack_rows(them, above=True)
    sum_row(them)
    styles = ["reverse" if d.id == new else "underline" for d in dests]
    goals = [Text(objective_short(d.objective), style="italic") for d in dests]
    for cells in wrapped_row(heads, widths, styles):
        row(cells)
    for cells in wrapped_row(goals, widths, [""] * len(goals)):
        row(cells)
    sum_row(me)
    stack_rows(me, above=False)
    mine = _("{name}'s tourists") if watching else _("your tourists ({name})")
    rows.append(Text("▼ " + mine.format(name=names[me]), style="bold"))
    return Text("\n").join(rows)


class JetLagBoard(Static):
    """The line and both sides' tourists (``show`` gives it what to draw)."""

    DEFAULT_CSS = """
    JetLagBoard { height: auto; width: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self._args: tuple[State, int, tuple[str, ...], str | None] | None = None
        self._watching = False

    def show(
        self,
        state: State,
        me: int,
        names: Sequence[str],
        new: str | None = None,
        *,
        watching: bool = False,
    ) -> None:
        self._args = (state, me, tuple(names), new)
        self._watching = watching
        self.refresh_board()

    def refresh_board(self) -> None:
        if self._args is None:
            return
        state, me, names, new = self._args
        width = self.content_size.width or 80
        self.update(board_text(state, me, names, width, new, watching=self._watching))

    def on_resize(self) -> None:
        self.refresh_board()
