"""Whether to hold a ready Final Flight back (BENCHMARKS.md, "The advice in the end race").

Greedy games; one seat, moving round the table, flies its Final Flight as greedy does ("flies"),
or holds it back: ``behind``, while flying would not put it ahead (``race.ahead_after_flying``),
or ``last``, as the advice does (``race.hold_back``: every rival has flown and flying would end
the game with the seat behind), until the game can end before its next turn. Same seeds for
each (``hold/0`` ...). Run from the repository root::

    python -m benchmarks.bench_final_hold --games 1200 --players 4 --hold behind
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from engine import CHANCE, Dealer, Entry, Game, Options
from engine.errors import IllegalAction
from engine.jetset.actions import Action
from engine.jetset.bots.greedy import GreedyBot
from engine.jetset.bots.race import Race, ahead_after_flying, ends_before_next_turn, held_move, race
from engine.jetset.bots.race import hold_back as last_to_fly
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State

Hold = Callable[[State, int, Race], bool]


def behind(state: State, seat: int, now: Race) -> bool:
    return not ends_before_next_turn(now) and not ahead_after_flying(state, seat)


HOLDS: dict[str, Hold] = {"behind": behind, "last": last_to_fly}


def holding(view: State, seat: int, rules: Ruleset, move: Action, hold: Hold) -> Action:
    """``move``, or what the race plays instead while it holds the Final Flight back."""
    now = race(view, seat)
    if now is None or now.own is None or not now.own.route.ready or not hold(view, seat, now):
        return move
    instead = held_move(view, seat, now.own, move)
    if instead is None:
        return move
    try:
        rules.check(view, Entry(seat, instead))
    except IllegalAction:
        return move
    return instead


def play(seed: str, players: int, seat: int, hold: Hold | None) -> tuple[list[int], list[int]]:
    """One greedy game; the scores and the winners."""
    game = Game(Options(players=players))
    dealer = Dealer(seed, game.board, players)
    bots = [GreedyBot(s, seed) for s in range(players)]
    state, rules = game.state, game.rules
    while (actor := rules.to_move(state)) is not None:
        if actor == CHANCE:
            game.push(dealer.next_entry(state))
            continue
        view = state.view(actor)
        move = bots[actor].act(view, rules)
        if actor == seat and hold is not None:
            move = holding(view, actor, rules, move, hold)
        game.play(move)
    return [s.total for s in game.scores()], game.winners()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hold", choices=sorted(HOLDS), default="behind")
    args = parser.parse_args()
    won = {"flies": 0.0, args.hold: 0.0}
    margin = {"flies": 0, args.hold: 0}
    for g in range(args.games):
        seat = g % args.players
        for name, hold in (("flies", None), (args.hold, HOLDS[args.hold])):
            points, winners = play(f"hold/{g}", args.players, seat, hold)
            if seat in winners:
                won[name] += 1 / len(winners)
            margin[name] += points[seat] - max(p for i, p in enumerate(points) if i != seat)
    print(f"{args.games} greedy games of {args.players}:")
    for name in won:
        print(f"  {name:<7} won {won[name]:7.1f}, mean margin {margin[name] / args.games:+.2f}")


if __name__ == "__main__":
    main()
