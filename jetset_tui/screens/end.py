"""The end screen: final scores with their breakdown, and points and cash turn by turn."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from engine import Game, Score
from jetset_tui.describe import seat_badge
from jetset_tui.history import history
from jetset_tui.theme import DIM, Livery
from jetset_tui.widgets.chart import Chart
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.too_small import TooSmall
from netcode.seatkind import SeatKind


def cards_breakdown(score: Score) -> str:
    """``4×1 2×5 3×7 = 35``: claimed cards by value (and the end-of-game Business cards'
    points, ``+ 4 from Business cards``)."""
    business = f" + {score.business} from Business cards" if score.business else ""
    if not score.cards:
        return "none" + business
    counts = Counter(score.cards)
    parts = " ".join(f"{counts[v]}×{v}" for v in sorted(counts))
    return f"{parts} = {sum(score.cards)}{business}"


def score_table(
    game: Game, names: list[str], kinds: list[SeatKind], liveries: list[Livery]
) -> Table:
    scores = game.scores()
    winners = set(game.winners())
    ranked = sorted(scores, key=lambda s: (-s.total, -s.cash, s.seat))
    table = Table(expand=True, header_style="bold", box=None, padding=(0, 1))
    hubs = game.state.hubs is not None
    columns = [
        ("", "left"),
        ("player", "left"),
        ("cards by value", "left"),
        ("Final Flight", "left"),
        ("points", "right"),
        ("cash", "right"),
    ]
    if hubs:
        columns.insert(4, ("hub markers", "right"))
    for col, justify in columns:
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for rank, score in enumerate(ranked, 1):
        st = game.state.seats[score.seat]
        final = f"{score.final} ({st.final_planes}✈)" if st.finished else "not played"
        who = seat_badge(liveries[score.seat], names[score.seat])
        who.append(f"  {kinds[score.seat].label}", style=DIM)
        cells: list[Text | str] = [
            Text("★ winner" if score.seat in winners else f"{rank}.", style="bold"),
            who,
            cards_breakdown(score),
            final,
            Text(str(score.total), style="bold"),
            f"€{score.cash}",
        ]
        if hubs:
            cells.insert(4, str(score.hubs))
        table.add_row(*cells)
    return table


class EndScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "menu", "Menu"),
    ]
    DEFAULT_CSS = """
    EndScreen #scores { height: auto; padding: 1 2; }
    EndScreen #charts { height: 1fr; }
    EndScreen #end-title { height: auto; padding: 1 2 0 2; }
    """

    def __init__(
        self,
        game: Game,
        names: list[str],
        kinds: list[SeatKind],
        liveries: list[Livery],
        path: Path | None = None,
    ) -> None:
        super().__init__(classes="guarded")
        self.game = game
        self.names = names
        self.kinds = kinds
        self.liveries = liveries
        self.path = path

    def compose(self) -> ComposeResult:
        samples = history(self.game)
        players = self.game.options.players
        points = [[s.points[i] for s in samples] for i in range(players)]
        cash = [[s.cash[i] for s in samples] for i in range(players)]
        with Vertical():
            yield Static(self.title_text(), id="end-title")
            yield Static(score_table(self.game, self.names, self.kinds, self.liveries), id="scores")
            with Horizontal(id="charts"):
                yield Chart("Points, turn by turn", points, self.liveries, id="points-chart")
                yield Chart("Cash, turn by turn", cash, self.liveries, id="cash-chart")
        yield KeyFooter()
        yield TooSmall()

    def title_text(self) -> Text:
        state = self.game.state
        text = Text()
        winners = self.game.winners()
        names = " and ".join(self.names[w] for w in winners)
        text.append("✈ Game over", style="bold")
        text.append(f" after {state.turn} turns: {state.end_reason}.\n", style=DIM)
        text.append(f"{names} win{'s' if len(winners) == 1 else ''}!", style="bold")
        if self.path is not None:
            text.append(f"   the log is saved in {self.path}", style=DIM)
        return text

    def action_menu(self) -> None:
        self.app.pop_screen()
