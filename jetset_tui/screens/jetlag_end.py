"""The end of a game of Jet Lag: who won and why (the points, else more tourists played, else a
draw), the points by source for each player, and the table as it ended."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine.jetlag.cards import deck
from engine.jetlag.scoring import scores, winners
from engine.jetlag.state import State
from jetset_tui.i18n import N_, _
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.jetlag_board import board_text
from jetset_tui.widgets.jetlag_words import objective_short, places
from jetset_tui.widgets.too_small import TooSmall


def verdict(state: State, names: Sequence[str]) -> str:
    """Who won, by the rulebook's order: the points, then more tourists, then a draw."""
    points = [s.total for s in scores(state)]
    tourists = [state.tourists(0), state.tourists(1)]
    won = winners(state)
    if len(won) == 2:
        return _(
            "A draw: {points} points each and {tourists} tourists each. "
            "The rulebook says: play another game!"
        ).format(points=points[0], tourists=tourists[0])
    w, lost = won[0], 1 - won[0]
    if points[w] != points[lost]:
        return _("{name} wins, {won} points to {lost}.").format(
            name=names[w], won=points[w], lost=points[lost]
        )
    return _(
        "{points} points each: {name} played more tourists ({won} to {lost}) and wins."
    ).format(points=points[w], name=names[w], won=tourists[w], lost=tourists[lost])


def points_table(state: State, names: Sequence[str]) -> Table:
    """A row per source of points (affinities, control, each objective), a column per player."""
    table = Table(box=None, padding=(0, 2), show_edge=False, pad_edge=False)
    table.add_column(_("Points"), no_wrap=True)
    for name in names:
        table.add_column(name, justify="right")
    both = scores(state)
    table.add_row(_("Affinities"), *(str(s.affinity) for s in both))
    table.add_row(_("Control"), *(str(s.control) for s in both))
    cards = deck()
    for i, card_id in enumerate(state.line):
        card = cards[card_id]
        label = Text(f"{i + 1} ")
        label.append_text(places(card))
        label.append(": " + objective_short(card.objective), style="italic")
        table.add_row(label, *(str(s.objectives[i]) for s in both))
    table.add_row(Text(_("Total"), style="bold"), *(Text(str(s.total), style="bold") for s in both))
    table.add_row(_("Tourists played"), *(str(state.tourists(seat)) for seat in (0, 1)))
    return table


class JetLagEndScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape", "menu", N_("Menu")),
    ]
    DEFAULT_CSS = """
    JetLagEndScreen VerticalScroll { padding: 0 1; }
    JetLagEndScreen #jl-verdict { margin-bottom: 1; }
    JetLagEndScreen #jl-verdict.-saved { margin-bottom: 0; }
    JetLagEndScreen #jl-points { margin-bottom: 1; }
    JetLagEndScreen #jl-saved { margin-bottom: 1; }
    """

    def __init__(
        self, state: State, names: Sequence[str], seat: int, path: Path | None = None
    ) -> None:
        """``path``: the game's log, where it was saved (None: not saved here)."""
        super().__init__(classes="guarded")
        self.state = state
        self.names = list(names)
        self.seat = seat
        self.path = path

    def compose(self) -> ComposeResult:
        title = Text(_("Jet Lag: the game is over"), style="bold")
        with VerticalScroll():
            yield Static(
                title.append("\n").append(verdict(self.state, self.names)),
                id="jl-verdict",
                classes="-saved" if self.path is not None else "",
            )
            if self.path is not None:
                saved = _("the log is saved in {path}").format(path=self.path)
                yield Static(Text(saved, style="dim"), id="jl-saved")
            yield Static(points_table(self.state, self.names), id="jl-points")
            yield Static("", id="jl-final")
        yield KeyFooter()
        yield TooSmall()

    def on_resize(self) -> None:
        width = max(self.size.width - 2, 40)
        final = board_text(self.state, self.seat, self.names, width)
        self.query_one("#jl-final", Static).update(final)

    def action_menu(self) -> None:
        self.app.pop_screen()
