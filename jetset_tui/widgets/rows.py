"""The Short and Long Flight rows, the decks' sizes and the Vacation track, with how many planes
the player looking still needs for each card."""

from __future__ import annotations

from rich.text import Text

from engine.jetset.board import LONG, SHORT
from engine.jetset.bots.planning import Planner
from engine.jetset.investors_state import SPACES
from engine.jetset.rules.business_turn_cards import locked_by
from engine.jetset.rules.investors import investor_cards
from jetset_tui.describe import card_text
from jetset_tui.i18n import N_, _, money, pgettext
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD
from jetset_tui.widgets.distant import distant_row_text
from jetset_tui.widgets.needs import need_text
from jetset_tui.widgets.panel import LinePanel

ROW_TITLES = {SHORT: N_("Short Flights"), LONG: N_("Long Flights")}
INVESTOR_NAMES = (N_("Equal"), N_("Diversity"), N_("Majority"), N_("Prominence"), N_("Catch Up"))
"""The Investor cards' names (data/investors.json), for the catalogs."""


def investor_name(name: str) -> str:
    """An Investor card's name in the player's language."""
    return _(name) if name in INVESTOR_NAMES else name


def rows_text(table: TableView) -> Text:
    state = table.state
    board = table.board
    planner = Planner(state, table.viewer) if table.viewer is not None else None
    text = Text(no_wrap=True, overflow="ellipsis")
    for row in (SHORT, LONG):
        deck = len(state.deck[row])
        text.append(_(ROW_TITLES[row]), style="bold underline")
        text.append("  " + _("deck {n}").format(n=deck), style=DIM)
        text.append("   " + _("need") + "\n" if planner else "\n", style=DIM)
        if not state.rows[row]:
            text.append("  " + _("(empty)") + "\n", style=DIM)
        for cid in state.rows[row]:
            card = board.cards[cid]
            text.append(f" {card_text(board, cid):<18}", style="")
            text.append(f"{card.points:>2}", style="bold")
            if planner is not None:
                text.append("  ")
                text.append_text(need_text(planner.route(card.cities)))
            holder = locked_by(state, cid)
            if holder >= 0:  # Lock a Flight Card: nobody else may claim it
                livery = table.liveries[holder]
                text.append("  " + _("locked") + " ", style=DIM)
                text.append(livery.letter, style=livery.style)
            text.append("\n")
    text.append(pgettext("the Vacation track", "Vacation") + " ", style="bold")

    up = len(state.vacations)
    text.append("▣ " * up + "▢ " * max(0, 2 - up))
    if state.vacation_time:
        text.append(" " + _("Vacation Time: Final Flights open"), style=f"bold {GOOD}")
    else:
        text.append(" " + _("{n} of 2 up").format(n=up), style=DIM)
    if state.distant is not None:
        text.append("\n")
        text.append_text(distant_row_text(table))
    if state.investors is not None:
        text.append("\n")
        text.append_text(investors_text(table))
    return text


def investors_text(table: TableView) -> Text:
    """The Investors on the Vacation spaces: face down, face up, or what each paid."""
    inv = table.state.investors
    text = Text(no_wrap=True, overflow="ellipsis")
    if inv is None:
        return text
    text.append(_("Investors"), style="bold")
    if not inv.dealt:
        text.append("  " + _("not placed yet"), style=DIM)
        return text
    if all(card is None for card in inv.cards):  # one line where rows are short (80×24)
        text.append(" ▢ ▢ " + pgettext("both Investors", "face down"), style=DIM)
        return text
    for space in range(SPACES):
        text.append(f"\n {space + 1} ")
        card = inv.cards[space]
        paid = inv.paid[space]
        if card is None:
            text.append("▢ " + _("face down"), style=DIM)
            continue
        text.append(investor_name(investor_cards()[card].name), style="bold")
        if paid is None:
            text.append("  " + _("face up, not paid yet"), style=DIM)
            continue
        text.append("  " + _("paid"), style=DIM)

        for seat, amount in enumerate(paid):
            text.append(" ")
            text.append(f"{table.liveries[seat].letter}", style=table.liveries[seat].style)
            text.append(f" {money(amount)}")
    return text


class RowsPanel(LinePanel):
    """The face-up cards (a line too wide, as Vacation Time's, wrapped: ``LinePanel.WRAPS``)."""

    DEFAULT_CSS = """
    RowsPanel { height: auto; padding: 0 1; }
    """
    WRAPS = True

    def show(self, table: TableView) -> None:
        self.show_text(rows_text(table))
