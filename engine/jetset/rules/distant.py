"""Distant Lands (expansion rulebook, "Distant Lands"): its airlinks, its row and its cards.

Four distant cities with two airlinks each, whose European end is a City marker chosen when the
link is bought; planes there cost €25; the Distant row of two cards to two different distant
cities, refilled from the top of the deck (a duplicate is discarded and the next card comes from
the bottom); 8 points and a fixed €5 income a card, no markers. docs/rules-decisions.md has the
decisions the rulebook leaves open (a flight never passes *through* a distant city; Distant
cards do not count among "the first five cards"; the setup duplicate; the Vacation card DV-1).
"""

from __future__ import annotations

from typing import Final

from engine.errors import rule_name
from engine.jetset.actions import (
    Action,
    BuyDistant,
    ClaimDistant,
    DrawDistant,
    PlaceDistant,
    RentDistant,
)
from engine.jetset.distant_state import DISTANT, PLANE_PRICE, RENT_TO_BANK, DistantState
from engine.jetset.paths import path_links, shortest_paths
from engine.jetset.rules.airlinks import check_planes
from engine.jetset.rules.base import AnyRule, Rule
from engine.jetset.rules.costs import MAX_PLANES_LISTED
from engine.jetset.rules.flight_cards import start_vacation_time
from engine.jetset.rules.hubs import pay_hubs
from engine.jetset.rules.investors import vacation_card_up
from engine.jetset.rules.prices import (
    buy_distant_price,
    place_distant_price,
    rent_distant_price,
)
from engine.jetset.state import State

SECTION: Final = rule_name("Distant Lands")
PATHS_LISTED: Final = 4


def distant_of(rule: AnyRule, state: State) -> DistantState:
    d = state.distant
    if d is None:
        raise rule.illegal("Distant Lands is not in play in this game")
    return d


def is_distant_claim(action: Action) -> bool:
    """Was this the claim of a Distant Flight card? (No Business card for it.)"""
    return isinstance(action, ClaimDistant)


def claim_path(state: State, action: ClaimDistant) -> tuple[int, ...]:
    """The board cities a Distant claim flies through, its distant city left out (it is not a
    board city): for rules that ask where a flight starts, ends or passes (hubs)."""
    return action.path


def _check_slot(rule: AnyRule, d: DistantState, slot: int) -> None:
    if not 0 <= slot < len(d.board.slots):
        raise rule.illegal("there is no distant airlink number {slot}", slot=slot)


def free_markers(state: State, d: DistantState, slot: int) -> list[int]:
    """The City-marker cities a slot may still be bought from: a marker of the city is unused
    and the distant city's other link does not come from it."""
    other = [d.marker[s] for s in d.board.city_slots(d.board.slots[slot].city) if s != slot]
    return [
        c
        for c in d.board.marker_cities
        if d.markers_used(c) < d.board.markers_each and c not in other
    ]


class BuyDistantRule(Rule[BuyDistant]):
    """Action 1 on a distant airlink: pay its price and €25 a plane, put a City marker on its
    European end, an ownership marker and at least one plane on it."""

    action = BuyDistant
    section = rule_name("Distant Lands: Place planes on an unowned airlink")

    def check(self, state: State, seat: int, action: BuyDistant) -> None:
        d = distant_of(self, state)
        _check_slot(self, d, action.slot)
        name = d.board.slot_name(action.slot)
        if d.owner[action.slot] >= 0:
            raise self.illegal("{link} is already owned", link=name)
        if action.city not in d.board.marker_cities:
            codes = ", ".join(state.board.city_code(c) for c in d.board.marker_cities)
            raise self.illegal(
                "a distant airlink starts from a City-marker city: {cities}", cities=codes
            )
        if action.city not in free_markers(state, d, action.slot):
            code = state.board.city_code(action.city)
            if d.markers_used(action.city) >= d.board.markers_each:
                raise self.illegal("both {city} City markers are in use", city=code)
            raise self.illegal(
                "the other airlink of {city_name} already comes from {city}",
                city_name=name[:-1],
                city=code,
            )
        check_planes(self, state, seat, action.planes)
        if state.seats[seat].markers < 1:
            raise self.illegal("you have no marker left to mark the link")
        self.require_cash(state, seat, buy_distant_price(state, seat, action))

    def perform(self, state: State, seat: int, action: BuyDistant) -> None:
        d = distant_of(self, state)
        state.add_cash(seat, -buy_distant_price(state, seat, action))
        state.add_stock(seat, planes=-action.planes, markers=-1)
        d.buy(state, action.slot, seat, action.city)
        d.add_planes(state, action.slot, seat, action.planes)

    def options(self, state: State, seat: int) -> list[Action]:
        d = state.distant
        st = state.seats[seat]
        if d is None or st.markers < 1:
            return []
        out: list[Action] = []
        for slot in d.board.slots:
            if d.owner[slot.index] >= 0 or slot.cost + PLANE_PRICE > st.cash:
                continue
            most = min(MAX_PLANES_LISTED, st.planes, (st.cash - slot.cost) // PLANE_PRICE)
            for city in free_markers(state, d, slot.index):
                out.extend(BuyDistant(slot.index, city, n) for n in range(1, most + 1))
        return out


class PlaceDistantRule(Rule[PlaceDistant]):
    """Action 2 naming at least one own distant airlink, and any own European links with it."""

    action = PlaceDistant
    section = rule_name("Distant Lands: Place planes on links you already own")

    def check(self, state: State, seat: int, action: PlaceDistant) -> None:
        d = distant_of(self, state)
        if not action.distant:
            raise self.illegal("name at least one distant airlink")
        total = 0
        for pairs, owner, count in (
            (action.placements, state.owner, len(state.board.links)),
            (action.distant, d.owner, len(d.board.slots)),
        ):
            links = [link for link, _ in pairs]
            if len(set(links)) != len(links):
                raise self.illegal("an airlink is named twice")
            for link, planes in pairs:
                if not 0 <= link < count or owner[link] != seat:
                    raise self.illegal("you may place only on airlinks you own")
                if planes < 1:
                    raise self.illegal("place at least one plane on each link named")
                total += planes
        check_planes(self, state, seat, total)
        self.require_cash(state, seat, place_distant_price(state, seat, action))

    def perform(self, state: State, seat: int, action: PlaceDistant) -> None:
        d = distant_of(self, state)
        state.add_cash(seat, -place_distant_price(state, seat, action))
        state.add_stock(seat, planes=-sum(n for _, n in action.placements + action.distant))
        for link, planes in action.placements:
            state.add_link_planes(link, seat, planes)
        for slot, planes in action.distant:
            d.add_planes(state, slot, seat, planes)

    def options(self, state: State, seat: int) -> list[Action]:
        """Canonical bound: 1–3 planes on one own distant airlink."""
        d = state.distant
        if d is None:
            return []
        st = state.seats[seat]
        out: list[Action] = []
        for slot, owner in enumerate(d.owner):
            if owner != seat:
                continue
            for n in range(1, min(MAX_PLANES_LISTED, st.planes) + 1):
                action = PlaceDistant((), ((slot, n),))
                if place_distant_price(state, seat, action) > st.cash:
                    break
                out.append(action)
        return out


class RentDistantRule(Rule[RentDistant]):
    """Action 3 on a distant airlink: €25 a plane to its owner and €5 a plane to the bank."""

    action = RentDistant
    section = rule_name("Distant Lands: Place planes on another player's link")

    def check(self, state: State, seat: int, action: RentDistant) -> None:
        d = distant_of(self, state)
        _check_slot(self, d, action.slot)
        owner = d.owner[action.slot]
        name = d.link_name(action.slot)
        if owner < 0:
            raise self.illegal("nobody owns {link}; buy it instead", link=name)
        if owner == seat:
            raise self.illegal("you own {link}; place planes instead", link=name)
        check_planes(self, state, seat, action.planes)
        self.require_cash(state, seat, rent_distant_price(state, seat, action))

    def perform(self, state: State, seat: int, action: RentDistant) -> None:
        d = distant_of(self, state)
        state.add_cash(seat, -rent_distant_price(state, seat, action))
        state.add_cash(d.owner[action.slot], PLANE_PRICE * action.planes)
        state.add_stock(seat, planes=-action.planes)
        d.add_planes(state, action.slot, seat, action.planes)

    def options(self, state: State, seat: int) -> list[Action]:
        d = state.distant
        if d is None:
            return []
        st = state.seats[seat]
        most = min(MAX_PLANES_LISTED, st.planes, st.cash // (PLANE_PRICE + RENT_TO_BANK))
        out: list[Action] = []
        for slot, owner in enumerate(d.owner):
            if owner >= 0 and owner != seat:
                out.extend(RentDistant(slot, n) for n in range(1, most + 1))
        return out


class ClaimDistantRule(Rule[ClaimDistant]):
    """Action 4 with a Distant Flight card: a path of your planes from its European city to a
    City-marker city, then that city's distant airlink to the card's distant city (a plane of
    yours on it). One plane comes off each link; the card takes no markers."""

    action = ClaimDistant
    section = rule_name("Distant Lands: Claim a Flight card")

    def check(self, state: State, seat: int, action: ClaimDistant) -> None:
        d = distant_of(self, state)
        card = d.board.cards.get(action.card)
        if card is None:
            raise self.illegal("{card} is not a Distant Flight card", card=action.card)
        if action.card not in d.row:
            raise self.illegal("{card} is not face up in the Distant row", card=action.card)
        path = action.path
        if not path or path[0] != card.city:
            code = state.board.city_code(card.city)
            raise self.illegal(
                "{card} flies from {city}; the path must start there", card=action.card, city=code
            )
        self._links(state, d, seat, action)

    def _links(
        self, state: State, d: DistantState, seat: int, action: ClaimDistant
    ) -> tuple[list[int], int]:
        """The European links and the distant slot the claim flies, checked."""
        card = d.board.cards[action.card]
        path = action.path
        links: list[int] = []
        if len(path) > 1:
            found = path_links(state.board, path)
            if isinstance(found, str):
                raise self.illegal(found)
            links = found
        for link in links:
            if not state.link_planes[link][seat]:
                raise self.illegal("you have no plane on {link}", link=state.board.link_name(link))
        slot = d.slot_between(path[-1], card.distant)
        distant = d.board.cities[card.distant].code
        if slot is None:
            code = state.board.city_code(path[-1])
            raise self.illegal("no airlink joins {city} to {distant}", city=code, distant=distant)
        if not d.planes[slot][seat]:
            raise self.illegal("you have no plane on {link}", link=d.link_name(slot))
        return links, slot

    def perform(self, state: State, seat: int, action: ClaimDistant) -> None:
        d = distant_of(self, state)
        links, slot = self._links(state, d, seat, action)
        for link in links:
            state.add_link_planes(link, seat, -1)
        d.add_planes(state, slot, seat, -1)
        state.add_stock(seat, planes=len(links) + 1)
        d.claim(state, seat, action.card)
        pay_hubs(state, seat, action.path, flies_on=True)  # Hubs: "Distant Flight cards ... too"

    def options(self, state: State, seat: int) -> list[Action]:
        d = state.distant
        if d is None:
            return []
        planes = state.link_planes
        out: list[Action] = []
        for cid in d.row:
            card = d.board.cards[cid]
            for slot in d.board.city_slots(card.distant):
                end = d.marker[slot]
                if end < 0 or not d.planes[slot][seat]:
                    continue
                if end == card.city:
                    out.append(ClaimDistant(cid, (end,)))
                    continue
                for path in shortest_paths(
                    state.board, lambda ln: planes[ln][seat] > 0, card.city, end, PATHS_LISTED
                ):
                    out.append(ClaimDistant(cid, path))
        return out


class DrawDistantRule(Rule[DrawDistant]):
    """Chance: the Distant row's next card, from the top of the deck or, after a duplicate was
    discarded, from the bottom. Once the row holds two cards in Vacation Time, every deck is set
    aside."""

    action = DrawDistant
    section = rule_name("Distant Lands: Flight Card Phase")
    ends_turn = False

    def check(self, state: State, seat: int, action: DrawDistant) -> None:
        d = distant_of(self, state)
        if state.to_reveal != DISTANT:
            raise self.illegal("no Distant Flight card is to be turned up now")
        if action.bottom != d.from_bottom:
            if d.from_bottom:
                raise self.illegal("the next Distant card comes from the bottom of the deck")
            raise self.illegal("the next Distant card comes from the top of the deck")
        if action.card not in d.deck:
            raise self.illegal("{card} is not in the Distant deck", card=action.card)

    def perform(self, state: State, seat: int, action: DrawDistant) -> None:
        d = distant_of(self, state)
        was_vacation_time = state.vacation_time
        on_track = len(state.vacations)
        d.turn_up(state, action.card)
        if len(state.vacations) > on_track:
            vacation_card_up(state)  # Investors: DV-1 replaces one, as any Vacation card does
        if state.vacation_time and not was_vacation_time:
            start_vacation_time(state)
        if state.vacation_time and state.to_reveal is None:
            state.set_decks_aside()


DISTANT_ACTION_RULES: Final = (
    BuyDistantRule(),
    PlaceDistantRule(),
    RentDistantRule(),
    ClaimDistantRule(),
)
DISTANT_CHANCE_RULES: Final = (DrawDistantRule(),)
