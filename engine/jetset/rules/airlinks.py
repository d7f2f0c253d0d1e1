"""Actions 1 to 3: putting planes on airlinks (rulebook, "Action Phase")."""

from __future__ import annotations

from engine.errors import Seat, rule_name
from engine.jetset.actions import Action, Buy, Place, Rent, buy, place_one, rent
from engine.jetset.business_effects import prices_cut
from engine.jetset.rules.base import AnyRule, Rule
from engine.jetset.rules.costs import (
    MAX_PLANES_LISTED,
    PLANE_PRICE,
    RENT_TO_OWNER,
    place_cost,
    rent_cost,
)
from engine.jetset.rules.prices import action_price, buy_price, place_price, rent_price
from engine.jetset.state import State


def _check_link(rule: AnyRule, state: State, link: int) -> None:
    if not 0 <= link < len(state.board.links):
        raise rule.illegal("there is no airlink number {link}", link=link)


def check_planes(rule: AnyRule, state: State, seat: int, planes: int) -> None:
    """At least one plane, and no more than ``seat`` has in stock (Actions 1-3; the Distant
    boards' too)."""
    if planes < 1:
        raise rule.illegal("place at least one plane")
    stock = state.seats[seat].planes
    if planes > stock:
        raise rule.illegal(
            "not enough planes in stock: this needs {planes}, you have {stock}",
            stock=stock,
            planes=planes,
        )


def _priced(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """Business cards (Discount, No Overhead) may lower a price (``prices_cut``): the actions
    ``seat`` can pay for once their saving is taken off. Only then are the actions priced one
    by one; at printed prices the options list only what the cash reaches, as they always did."""
    cash = state.seats[seat].cash
    return [a for a in actions if action_price(state, seat, a) <= cash]


class BuyRule(Rule[Buy]):
    """Action 1: pay the link's cost plus €5 a plane, mark it yours, at least one plane on it."""

    action = Buy
    section = rule_name("Action 1: Place planes on an unowned airlink")

    def check(self, state: State, seat: int, action: Buy) -> None:
        _check_link(self, state, action.link)
        owner = state.owner[action.link]
        if owner >= 0:
            link = state.board.link_name(action.link)
            if owner == seat:
                raise self.illegal("{link} is owned by you", link=link)
            raise self.illegal("{link} is owned by {seat}", link=link, seat=Seat(owner))
        check_planes(self, state, seat, action.planes)
        if state.seats[seat].markers < 1:
            raise self.illegal("you have no marker left to mark the link")
        self.require_cash(state, seat, buy_price(state, seat, action))

    def perform(self, state: State, seat: int, action: Buy) -> None:
        state.add_cash(seat, -buy_price(state, seat, action))
        state.add_stock(seat, planes=-action.planes, markers=-1)
        state.set_owner(action.link, seat)
        state.add_link_planes(action.link, seat, action.planes)

    def options(self, state: State, seat: int) -> list[Action]:
        st = state.seats[seat]
        if st.markers < 1:
            return []
        out: list[Action] = []
        most = min(MAX_PLANES_LISTED, st.planes)
        cash = st.cash
        owner = state.owner
        if prices_cut(state, seat) is not None:
            unowned = [link.index for link in state.board.links if owner[link.index] < 0]
            return _priced(state, seat, [buy(i, n) for i in unowned for n in range(1, most + 1)])
        for link in state.board.links:
            if owner[link.index] < 0 and link.cost + PLANE_PRICE <= cash:
                affordable = min(most, (cash - link.cost) // PLANE_PRICE)
                out.extend([buy(link.index, n) for n in range(1, affordable + 1)])
        return out


class PlaceRule(Rule[Place]):
    """Action 2: planes on any of your own links, €5 each plus the service charge."""

    action = Place
    section = rule_name("Action 2: Place planes on airlinks you already own")

    def check(self, state: State, seat: int, action: Place) -> None:
        if not action.placements:
            raise self.illegal("name at least one link")
        seen: set[int] = set()
        total = 0
        for link, planes in action.placements:
            _check_link(self, state, link)
            if link in seen:
                raise self.illegal("{link} is named twice", link=state.board.link_name(link))
            seen.add(link)
            if state.owner[link] != seat:
                raise self.illegal("you do not own {link}", link=state.board.link_name(link))
            if planes < 1:
                raise self.illegal("place at least one plane on each link named")
            total += planes
        check_planes(self, state, seat, total)
        self.require_cash(state, seat, place_price(state, seat, action))

    def perform(self, state: State, seat: int, action: Place) -> None:
        total = sum(n for _, n in action.placements)
        state.add_cash(seat, -place_price(state, seat, action))
        state.add_stock(seat, planes=-total)
        for link, planes in action.placements:
            state.add_link_planes(link, seat, planes)

    def options(self, state: State, seat: int) -> list[Action]:
        """Canonical bound: 1–3 planes on one link, or one plane on each of two links that meet
        at a city."""
        st = state.seats[seat]
        own = state.owned_links(seat)
        out: list[Action] = []
        most = min(MAX_PLANES_LISTED, st.planes)
        cut = prices_cut(state, seat) is not None
        cash = 1 << 30 if cut else st.cash  # _priced checks it
        for link in own:
            for n in range(1, most + 1):
                if place_cost(n, 1) > cash:
                    break
                out.append(place_one(link, n))
        if st.planes >= 2 and place_cost(2, 2) <= cash:
            links = state.board.links
            for i, a in enumerate(own):
                la = links[a]
                for b in own[i + 1 :]:
                    lb = links[b]
                    if la.a in (lb.a, lb.b) or la.b in (lb.a, lb.b):
                        out.append(Place(((a, 1), (b, 1))))
        return _priced(state, seat, out) if cut else out


class RentRule(Rule[Rent]):
    """Action 3: planes on one link another player owns, €5 each to the bank and €5 to the owner."""

    action = Rent
    section = rule_name("Action 3: Place planes on another player's airlink")

    def check(self, state: State, seat: int, action: Rent) -> None:
        _check_link(self, state, action.link)
        owner = state.owner[action.link]
        if owner < 0:
            raise self.illegal(
                "nobody owns {link}; buy it instead", link=state.board.link_name(action.link)
            )
        if owner == seat:
            raise self.illegal(
                "you own {link}; place planes instead", link=state.board.link_name(action.link)
            )
        check_planes(self, state, seat, action.planes)
        self.require_cash(state, seat, rent_price(state, seat, action))

    def perform(self, state: State, seat: int, action: Rent) -> None:
        state.add_cash(seat, -rent_price(state, seat, action))
        state.add_cash(state.owner[action.link], RENT_TO_OWNER * action.planes)
        state.add_stock(seat, planes=-action.planes)
        state.add_link_planes(action.link, seat, action.planes)

    def options(self, state: State, seat: int) -> list[Action]:
        st = state.seats[seat]
        cut = prices_cut(state, seat) is not None
        affordable = MAX_PLANES_LISTED if cut else st.cash // rent_cost(1)  # _priced checks
        most = min(MAX_PLANES_LISTED, st.planes, affordable)
        if most < 1:
            return []
        out: list[Action] = [
            rent(link, n)
            for link, owner in enumerate(state.owner)
            if owner >= 0 and owner != seat
            for n in range(1, most + 1)
        ]
        return _priced(state, seat, out) if cut else out
