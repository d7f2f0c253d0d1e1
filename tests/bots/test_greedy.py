"""The greedy bot follows the rulebook's Strategy Note and its own turn priorities."""

from __future__ import annotations

import pytest

from engine import Buy, Claim, ClaimFinal, Entry, Income, Place
from engine.jetset.bots.greedy import greedy_action
from engine.jetset.bots.planning import plan_route
from engine.jetset.state import State
from tests.bots.helpers import play
from tests.engine.table import Table


def joins_a_face_up_one_pointer(state: State, link: int) -> bool:
    ln = state.board.links[link]
    return any(
        set(state.board.cards[c].cities) == {ln.a, ln.b} and state.board.cards[c].points == 1
        for c in state.rows["short"]
    )


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_first_turns_follow_the_strategy_note(seed: str) -> None:
    """ "Your first turn should be spent buying one of the unowned links that matches a face-up
    1-point Flight card. On your second turn you should either claim that Flight card or buy
    another unowned airlink that matches a 1-point Flight card." """
    game = play(4, seed, ["greedy"], stop=lambda g: g.state.turn > 8)
    moves = [e.action for e in game.entries if e.actor >= 0]
    assert len(moves) == 8
    for turn, action in enumerate(moves[:4], start=1):
        assert isinstance(action, Buy), action
        assert joins_a_face_up_one_pointer(before_turn(seed, turn), action.link)
    for action in moves[4:]:
        if isinstance(action, Claim):
            assert game.board.cards[action.card].points == 1
        else:
            assert isinstance(action, Buy), action


def before_turn(seed: str, turn: int) -> State:
    return play(4, seed, ["greedy"], stop=lambda g: g.state.turn >= turn).state


def ready_table() -> Table:
    """Seat 0 holds planes for the 1-point S1-02 and for the 3-point HAM-BER-MUC."""
    t = Table(players=2, short_row=["S1-01", "S1-02", "S1-03", "S1-04", "S1-05", "S1-06"])
    t.claim(0, "S1-01")
    t.bring_up(0, "S3-17")
    t.supply(0, ["HAM", "BER", "MUC"])
    a, b = (t.game.board.city_code(c) for c in t.game.board.cards["S1-02"].cities)
    t.supply(0, [a, b])
    return t


def test_claims_the_card_worth_most() -> None:
    t = ready_table()
    t.wait_for(0)
    ready = [c for c in t.state.rows["short"] if is_ready(t.state, c)]
    assert "S3-17" in ready and len(ready) >= 2, ready
    action = greedy_action(t.state.view(0), 0)
    assert isinstance(action, Claim) and action.card == "S3-17"


def is_ready(state: State, card: str) -> bool:
    route = plan_route(state, 0, state.board.cards[card].cities)
    return route is not None and route.ready


def test_takes_income_when_the_next_plane_is_too_dear() -> None:
    t = Table(players=2)
    t.claim(0, t.state.rows["short"][0])
    t.wait_for(0)
    st = t.state.seats[0]
    st.cash = 3  # a position, not a game: the bot only reads it
    assert greedy_action(t.state.view(0), 0) == Income()
    st.cash = 30
    assert isinstance(greedy_action(t.state.view(0), 0), Buy | Place)


def test_flies_the_final_flight_once_vacation_time_allows() -> None:
    t = Table(players=2)
    t.claim(0, t.state.rows["short"][0])
    hand = t.state.seats[0].hand
    assert hand
    card = hand[0]
    cities = t.game.board.cards[card].cities
    route = plan_route(t.state, 0, cities)
    assert route is not None and not route.ready
    for need in route.needs:  # a position, not a game: the planes are simply put there
        t.state.owner[need.link] = 0
        t.state.link_planes[need.link][0] += 1
    t.wait_for(0)
    assert not isinstance(greedy_action(t.state.view(0), 0), ClaimFinal)
    t.start_vacation_time(0)
    t.wait_for(0)
    action = greedy_action(t.state.view(0), 0)
    assert isinstance(action, ClaimFinal)
    assert action.card in hand
    t.game.check(Entry(0, action))
