"""Advice (``h``): how long the advice takes, worked out as the TUI does (issue 19: within 1 s at
the 95th percentile).

Positions come from whole four-player games between greedy bots (``jetset selfplay`` with seeds
``advice/0`` ...); at every ``--every``-th decision the seat to move asks for advice from its own
view: the search bot's move, the end race's check, the reason and the race lines. Wall-clock
and thread CPU time are printed, with the machine's load average. Run from the repository root::

    python benchmarks/bench_advice.py --games 10
    python benchmarks/bench_advice.py --games 10 --modules all
    python3 tasks.py compiled -m benchmarks.bench_advice --games 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence

from engine import CHANCE, Game, Options
from engine.jetset.notation import Notation
from engine.jetset.options import modules_from_words
from engine.jetset.selfplay import play_game
from jetset_tui.advice import advise

PLAYERS = 4
NAMES = ("Ann", "Bob", "Cy", "Di")


def positions(options: Options, seed: str, every: int) -> list[tuple[Game, int]]:
    """Copies of the game at every ``every``-th decision, with the seat to move."""
    game = play_game(options, seed, ("greedy",))
    replayed = Game(options)
    out: list[tuple[Game, int]] = []
    decisions = 0
    for entry in game.entries:
        seat = replayed.to_move()
        if seat is not None and seat != CHANCE:
            decisions += 1
            if decisions % every == 0:
                out.append((copy_game(replayed), seat))
        replayed.push(entry)
    return out


def copy_game(game: Game) -> Game:
    copy = Game(game.options)
    for entry in game.entries:
        copy.push(entry)
    return copy


def time_advice(game: Game, seat: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one piece of advice."""
    notation = Notation(game.board)
    view = game.state.view(seat)
    start, start_cpu = time.perf_counter(), time.thread_time()
    advise(view, seat, game.rules, notation, NAMES, len(game.entries))
    return time.perf_counter() - start, time.thread_time() - start_cpu


def summary(label: str, ts: list[float]) -> str:
    ts = sorted(ts)
    p95 = ts[int(0.95 * (len(ts) - 1))]
    return (
        f"  {label:<5} median {1000 * statistics.median(ts):7.1f} ms, "
        f"95th percentile {1000 * p95:7.1f} ms, max {1000 * ts[-1]:7.1f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--every", type=int, default=3, help="advise at every n-th decision")
    parser.add_argument("--modules", type=modules_from_words, default=())
    args = parser.parse_args(argv)
    options = Options(players=PLAYERS, **dict.fromkeys(args.modules, True))
    load = os.getloadavg()[0]
    wall: list[float] = []
    cpu: list[float] = []
    for g in range(args.games):
        for game, seat in positions(options, f"advice/{g}", args.every):
            w, c = time_advice(game, seat)
            wall.append(w)
            cpu.append(c)
        print(f"  {g + 1}/{args.games} games", file=sys.stderr, flush=True)
    modules = ",".join(args.modules) or "none"
    print(f"advice: {len(wall)} positions of {args.games} greedy games, modules {modules}")
    print(summary("wall", wall))
    print(summary("CPU", cpu))
    print(f"  load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
