"""The Hubs module (expansion rulebook, "Hubs", Example 4; docs/rules-decisions.md).

Before the first turn each player places a hub on a city with no hub, from the last player
counterclockwise to the first. Whenever a Flight card is claimed (Final Flights and Distant cards
too), every hub owner whose hub city the path starts in, ends in or passes through gets €2 from
the bank; for each of the claimant's own hubs the path passes *through*, the claimant chooses
instead: the €2, a 1-point marker, a +€2 income marker, or its second hub in a city with none.
Those choices are the claimant's decisions right after the claim (``HubBonus``), one per hub in
path order; the turn ends after the last.
"""

from __future__ import annotations

from typing import Final

import data
from engine.errors import Reason, Seat, Word, rule_name
from engine.jetset.actions import HUB_BONUS_KINDS, Action, HubBonus, PlaceHub
from engine.jetset.board import Board
from engine.jetset.hubs_state import INCOME_MARKER, HubsState
from engine.jetset.rules.base import Rule
from engine.jetset.rules.turns import END_ALL_FINALS, all_finals_played, end_game
from engine.jetset.state import State

_PIECES: Final = data.hubs_json()
PAYOFF: Final[int] = int(_PIECES["payoff"])
"""The hub payoff: €2 from the bank."""
MAX_HUBS: Final[int] = int(_PIECES["hub_tokens_per_player"])
"""Two hub tokens per colour: at most two hubs on the board."""


DISTANT_CODES: Final = frozenset(data.distant_city_codes())


def distant_cities(board: Board) -> list[int]:
    """The board's Distant Lands cities (none unless that module has put them on the map)."""
    return [i for code, i in board.city_index.items() if code in DISTANT_CODES]


def hubs_of(state: State) -> HubsState:
    """The module's state; only asked by rules that exist when the module is on."""
    hubs = state.hubs
    assert hubs is not None
    return hubs


def main_cities(board: Board) -> list[int]:
    """The cities of the main board, where hubs go ("never in a distant city"), in board order."""
    far = distant_cities(board)
    return [c.index for c in board.cities if c.index not in far]


def open_cities(state: State) -> list[int]:
    """Cities a hub may go to now: no hub there yet, and not a distant city."""
    hubs = hubs_of(state)
    taken = {c for cities in hubs.cities for c in cities}
    return [c for c in main_cities(state.board) if c not in taken]


def second_hub_open(state: State, seat: int) -> bool:
    """Whether a hub bonus may be ``seat``'s second hub: it has fewer than two, and a city on
    the main board has none ("place your second Hub in a city that does not have a Hub")."""
    return len(hubs_of(state).cities[seat]) < MAX_HUBS and bool(open_cities(state))


def why_not_city(state: State, city: int) -> str | None:
    """Why a hub may not go to ``city``, or None if it may."""
    board = state.board
    if not 0 <= city < len(board.cities):
        return Reason("there is no such city")
    name = board.cities[city].name
    if board.cities[city].code in DISTANT_CODES:  # a distant city
        return Reason(
            "{city} is a distant city: hubs go only to cities on the main board", city=Word(name)
        )
    owner = hubs_of(state).owner(city)
    if owner >= 0:
        return Reason("{city} already has a hub", city=Word(name))
    return None


def hub_turn_reason(state: State) -> str:
    """Why an ordinary action must wait while a hub decision is due."""
    hubs = hubs_of(state)
    if hubs.placing >= 0:
        return Reason("every player places a first hub before the first turn")
    return Reason("choose your hub bonus first")


def hub_decision_due(state: State) -> bool:
    """A first hub to place or a hub bonus to choose comes before anything else but an Investor:
    a Vacation card that comes up while a bonus waits (the refill after the claim, a Business
    "Vacation" card) has its Investor turned up or chosen first, "before anything else happens"
    (decision I8), as ``Ruleset.rule_for`` and ``Ruleset.legal_actions`` ask it first. The one
    answer to which question comes first, for the rules' steps, the bots and the screens."""
    hubs = state.hubs
    if hubs is None or not hubs.busy:
        return False
    investors = state.investors
    return investors is None or not investors.pending()


def seat_in_turn(state: State) -> int:
    """The seat whose decision the table waits for: the one placing a first hub, else the seat
    whose turn it is (what the screens mark as "to move")."""
    hubs = state.hubs
    return hubs.placing if hubs is not None and hubs.placing >= 0 else state.current


def bonus_pending(state: State) -> bool:
    """The claimant still has a hub bonus to choose (the turn goes on until it has)."""
    hubs = state.hubs
    return hubs is not None and bool(hubs.pending)


def income_markers(state: State, seat: int) -> int:
    """What a seat's +€2 markers add to its income."""
    hubs = state.hubs
    return INCOME_MARKER * hubs.income[seat] if hubs is not None else 0


def pay_hubs(state: State, seat: int, path: tuple[int, ...], *, flies_on: bool = False) -> None:
    """After ``seat`` claims a card flown along ``path``: €2 to the owner of each hub the path
    starts in, ends in or passes through (each hub once), except the claimant's own hubs it
    passes through, which wait for the claimant's choice (``HubBonus``). ``flies_on``: the flight
    goes on past the path's last city (a Distant card's, to its distant city), which it then
    passes through."""
    hubs = state.hubs
    if hubs is None or not path:
        return
    owners = hubs.owners
    if not owners:
        return
    ends = (path[0],) if flies_on else (path[0], path[-1])
    seen: list[int] = []
    pending: list[int] = []
    for city in path:
        owner = owners.get(city, -1)  # hubs.owner(city), read here: asked for every city
        if owner < 0 or city in seen:
            continue
        seen.append(city)
        if owner == seat and city not in ends:
            pending.append(city)
        else:
            state.add_cash(owner, PAYOFF)
    if pending:
        hubs.set_pending(state, pending)


class PlaceHubRule(Rule[PlaceHub]):
    """Before the first turn: the seat whose turn it is to place puts its first hub down."""

    action = PlaceHub
    section = rule_name("Hubs: Setup")
    ends_turn = False

    def check(self, state: State, seat: int, action: PlaceHub) -> None:
        hubs = hubs_of(state)
        if hubs.placing < 0:
            raise self.illegal("hubs are placed before the first turn; a second one is a bonus")
        if hubs.placing != seat:
            raise self.illegal("{seat} places a hub next", seat=Seat(hubs.placing))
        reason = why_not_city(state, action.city)
        if reason:
            raise self.illegal(reason)

    def perform(self, state: State, seat: int, action: PlaceHub) -> None:
        hubs = hubs_of(state)
        hubs.place_hub(state, seat, action.city)
        hubs.set_placing(state, hubs.placing - 1)

    def options(self, state: State, seat: int) -> list[Action]:
        if hubs_of(state).placing != seat:
            return []
        return [PlaceHub(city) for city in open_cities(state)]


class HubBonusRule(Rule[HubBonus]):
    """Right after a claim through your own hub: the €2, or a hub bonus instead."""

    action = HubBonus
    section = rule_name("Hubs: Playing the game")
    part_of_claim = True

    def check(self, state: State, seat: int, action: HubBonus) -> None:
        hubs = hubs_of(state)
        if not hubs.pending:
            raise self.illegal("a hub bonus comes only with a flight through your own hub")
        if action.kind not in HUB_BONUS_KINDS:
            raise self.illegal(
                "the hub bonus is one of: {choices}", choices=", ".join(HUB_BONUS_KINDS)
            )
        if action.kind != "hub":
            if action.city != -1:
                raise self.illegal("only a second hub names a city")
            return
        if len(hubs.cities[seat]) >= MAX_HUBS:
            raise self.illegal("you already have {count} hubs on the board", count=MAX_HUBS)
        reason = why_not_city(state, action.city)
        if reason:
            raise self.illegal(reason)

    def perform(self, state: State, seat: int, action: HubBonus) -> None:
        hubs = hubs_of(state)
        kind = action.kind
        if kind == "cash":
            state.add_cash(seat, PAYOFF)
        elif kind == "point":
            hubs.add_point(state, seat)
        elif kind == "income":
            hubs.add_income(state, seat)
        else:
            hubs.place_hub(state, seat, action.city)
        hubs.set_pending(state, hubs.pending[1:])
        if not hubs.pending and all_finals_played(state):
            end_game(state, END_ALL_FINALS)

    def options(self, state: State, seat: int) -> list[Action]:
        hubs = hubs_of(state)
        if not hubs.pending:
            return []
        out: list[Action] = [HubBonus(kind, -1) for kind in HUB_BONUS_KINDS[:3]]
        if second_hub_open(state, seat):
            out.extend(HubBonus("hub", city) for city in open_cities(state))
        return out
