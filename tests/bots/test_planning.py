"""Route planning: the planes a seat still needs for a card, as the TUI's help shows them."""

from __future__ import annotations

import pytest

from engine import Claim, ClaimFinal, Entry, Game, IllegalAction, Options
from engine.jetset.bots.planning import (
    BUY,
    HOP,
    PLACE,
    RENT,
    Planner,
    Route,
    cheapest_path,
    link_need,
    plan_route,
    planes_needed,
)
from engine.jetset.paths import path_links
from engine.jetset.rules.costs import buy_cost
from tests.bots.helpers import play
from tests.engine.table import Table


def codes(table: Table, *names: str) -> tuple[int, ...]:
    return tuple(table.game.board.city_index[n] for n in names)


def test_an_unowned_link_is_bought() -> None:
    table = Table(players=2)
    board = table.game.board
    card = board.cards[table.state.rows["short"][0]]
    needs = planes_needed(table.state, 0, card.cities)
    link = board.link_between(*card.cities)
    assert link is not None
    assert [(n.link, n.how, n.cost) for n in needs] == [
        (link, BUY, buy_cost(board.links[link].cost, 1))
    ]


def test_own_rival_and_planed_links() -> None:
    table = Table(players=2)
    state = table.state
    board = table.game.board
    a, b = codes(table, "PAR", "LON")
    link = board.link_between(a, b)
    assert link is not None
    state.owner[link] = 0
    assert [(n.how, n.cost) for n in planes_needed(state, 0, (a, b))] == [(PLACE, 7)]
    assert [(n.how, n.cost) for n in planes_needed(state, 1, (a, b))] == [(RENT, 10)]
    state.link_planes[link][0] = 1
    assert planes_needed(state, 0, (a, b)) == []


def test_a_cheaper_detour_beats_a_dear_direct_link() -> None:
    """Planes already on the board are free: a two-link detour over them wins."""
    table = Table(players=2)
    state = table.state
    board = table.game.board
    par, lon, ams = codes(table, "PAR", "LON", "AMS")
    for x, y in ((par, ams), (ams, lon)):
        link = board.link_between(x, y)
        assert link is not None
        state.owner[link] = 0
        state.link_planes[link][0] = 1
    route = plan_route(state, 0, (par, lon))
    assert route is not None and route.ready
    assert route.path in ((par, ams, lon), (lon, ams, par))


@pytest.mark.parametrize("turn", [5, 20, 40, 70])
def test_claimable_exactly_when_nothing_is_needed(turn: int) -> None:
    """Over real positions: a face-up card needs no plane exactly when the rules list a claim
    of it for the seat to move; every planned path is a real path on the board."""
    game = play(4, f"plan-{turn}", ["greedy"], stop=lambda g: g.state.turn >= turn)
    state = game.state
    seat = state.current
    assert state.seats[seat].markers >= 3
    claimable = {a.card for a in game.rules.legal_actions(state) if isinstance(a, Claim)}
    plan = Planner(state, seat)
    ready = set()
    for card in state.rows["short"] + state.rows["long"]:
        route = plan.route(state.board.cards[card].cities)
        assert route is not None
        assert isinstance(path_links(state.board, route.path), list)
        assert route.cost == sum(n.cost for n in planes_needed(state, seat, route_ends(route)))
        if route.ready:
            ready.add(card)
    assert ready == claimable


def route_ends(route: Route) -> tuple[int, int]:
    return route.path[0], route.path[-1]


def test_final_flight_route_is_a_legal_trail() -> None:
    """Put a plane on every link the plan names and the Final Flight becomes claimable."""
    table = Table(players=2)
    table.start_vacation_time(0, "LV-1", "LV-2")  # the Short row starts full with two players
    state = table.state
    hand = state.seats[0].hand
    assert hand
    card = hand[0]
    cities = state.board.cards[card].cities
    needs = planes_needed(state, 0, cities)
    assert needs, "nothing is on the board yet"
    for need in needs:
        state.link_planes[need.link][0] += 1
    route = plan_route(state, 0, cities)
    assert route is not None and route.ready
    assert len(set(route.links)) == len(route.links)
    table.game.check(Entry(0, ClaimFinal(card, route.path)))
    state.link_planes[route.links[0]][0] = 0
    with pytest.raises(IllegalAction):
        table.game.check(Entry(0, ClaimFinal(card, route.path)))


def test_remembered_positions_give_the_routes_of_a_fresh_search() -> None:
    """Planners share what they worked out on a seat's position with every later planner of the
    same position: over a whole game's positions, asked with and without kept links and rent
    penalties, every route costs what a search from scratch finds and needs what the board says."""
    game = play(3, "memory", ["greedy"])
    replayed = Game(Options(players=3))
    for entry in game.entries:
        replayed.push(entry)
        state = replayed.state
        pairs = [state.board.cards[c].cities for c in (*state.rows["short"], *state.rows["long"])]
        for seat in range(3):
            for penalty, kept in ((0, frozenset()), (3, frozenset(state.owned_links(seat)[:2]))):
                plan = Planner(state, seat, penalty, kept)
                needs = [link_need(state, seat, link, link in kept) for link in range(52)]
                prices = [
                    HOP if n is None else (n.cost + penalty * (n.how == RENT)) * 100 + HOP
                    for n in needs
                ]
                for cities in pairs:
                    route = plan.route(cities)
                    found = cheapest_path(state, prices, *cities)
                    assert (route is None) == (found is None)
                    if route is not None and found is not None:
                        assert sum(prices[link] for link in route.links) == found[0]
                        assert list(route.needs) == [
                            n for n in (needs[link] for link in route.links) if n is not None
                        ]
