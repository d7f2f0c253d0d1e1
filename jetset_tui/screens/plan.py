"""Help: on your turn, the move the best bot would make in your place; then, for every face-up
card and your Final Flights, the cheapest planes you still need."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from engine.jetset.board import LONG, SHORT
from engine.jetset.bots.planning import Planner
from jetset_tui.advice import Advice
from jetset_tui.describe import card_text, route_text
from jetset_tui.guided import need_words
from jetset_tui.i18n import N_, _, ngettext
from jetset_tui.table import TableView
from jetset_tui.theme import BAD, DIM, GOOD
from jetset_tui.widgets.distant import distant_plan
from jetset_tui.widgets.panel import LinePanel


def plan_text(table: TableView, advice: Advice | None = None) -> Text:
    text = Text()
    if table.viewer is None:
        return Text(_("Nobody's plans to show."), style=DIM)
    if advice is not None:
        would = _("In your place the {bot} bot would play").format(bot=advice.bot)
        text.append(f"{would}  ", style="bold")
        text.append(advice.line, style=f"bold {GOOD}")  # what Enter types; as the log says
        words = advice.words  # it (a card by its name: "cash discount" alone told no one)
        text.append(f"  ({words})\n" if words and words != advice.line else "\n", style=DIM)
        if advice.why:
            text.append(_("why: {why}").format(why=advice.why) + "\n")
        if advice.race:
            text.append(_("The race to the end") + "\n", style="bold")
            for line in advice.race:
                text.append(f"  {line}\n")
        text.append(_("Enter puts it on your command line; Esc closes this.") + "\n\n", DIM)
    seat = table.viewer
    state = table.state
    board = table.board
    planner = Planner(state, seat)
    needs = _("What {name} still needs, as the board stands now").format(name=table.names[seat])
    text.append(needs + "\n", style="bold")
    cheapest = _("cheapest planes to place, then claim with one plane from each link")
    text.append(cheapest + "\n\n", style=DIM)
    cards = [(cid, "") for cid in state.rows[SHORT] + state.rows[LONG]]
    hand = state.seats[seat].hand or ()
    cards += [(cid, _("your Final Flight")) for cid in hand]
    for cid, tag in cards:
        card = board.cards[cid]
        route = planner.route(card.cities)
        text.append(f"{card_text(board, cid):<22}", style="bold")
        text.append(f"{card.points or '':>2} {tag}\n", style=DIM)
        if route is None:
            text.append("    " + _("no route on this map") + "\n", style=BAD)
        elif route.ready:
            via = route_text(board, route.path)
            text.append("    " + _("✓ ready: claim it via {route}").format(route=via) + "\n", GOOD)
        else:
            via = _("via {route}:").format(route=route_text(board, route.path))
            text.append(f"    {via} ", style=DIM)
            count = len(route.needs)
            planes = ngettext("{n} plane, €{cost}:", "{n} planes, €{cost}:", count)
            text.append(planes.format(n=count, cost=route.cost) + " ", style="bold")

            text.append(", ".join(need_words(board, n) for n in route.needs))
            text.append("\n")
    text.append_text(distant_plan(table))
    return text


class PlanText(LinePanel):
    """What you still need, a route too long for a row wrapped under its own start."""

    WRAPS = True


class PlanScreen(ModalScreen[Advice | None]):
    """Dismissed with the advice when the player takes it (Enter), else None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h,q", "dismiss", N_("Close")),
        Binding("enter", "take_advice", N_("Take the advice")),
    ]
    DEFAULT_CSS = """
    PlanScreen { align: center middle; }
    PlanScreen VerticalScroll {
        width: 90; max-width: 95%; height: 80%; border: round $accent; padding: 0 1;
        background: $surface;
    }
    """

    def __init__(self, table: TableView, advice: Advice | None = None) -> None:
        super().__init__()
        self.table = table
        self.advice = advice

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            plan = PlanText(id="plan")
            plan.show_text(plan_text(self.table, self.advice))
            yield plan

    async def action_dismiss(self, result: Advice | None = None) -> None:
        self.dismiss(None)

    def action_take_advice(self) -> None:
        if self.advice is not None:
            self.dismiss(self.advice)
