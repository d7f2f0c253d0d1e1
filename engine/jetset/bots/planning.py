"""Route planning for bots and for the TUI's help: which planes a seat still needs for a card.

A flight is claimed with one plane of the claimant on each airlink of a path between the card's
cities (rulebook, "Claim a Flight card"); a Final Flight visits its three cities in order and uses
no airlink twice ("Vacation Time"). Given the board now, every airlink has a price for the seat:

- nothing, when one of the seat's planes is already on it;
- €5 and a service charge (action 2), when the seat owns it;
- its printed cost and €5 (action 1), when nobody owns it;
- €10, half of it to the owner (action 3), when another seat owns it.

``plan_route`` finds the cheapest path under those prices (fewest airlinks among equals, then the
lowest city numbers, so the answer never depends on set or dict order) and ``planes_needed`` lists
the planes still missing on it. Everything here is pure: the state is only read.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from itertools import pairwise

from engine.jetset.rules.costs import buy_cost, place_cost, rent_cost
from engine.jetset.state import State

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value

PLACE = "place"
BUY = "buy"
RENT = "rent"

HOP = 1
"""Added to every airlink's price (in cents) so that, among equally cheap paths, the shortest
wins: a shorter path costs fewer planes and fewer actions."""


@value(unsafe_hash=True)
class Need:
    """One plane the seat still has to put on ``link``: by which action, at what price (€)."""

    link: int
    how: str  # PLACE, BUY or RENT
    cost: int


@value(unsafe_hash=True)
class Route:
    """The cheapest known path for a flight and the planes still missing on it."""

    path: tuple[int, ...]
    links: tuple[int, ...]
    needs: tuple[Need, ...]
    cost: int
    """Euros still to spend before the flight can be claimed."""

    @property
    def ready(self) -> bool:
        """The flight can be claimed now."""
        return not self.needs


def link_need(state: State, seat: int, link: int, kept: bool = False) -> Need | None:
    """What one more plane of ``seat`` on ``link`` would take, or None if one is there already
    (with ``kept``, one plane there is spoken for: only a second one is free to fly)."""
    if state.link_planes[link][seat] > kept:
        return None
    owner = state.owner[link]
    if owner == seat:
        return Need(link, PLACE, place_cost(1, 1))
    if owner < 0:
        return Need(link, BUY, buy_cost(state.board.links[link].cost, 1))
    return Need(link, RENT, rent_cost(1))


def link_prices(state: State, seat: int, rent_penalty: int = 0) -> list[int]:
    """Each airlink's price in cents for ``seat`` (``rent_penalty`` € extra for renting, for
    bots that dislike paying a rival), with ``HOP`` added as the tie-breaker."""
    return Planner(state, seat, rent_penalty).prices


def cheapest_path(
    state: State,
    prices: Sequence[int],
    src: int,
    dst: int,
    banned: frozenset[int] = frozenset(),
) -> tuple[int, tuple[int, ...]] | None:
    """Dijkstra from ``src`` to ``dst`` over airlinks not in ``banned``: (price, cities)."""
    if src == dst:
        return None
    best, came = _dijkstra(state, prices, src, dst, banned)
    return _trace(best, came, src, dst)


UNREACHED = 1 << 62


def _dijkstra(
    state: State, prices: Sequence[int], src: int, dst: int, banned: frozenset[int]
) -> tuple[list[int], list[int]]:
    """Cheapest prices from ``src`` (to every city, or until ``dst`` is settled; -1 for none)
    and the city each is reached from.

    The heap holds ``price << shift | city``: one integer orders as the pair (price, city)
    would, and integers compare faster than tuples."""
    adjacency = state.board.adjacency
    shift = len(adjacency).bit_length()
    mask = (1 << shift) - 1
    best = [UNREACHED] * len(adjacency)
    came = [-1] * len(adjacency)
    best[src] = 0
    heap = [src]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        item = pop(heap)
        city = item & mask
        dist = item >> shift
        if city == dst:
            break
        if dist > best[city]:
            continue
        for nxt, link in adjacency[city]:
            if banned and link in banned:
                continue
            d = dist + prices[link]
            if d < best[nxt]:
                best[nxt] = d
                came[nxt] = city
                push(heap, d << shift | nxt)
    return best, came


def _trace(
    best: list[int], came: list[int], src: int, dst: int
) -> tuple[int, tuple[int, ...]] | None:
    if best[dst] == UNREACHED:
        return None
    path = [dst]
    while path[-1] != src:
        path.append(came[path[-1]])
    return best[dst], tuple(reversed(path))


def _links_of(state: State, path: tuple[int, ...]) -> tuple[int, ...]:
    board = state.board
    return tuple(board.link_index[(a, b) if a < b else (b, a)] for a, b in pairwise(path))


Leg = Callable[[int, int, frozenset[int]], "tuple[int, tuple[int, ...]] | None"]


def _final_path(
    leg: Leg, links_of: Callable[[tuple[int, ...]], tuple[int, ...]], cities: tuple[int, ...]
) -> tuple[int, ...] | None:
    """A cheap trail through three cities in order: each leg cheapest, the second avoiding the
    first's airlinks (or the other way round, whichever is cheaper)."""
    c1, c2, c3 = cities
    options: list[tuple[int, tuple[int, ...]]] = []
    first = leg(c1, c2, frozenset())
    if first is not None:
        second = leg(c2, c3, frozenset(links_of(first[1])))
        if second is not None:
            options.append((first[0] + second[0], first[1] + second[1][1:]))
    last = leg(c2, c3, frozenset())
    if last is not None:
        before = leg(c1, c2, frozenset(links_of(last[1])))
        if before is not None:
            options.append((before[0] + last[0], before[1] + last[1][1:]))
    return min(options)[1] if options else None


FREE, OWN, OPEN, RIVAL = 0, 1, 2, 3
"""What a plane of the seat on an airlink takes, as a code: nothing (one is there), placing on
its own link, buying it, renting from its owner."""

HOW_OF = (None, PLACE, BUY, RENT)

POSITIONS_KEPT = 2048
"""Positions (prices and the routes worked out on them) remembered between planners; when full,
the memory starts again (the answers never depend on it, only the time)."""


class Tables:
    """What never changes on a board: each airlink's ``Need`` for each code and its price in
    cents, for one rent penalty."""

    __slots__ = ("needs", "paths", "prices")

    def __init__(self, state: State, rent_penalty: int) -> None:
        self.paths: dict[tuple[int, ...], tuple[int, ...]] = {}
        """The airlinks of each path met (bounded like the positions)."""
        self.needs: list[tuple[Need | None, ...]] = []
        self.prices: list[tuple[int, ...]] = []
        for link, info in enumerate(state.board.links):
            row = (
                None,
                Need(link, PLACE, place_cost(1, 1)),
                Need(link, BUY, buy_cost(info.cost, 1)),
                Need(link, RENT, rent_cost(1)),
            )
            self.needs.append(row)
            self.prices.append(
                tuple(
                    HOP
                    if need is None
                    else (need.cost + (rent_penalty if need.how == RENT else 0)) * 100 + HOP
                    for need in row
                )
            )


class Position:
    """The prices of one seat's position and every route asked for on it, shared by all the
    planners that meet the same position (a search bot meets each many times)."""

    __slots__ = ("needs", "prices", "routes", "tables", "trees")

    def __init__(self, tables: Tables, codes: bytes) -> None:
        self.tables = tables
        self.needs = [tables.needs[link][code] for link, code in enumerate(codes)]
        self.prices = [tables.prices[link][code] for link, code in enumerate(codes)]
        self.trees: dict[int, tuple[list[int], list[int]]] = {}
        self.routes: dict[tuple[int, ...], Route | None] = {}


_tables: dict[tuple[int, int], tuple[object, Tables]] = {}
_positions: dict[tuple[int, int, bytes], Position] = {}


def link_codes(state: State, seat: int, kept: frozenset[int] = frozenset()) -> bytes:
    """Each airlink's code (FREE, OWN, OPEN or RIVAL) for one more plane of ``seat``."""
    planes, owners = state.link_planes, state.owner
    return bytes(
        [
            FREE
            if planes[link][seat] > (link in kept if kept else 0)
            else OWN
            if owner == seat
            else OPEN
            if owner < 0
            else RIVAL
            for link, owner in enumerate(owners)
        ]
    )


def position(state: State, seat: int, rent_penalty: int, kept: frozenset[int]) -> Position:
    """The shared ``Position`` of ``seat`` (made on first sight)."""
    board = state.board
    codes = link_codes(state, seat, kept)
    key = (id(board), rent_penalty, codes)
    found = _positions.get(key)
    if found is not None and _tables[key[:2]][0] is board:
        return found
    held = _tables.get(key[:2])
    if held is None or held[0] is not board:  # the id of a board no longer alive
        _positions.clear()
        held = (board, Tables(state, rent_penalty))
        _tables[key[:2]] = held
    if len(_positions) >= POSITIONS_KEPT:
        _positions.clear()
    made = _positions[key] = Position(held[1], codes)
    return made


class Planner:
    """Routes for one seat on one board position: the prices are worked out once and shared by
    every route asked for (a bot plans a dozen cards a turn), and by every later planner of the
    same seat's position with the same prices (remembered in ``Position``)."""

    def __init__(
        self,
        state: State,
        seat: int,
        rent_penalty: int = 0,
        kept: frozenset[int] = frozenset(),
    ) -> None:
        """``kept``: links where one of the seat's planes is kept for another flight (a bot's
        Final Flight), so flying over them needs a second plane."""
        self.state = state
        self.seat = seat
        shared = position(state, seat, rent_penalty, kept)
        self.needs = shared.needs
        self.prices = shared.prices
        self._trees = shared.trees
        self._routes = shared.routes
        self._paths = shared.tables.paths

    def free_plane(self, link: int) -> bool:
        """The seat has a plane on ``link`` it may fly now (not one kept for another flight)."""
        return self.needs[link] is None

    def route(self, cities: tuple[int, ...]) -> Route | None:
        """The cheapest route for a flight over ``cities`` (two for Short and Long Flight cards,
        three in order for a Final Flight), or None if the board has no such path."""
        if cities not in self._routes:
            self._routes[cities] = self._route(cities)
        return self._routes[cities]

    def _route(self, cities: tuple[int, ...]) -> Route | None:
        if len(cities) == 3:
            path = _final_path(self.leg, self.links_of, cities)
        else:
            found = self.leg(cities[0], cities[1], frozenset())
            path = None if found is None else found[1]
        if path is None:
            return None
        links = self.links_of(path)
        needs = tuple(n for n in (self.needs[ln] for ln in links) if n is not None)
        return Route(path, links, needs, sum(n.cost for n in needs))

    def leg(self, src: int, dst: int, banned: frozenset[int]) -> tuple[int, tuple[int, ...]] | None:
        """The cheapest path between two cities avoiding ``banned``: (price, cities). Without
        bans, the whole tree from one city is kept for the next question from there."""
        if src == dst:
            return None
        if banned:
            return cheapest_path(self.state, self.prices, src, dst, banned)
        if src not in self._trees and dst in self._trees:
            back = self.leg(dst, src, banned)
            return None if back is None else (back[0], back[1][::-1])
        if src not in self._trees:
            self._trees[src] = _dijkstra(self.state, self.prices, src, -1, banned)
        best, came = self._trees[src]
        return _trace(best, came, src, dst)

    def links_of(self, path: tuple[int, ...]) -> tuple[int, ...]:
        links = self._paths.get(path)
        if links is None:
            if len(self._paths) >= POSITIONS_KEPT * 8:
                self._paths.clear()
            links = self._paths[path] = _links_of(self.state, path)
        return links


def plan_route(
    state: State, seat: int, cities: tuple[int, ...], rent_penalty: int = 0
) -> Route | None:
    """The cheapest route for a flight over ``cities`` for ``seat`` (see ``Planner.route``)."""
    return Planner(state, seat, rent_penalty).route(cities)


def planes_needed(state: State, seat: int, cities: tuple[int, ...]) -> list[Need]:
    """The cheapest set of planes ``seat`` still has to place to claim a flight over ``cities``,
    given the board now: empty when the flight can be claimed at once.

    For the TUI's help ("what do I still need for this card?"): ``Need.link`` is the airlink,
    ``Need.how`` the action that puts the plane there and ``Need.cost`` its price in euros.
    """
    route = plan_route(state, seat, cities)
    return [] if route is None else list(route.needs)


def card_cities(state: State, card: str) -> tuple[int, ...]:
    """The cities a Flight card (Short, Long or Final) flies, in order."""
    return state.board.cards[card].cities


__all__ = [
    "BUY",
    "PLACE",
    "RENT",
    "Need",
    "Planner",
    "Route",
    "card_cities",
    "cheapest_path",
    "link_need",
    "link_prices",
    "plan_route",
    "planes_needed",
]
