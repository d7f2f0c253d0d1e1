"""A panel per player: cash, planes and markers in stock, claimed cards, income, points."""

from __future__ import annotations

from rich.text import Text

from engine.jetset.distant_state import distant_points
from engine.jetset.rules.hubs import seat_in_turn
from engine.jetset.rules.income import income_paid
from engine.jetset.scoring import final_flight_points, scores
from engine.jetset.state import State
from jetset_tui.describe import card_text, seat_badge
from jetset_tui.i18n import _, money, ngettext
from jetset_tui.race import panel_race
from jetset_tui.seat_names import bot_words
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, WARN
from jetset_tui.widgets.panel import LinePanel
from jetset_tui.widgets.wrap import KEEP
from netcode.seatkind import SeatKind

SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def kind_label(kind: SeatKind) -> str:
    """How a panel names a seat's kind: ``human`` in the player's language, a bot by its name."""
    return _("human") if not kind.is_bot else bot_words(kind.label)


def player_lines(table: TableView, seat: int, compact: bool = False) -> Text:
    """Three lines about one player (two when ``compact``); one more for a played Final Flight
    and one for the end race from Vacation Time on."""
    state = table.state
    st = state.seats[seat]
    livery = table.liveries[seat]
    total = scores(state)[seat].total
    text = Text(no_wrap=True, overflow="ellipsis")
    turn = seat == seat_in_turn(state) and not state.over
    text.append("▶ " if turn else "  ", style="bold" if turn else "")
    text.append_text(seat_badge(livery, table.names[seat]))
    who = _("you") if seat == table.viewer else kind_label(table.kinds[seat])
    if not compact or seat == table.viewer:
        text.append(f"  {who}", style=DIM)
    if seat in table.given:  # its player gave it away: not coming back
        text.append("  " + _("seat open"), style=f"bold {WARN}")
    elif seat in table.away:
        text.append("  " + _("away"), style=f"bold {WARN}")
    text.append("  " + ngettext("{n} pt", "{n} pts", total).format(n=total), style="bold")
    text.append("  " if compact else "\n   ")
    cash = money(st.cash)  # €30, or 30 € in Italian: at least a blank before the planes
    stock = [cash.ljust(max(5, len(cash) + 1)), f"✈{st.planes:<3} ", f"●{st.markers:<3}"]
    if compact:  # cash, planes and markers on one row when the line wraps (not "●21" alone)
        stock = [part.replace(" ", KEEP) for part in stock]
    text.append(stock[0], style="bold")
    text.append(stock[1] + stock[2])
    if not compact:
        text.append(" " + _("income €{cash}").format(cash=income_paid(state, seat)), style=DIM)
        text.append_text(hub_text(state, seat))
    text.append("\n   ")
    if st.finished and st.final is not None:
        final = _("Final {card}").format(card=card_text(state.board, st.final))
        text.append(f"{final} ", style="bold")
        points = final_flight_points(st.final_planes)
        text.append("✈" * st.final_planes + f" +{points}", style="bold")
        text.append("\n   ")
    race = panel_race(table, seat)
    if race is not None:
        text.append_text(race)
        text.append("\n   ")
    if st.cards or distant_points(state, seat):
        if compact:
            income = _("income €{cash}").format(cash=income_paid(state, seat))
            text.append(f"{income}  ", style=DIM)
        for cid, markers in st.cards:
            points = state.board.cards[str(cid)].points
            text.append(f"{points}{str(markers).translate(SUPERSCRIPT) if markers else ''} ")
        text.append("D8 " * len(distant_points(state, seat)))
    else:
        text.append(_("no cards yet"), style=DIM)
    if compact:
        text.append_text(hub_text(state, seat))
    return text


def hub_text(state: State, seat: int) -> Text:
    """Hubs: ``  hubs BER OSL +1pt`` (city codes, then the 1-point markers), ``no hub yet``,
    or nothing (no Hubs module)."""
    hubs = state.hubs
    text = Text()
    if hubs is None:
        return text
    codes = " ".join(state.board.city_code(c) for c in hubs.cities[seat])
    said = _("hubs {codes}").format(codes=codes) if codes else _("no hub yet")
    text.append("  " + said, style=DIM)

    if hubs.points[seat]:
        text.append(f" +{hubs.points[seat]}pt", style=DIM)
    return text


class PlayersPanel(LinePanel):
    """Every player, the one to move marked with ▶. A line wider than the panel (hubs or
    ``away`` on a compact line, many cards) goes on in a row of its own under the name, never
    cut (``LinePanel.WRAPS``)."""

    DEFAULT_CSS = """
    PlayersPanel { height: auto; padding: 0 1; }
    """
    WRAPS = True
    WRAP_INDENT = 3  # under the name

    def show(self, table: TableView, compact: bool = False) -> None:
        text = Text()
        for seat in range(table.state.players):
            if seat:
                text.append("\n")
            text.append_text(player_lines(table, seat, compact))
        self.show_text(text)
