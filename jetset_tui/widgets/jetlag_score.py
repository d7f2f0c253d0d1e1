"""The points as they would be if the game ended now, by source (affinities, control, each
destination's objective left to right), for both players; and the piles, taken or left."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.jetlag.cards import PILES
from engine.jetlag.scoring import Score, scores
from engine.jetlag.state import OVER, SETUP, TAKE, State
from jetset_tui.i18n import _


def score_table(
    state: State, me: int, names: Sequence[str], title: str, before: tuple[int, int] | None = None
) -> Table:
    """A row per player (``me`` first): affinities, control, the objectives, the total; with
    ``before`` (the totals before a play being chosen), each total's change after it."""
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(title, no_wrap=True, style="bold")
    table.add_column(_("affinities"), justify="right")
    table.add_column(_("control"), justify="right")
    table.add_column(objectives_heading(len(state.line)), justify="left")
    table.add_column(_("total"), justify="right", style="bold")
    both = scores(state)
    for seat in (me, 1 - me):
        s: Score = both[seat]
        total = Text(str(s.total))
        if before is not None and s.total != before[seat]:
            total.append(f" ({s.total - before[seat]:+d})".replace("-", "−"))
        goals = " ".join(f"{p:>2}" for p in s.objectives)
        table.add_row(Text(names[seat]), str(s.affinity), str(s.control), goals, total)
    return table


def objectives_heading(cards: int) -> str:
    """``objectives 1–5`` over the line's cards, or just ``objectives`` while the line is empty
    (not ``1–0``, at the replay's first position)."""
    if cards == 0:
        return _("objectives")
    return _("objectives 1–{n}").format(n=cards)


def piles_text(state: State) -> str:
    """``Piles taken: 1 2 · left: 3 4``: which of the four piles are taken, which are left."""
    if state.step == SETUP:
        taken = 0
    elif state.step == OVER:
        taken = PILES
    else:
        taken = state.round if state.step != TAKE else state.round - 1
    numbers = [str(i + 1) for i in range(PILES)]
    return _("Piles taken: {taken} · left: {left}").format(
        taken=" ".join(numbers[:taken]) or "—", left=" ".join(numbers[taken:]) or "—"
    )


class JetLagScore(Static):
    DEFAULT_CSS = """
    JetLagScore { height: auto; width: 1fr; margin-top: 1; }
    """

    def show(
        self,
        state: State,
        me: int,
        names: Sequence[str],
        before: tuple[int, int] | None = None,
    ) -> None:
        title = _("If it ended now") if before is None else _("After this play")
        self.update(score_table(state, me, names, title, before))
