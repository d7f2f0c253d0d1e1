"""Your two Final Flights: shown only to their owner."""

from __future__ import annotations

from rich.text import Text

from engine.jetset.bots.planning import Planner
from jetset_tui.business import business_text
from jetset_tui.describe import card_text
from jetset_tui.i18n import _
from jetset_tui.table import TableView
from jetset_tui.theme import DIM
from jetset_tui.widgets.needs import need_text
from jetset_tui.widgets.panel import LinePanel


def hand_text(table: TableView) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    viewer = table.viewer
    if viewer is None:
        return Text(_("Final Flights are secret"), style=DIM)
    st = table.state.seats[viewer]
    title = _("{name}'s Final Flights").format(name=table.names[viewer])
    text.append(title, style="bold underline")
    text.append("  " + _("secret") + "\n", style=DIM)
    if st.finished and st.final is not None:
        played = _("played {card}").format(card=card_text(table.board, st.final))
        text.append(f" {played}", style="bold")
        return text
    if not st.hand:
        text.append(" " + _("(not dealt yet)"), style=DIM)
        return text
    planner = Planner(table.state, viewer)
    for cid in st.hand:
        text.append(f" {card_text(table.board, cid):<18}   ")
        text.append_text(need_text(planner.route(table.board.cards[cid].cities)))
        text.append("\n")
    if not table.state.vacation_time:
        text.append(" " + _("playable once 2 Vacation cards are up"), style=DIM)

    return text


class HandPanel(LinePanel):
    """Your Final Flights, and your Business cards with what each does (wrapped, not cut)."""

    DEFAULT_CSS = """
    HandPanel { height: auto; padding: 0 1; }
    """
    WRAPS = True

    def show(self, table: TableView) -> None:
        text = hand_text(table)
        business = business_text(table)
        if business is not None:
            text.append("\n")
            text.append_text(business)
        self.show_text(text)
