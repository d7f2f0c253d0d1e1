"""Bots decide from their own seat's view only: other seats' Final Flights never matter."""

from __future__ import annotations

import pytest

from engine import Game
from engine.jetset.state import State
from tests.bots.helpers import bot, play


def position(seed: str, turns: int) -> Game:
    """A four-player game of greedy bots, stopped at seat 0's turn after ``turns`` turns."""
    return play(4, seed, ["greedy"], stop=lambda g: g.state.turn > turns and g.to_move() == 0)


def with_other_hands(state: State, seat: int, rotate: int) -> State:
    """The full state with the other seats' hands passed round (the public part unchanged)."""
    full = state.copy()
    others = [i for i in range(state.players) if i != seat and full.seats[i].hand]
    hands = [full.seats[i].hand for i in others]
    for i, hand in zip(others, hands[rotate:] + hands[:rotate], strict=True):
        full.seats[i].hand = hand
    return full


@pytest.mark.parametrize("kind", ["greedy", "mcts"])
@pytest.mark.parametrize("turns", [1, 9, 25])
def test_other_hands_do_not_change_the_decision(kind: str, turns: int) -> None:
    """Handed the full state, with the real or with swapped hidden hands, a bot plays exactly
    what it plays from its own view: it never reads another seat's secret."""
    game = position(f"secrets-{turns}", turns)
    full = game.state
    assert all(st.hand for st in full.seats), "the position must still have hands to hide"
    swapped = with_other_hands(full, 0, 1)
    assert [st.hand for st in swapped.seats] != [st.hand for st in full.seats]
    view = full.view(0)
    assert all(view.seats[i].hand is None for i in (1, 2, 3))
    by_view = bot(kind, 0, "secret").choose(view, game.rules)
    by_full = bot(kind, 0, "secret").choose(full, game.rules)
    by_swapped = bot(kind, 0, "secret").choose(swapped, game.rules)
    assert by_view == by_full == by_swapped


def test_choosing_does_not_change_the_view() -> None:
    """A bot searches on copies: the view it was given is left as it was."""
    game = position("untouched", 9)
    view = game.state.view(0)
    before = (view.digest(), [st.hand for st in view.seats])
    bot("mcts", 0, "s").choose(view, game.rules)
    bot("greedy", 0, "s").choose(view, game.rules)
    assert (view.digest(), [st.hand for st in view.seats]) == before
