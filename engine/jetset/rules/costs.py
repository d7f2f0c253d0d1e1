"""Prices (rulebook, "Quick Reference: Costs"). Expansions that change a price change it here."""

from __future__ import annotations

from typing import Final

PLANE_PRICE: Final = 5
"""Every plane placed costs €5 to the bank."""

RENT_TO_OWNER: Final = 5
"""Action 3: another €5 a plane to the link's owner."""

REFILL_PRICE: Final = 1
"""Flight Card Phase: €1 per row, not per card."""

MAX_PLANES_LISTED: Final = 3
"""Canonical bound: ``legal_actions`` lists 1 to 3 planes per link (``apply`` takes any number)."""


def service_charge(links: int) -> int:
    """Action 2's service charge: €2 for one link, €5 for two, then €5 more per link, no end."""
    if links <= 0:
        return 0
    return 2 if links == 1 else 5 * (links - 1)


def buy_cost(link_cost: int, planes: int) -> int:
    """Action 1: the link's printed cost plus €5 a plane."""
    return link_cost + PLANE_PRICE * planes


def place_cost(planes: int, links: int) -> int:
    """Action 2: €5 a plane plus the service charge for the number of links."""
    return PLANE_PRICE * planes + service_charge(links)


def rent_cost(planes: int) -> int:
    """Action 3: €5 a plane to the bank and €5 a plane to the owner."""
    return (PLANE_PRICE + RENT_TO_OWNER) * planes
