"""The search bot: determinized Monte Carlo search over a few sensible moves.

A move is chosen in three steps:

1. candidates: the greedy move (engine.jetset.bots.greedy), every claim possible now, the next step
   toward each of the best targets and toward the Final Flight, and income: the handful of the
   hundreds of legal actions a good player would weigh;
2. playouts: a guessed world (engine.jetset.bots.sampling: the other seats' Final Flights and
   Business cards, the order of the decks and the Business pile, the face-down Investors, drawn
   consistently with the bot's own view) in which a candidate is played and
   then every seat plays greedily for a few rounds, cards turned up from the guessed decks. The
   position reached is scored for each seat (points, plus what its cash, markers, planes and
   unflown Final Flight are likely still worth) and the reward is the bot's margin over its best
   rival, in points;
3. sequential halving (Karnin, Koren and Somekh, 2013): every surviving candidate is played in
   the same guessed worlds (common random numbers, so the comparison is of moves, not of luck),
   the worse half is dropped, and again, until the budget is spent. The winner is played only if
   it beats the greedy move by a clear margin; otherwise the greedy move is.

Each world is drawn afresh from the bot's view, so no decision depends on anything the seat
cannot see (information-set Monte Carlo search, with its tree cut at the root).

The budget is a number of playouts (reproducible: ``jetset selfplay`` prints the same games for
the same seed) or, with ``seconds``, as many as fit in that time at the speed of the first pass.
"""

from __future__ import annotations

import math
import time

from engine.errors import IllegalAction
from engine.jetset.actions import (
    CHANCE,
    Action,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    Claim,
    Entry,
    FinalPlane,
    FinalsDraw,
    HubBonus,
    Income,
    Pass,
    Reveal,
)
from engine.jetset.board import SHORT
from engine.jetset.bots.base import Bot
from engine.jetset.bots.business_play import business_choice, with_cards
from engine.jetset.bots.greedy import (
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
from engine.jetset.bots.hub_choices import hub_action
from engine.jetset.bots.planning import Planner
from engine.jetset.bots.sampling import World, determinize
from engine.jetset.business_deck import draw_commitment
from engine.jetset.dealer import distant_draw
from engine.jetset.distant_state import DISTANT, distant_points
from engine.jetset.hubs_state import hub_points
from engine.jetset.rules.business import chance_entry_kind
from engine.jetset.rules.business_end import end_cards_held
from engine.jetset.rules.investors import turn_up_guessed
from engine.jetset.rules.turns import ACCEPT, offer_pending
from engine.jetset.ruleset import Ruleset
from engine.jetset.scoring import FINAL_BASE, final_flight_points, scores
from engine.jetset.state import State, hand_commitment
from engine.rng import Rng

ITERATIONS = 24
"""The default budget: playouts per move (a candidate list's first pass always runs in full)."""

HORIZON = 3
"""Playouts stop after this many more turns of the bot itself (every seat plays in between):
turns, not decisions (a claim's hub bonus and Business cards are part of its turn)."""

TOP_TARGETS = 4
"""Steps toward this many of the best targets are candidate moves."""

EUROS_PER_POINT = 8.0
"""What a point costs in a typical mid-game card (a 7-point card is about €50 of planes)."""

MARKER_EUROS = 3.0
"""A marker on a card makes one future income €5 instead of €2."""

PLANE_EUROS = 5.0
"""A plane on the board is €5 already spent toward a claim."""

FINAL_SHARE = 0.6
FINAL_SHARE_LATE = 0.8
"""What part of its 10 points a Final Flight not yet flown counts for, before and in Vacation
Time (it may never fly)."""

RICH = 60.0
"""Euros beyond this are worth a quarter as much: one cannot spend them all in time."""

DEVIATION = 0.5
"""Points of margin by which a move must beat the greedy move, on average, to be played instead:
small differences are the noise of a few playouts."""


class MctsBot(Bot):
    """``iterations``: playouts a move (the default, reproducible); ``seconds``: instead, a
    wall-clock budget a move (at least one pass per halving round is always played);
    ``horizon``: the bot's own turns each playout runs for."""

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
        started = time.perf_counter()
        arms = [Arm(move) for move in moves]
        self.pass_over(view, rules, arms)
        budget = self.budget(len(arms), time.perf_counter() - started)
        spent = len(arms)
        alive = arms
        rounds = math.ceil(math.log2(len(arms)))
        for done in range(rounds):
            share = (budget - spent) // (rounds - done)
            for _ in range(max(1, share // len(alive))):
                self.pass_over(view, rules, alive)
                spent += len(alive)
            alive = best_half(alive, arms[0])
        return decide(arms[0], alive)

    def budget(self, arms: int, first_pass: float) -> int:
        """Playouts for this move: the iteration budget, or what fits in ``seconds`` at the
        speed of the first pass."""
        if self.seconds is None:
            return self.iterations
        per_playout = max(first_pass / arms, 1e-6)
        return int(self.seconds / per_playout)

    def pass_over(self, view: State, rules: Ruleset, arms: list[Arm]) -> None:
        """One guessed world, and one playout in it for each arm (common random numbers: the
        arms are compared on the same cards)."""
        world = determinize(view, self.seat, self.rng)
        for arm in arms:
            arm.add(playout(world.fork(), self.seat, arm.move, rules, self.horizon))


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


def best_half(arms: list[Arm], greedy: Arm | None = None) -> list[Arm]:
    """Sequential halving: the better half by mean reward (earlier candidates first on ties),
    always keeping the greedy move's arm (``greedy``, else the first) as the baseline: after
    the first round the list is in order of reward, so its first arm is no longer greedy's."""
    baseline = arms[0] if greedy is None else greedy
    ranked = sorted(arms, key=lambda a: -a.mean)
    kept = ranked[: max(1, (len(ranked) + 1) // 2)]
    if baseline not in kept:
        kept.append(baseline)
    return kept


def decide(greedy: Arm, finalists: list[Arm]) -> Action:
    """The best finalist if it beats the greedy move (played on the same worlds) by a clear
    margin; otherwise the greedy move."""
    best = max(finalists, key=lambda a: a.mean)
    if best is not greedy and best.mean > greedy.mean + DEVIATION:
        return best.move
    return greedy.move


# -- the moves worth searching ---------------------------------------------------------------


def candidates(view: State, seat: int, rules: Ruleset) -> list[Action]:
    """The greedy move first, then every claim, the next step toward each of the best targets
    and the Final Flight, and income: legal and without repeats."""
    st = view.seats[seat]
    if offer_pending(view):
        return [ACCEPT]
    b = view.business
    if b is not None and (b.offer[1] == seat or b.open_turn == view.turn):
        return [policy(rules, view, seat)]  # a Business Deal's answer; cards after a draw
    hub = hub_action(view, seat)
    if hub is not None:
        return hub_candidates(view, seat, rules, hub)
    if view.investors is not None and view.investors.choosing:
        return rules.legal_actions(view)  # which face-up Investor goes
    if st.finished:
        return [FinalPlane() if st.planes else Pass()]
    plan = Planner(view, seat, RENT_PENALTY)
    final = final_target(plan)
    moves: list[Action | None] = [policy(rules, view, seat), claim_final(view, final)]
    moves.extend(claims(plan))
    moves.append(claim_card(plan))
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


def hub_candidates(view: State, seat: int, rules: Ruleset, hub: Action) -> list[Action]:
    """A hub decision: the greedy choice first; for a bonus, every kind but a second hub
    elsewhere than the greedy city (the first hub's city is greedy's alone)."""
    if not isinstance(hub, HubBonus):
        return [hub]
    moves = [hub] + [HubBonus(kind, -1) for kind in ("cash", "point", "income")]
    out: list[Action] = []
    for move in moves:
        if move not in out and is_legal(rules, view, seat, move):
            out.append(move)
    return out


def claims(plan: Planner) -> list[Action]:
    """Every face-up card the seat can claim now, each by one shortest path."""
    out: list[Action] = []
    for card in face_up(plan.state):
        path = ready_path(plan, card)
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
    more turns (or the game ends); the margin of ``seat`` over its best rival.

    Turns, not decisions: the rest of the turn ``move`` begins (a hub bonus after a claim, a
    Business card played or cashed, ``done``) is no turn of its own, or a claim, which brings
    such decisions, would be searched a turn shorter than income, which does not."""
    state = world.state
    turn = state.turn
    act(rules, state, seat, move)
    turns_left = horizon
    while True:
        actor = rules.to_move(state)
        if actor is None:
            break
        if actor == CHANCE:
            reveal(rules, state, world)
            continue
        if actor == seat and state.turn != turn and not offer_pending(state):
            if turns_left == 0:
                break
            turns_left -= 1
            turn = state.turn
        act(rules, state, actor, policy(rules, state, actor))
    return reward(state, seat)


def policy(rules: Ruleset, state: State, seat: int) -> Action:
    """The greedy bot's choice, its Business cards included when the module is on."""
    if state.business is None:
        return greedy_action(state, seat)
    return business_choice(state, seat, rules) or with_cards(
        state, seat, rules, greedy_action(state, seat)
    )


def act(rules: Ruleset, state: State, seat: int, action: Action) -> None:
    """Apply a decision; a refused one (the greedy policy erring in a guessed world) becomes
    income, which is always legal in the Action Phase."""
    try:
        rules.apply(state, Entry(seat, action))
    except IllegalAction:
        st = state.seats[seat]
        fallback: Action = Income()
        if offer_pending(state):
            fallback = ACCEPT
        elif st.finished:
            fallback = FinalPlane() if st.planes else Pass()
        if state.business is not None and not is_legal(rules, state, seat, fallback):
            fallback = with_cards(state, seat, rules, fallback)
        rules.apply(state, Entry(seat, fallback))


def reveal(rules: Ruleset, state: State, world: World) -> None:
    """Turn up the next card of the guessed deck order."""
    if state.investors is not None and state.investors.to_turn >= 0:
        turn_up_guessed(state)  # the guessed face-down Investor pays
        return
    row = state.to_reveal
    if row is None:
        rules.apply(state, business_chance(state, world))
        return
    stack = world.stacks[row]
    if row == DISTANT:  # its cards come from the top or the bottom: the first still there
        rules.apply(state, distant_draw(state, stack))
        return
    rules.apply(state, Entry(CHANCE, Reveal(row, stack.pop(0))))


def business_chance(state: State, world: World) -> Entry:
    """The Business cards module's chance entry, from the guessed pile and Final Flights."""
    b = state.business
    assert b is not None
    what = chance_entry_kind(state)
    if what == "buyout":
        return Entry(CHANCE, BuyoutDraw(world.stacks[SHORT].pop(0)))
    if what == "open":
        return Entry(CHANCE, end_cards_held(b))
    if what == "shuffle":
        world.business[:] = b.discards
        Rng(f"{world.seed}/pile-{b.epoch + 1}").shuffle(world.business)
        return Entry(CHANCE, BusinessShuffle(len(b.discards)))
    if what == "finals":
        held = {c for st in state.seats for c in (st.hand or ())}
        held.update(st.final for st in state.seats if st.final is not None)
        pool = [c for c in state.board.final_deck if c not in held]
        Rng(f"{world.seed}/finals-{b.finals_dealt}").shuffle(pool)
        cards = (pool[0], pool[1])
        return Entry(CHANCE, FinalsDraw(b.finals, cards, "", hand_commitment(b.finals, cards, "")))
    seat = b.owed[0]
    kind = world.business.pop(0)
    return Entry(CHANCE, BusinessDraw(seat, kind, "", draw_commitment(seat, b.draws, kind, "")))


# -- judging a position ----------------------------------------------------------------------


def reward(state: State, seat: int) -> float:
    """The bot's margin over its best rival, in points (estimated unless the game is over)."""
    if state.over:
        table = scores(state)
        value = [s.total + s.cash / 1000 for s in table]
    else:
        value = [estimate(state, i) for i in range(state.players)]
    rival = max(v for i, v in enumerate(value) if i != seat)
    return value[seat] - rival


def estimate(state: State, seat: int) -> float:
    """Points now plus what the seat's holdings are likely still worth, in points."""
    st = state.seats[seat]
    markers = sum(int(m) for _, m in st.cards)
    planes_out = sum(row[seat] for row in state.link_planes)
    wealth = st.cash + MARKER_EUROS * markers + PLANE_EUROS * planes_out
    return card_points(state, seat) + spendable(state, wealth) + final_prospect(state, seat)


def spendable(state: State, euros: float) -> float:
    """Money is worth points only while there is time to spend it: the first €60 at the usual
    rate, the rest at a quarter of it, and everything at half in Vacation Time."""
    worth = min(euros, RICH) + max(0.0, euros - RICH) / 4
    if state.vacation_time:
        worth /= 2
    return worth / EUROS_PER_POINT


def card_points(state: State, seat: int) -> float:
    """Points of the claimed cards and of a flown Final Flight (rulebook, "Scoring")."""
    st = state.seats[seat]
    cards = state.board.cards
    points = sum(cards[str(cid)].points for cid, _ in st.cards) + sum(distant_points(state, seat))
    if st.finished:
        points += final_flight_points(st.final_planes)
    return float(points + hub_points(state, seat))


def final_prospect(state: State, seat: int) -> float:
    """A Final Flight still in hand: part of its 10 points, less what its missing planes cost.
    Always less than flying it, which is worth 10 points at once."""
    st = state.seats[seat]
    if st.finished or not st.hand:
        return 0.0
    final = final_target(Planner(state, seat, RENT_PENALTY))
    if final is None:
        return 0.0
    share = FINAL_SHARE_LATE if state.vacation_time else FINAL_SHARE
    return share * max(0.0, FINAL_BASE - 1.5 * final.route.cost / EUROS_PER_POINT)
