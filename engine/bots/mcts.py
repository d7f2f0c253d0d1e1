"""The search bot: determinized Monte Carlo search over a few sensible moves.

Each iteration guesses the hidden information (engine.bots.sampling: the other seats' Final
Flights, the order of both decks), picks one of the bot's candidate moves by UCB1, plays it, and
lets every seat play on greedily (engine.bots.greedy) for a few rounds, turning cards up from the
guessed decks. The position reached is scored for each seat (points, plus what its cash, markers,
planes and Final Flight are likely still worth) and the bot's margin over its best rival is the
reward. After the budget, the move tried most often is played.

This is information-set MCTS with its tree cut at the root (each iteration samples a new world,
so no statistics depend on a world it cannot see), and the greedy policy's targets prune the
hundreds of legal actions to the handful a good player would consider.

The budget is a number of iterations (reproducible: ``jetset selfplay`` prints the same games
for the same seed) or, with ``seconds``, a wall-clock limit per move.
"""

from __future__ import annotations

import math
import time

from engine.actions import (
    CHANCE,
    Action,
    Claim,
    Entry,
    FinalPlane,
    Income,
    Pass,
    Reveal,
)
from engine.bots.base import Bot
from engine.bots.greedy import (
    RENT_PENALTY,
    claim_card,
    claim_final,
    face_up,
    final_target,
    greedy_action,
    next_step,
    ready_path,
    targets,
)
from engine.bots.planning import Planner
from engine.bots.sampling import World, determinize
from engine.errors import IllegalAction
from engine.ruleset import Ruleset
from engine.scoring import final_flight_points, scores
from engine.state import State

ITERATIONS = 48
"""The default budget: iterations per move (well under a second a move on one core)."""

HORIZON = 3
"""Playouts stop after this many more turns of the bot itself (every seat plays in between)."""

TOP_TARGETS = 4
"""Steps toward this many of the best targets are candidate moves."""

EXPLORATION = 0.5
"""UCB1's constant; rewards lie in [0, 1]."""

EUROS_PER_POINT = 8.0
"""What a point costs in a typical mid-game card (a 7-point card is about €50 of planes)."""

MARKER_EUROS = 3.0
"""A marker on a card makes one future income €5 instead of €2."""

PLANE_EUROS = 5.0
"""A plane on the board is €5 already spent toward a claim."""

FINAL_VALUE = 14.0
"""A Final Flight not yet flown, if its planes were all there: 10 points and a couple of planes."""

MARGIN_SCALE = 6.0
"""Points of margin over the best rival that make a reward of about 0.73 (a logistic curve)."""


class MctsBot(Bot):
    name = "mcts"

    def __init__(
        self,
        seat: int,
        seed: str,
        iterations: int = ITERATIONS,
        seconds: float | None = None,
        horizon: int = HORIZON,
    ) -> None:
        super().__init__(seat, seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon

    def choose(self, view: State, rules: Ruleset) -> Action:
        moves = candidates(view, self.seat, rules)
        if len(moves) == 1:
            return moves[0]
        stats = [Arm(move) for move in moves]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations or deadline is not None:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            arm = select(stats, done)
            world = determinize(view, self.seat, self.rng)
            arm.add(playout(world, self.seat, arm.move, rules, self.horizon))
            done += 1
        return max(stats, key=lambda a: (a.visits, a.mean)).move


class Arm:
    """A candidate move and the rewards of the playouts that began with it."""

    __slots__ = ("move", "total", "visits")

    def __init__(self, move: Action) -> None:
        self.move = move
        self.visits = 0
        self.total = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def add(self, reward: float) -> None:
        self.visits += 1
        self.total += reward


def select(arms: list[Arm], done: int) -> Arm:
    """UCB1: every arm once, in order, then the best mean plus an exploration bonus."""
    for arm in arms:
        if not arm.visits:
            return arm
    log_n = math.log(done)
    return max(arms, key=lambda a: a.mean + EXPLORATION * math.sqrt(log_n / a.visits))


# -- the moves worth searching ---------------------------------------------------------------


def candidates(view: State, seat: int, rules: Ruleset) -> list[Action]:
    """The greedy move first, then every claim, the next step toward each of the best targets
    and the Final Flight, and income: legal and without repeats."""
    st = view.seats[seat]
    if st.finished:
        return [FinalPlane() if st.planes else Pass()]
    plan = Planner(view, seat, RENT_PENALTY)
    final = final_target(plan)
    moves: list[Action | None] = [greedy_action(view, seat), claim_final(view, final)]
    moves.extend(claims(plan))
    moves.append(claim_card(plan, final))
    ranked = sorted(targets(plan, final), key=lambda t: (-t.rate, t.card))
    moves.extend(next_step(view, seat, t, final) for t in ranked[:TOP_TARGETS])
    if final is not None and not final.route.ready:
        moves.append(next_step(view, seat, final, None))
    moves.append(Income())
    out: list[Action] = []
    for move in moves:
        if move is not None and move not in out and is_legal(rules, view, seat, move):
            out.append(move)
    return out


def claims(plan: Planner) -> list[Action]:
    """Every face-up card the seat can claim now, each by one shortest path."""
    out: list[Action] = []
    for card in face_up(plan.state):
        path = ready_path(plan, card, frozenset())
        if path is not None:
            out.append(Claim(card, path))
    return out


def is_legal(rules: Ruleset, state: State, seat: int, action: Action) -> bool:
    try:
        rules.check(state, Entry(seat, action))
    except IllegalAction:
        return False
    return True


# -- playouts --------------------------------------------------------------------------------


def playout(world: World, seat: int, move: Action, rules: Ruleset, horizon: int) -> float:
    """Play ``move`` in the guessed world, then greedy turns until the bot has had ``horizon``
    more turns (or the game ends); the reward for ``seat``, in [0, 1]."""
    state = world.state
    act(rules, state, seat, move)
    turns_left = horizon
    while True:
        actor = rules.to_move(state)
        if actor is None:
            break
        if actor == CHANCE:
            reveal(rules, state, world)
            continue
        if actor == seat:
            if turns_left == 0:
                break
            turns_left -= 1
        act(rules, state, actor, greedy_action(state, actor))
    return reward(state, seat)


def act(rules: Ruleset, state: State, seat: int, action: Action) -> None:
    """Apply a decision; a refused one (the greedy policy erring in a guessed world) becomes
    income, which is always legal in the Action Phase."""
    try:
        rules.apply(state, Entry(seat, action))
    except IllegalAction:
        st = state.seats[seat]
        fallback: Action = Income()
        if st.finished:
            fallback = FinalPlane() if st.planes else Pass()
        rules.apply(state, Entry(seat, fallback))


def reveal(rules: Ruleset, state: State, world: World) -> None:
    """Turn up the next card of the guessed deck order."""
    row = state.reveal_needed()
    assert row is not None
    stack = world.stacks[row]
    rules.apply(state, Entry(CHANCE, Reveal(row, stack.pop(0))))


# -- judging a position ----------------------------------------------------------------------


def reward(state: State, seat: int) -> float:
    """The bot's margin over its best rival, squashed into [0, 1]."""
    if state.over:
        table = scores(state)
        value = [s.total + s.cash / 1000 for s in table]
    else:
        value = [estimate(state, i) for i in range(state.players)]
    rival = max(v for i, v in enumerate(value) if i != seat)
    return 1.0 / (1.0 + math.exp(-(value[seat] - rival) / MARGIN_SCALE))


def estimate(state: State, seat: int) -> float:
    """Points now plus what the seat's holdings are likely still worth, in points."""
    st = state.seats[seat]
    points = card_points(state, seat)
    markers = sum(int(m) for _, m in st.cards)
    planes_out = sum(row[seat] for row in state.link_planes)
    euros = st.cash + MARKER_EUROS * markers + PLANE_EUROS * planes_out
    return points + euros / EUROS_PER_POINT + final_prospect(state, seat)


def card_points(state: State, seat: int) -> float:
    """Points of the claimed cards and of a flown Final Flight (rulebook, "Scoring")."""
    st = state.seats[seat]
    cards = state.board.cards
    points = sum(cards[str(cid)].points for cid, _ in st.cards)
    if st.finished:
        points += final_flight_points(st.final_planes)
    return float(points)


def final_prospect(state: State, seat: int) -> float:
    """A Final Flight still in hand: its value less what its missing planes cost."""
    st = state.seats[seat]
    if st.finished or not st.hand:
        return 0.0
    final = final_target(Planner(state, seat, RENT_PENALTY))
    if final is None:
        return 0.0
    return max(0.0, FINAL_VALUE - final.route.cost / EUROS_PER_POINT * 1.5)
