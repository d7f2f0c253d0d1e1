"""The end of a game of Jet Lag: who won and why (the points, else more tourists played, else a
draw), the points by source for each player, and the table as it ended; the keys (play again,
watch the replay, the menu) are the end frame's (screens/end_frame.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from engine.jetlag.cards import deck
from engine.jetlag.scoring import scores, winners
from engine.jetlag.state import State
from jetset_tui.i18n import _
from jetset_tui.jetlag_plan import HUMAN, JetLagPlan
from jetset_tui.screens.end_frame import EndFrame, saved_text
from jetset_tui.widgets.jetlag_board import board_text
from jetset_tui.widgets.jetlag_words import objective_short, places
from netcode.client import GameClient, SeatInfo


class FinalTable(Static):
    """The table as the game ended, drawn for the screen's width each time the table is laid
    out: it sits in the end's scrolled body, which mounts it after the screen has its size,
    so the screen's own resize cannot be the one to draw it (it once found it not yet there)."""

    def __init__(self, end: JetLagEndScreen) -> None:
        super().__init__("", id="jl-final")
        self.end = end

    def on_resize(self) -> None:
        end = self.end
        width = max(end.size.width - 2, 40)
        self.update(board_text(end.state, end.seat, end.names, width, watching=end.watching))


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
        table.add_column(Text(name), justify="right")
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


class JetLagEndScreen(EndFrame):
    """Jet Lag's end, on the end frame (screens/end_frame.py): the verdict, the points by
    source, and the table as it ended."""

    HELP_GAME = "jetlag"
    """F1 and the palette's rules: Jet Lag's page (``JetSetApp.action_help``)."""

    DEFAULT_CSS = """
    JetLagEndScreen VerticalScroll { padding: 0 1; }
    JetLagEndScreen #end-title { margin-bottom: 1; }
    JetLagEndScreen #scores { margin-bottom: 1; }
    """

    def __init__(
        self,
        state: State,
        names: Sequence[str],
        seat: int,
        path: Path | None = None,
        *,
        again: JetLagPlan | None = None,
        watching: bool = False,
    ) -> None:
        """``path``: the game's log, where it was saved (None: not saved here); ``again``: the
        same seats for a new game (None: no rematch here, a game over the network);
        ``watching``: for a spectator, who is neither player (both sides named alike)."""
        super().__init__(path)
        self.state = state
        self.names = list(names)
        self.seat = seat
        self.again = again
        self.watching = watching

    def title_text(self) -> Text:
        text = Text(_("Jet Lag: the game is over"), style="bold")
        text.append("\n" + verdict(self.state, self.names))
        if self.path is not None:
            text.append("\n" + saved_text(self.path), style="dim")
        return text

    def points_table(self) -> Table:
        return points_table(self.state, self.names)

    def compose_more(self) -> ComposeResult:
        yield FinalTable(self)

    def can_rematch(self) -> bool:
        return self.again is not None

    def rematch(self) -> None:
        """The same seats and names, a new deal."""
        from jetset_tui.app import JetSetApp

        app = self.app
        if self.again is None or not isinstance(app, JetSetApp):
            return
        app.pop_screen()
        app.start_plan(self.again)


def rematch_plan(seats: Sequence[SeatInfo]) -> JetLagPlan:
    """The same seats (kinds and names) for a new game, a new seed, a new file."""
    kinds = [HUMAN if s.kind.bot is None else s.kind.bot for s in seats]
    names = [s.name for s in seats]
    return JetLagPlan((kinds[0], kinds[1]), (names[0], names[1]))


def end_screen(session: GameClient, path: Path | None = None) -> JetLagEndScreen:
    """The end of a finished game's session, opened from its log (jetset_tui/table_screens.py):
    a rematch of the same seats can start here."""
    names = [s.name for s in session.seats]
    again = rematch_plan(session.seats)
    return JetLagEndScreen(session.game.state, names, 0, path, again=again)
