"""Distant Lands in the table panels: the Distant row and the four supplementary boards.

The row is drawn under the Short and Long rows (so beside the map, and in its place with ``v``
under 100 columns): the two Distant cards with what the player looking still needs for each.
The boards come under your hand (``BoardsPanel``), so that the hand is not pushed below the
panel's fold: a line for each distant city while none of its airlinks is bought (their names and
prices), else a line for each airlink: its name, price, and once bought its City-marker city,
owner and planes.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from engine.jetset.actions import ClaimDistant
from engine.jetset.bots.greedy import distant_cost
from engine.jetset.distant_state import PLANE_PRICE, DistantState
from engine.jetset.rules.claims import plane_components
from engine.jetset.rules.distant import ClaimDistantRule
from engine.jetset.state import State
from jetset_tui.cities import city_name
from jetset_tui.describe import distant_card_text, route_text
from jetset_tui.i18n import _, money
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD, UNOWNED
from jetset_tui.widgets.panel import LinePanel

CLAIM = ClaimDistantRule()


def distant_row_text(table: TableView) -> Text:
    """The Distant Flight row, under the Short and Long rows (empty text when the module is
    off)."""
    d = table.state.distant
    text = Text(no_wrap=True, overflow="ellipsis")
    if d is None:
        return text
    text.append(_("Distant Flights"), style="bold underline")
    deck = _("deck {n}").format(n=len(d.deck)) if d.deck or not d.set_aside else _("set aside")
    text.append(f"  {deck}", style=DIM)
    text.append("\n")
    if not d.row:
        text.append("  " + _("(empty)") + "\n", style=DIM)
    for cid in d.row:
        text.append(f" {distant_card_text(table.board, cid):<18}")
        text.append(" 8", style="bold")
        if table.viewer is not None:
            text.append("  ")
            text.append_text(distant_need(table, d, cid))
        text.append("\n")
    text.right_crop(1)
    return text


def distant_boards_text(table: TableView) -> Text:
    """The four supplementary boards' airlinks (empty text when the module is off)."""
    d = table.state.distant
    text = Text(no_wrap=True, overflow="ellipsis")
    if d is None:
        return text
    text.append(_("Distant airlinks  planes €{cost}").format(cost=PLANE_PRICE) + "\n", style="bold")
    for city in range(len(d.board.cities)):
        slots = d.board.city_slots(city)
        if len(slots) > 1 and all(d.owner[slot] < 0 for slot in slots):
            text.append_text(unowned_city_line(d, slots))
            continue
        for slot in slots:
            text.append_text(slot_line(table, d, slot))
    text.right_crop(1)
    return text


def unowned_city_line(d: DistantState, slots: tuple[int, ...]) -> Text:
    """`` WAS1 €20  WAS2 €22  Washington``: a distant city none of whose airlinks is bought yet,
    in one line (a price stands for an unowned airlink, as on the map), so that the four boards
    take four lines of the panel until the buying starts."""
    board = d.board
    prices = "  ".join(f"{board.slot_name(s)} {money(board.slots[s].cost)}" for s in slots)
    city = city_name(board.cities[board.slots[slots[0]].city])
    line = Text(f" {prices}  ")
    line.append(city + "\n", style=UNOWNED)
    return line


def distant_need(table: TableView, d: DistantState, cid: str) -> Text:
    """``✓ ready``, ``1✈ €45`` (a plane on a distant link from a City-marker city the viewer's
    planes already reach), or ``not in reach`` (European links first; it said ``far``, which a
    play test could not read)."""
    viewer = table.viewer
    assert viewer is not None
    how = distant_prospect(table.state, viewer, cid)
    if how.ready is not None:
        return Text(_("✓ ready"), style=f"bold {GOOD}")
    if how.cost is not None:
        return Text(f"1✈ {money(how.cost)}", style=DIM)
    return Text(_("not in reach"), style=DIM)


@dataclass(frozen=True)
class Prospect:
    """How far a seat is from claiming a Distant card: a legal claim now (``ready``), else the
    price of the one distant plane it lacks (``cost``), else neither (European links first);
    ``ends``: the City-marker cities its planes already join to the card's European city."""

    ready: ClaimDistant | None
    cost: int | None
    ends: tuple[int, ...]


def distant_prospect(state: State, seat: int, cid: str) -> Prospect:
    d = state.distant
    assert d is not None
    claims = [a for a in CLAIM.options(state, seat) if isinstance(a, ClaimDistant)]
    ready = next((a for a in claims if a.card == cid), None)
    card = d.board.cards[cid]
    reach = plane_components(state, seat)
    home = reach.get(card.city, -1 - card.city)
    ends = tuple(c for c in d.board.marker_cities if c == card.city or reach.get(c) == home)
    cost = distant_cost(state, seat, card.distant, ends) if ends else None
    return Prospect(ready, cost, ends)


def distant_plan(table: TableView) -> Text:
    """The advice screen's lines for the Distant row."""
    state, seat = table.state, table.viewer
    d = state.distant
    text = Text()
    if d is None or seat is None:
        return text
    for cid in d.row:
        how = distant_prospect(state, seat, cid)
        text.append(f"{distant_card_text(table.board, cid):<22}", style="bold")
        text.append(" " + _("{points} Distant").format(points=8) + "\n", style=DIM)

        far = d.board.cities[d.board.cards[cid].distant].code
        if how.ready is not None:
            route = f"{route_text(table.board, how.ready.path, '-')}-{far}"
            text.append(
                "    " + _("✓ ready: claim it via {route}").format(route=route) + "\n", GOOD
            )
        elif how.cost is not None:
            codes = ", ".join(table.board.city_code(c) for c in how.ends)
            one = _("1 plane on a {far} link from {codes}: €{cost}")
            text.append("    " + one.format(far=far, codes=codes, cost=how.cost) + "\n")
        else:
            codes = " ".join(table.board.city_code(c) for c in d.board.marker_cities)
            first = _("first join it to a City-marker city ({codes}) with your planes")
            text.append("    " + first.format(codes=codes) + "\n")
    return text


def slot_line(table: TableView, d: DistantState, slot: int) -> Text:
    """`` WAS1 €20  PAR-WAS  G1 R2``: a distant airlink, its City marker, owner and planes."""
    board = d.board
    line = Text()
    line.append(f" {board.slot_name(slot)} {money(board.slots[slot].cost)}  ")
    owner = d.owner[slot]
    if owner < 0:
        city = city_name(board.cities[board.slots[slot].city])
        line.append(_("{city}: unowned").format(city=city) + "\n", style=UNOWNED)

        return line
    line.append(f"{d.link_name(slot)} ", style="bold")
    for seat in [owner] + [s for s in range(len(d.planes[slot])) if s != owner]:
        planes = d.planes[slot][seat]
        if seat == owner or planes:
            livery = table.liveries[seat]
            line.append(f" {livery.letter}{planes}", style=livery.style)
    line.append("\n")
    return line


class BoardsPanel(LinePanel):
    """The supplementary boards, under the hand (hidden without Distant Lands)."""

    DEFAULT_CSS = """
    BoardsPanel { height: auto; padding: 0 1; }
    """

    def show(self, table: TableView) -> None:
        self.display = table.state.distant is not None
        self.show_text(distant_boards_text(table))
