"""How the greedy bot plays the Hubs module (expansion rulebook, "Hubs").

The first hub goes where the rulebook recommends, "on a city with many airlinks connecting to
it", and among those to the city the most Short and Long Flight cards start or end in. A flight
through its own hub takes the second hub while the game is young (every flight through it pays
from then on), a +€2 income marker until a Vacation card is up, and a 1-point marker after
(money then buys little; a point is a point).
"""

from __future__ import annotations

from engine.actions import Action, HubBonus, PlaceHub
from engine.rules.hubs import MAX_HUBS, open_cities
from engine.state import State


def hub_action(state: State, seat: int) -> Action | None:
    """The greedy hub decision when one is due, else None."""
    hubs = state.hubs
    if hubs is None or not hubs.busy:
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
