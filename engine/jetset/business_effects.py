"""What the base rules ask of the Business cards module (001_0ac1a519298b1465.txt, "Business
Cards"): the price an action saves (Discount, No Overhead), Take income with +2 Income and Taxes,
the plane a claim may commandeer, and the end-of-game cards' points (Catch up, Planes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.jetset.actions import Action, Buy, Place, PlaceDistant, Rent
from engine.jetset.rules.costs import service_charge

if TYPE_CHECKING:
    from engine.jetset.business_state import BusinessState
    from engine.jetset.state import State

DISCOUNT: Final = 2
"""Discount: each plane of the turn's action costs this much less."""
INCOME_CARD: Final = 2
TAX: Final = 1


def prices_cut(state: State, seat: int) -> BusinessState | None:
    """The Business cards' state if a card may take something off ``seat``'s prices now
    (Discount played this turn, No Overhead in front of ``seat``), else None: every price is
    then the printed one."""
    b = state.business
    if b is None or not b.alters_prices:
        return None  # no Discount or No Overhead played yet
    if b.discount_turn != state.turn and "overhead" not in b.front[seat]:
        return None  # neither Discount this turn nor No Overhead in front of the seat
    return b


def action_saving(state: State, seat: int, action: Action) -> int:
    """What Discount and No Overhead take off the price of Actions 1 to 3 (never below the
    owner's share of a rent). On a Distant board No Overhead still waives the service charge
    (it counts every link named), and Discount never touches a Distant plane (B20)."""
    b = prices_cut(state, seat)
    if b is None:
        return 0
    saving = 0
    if isinstance(action, Place):
        planes = sum(n for _, n in action.placements)
        if b.in_front(seat, "overhead"):
            saving += service_charge(len(action.placements))
    elif isinstance(action, PlaceDistant):
        planes = sum(n for _, n in action.placements)  # "Do not discount ... on a Distant board"
        if b.in_front(seat, "overhead"):
            saving += service_charge(len(action.placements) + len(action.distant))
    elif isinstance(action, (Buy, Rent)):
        planes = action.planes
    else:
        return 0
    if b.discount_turn == state.turn:
        saving += DISCOUNT * planes
    return saving


def income_cards(state: State, seat: int) -> int:
    """What the +2 Income cards in front of ``seat`` add to its income."""
    b = state.business
    if b is None or not b.front[seat]:
        return 0
    return INCOME_CARD * b.front[seat].count("income")


def income_tax(state: State, seat: int, income: int) -> int:
    """Taxes: the €1 of ``seat``'s ``income`` (cards added) that goes onto the Taxes card in
    front of another player; 0 when nobody else has it, or the income is under €1."""
    b = state.business
    if b is None:
        return 0
    holder = b.taxed_by
    if holder < 0 or holder == seat or income < TAX:
        return 0  # nobody has Taxes in front of them, or it is the seat's own
    return TAX


def income_with_cards(state: State, seat: int, income: int) -> int:
    """What ``income`` becomes when taken: +2 Income cards added, Taxes taken off (what the
    screen shows; ``income_after_cards`` pays it)."""
    income += income_cards(state, seat)
    return income - income_tax(state, seat, income)


def income_after_cards(state: State, seat: int, income: int) -> int:
    """``income_with_cards``, as Take income pays it: the tax goes on the card. Asked at every
    Take income of a seat with a card in front, so it reads ``income_cards`` and ``income_tax``
    here (a test holds it to ``income_with_cards``)."""
    b = state.business
    if b is None:
        return income
    front = b.front[seat]
    if front:
        income += INCOME_CARD * front.count("income")
    holder = b.taxed_by
    if holder < 0 or holder == seat or income < TAX:
        return income  # nobody has Taxes in front of them, or it is the seat's own
    b.add_to_taxes_pot(state, TAX)
    return income - TAX


def commandeered(state: State, seat: int) -> int:
    """The seat whose plane ``seat`` may use in this turn's claim (Commandeer), or -1."""
    b = state.business
    if b is None or b.commandeer[0] != state.turn or state.current != seat:
        return -1
    return b.commandeer[1]


PLANES_PER_POINT: Final = 3
"""The card "Planes": a point for every three of your planes on airlinks."""
CATCH_UP_POINTS: Final = (0, 2, 4)
"""The card "Catch up": first to play a Final Flight, played one later, never played one."""


def end_points(state: State, seat: int) -> int:
    """Points of the end-of-game cards laid in front of ``seat``."""
    b = state.business
    if b is None:
        return 0
    points = 0
    for kind in b.front[seat]:
        if kind == "catchup":
            if not state.seats[seat].finished:
                points += CATCH_UP_POINTS[2]
            else:
                points += CATCH_UP_POINTS[0 if b.first_final == seat else 1]
        elif kind == "planes":
            points += planes_on_links(state, seat) // PLANES_PER_POINT
    return points


def planes_on_links(state: State, seat: int) -> int:
    """The card "Planes" counts a seat's planes on every airlink, Distant ones too ("“Planes”
    ... can apply to Distant Lands planes as well as normal ones")."""
    planes = sum(row[seat] for row in state.link_planes)
    if state.distant is not None:
        planes += sum(row[seat] for row in state.distant.planes)
    return planes
