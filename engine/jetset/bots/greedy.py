"""The greedy bot: the rulebook's "Strategy Note", played one turn at a time.

Each turn, in this order (the first that applies is played):

0. once its Final Flight's planes are all in place before Vacation Time, pay €1 a row to turn up
   more cards ("Flight Card Phase"), which brings the Vacation cards nearer;
1. in Vacation Time, fly its cheaper Final Flight as soon as its planes allow ("Vacation Time");
2. claim the best face-up card it can claim now, most points first ("Claim a Flight card"),
   without breaking the planes it keeps for its Final Flight;
3. work toward the target with the best points per turn: buy the unowned airlinks of its path
   first (another player may take them), then place planes on its own links in one action, then
   rent; early on the cheap 1-point cards win, as the Strategy Note advises, because a card among
   the first five also pays income three times;
4. take income (when the next step costs more than its cash, or nothing else is worth doing).

Once a Vacation card is up it also plans its Final Flight: the planes on that route stay there
(a card is claimed over them only with a second plane), and links both need get two planes.

No randomness, no set or dict order in any decision: the same view always gives the same action.
``greedy_action`` is a plain function so the search bot can use it in its playouts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from engine.jetset.actions import (
    Action,
    Buy,
    BuyDistant,
    Claim,
    ClaimDistant,
    ClaimFinal,
    FinalPlane,
    Income,
    Pass,
    Place,
    Refill,
    Rent,
    RentDistant,
    ReplaceInvestor,
)
from engine.jetset.board import LONG, SHORT
from engine.jetset.bots.base import Bot
from engine.jetset.bots.business_play import business_choice, with_cards
from engine.jetset.bots.hub_choices import hub_action, hub_path
from engine.jetset.bots.planning import BUY, PLACE, RENT, Planner, Route
from engine.jetset.distant_state import PLANE_PRICE, RENT_TO_BANK
from engine.jetset.paths import path_links
from engine.jetset.rules.claims import markers_for_next_card, plane_components
from engine.jetset.rules.costs import place_cost
from engine.jetset.rules.distant import ClaimDistantRule, free_markers
from engine.jetset.rules.income import seat_income
from engine.jetset.rules.investors import payouts_now
from engine.jetset.rules.turns import ACCEPT, offer_pending
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State

EARLY_CARDS = 5
"""The first five cards claimed carry three markers: €15 of income over the next three takes."""

EARLY_BONUS = 2.0
"""What that income is worth in points when choosing a target."""

LATE_BONUS = 0.5
FINAL_VALUE = 16.0
"""A Final Flight: 10 points plus 2 a plane on it; three planes is a fair guess."""

OPENING_CARDS = 2
"""Until it holds two cards the bot only goes for 1-point cards: "it is strongly recommended that
you claim two of them" (Strategy Note), and a player without a card has no income at all."""

EURO_TURN = 10
"""Money is time: every €10 a route costs counts as one more turn (at least; more when the
bot's income is lower)."""

RENT_PENALTY = 5
"""Renting gives a rival €5 a plane: count it as that much dearer."""

CLAIM_DISTANT = ClaimDistantRule()

HASTE_CASH = 10
"""Cash below which the bot does not pay to turn up cards."""


@dataclass(frozen=True, slots=True)
class Target:
    """A flight the bot works toward, with what it is worth and how fast it comes."""

    card: str
    final: bool
    route: Route
    rate: float


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, view: State, rules: Ruleset) -> Action:
        if view.business is not None:
            rents = partial(rents_wanted, view, self.seat)
            return business_choice(view, self.seat, rules, rents) or with_cards(
                view, self.seat, rules, greedy_action(view, self.seat)
            )
        return greedy_action(view, self.seat)


def greedy_action(state: State, seat: int) -> Action:
    """The greedy choice for ``seat`` (the seat to move) in ``state``."""
    if offer_pending(state):
        return ACCEPT
    st = state.seats[seat]
    hub = hub_action(state, seat)
    if hub is not None:
        return hub
    if state.investors is not None and state.investors.choosing:
        return choose_investor(state, seat)
    if st.finished:
        return FinalPlane() if st.planes else Pass()
    plan = Planner(state, seat, RENT_PENALTY)
    final = final_target(plan) if final_focus(state) else None
    reserved = reserved_links(state, seat, final)
    if reserved:
        plan = Planner(state, seat, RENT_PENALTY, kept=reserved)
    return (
        hasten_vacation(state, seat, final)
        or claim_final(state, final)
        or claim_distant(state, seat, reserved)
        or claim_card(plan)
        or progress(plan, final)
        or Income()
    )


def choose_investor(state: State, seat: int) -> Action:
    """Face-up Investors: the one that pays the bot most over its best-paid rival (the other one
    stays for the second Vacation card, when the cards on the table will have changed)."""
    inv = state.investors
    assert inv is not None
    best: tuple[int, int, str] | None = None
    for space in inv.waiting():
        card = str(inv.cards[space])
        paid = payouts_now(state, card)
        rival = max(p for i, p in enumerate(paid) if i != seat)
        key = (paid[seat] - rival, paid[seat], card)
        if best is None or key > best:
            best = key
    assert best is not None
    return ReplaceInvestor(best[2])


# -- the Final Flight ------------------------------------------------------------------------


def final_target(plan: Planner) -> Target | None:
    """The cheaper of the seat's two Final Flights to complete, with its route."""
    state, seat = plan.state, plan.seat
    best: Target | None = None
    for card in sorted(state.seats[seat].hand or ()):
        route = plan.route(state.board.cards[card].cities)
        if route is None:
            continue
        target = Target(card, True, route, rate(state, seat, FINAL_VALUE, route))
        if best is None or (route.cost, len(route.links)) < (
            best.route.cost,
            len(best.route.links),
        ):
            best = target
    return best


def final_focus(state: State) -> bool:
    """Once a Vacation card is up, Vacation Time is near: build toward the Final Flight."""
    return bool(state.vacations)


def reserved_links(state: State, seat: int, final: Target | None) -> frozenset[int]:
    """Airlinks of the Final Flight route where the seat's only plane must stay."""
    if final is None or not final_focus(state):
        return frozenset()
    return frozenset(ln for ln in final.route.links if state.link_planes[ln][seat] == 1)


def hasten_vacation(state: State, seat: int, final: Target | None) -> Action | None:
    """Final Flight ready before Vacation Time: pay €1 a row to turn up cards, bringing the
    Vacation cards nearer ("Flight Card Phase")."""
    if final is None or not final.route.ready or state.vacation_time:
        return None
    if state.seats[seat].cash < HASTE_CASH:
        return None
    for row in (SHORT, LONG):
        room = state.config.row_max - len(state.rows[row])
        if room > 0 and state.deck[row] and not state.paid[row]:
            return Refill(row, room)
    return None


def claim_final(state: State, final: Target | None) -> Action | None:
    """Fly the Final Flight as soon as Vacation Time allows and the planes are there."""
    if final is None or not state.vacation_time or not final.route.ready:
        return None
    return ClaimFinal(final.card, final.route.path)


# -- claiming a face-up card -----------------------------------------------------------------


def claim_card(plan: Planner) -> Action | None:
    """The face-up card worth most points that the seat can claim now, by its shortest path,
    keeping the planes reserved for the Final Flight (the planner knows which)."""
    state, seat = plan.state, plan.seat
    if state.seats[seat].markers < markers_for_next_card(state, seat):
        return None
    best: tuple[int, int, str] | None = None
    chosen: Claim | None = None
    for card in face_up(state):
        path = ready_path(plan, card)
        if path is None:
            continue
        key = (state.board.cards[card].points, -len(path), card)
        if best is None or key > best:
            best, chosen = key, Claim(card, path)
    if chosen is not None:
        chosen = Claim(chosen.card, hub_path(plan, chosen.card, chosen.path))
    return chosen


def claim_distant(state: State, seat: int, reserved: frozenset[int]) -> Action | None:
    """A Distant Flight card (8 points, €5 income for good) whenever the seat's planes fly
    it, by the fewest links, keeping the planes reserved for the Final Flight."""
    best: tuple[int, str, tuple[int, ...]] | None = None
    for option in CLAIM_DISTANT.options(state, seat):
        assert isinstance(option, ClaimDistant)
        links = path_links(state.board, option.path) if len(option.path) > 1 else []
        if isinstance(links, str) or any(link in reserved for link in links):
            continue
        key = (len(option.path), option.card, option.path)
        if best is None or key < best:
            best = key
    return ClaimDistant(best[1], best[2]) if best is not None else None


DISTANT_VALUE = 8 + EARLY_BONUS
"""A Distant card: 8 points and €5 at every income for the rest of the game."""


@dataclass(frozen=True, slots=True)
class DistantTarget:
    """A Distant card to work toward: the distant city, the City-marker cities the seat's
    planes reach the card's European city from, the euros still to spend and the rate."""

    distant: int
    ends: tuple[int, ...]
    cost: int
    rate: float


def distant_target(state: State, seat: int) -> DistantTarget | None:
    """The best Distant card whose European city the seat's planes join to a City-marker city
    that has, or can have, an airlink to the card's distant city: one plane there (bought or
    rented), then the claim. None before the opening cards are claimed."""
    d = state.distant
    st = state.seats[seat]
    if d is None or len(st.cards) < OPENING_CARDS or st.planes < 1:
        return None
    reach = plane_components(state, seat)
    best: DistantTarget | None = None
    for cid in sorted(d.row):
        card = d.board.cards[cid]
        home = reach.get(card.city, -1 - card.city)
        ends = tuple(c for c in d.board.marker_cities if c == card.city or reach.get(c) == home)
        cost = distant_cost(state, seat, card.distant, ends)
        if cost is None:
            continue
        income = seat_income(state, seat)
        short = cost - st.cash
        money_turns = 0 if short <= 0 else math.ceil(short / income) if income else 99
        value = DISTANT_VALUE / (2 + money_turns + cost / max(income, EURO_TURN))
        if best is None or value > best.rate:
            best = DistantTarget(card.distant, ends, cost, value)
    return best


def distant_cost(state: State, seat: int, distant: int, ends: tuple[int, ...]) -> int | None:
    """What one plane of the seat on an airlink from ``ends`` to ``distant`` costs: rented from
    its owner, else bought on the cheapest free slot (None: no such link can be had)."""
    d = state.distant
    assert d is not None
    for end in ends:
        linked = d.slot_between(end, distant)
        if linked is not None:
            return 0 if d.planes[linked][seat] else PLANE_PRICE + RENT_TO_BANK
    if state.seats[seat].markers < 1:
        return None
    costs = [
        d.board.slots[s].cost + PLANE_PRICE
        for s in d.board.city_slots(distant)
        if d.owner[s] < 0 and any(end in free_markers(state, d, s) for end in ends)
    ]
    return min(costs) if costs else None


def distant_link_step(state: State, seat: int, distant: int, ends: list[int]) -> Action | None:
    """A plane onto a distant airlink to ``distant`` from one of ``ends``: rented if another
    player owns one, else bought from the first end free for the cheaper slot."""
    d = state.distant
    assert d is not None
    st = state.seats[seat]
    slots = d.board.city_slots(distant)
    for end in ends:
        linked = d.slot_between(end, distant)
        if linked is None:
            continue
        if d.owner[linked] == seat or d.planes[linked][seat]:
            return None  # claim_distant takes it when the planes allow
        return RentDistant(linked, 1) if st.cash >= PLANE_PRICE + RENT_TO_BANK else None
    if st.markers < 1:
        return None
    for cost, slot in sorted((d.board.slots[s].cost, s) for s in slots if d.owner[s] < 0):
        for end in ends:
            if end in free_markers(state, d, slot) and st.cash >= cost + PLANE_PRICE:
                return BuyDistant(slot, end, 1)
    return None


def face_up(state: State) -> list[str]:
    return state.rows[SHORT] + state.rows[LONG]


def ready_path(plan: Planner, card: str) -> tuple[int, ...] | None:
    """The path ``card`` can be claimed by now, or None."""
    route = plan.route(plan.state.board.cards[card].cities)
    return route.path if route is not None and route.ready else None


# -- working toward a target -----------------------------------------------------------------


def card_value(state: State, seat: int, card: str) -> float:
    """Points, plus the income a card among the first five brings (Strategy Note)."""
    bonus = EARLY_BONUS if len(state.seats[seat].cards) < EARLY_CARDS else LATE_BONUS
    return state.board.cards[card].points + bonus


def actions_needed(route: Route) -> int:
    """Turns to finish a route: one per airlink to buy or rent, one to place on own links, one to
    claim."""
    singles = sum(1 for n in route.needs if n.how in (BUY, RENT))
    return singles + (1 if any(n.how == PLACE for n in route.needs) else 0) + 1


def rate(state: State, seat: int, value: float, route: Route) -> float:
    """Points per turn, counting the turns of income needed to pay for the route."""
    st = state.seats[seat]
    short = route.cost - st.cash
    income_now = seat_income(state, seat)
    if short <= 0:
        money_turns = 0
    elif income_now:
        money_turns = math.ceil(short / income_now)
    else:
        return 0.0
    rents = sum(1 for n in route.needs if n.how == RENT)
    spend = (route.cost + RENT_PENALTY * rents) / max(income_now, EURO_TURN)
    return value / (actions_needed(route) + money_turns + spend)


def targets(plan: Planner, final: Target | None) -> list[Target]:
    """Every face-up card (and the Final Flight, once it is near) with its best rate."""
    state, seat = plan.state, plan.seat
    out = []
    opening = len(state.seats[seat].cards) < OPENING_CARDS
    for card in face_up(state):
        if opening and state.board.cards[card].points != 1:
            continue
        route = plan.route(state.board.cards[card].cities)
        if route is not None and not route.ready:
            value = card_value(state, seat, card)
            out.append(Target(card, False, route, rate(state, seat, value, route)))
    if final is not None and final_focus(state) and not final.route.ready:
        out.append(final)
    return out


def best_target(plan: Planner, final: Target | None) -> Target | None:
    """The target with the best points per turn, or None."""
    ranked = [t for t in targets(plan, final) if t.rate > 0]
    return max(ranked, key=lambda t: (t.rate, -t.route.cost, t.card)) if ranked else None


def progress(plan: Planner, final: Target | None) -> Action | None:
    """The next step toward the best target the seat can afford to work on."""
    far = distant_target(plan.state, plan.seat)
    best = best_target(plan, final)
    if far is not None and far.cost and (best is None or far.rate > best.rate):
        return distant_link_step(plan.state, plan.seat, far.distant, list(far.ends))
    if best is None:
        return None
    return next_step(plan.state, plan.seat, best, final)


def next_step(state: State, seat: int, target: Target, final: Target | None) -> Action | None:
    """Buy first (a rival may take the link), then place on own links, then rent; None when the
    next plane costs more than the seat has (it takes income instead)."""
    st = state.seats[seat]
    needs = target.route.needs
    if st.planes < 1:
        return None
    buys = sorted((n.cost, n.link) for n in needs if n.how == BUY)
    if buys and st.markers >= 1:
        cost, link = buys[0]
        extra = 1 if shared_with_final(link, target, final, state) else 0
        planes = 1 + extra if cost + 5 * extra <= st.cash and st.planes > extra else 1
        return Buy(link, planes) if cost <= st.cash else None
    places = sorted(n.link for n in needs if n.how == PLACE)
    if places:
        count = min(len(places), st.planes)
        while count and place_cost(count, count) > st.cash:
            count -= 1
        return Place(tuple((link, 1) for link in places[:count])) if count else None
    rents = sorted((n.cost, n.link) for n in needs if n.how == RENT)
    if rents and rents[0][0] <= st.cash:
        return Rent(rents[0][1], 1)
    return None


def rents_wanted(state: State, seat: int) -> list[int]:
    """The other players' airlinks the seat's best target would rent a plane on, cheapest
    first: what a Business Deal would give it for a card it has no use for."""
    if state.seats[seat].finished:
        return []
    plan = Planner(state, seat, RENT_PENALTY)
    best = best_target(plan, final_target(plan) if final_focus(state) else None)
    if best is None:
        return []
    return [
        n.link for n in sorted(best.route.needs, key=lambda n: (n.cost, n.link)) if n.how == RENT
    ]


def shared_with_final(link: int, target: Target, final: Target | None, state: State) -> bool:
    """A link both the target card and the Final Flight route still need: two planes on it."""
    if target.final or final is None or not final_focus(state):
        return False
    return any(n.link == link for n in final.route.needs)
