"""The search bot's parts: candidates, sequential halving, the greedy baseline, the budget."""

from __future__ import annotations

import time

from engine import Claim, Entry, Income
from engine.jetset.bots.greedy import greedy_action
from engine.jetset.bots.mcts import DEVIATION, Arm, MctsBot, best_half, candidates, decide
from tests.bots.helpers import play
from tests.logs import position


def arms(*means: float) -> list[Arm]:
    out = []
    for i, mean in enumerate(means):
        arm = Arm(Claim(f"S1-{i:02d}", (0, 1)))
        arm.add(mean)
        out.append(arm)
    return out


def test_halving_keeps_the_better_half_and_the_greedy_move() -> None:
    a = arms(0.0, 3.0, 2.0, 5.0, 1.0)
    assert best_half(a) == [a[3], a[1], a[2], a[0]]
    b = arms(9.0, 1.0, 2.0, 3.0)
    assert best_half(b) == [b[0], b[3]]


def test_halving_keeps_the_greedy_move_once_the_arms_are_in_order_of_reward() -> None:
    """After the first round the survivors are sorted by reward: the greedy arm, named, stays
    (it was dropped, and the winner then compared with it on fewer guessed worlds)."""
    a = arms(0.0, 3.0, 2.0, 5.0, 1.0)
    ranked = best_half(a, a[0])
    assert ranked[0] is a[3] and a[0] in ranked
    assert a[0] in best_half(ranked, a[0])


def test_a_ready_claim_is_not_put_off_for_income() -> None:
    """Every module on (tests/logs/modules-11.jetset, turns 49 and 55): L7-19 is ready to claim.
    A playout counted each of the seat's decisions as a turn, so a claim, with its hub bonus
    and Business card after it, was searched a turn shorter than income, and income won."""
    for entries in (90, 103):
        game = position("modules-11", entries)
        move = MctsBot(0, f"advice:{entries}").choose(game.view(0), game.rules)
        assert move == Claim("L7-19", (14, 18, 0, 8, 17)), entries


def test_the_greedy_move_stands_unless_clearly_beaten() -> None:
    greedy, other = arms(1.0, 1.0 + DEVIATION / 2)
    assert decide(greedy, [greedy, other]) == greedy.move
    greedy, other = arms(1.0, 1.0 + 2 * DEVIATION)
    assert decide(greedy, [greedy, other]) == other.move


def test_candidates_are_legal_and_start_with_the_greedy_move() -> None:
    game = play(4, "cands", ["greedy"], stop=lambda g: g.state.turn > 30 and g.to_move() == 2)
    view = game.view(2)
    moves = candidates(view, 2, game.rules)
    assert moves[0] == greedy_action(view, 2)
    assert Income() in moves
    assert len(moves) == len(set(moves)) >= 3
    for move in moves:
        game.check(Entry(2, move))


def test_a_time_budget_is_kept() -> None:
    game = play(4, "clock", ["greedy"], stop=lambda g: g.state.turn > 20 and g.to_move() == 0)
    bot = MctsBot(0, "clock", seconds=0.3)
    start = time.perf_counter()
    action = bot.choose(game.view(0), game.rules)
    elapsed = time.perf_counter() - start
    game.check(Entry(0, action))
    assert elapsed < 3.0  # 0.3 s asked: it stops; generous for a loaded machine (CI: 1.6 s)
    assert bot.budget(8, 0.08) == 30  # 10 ms a playout: 30 fit in 0.3 s
