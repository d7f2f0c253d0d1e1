"""What placing planes costs a player, as the rules charge it (Actions 1 to 3, on the board and on
Distant Lands): the printed price less what Business cards take off (Discount, No Overhead).
The rules check and charge with ``action_price``; the screen's previews ask it too."""

from __future__ import annotations

from engine.jetset.actions import Action, Buy, BuyDistant, Place, PlaceDistant, Rent, RentDistant
from engine.jetset.business_effects import action_saving
from engine.jetset.distant_state import PLANE_PRICE as DISTANT_PLANE
from engine.jetset.distant_state import RENT_TO_BANK as DISTANT_RENT_TO_BANK
from engine.jetset.distant_state import load_distant
from engine.jetset.rules.costs import buy_cost, place_cost, rent_cost, service_charge
from engine.jetset.state import State


def buy_distant_cost(cost: int, planes: int) -> int:
    """The printed price (€20 or €22) and €25 a plane."""
    return cost + DISTANT_PLANE * planes


def place_distant_cost(european: int, distant: int, links: int) -> int:
    """Action 2 with distant planes: €5 a European plane, €25 a distant one, the usual service
    charge for all the links named."""
    return place_cost(european, 0) + DISTANT_PLANE * distant + service_charge(links)


def rent_distant_cost(planes: int) -> int:
    """Action 3 on a distant airlink: €25 a plane to its owner and €5 a plane to the bank."""
    return (DISTANT_PLANE + DISTANT_RENT_TO_BANK) * planes


def buy_price(state: State, seat: int, action: Buy) -> int:
    """Action 1: the link's price and €5 a plane, less the seat's saving."""
    cost = buy_cost(state.board.links[action.link].cost, action.planes)
    return cost - action_saving(state, seat, action)


def place_price(state: State, seat: int, action: Place) -> int:
    """Action 2: €5 a plane and the service charge, less the seat's saving."""
    cost = place_cost(sum(n for _, n in action.placements), len(action.placements))
    return cost - action_saving(state, seat, action)


def rent_price(state: State, seat: int, action: Rent) -> int:
    """Action 3: the owner's and the bank's share a plane, less the seat's saving."""
    return rent_cost(action.planes) - action_saving(state, seat, action)


def buy_distant_price(state: State, seat: int, action: BuyDistant) -> int:
    """Action 1 on a distant airlink (Discount never touches a distant plane)."""
    cost = buy_distant_cost(load_distant().slots[action.slot].cost, action.planes)
    return cost - action_saving(state, seat, action)


def place_distant_price(state: State, seat: int, action: PlaceDistant) -> int:
    """Action 2 with distant planes, less the seat's saving."""
    links = len(action.placements) + len(action.distant)
    distant = sum(n for _, n in action.distant)
    cost = place_distant_cost(sum(n for _, n in action.placements), distant, links)
    return cost - action_saving(state, seat, action)


def rent_distant_price(state: State, seat: int, action: RentDistant) -> int:
    """Action 3 on a distant airlink, less the seat's saving."""
    return rent_distant_cost(action.planes) - action_saving(state, seat, action)


def action_price(state: State, seat: int, action: Action) -> int:
    """What ``seat`` pays the bank and owners for ``action`` now: the printed price less this
    turn's Discount and ``seat``'s No Overhead; 0 for an action that places no plane. (Each
    rule calls its own kind's price above: a replay checks and charges thousands of them.)"""
    if isinstance(action, Buy):
        return buy_price(state, seat, action)
    if isinstance(action, Place):
        return place_price(state, seat, action)
    if isinstance(action, Rent):
        return rent_price(state, seat, action)
    if isinstance(action, BuyDistant):
        return buy_distant_price(state, seat, action)
    if isinstance(action, PlaceDistant):
        return place_distant_price(state, seat, action)
    if isinstance(action, RentDistant):
        return rent_distant_price(state, seat, action)
    return 0
