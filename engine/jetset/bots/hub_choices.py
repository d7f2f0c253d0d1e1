"""How the greedy bot plays the Hubs module (expansion rulebook, "Hubs").

The first hub goes where the rulebook recommends, "on a city with many airlinks connecting to
it", and among those to the city the most Short and Long Flight cards start or end in. A flight
through its own hub takes the second hub while the game is young (every flight through it pays
from then on), a +€2 income marker until a Vacation card is up, and a 1-point marker after
(money then buys little; a point is a point). A card it can fly by several fewest-link paths
goes by the one through its own hubs rather than a rival's (``hub_path``).
"""

from __future__ import annotations

from engine.jetset.actions import Action, HubBonus, PlaceHub
from engine.jetset.bots.planning import Planner
from engine.jetset.paths import shortest_paths
from engine.jetset.rules.hubs import MAX_HUBS, PAYOFF, hub_decision_due, open_cities
from engine.jetset.state import State


def hub_action(state: State, seat: int) -> Action | None:
    """The greedy hub decision when one is due, else None: not while an Investor is to be
    chosen first (``hub_decision_due``, the rules' own order)."""
    hubs = state.hubs
    if hubs is None or not hub_decision_due(state):
        return None
    if hubs.placing >= 0:
        return PlaceHub(best_city(state))
    if len(hubs.cities[seat]) < MAX_HUBS and not state.vacations and open_cities(state):
        return HubBonus("hub", best_city(state))
    return HubBonus("point" if state.vacations else "income", -1)


def best_city(state: State) -> int:
    """The open city with the most airlinks, then the most cards to or from it, then the first."""
    board = state.board
    traffic = [0] * len(board.cities)
    for deck in (board.short_deck, board.long_deck):
        for cid in deck:
            for city in board.cards[cid].cities:
                traffic[city] += 1
    return max(open_cities(state), key=lambda c: (len(board.adjacency[c]), traffic[c], -c))


BONUS_WORTH = 3
"""What a flight through its own hub is worth to the bot: a bonus beats the €2 it replaces."""
PATHS_TRIED = 4


def hub_gain(state: State, seat: int, path: tuple[int, ...]) -> int:
    """What the hubs on ``path`` bring the seat, in euros: its own hubs at an end €2, passed
    through a bonus; a rival's hub anywhere gives that rival €2, counted against the path."""
    hubs = state.hubs
    if hubs is None:
        return 0
    gain = 0
    ends = (path[0], path[-1])
    for city in sorted(set(path)):
        owner = hubs.owner(city)
        if owner == seat:
            gain += PAYOFF if city in ends else BONUS_WORTH
        elif owner >= 0:
            gain -= PAYOFF
    return gain


def hub_path(plan: Planner, card: str, path: tuple[int, ...]) -> tuple[int, ...]:
    """Among the fewest-link paths the seat can fly ``card`` by now, the one whose hubs bring
    the most (``path``, the planner's, when none brings more)."""
    state, seat = plan.state, plan.seat
    if state.hubs is None:
        return path
    a, b = state.board.cards[card].cities
    best, best_gain = path, hub_gain(state, seat, path)
    usable = plan.free_plane
    for other in shortest_paths(state.board, usable, a, b, PATHS_TRIED):
        if len(other) <= len(path) and hub_gain(state, seat, other) > best_gain:
            best, best_gain = other, hub_gain(state, seat, other)
    return best
