"""Jet Lag's bots: random, greedy, and search.

- random: uniform among the legal plays;
- greedy: the play that leaves the best score margin if the game ended now;
- search: within a round the player to move knows every card still to be played in it (the
  first player saw the pile; the second holds what was passed, and the first knows what it
  passed), so it searches the rest of the round exactly, alpha-beta, both players at their best.
  In the last round that is the game's end, valued as won/lost/drawn and then by the margin; in
  earlier rounds the round's end is valued by the points margin if the game ended there (the
  piles to come are unseen; docs/bots.md, "Jet Lag's bots", says why that is enough).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Final

from engine.jetlag import rules
from engine.jetlag.actions import Action
from engine.jetlag.scoring import margin
from engine.jetlag.state import LAST, OVER, PASS, SECOND, TAKE, State
from engine.rng import Rng

WIN: Final = 1000
"""A won game outweighs any margin in the search's values."""


class Bot(ABC):
    name = "bot"

    def __init__(self, seat: int, seed: str) -> None:
        self.seat = seat
        self.rng = Rng(f"{seed}:jetlag-bot:{self.name}:{seat}")

    @abstractmethod
    def choose(self, view: State) -> Action:
        """A legal play for ``view``, this bot's own seat's view with the bot to move."""


class RandomBot(Bot):
    name = "random"

    def choose(self, view: State) -> Action:
        return self.rng.choice(rules.legal_actions(view))


def after(state: State, seat: int, action: Action) -> State:
    """A copy of ``state`` with ``action`` played by ``seat`` (no checks: it is legal)."""
    s = state.copy()
    rules.play(s, seat, action)
    return s


def greedy_choice(state: State, seat: int) -> Action:
    """The first play with the best margin (points, then tourists) for ``seat`` right after."""
    best = None
    best_value = (-(10**9), 0)
    for action in rules.legal_actions(state):
        value = margin(after(state, seat, action), seat)
        if value > best_value:
            best, best_value = action, value
    assert best is not None
    return best


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, view: State) -> Action:
        return greedy_choice(view, self.seat)


def outcome(state: State, seat: int) -> int:
    """``seat``'s value of a finished game: ±WIN (0 for a draw) plus the points margin."""
    diff, tourists = margin(state, seat)
    sign = (diff, tourists) > (0, 0)
    lost = (diff, tourists) < (0, 0)
    return (WIN if sign else -WIN if lost else 0) + diff


def _pass(state: State) -> None:
    """The pass, as the first player (who knows the cards) sees it."""
    first, second = state.first, state.second
    state.hands[second] = state.hands[first]
    state.sizes[second] = state.sizes[first]
    state.hands[first] = []
    state.sizes[first] = 0
    state.step = SECOND


def _ordered(state: State, seat: int) -> list[tuple[Action, State]]:
    """Each legal play with its result: in the greedy order (best first, for pruning) but for
    the round's last card, whose results the search values at once anyway."""
    children = [(a, after(state, seat, a)) for a in rules.legal_actions(state)]
    if state.step != LAST:
        children.sort(key=lambda c: margin(c[1], seat), reverse=True)
    return children


class SearchBot(Bot):
    """Alpha-beta over the rest of the round, valued as the module docstring says."""

    name = "search"

    def choose(self, view: State) -> Action:
        best, _ = self.search(view, -(10**9), 10**9)
        assert best is not None
        return best

    def search(self, state: State, alpha: int, beta: int) -> tuple[Action | None, int]:
        """(the best play, its value for this bot's seat) at ``state``, a point of the round."""
        if state.step == PASS:
            state = state.copy()
            _pass(state)
        if state.step in (OVER, TAKE):
            return None, self.value(state)
        mover = rules.to_move(state)
        assert mover is not None and mover >= 0
        maximise = mover == self.seat
        best: Action | None = None
        best_value = -(10**9) if maximise else 10**9
        for action, child in _ordered(state, mover):
            _, v = self.search(child, alpha, beta)
            if (v > best_value) if maximise else (v < best_value):
                best, best_value = action, v
            if maximise:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best, best_value

    def value(self, state: State) -> int:
        """A round's end: the game's result after the last round, else the points margin."""
        if state.over:
            return outcome(state, self.seat)
        return margin(state, self.seat)[0]


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(kind: str, seat: int, seed: str) -> Bot:
    try:
        return BOTS[kind](seat, seed)
    except KeyError:
        raise ValueError(f"unknown Jet Lag bot {kind!r}; bots: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "make_bot"]
