"""The Business cards that act on airlinks (001_0ac1a519298b1465.txt, "Business Cards",
"Detailed descriptions"): Acquisition, Free Plane, Three Planes, Friendly Rivalry, Ownership,
Recall Planes, Relocate and Transfers, each a ``check_<card>`` (raises, never changes the table)
and a ``perform_<card>``; engine/jetset/rules/business_cards.py puts them in ``CARDS``.
"""

from __future__ import annotations

from typing import Final

from engine.jetset.actions import PlayCard
from engine.jetset.distant_state import PLANE_PRICE as DISTANT_PLANE_PRICE
from engine.jetset.rules.business_checks import (
    business,
    check_cash,
    check_distant_slot,
    check_link,
    check_own_link,
    check_stock,
    distant_in_play,
    no_extras,
    refused,
)
from engine.jetset.state import State

ACQUISITION_PRICE: Final = 15
RIVALRY_PRICE: Final = 5
RECALL_PRICE: Final = 6
RECALL_DISTANT_PRICE: Final = 26
"""Recall Planes: €26 a plane off a Distant airlink ("Combining with other expansions", B6)."""
MOST_PLANES: Final = 3
"""Three Planes and Friendly Rivalry: up to three planes."""


def check_acquisition(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    if len(action.links) != 1:
        raise refused("Acquisition names one airlink")
    link = action.links[0]
    check_link(state, link)
    owner = state.owner[link]
    if owner < 0 or owner == seat:
        raise refused("{link} is not another player's airlink", link=state.board.link_name(link))
    if state.seats[seat].markers < 1:
        raise refused("you have no ownership marker left")
    check_cash(state, seat, ACQUISITION_PRICE)


def perform_acquisition(state: State, seat: int, action: PlayCard) -> None:
    link = action.links[0]
    owner = state.owner[link]
    state.add_cash(seat, -ACQUISITION_PRICE)
    state.add_cash(owner, ACQUISITION_PRICE)
    state.add_stock(owner, markers=1)
    state.add_stock(seat, markers=-1)
    state.set_owner(link, seat)
    business(state).discard(state, seat, action.kind)


def check_freeplane(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    if len(action.links) != 1:
        raise refused("Free Plane names one airlink of yours")
    check_own_link(state, seat, action.links[0], "Free Plane")
    check_stock(state, seat, 1)


def perform_planes_on_own(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        state.add_stock(seat, planes=-1)
        state.add_link_planes(link, seat, 1)
    business(state).discard(state, seat, action.kind)


def check_three(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    if len(action.links) > MOST_PLANES:
        raise refused("Three Planes places one to three planes")
    for link in action.links:
        check_own_link(state, seat, link, "Three Planes")
    check_stock(state, seat, len(action.links))


def _rivalry_cost(action: PlayCard) -> int:
    """€5 a plane on a European link, €25 on a Distant one, all of it to the owners."""
    return RIVALRY_PRICE * len(action.links) + DISTANT_PLANE_PRICE * len(action.distant)


def check_rivalry(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    planes = len(action.links) + len(action.distant)
    if planes > MOST_PLANES:
        raise refused("Friendly Rivalry buys one to three planes")
    for link in action.links:
        check_link(state, link)
        owner = state.owner[link]
        if owner < 0 or owner == seat:
            raise refused(
                "{link} is not another player's airlink", link=state.board.link_name(link)
            )
    if action.distant:
        d = distant_in_play(state)
        for slot in action.distant:
            check_distant_slot(d, slot)
            if d.owner[slot] < 0 or d.owner[slot] == seat:
                raise refused("{link} is not another player's airlink", link=d.link_name(slot))
    check_stock(state, seat, planes)
    check_cash(state, seat, _rivalry_cost(action))


def perform_rivalry(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        state.add_cash(seat, -RIVALRY_PRICE)
        state.add_cash(state.owner[link], RIVALRY_PRICE)
        state.add_stock(seat, planes=-1)
        state.add_link_planes(link, seat, 1)
    for slot in action.distant:
        d = distant_in_play(state)
        state.add_cash(seat, -DISTANT_PLANE_PRICE)
        state.add_cash(d.owner[slot], DISTANT_PLANE_PRICE)
        state.add_stock(seat, planes=-1)
        d.add_planes(state, slot, seat, 1)
    business(state).discard(state, seat, action.kind)


def check_ownership(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    if len(action.links) != 1:
        raise refused("Ownership names one unowned airlink")
    link = action.links[0]
    check_link(state, link)
    if state.owner[link] >= 0:
        raise refused("{link} is already owned", link=state.board.link_name(link))
    if state.seats[seat].markers < 1:
        raise refused("you have no ownership marker left")


def perform_ownership(state: State, seat: int, action: PlayCard) -> None:
    state.add_stock(seat, markers=-1)
    state.set_owner(action.links[0], seat)
    business(state).discard(state, seat, action.kind)


def check_recall(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    for link in dict.fromkeys(action.links):  # in the order named
        check_link(state, link)
        have = state.link_planes[link][seat]
        if action.links.count(link) > have:
            raise refused(
                "not enough of your planes on {link}: you have {planes} there",
                planes=have,
                link=state.board.link_name(link),
            )
    if action.distant:
        d = distant_in_play(state)
        for slot in dict.fromkeys(action.distant):
            check_distant_slot(d, slot)
            have = d.planes[slot][seat]
            if action.distant.count(slot) > have:
                raise refused(
                    "not enough of your planes on {link}: you have {planes} there",
                    planes=have,
                    link=d.link_name(slot),
                )


def perform_recall(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        state.add_link_planes(link, seat, -1)
        state.add_stock(seat, planes=1)
        state.add_cash(seat, RECALL_PRICE)
    for slot in action.distant:
        distant_in_play(state).add_planes(state, slot, seat, -1)
        state.add_stock(seat, planes=1)
        state.add_cash(seat, RECALL_DISTANT_PRICE)
    business(state).discard(state, seat, action.kind)


def check_relocate(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    if len(action.links) != 2:
        raise refused("Relocate names your airlink, then an unowned one")
    source, target = action.links
    check_own_link(state, seat, source, "Relocate")
    check_link(state, target)
    if state.owner[target] >= 0:
        raise refused("{link} is already owned", link=state.board.link_name(target))


def perform_relocate(state: State, seat: int, action: PlayCard) -> None:
    source, target = action.links
    for other in range(state.players):
        planes = state.link_planes[source][other]
        if planes:
            state.add_link_planes(source, other, -planes)
            state.add_link_planes(target, other, planes)
    state.set_owner(source, -1)
    state.set_owner(target, seat)
    business(state).discard(state, seat, action.kind)


def check_transfers(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, links=True)
    links = action.links
    if len(links) % 2:
        raise refused("Transfers names pairs of airlinks: from, to")
    sources = links[0::2]
    for source, target in zip(sources, links[1::2], strict=True):
        check_link(state, source)
        check_own_link(state, seat, target, "Transfers")
        if source == target:
            raise refused("a plane transferred moves to another airlink")
        have = state.link_planes[source][seat]
        if sources.count(source) > have:
            raise refused(
                "not enough of your planes on {link}: you have {planes} there",
                planes=have,
                link=state.board.link_name(source),
            )


def perform_transfers(state: State, seat: int, action: PlayCard) -> None:
    for source, target in zip(action.links[0::2], action.links[1::2], strict=True):
        state.add_link_planes(source, seat, -1)
        state.add_link_planes(target, seat, 1)
    business(state).discard(state, seat, action.kind)
