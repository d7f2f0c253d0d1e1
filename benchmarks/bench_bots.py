"""Bot strength and speed (issue 3, "Bots"): whole four-player games, seats rotated.

Two match-ups, each game played exactly as ``jetset selfplay --bot KINDS --seed SEED`` plays it
(same dealer, same seeds, same bots; the first game of each match-up is checked against
``engine.jetset.selfplay.play_game``):

- ``greedy-random``: one greedy seat and three random seats, the greedy seat moving round the table;
  the target is greedy winning at least 90% of games;
- ``mcts-greedy``: one search seat and three greedy seats, the search seat moving round the
  table; the target is the search bot winning more games than greedy, at no more than 1 s a move:
  more than a quarter of the games, the share of each greedy seat if they were equal;
- ``mcts-greedy-2v2``: two search seats and two greedy seats, alternating, swapped every game.

Each move's thinking time is measured around ``Bot.choose``; medians and 95th percentiles are
printed per bot kind. Run from the repository root::

    python benchmarks/bench_bots.py --games 200 --jobs 2
    python benchmarks/bench_bots.py --games 20 --match mcts-greedy --mcts-iterations 48
    python benchmarks/bench_bots.py --games 200 --match greedy-random --modules all

``--modules`` plays the expansion's modules, as ``jetset selfplay --modules`` does. The load
average of the machine is printed before and after each match-up (times are wall-clock).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine import CHANCE, Dealer, Game, Options
from engine.jetset.bots import Bot, make_bot
from engine.jetset.bots.mcts import ITERATIONS, MctsBot
from engine.jetset.options import modules_from_words
from engine.jetset.selfplay import play_game

PLAYERS = 4


@dataclass
class Result:
    """One game: who sat where, who won, and each bot kind's move times (seconds)."""

    seed: str
    kinds: tuple[str, ...]
    winners: list[int]
    scores: list[int]
    digest: str
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """The same moves in CPU time of the thread (what a busy machine does not inflate)."""


def seating(match: str, game: int) -> tuple[str, ...]:
    """The bot kind of each seat in game ``game`` of a match-up."""
    if match == "greedy-random":
        return tuple("greedy" if seat == game % PLAYERS else "random" for seat in range(PLAYERS))
    if match == "mcts-greedy":
        return tuple("mcts" if seat == game % PLAYERS else "greedy" for seat in range(PLAYERS))
    if match == "mcts-greedy-2v2":
        first, second = ("mcts", "greedy") if game % 2 == 0 else ("greedy", "mcts")
        return tuple(first if seat % 2 == 0 else second for seat in range(PLAYERS))
    raise ValueError(f"unknown match-up {match!r}")


def game_seed(base: str, index: int) -> str:
    """As ``jetset selfplay --seed BASE --games N`` names its games."""
    return base if index == 0 else f"{base}/{index}"


def make(kind: str, seat: int, seed: str, iterations: int) -> Bot:
    if kind == "mcts":
        return MctsBot(seat, seed, iterations=iterations)
    return make_bot(kind, seat, seed)


def game_options(modules: tuple[str, ...]) -> Options:
    """Four players and the modules named."""
    return Options(players=PLAYERS, **dict.fromkeys(modules, True))


def play(args: tuple[str, tuple[str, ...], int, tuple[str, ...]]) -> Result:
    """One timed game, the same as ``play_game`` plays it."""
    seed, kinds, iterations, modules = args
    options = game_options(modules)
    game = Game(options)
    dealer = Dealer(seed, game.board, PLAYERS)
    bots = [make(kind, seat, seed, iterations) for seat, kind in enumerate(kinds)]
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    state, rules = game.state, game.rules
    while (seat := rules.to_move(state)) is not None:
        if seat == CHANCE:
            game.push(dealer.next_entry(state))
            continue
        view = state.view(seat)
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].act(view, rules)
        times[kinds[seat]].append(time.perf_counter() - start)
        cpu[kinds[seat]].append(time.thread_time() - start_cpu)
        game.play(action)
    scores = [s.total for s in game.scores()]
    return Result(seed, kinds, game.winners(), scores, game.digest(), dict(times), dict(cpu))


def run_match(
    match: str, games: int, base: str, jobs: int, iterations: int, modules: tuple[str, ...] = ()
) -> list[Result]:
    tasks = [(game_seed(base, g), seating(match, g), iterations, modules) for g in range(games)]
    results: list[Result] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for i, result in enumerate(pool.map(play, tasks), 1):
            results.append(result)
            if i % 10 == 0 or i == games:
                elapsed = time.perf_counter() - started
                print(f"  {match}: {i}/{games} games, {elapsed:.0f} s", file=sys.stderr, flush=True)
    check_against_selfplay(results[0], iterations, modules)
    return results


def check_against_selfplay(result: Result, iterations: int, modules: tuple[str, ...] = ()) -> None:
    """The benchmark plays the very games ``jetset selfplay`` plays (default budgets only)."""
    if "mcts" in result.kinds and iterations != ITERATIONS:
        return
    game = play_game(game_options(modules), result.seed, result.kinds)
    if game.digest() != result.digest:
        raise SystemExit(f"game {result.seed} differs from jetset selfplay's")


def wins_by_kind(results: Sequence[Result]) -> dict[str, float]:
    """Games won by each kind (a shared win is split between the winners)."""
    wins: dict[str, float] = defaultdict(float)
    for r in results:
        for seat in r.winners:
            wins[r.kinds[seat]] += 1 / len(r.winners)
    return dict(wins)


def report(match: str, results: Sequence[Result], modules: tuple[str, ...] = ()) -> None:
    games = len(results)
    with_modules = f", modules {','.join(modules)}" if modules else ""
    print(f"{match}: {games} four-player games, seats rotated{with_modules}")
    for kind, won in sorted(wins_by_kind(results).items()):
        print(f"  {kind:<7} won {won:6.1f} games  ({100 * won / games:5.1f}%)")
    for clock in ("times", "cpu"):
        times: dict[str, list[float]] = defaultdict(list)
        for r in results:
            for kind, ts in getattr(r, clock).items():
                times[kind].extend(ts)
        for kind, ts in sorted(times.items()):
            ts.sort()
            p95 = ts[int(0.95 * (len(ts) - 1))]
            print(
                f"  {kind:<7} {len(ts)} moves{' (CPU)' if clock == 'cpu' else ''}: "
                f"median {1000 * statistics.median(ts):7.2f} ms, "
                f"95th percentile {1000 * p95:7.2f} ms, max {1000 * ts[-1]:7.2f} ms"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match-up")
    parser.add_argument("--seed", default="bench", help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument(
        "--match",
        choices=["greedy-random", "mcts-greedy", "mcts-greedy-2v2", "all"],
        default="all",
        help="which match-up (default: greedy-random and mcts-greedy)",
    )
    parser.add_argument("--mcts-iterations", type=int, default=ITERATIONS)
    parser.add_argument(
        "--modules",
        type=modules_from_words,
        default=(),
        help="the expansion's modules: distant,hubs,business,investors or all (default none)",
    )
    args = parser.parse_args(argv)
    matches = ["greedy-random", "mcts-greedy"] if args.match == "all" else [args.match]
    for match in matches:
        load = os.getloadavg()[0]
        results = run_match(
            match, args.games, args.seed, args.jobs, args.mcts_iterations, args.modules
        )
        report(match, results, args.modules)
        print(f"  load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
