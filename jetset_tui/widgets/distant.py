"""Distant Lands in the table panel: the Distant row and the four supplementary boards.

Drawn under the Short and Long rows (so beside the map, and in its place with ``v`` under 100
columns): the two Distant cards with what the player looking still needs for each, then one line
per distant airlink: its name, price, and once bought its City-marker city, owner and planes.
"""

from __future__ import annotations

from rich.text import Text

from engine.distant_state import PLANE_PRICE, DistantState
from engine.rules.claims import plane_components
from jetset_tui.describe import distant_card_text
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD, UNOWNED


def distant_text(table: TableView) -> Text:
    """The Distant row and boards (empty text when the module is off)."""
    d = table.state.distant
    text = Text(no_wrap=True, overflow="ellipsis")
    if d is None:
        return text
    text.append("Distant Flights", style="bold underline")
    text.append(f"  deck {len(d.deck)}" if d.deck or not d.set_aside else "  set aside", style=DIM)
    text.append("\n")
    if not d.row:
        text.append("  (empty)\n", style=DIM)
    for cid in d.row:
        text.append(f" {distant_card_text(table.board, cid):<18}")
        text.append(" 8", style="bold")
        if table.viewer is not None:
            text.append("  ")
            text.append_text(distant_need(table, d, cid))
        text.append("\n")
    text.append(f"Distant airlinks  planes €{PLANE_PRICE}\n", style="bold")
    for slot in d.board.slots:
        text.append_text(slot_line(table, d, slot.index))
    return text


def distant_need(table: TableView, d: DistantState, cid: str) -> Text:
    """``✓ ready`` when the viewer's planes fly the card now, else what it lacks, in words."""
    viewer = table.viewer
    assert viewer is not None
    card = d.board.cards[cid]
    reach = plane_components(table.state, viewer)
    for slot in d.board.city_slots(card.distant):
        end = d.marker[slot]
        if end < 0 or not d.planes[slot][viewer]:
            continue
        if end == card.city or (card.city in reach and reach.get(end) == reach[card.city]):
            return Text("✓ ready", style=f"bold {GOOD}")
    return Text("a distant plane", style=DIM)


def slot_line(table: TableView, d: DistantState, slot: int) -> Text:
    """`` WAS1 €20  PAR-WAS  G1 R2``: a distant airlink, its City marker, owner and planes."""
    board = d.board
    line = Text()
    line.append(f" {board.slot_name(slot)} €{board.slots[slot].cost}  ")
    owner = d.owner[slot]
    if owner < 0:
        line.append(f"{board.cities[board.slots[slot].city].name}: unowned\n", style=UNOWNED)
        return line
    line.append(f"{d.link_name(slot)} ", style="bold")
    for seat in [owner] + [s for s in range(len(d.planes[slot])) if s != owner]:
        planes = d.planes[slot][seat]
        if seat == owner or planes:
            livery = table.liveries[seat]
            line.append(f" {livery.letter}{planes}", style=livery.style)
    line.append("\n")
    return line
