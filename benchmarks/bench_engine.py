"""Engine benchmarks for issue 2's targets. Run from the repository root:

    .venv/bin/python -m benchmarks.bench_engine [--games 30] [--json]     # the pure engine
    python3 tasks.py compiled -m benchmarks.bench_engine [--games 30]   # the compiled one

``--modules all`` (or ``distant,hubs,...``, as ``jetset play`` takes it) also plays the same
seeds with the expansion's modules, each such game just after the base game of its seed, and
replays the median one, so that the ratios to the base game (issue 18) come from one run
(``--only-modules``: those figures alone; ``--cpu``: timed in this process's CPU time, which a
loaded machine stretches less than the wall clock).

Prints medians (and what each is compared with). The machine is shared and noisy: quote the
medians, and the ratio against msgpack measured in the same run.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.timing import alternate_times, decode, engine_build
from engine import CHANCE, Dealer, Game, Options, seed_commitment
from engine.jetset.dealer import XOSHIRO_DEAL
from engine.jetset.options import modules_from_words
from engine.jetset.selfplay import play_game
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import replay
from tests.engine.table import mid_game_table


def median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def apply_times(game: Game) -> list[float]:
    """Seconds per ``Ruleset.apply`` (check + perform, no digest) over a whole game's entries."""
    replayed = Game(game.options)
    state, rules = replayed.state, replayed.rules
    out = []
    for entry in game.entries:
        start = time.perf_counter()
        rules.apply(state, entry)
        out.append(time.perf_counter() - start)
    return out


def mid_game() -> Game:
    """The perft mid-game position (tests/engine/test_perft.py): 170 legal actions."""
    return mid_game_table().game


def run(games: int) -> dict[str, float]:
    results: dict[str, float] = {}
    opts = Options(players=4)
    played = []
    game_times = []
    for i in range(games):
        start = time.perf_counter()
        played.append(play_game(opts, f"bench-{i}"))
        game_times.append(time.perf_counter() - start)
    entries = [len(g.entries) for g in played]
    results["game_ms_median"] = statistics.median(game_times) * 1e3
    results["game_entries_median"] = statistics.median(entries)
    results["game_us_per_entry"] = sum(game_times) / sum(entries) * 1e6

    applies = [
        t
        for g in played
        for t, e in zip(apply_times(g), g.entries, strict=True)
        if e.actor != CHANCE
    ]
    results["apply_us_median"] = statistics.median(applies) * 1e6

    board = played[0].board  # dealing a game from its seed, as checking a revealed seed does
    shake, xoshiro = alternate_times(
        lambda: Dealer("bench", board, 4), lambda: Dealer("bench", board, 4, XOSHIRO_DEAL), 200
    )
    results["deal_us_median"] = shake * 1e6
    results["deal_xoshiro_us_median"] = xoshiro * 1e6

    mid = mid_game()
    assert len(mid.legal_actions()) == 170
    results["legal_actions_mid_ms_median"] = median_time(mid.legal_actions, 200) * 1e3

    with tempfile.TemporaryDirectory() as tmp:
        results.update(replay_figures(save_median_game(Path(tmp), played), "", 200))
        # a game closer to people's: greedy seats, the seed revealed (checked, as --verify does)
        results.update(replay_figures(greedy_game_log(Path(tmp)), "greedy_", 100))
    return results


def modules_run(
    games: int, modules: tuple[str, ...], clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Issue 18: the same seeds played as a base game and with ``modules``, each pair in turn
    (so both meet the same load), and each median game replayed from its file; the ratios of
    the module game to the base game measured in this run, on ``clock``."""
    base = Options(players=4)
    extended = Options(players=4, **{module: True for module in modules})
    played: dict[Options, list[Game]] = {base: [], extended: []}
    times: dict[Options, list[float]] = {base: [], extended: []}
    for i in range(games):
        for options in (base, extended):
            start = clock()
            played[options].append(play_game(options, f"bench-{i}"))
            times[options].append(clock() - start)
    out: dict[str, float] = {}
    for options, prefix in ((base, "base_"), (extended, "modules_")):
        out[f"{prefix}game_ms_median"] = statistics.median(times[options]) * 1e3
        out[f"{prefix}game_ms_mean"] = statistics.mean(times[options]) * 1e3
        out[f"{prefix}game_entries_median"] = statistics.median(
            len(g.entries) for g in played[options]
        )
        decisions = sum(1 for g in played[options] for e in g.entries if e.actor != CHANCE)
        out[f"{prefix}game_us_per_decision"] = sum(times[options]) / decisions * 1e6
    for what in ("game_ms_median", "game_ms_mean", "game_us_per_decision"):
        out[f"modules_vs_base_{what}"] = out[f"modules_{what}"] / out[f"base_{what}"]
    with tempfile.TemporaryDirectory() as tmp:
        paths = {
            prefix: save_median_game(Path(tmp), played[options], f"{prefix}bench.jetset")
            for options, prefix in ((base, "base_"), (extended, "modules_"))
        }
        played.clear()  # the replays start with only their own objects alive
        gc.collect()
        for prefix, path in paths.items():
            out.update(replay_figures(path, prefix, 100, clock))
    out["modules_vs_base_replay_ratio"] = (
        out["modules_replay_vs_msgpack_ratio"] / out["base_replay_vs_msgpack_ratio"]
    )
    return out


def replay_figures(
    path: Path, prefix: str, repeat: int, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Replaying ``path`` from the file and msgpack decoding it, timed in turn: medians, ratio."""
    raw = path.read_bytes()
    replays, decodes = alternate_times(
        lambda: replay(read_log(path)), lambda: decode(raw), repeat, clock
    )
    return {
        f"{prefix}replay_entries": len(read_log(path).records),
        f"{prefix}replay_file_ms_median": replays * 1e3,
        f"{prefix}msgpack_decode_ms_median": decodes * 1e3,
        f"{prefix}replay_vs_msgpack_ratio": replays / decodes,
    }


def greedy_game_log(
    directory: Path, modules: tuple[str, ...] = (), name: str = "greedy.jetset"
) -> Path:
    """A finished 4-player game between greedy bots, saved with its seed revealed (with
    ``modules``: the expansion's modules on, issue 18; the same seed)."""
    options = Options(players=4, **{module: True for module in modules})
    game = play_game(options, "bench-greedy", ("greedy",))
    return save_game(directory / name, game, "bench-greedy", revealed=True)


def save_game(path: Path, game: Game, seed: str, *, revealed: bool) -> Path:
    """A 4-player game as a log file, committed to ``seed`` (and revealing it, or not)."""
    header = Header(game.options, [Seat(f"p{i}") for i in range(4)], seed_commitment(seed))
    write_game(path, header, game, seed if revealed else None)
    return path


def save_median_game(directory: Path, played: list[Game], name: str = "bench.jetset") -> Path:
    """The median-length game of a sample, saved as a log file (its seed not revealed)."""
    game = sorted(played, key=lambda g: len(g.entries))[len(played) // 2]
    return save_game(directory / name, game, "bench", revealed=False)


def median_game_log(
    directory: Path, games: int, modules: tuple[str, ...] = (), name: str = "bench.jetset"
) -> Path:
    """The replay benchmarks' log: the median game of ``games`` random 4-player games (with
    ``modules``: the expansion's modules on, issue 18)."""
    options = Options(players=4, **{module: True for module in modules})
    played = [play_game(options, f"bench-{i}") for i in range(games)]
    return save_median_game(directory, played, name)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--modules", type=modules_from_words, help="also these modules (issue 18): all, or names"
    )
    parser.add_argument(
        "--only-modules", action="store_true", help="with --modules: only their figures"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="with --modules: time them in CPU time, not wall time"
    )
    args = parser.parse_args()
    results = {} if args.only_modules else run(args.games)
    if args.modules:
        clock = time.process_time if args.cpu else time.perf_counter
        results.update(modules_run(args.games, args.modules, clock))
    if args.json:
        print(json.dumps({"build": engine_build(), **results}))
        return
    build = engine_build()
    other = "" if build == "compiled" else " (compiled: python3 tasks.py compiled -m this module)"
    print(f"engine: {build}{other}")
    targets = {
        "apply_us_median": ("apply of a validated action (µs)", 20),
        "legal_actions_mid_ms_median": ("legal_actions, mid-game, 170 actions (ms)", 2),
        "game_ms_median": ("whole 4-player random game (ms)", 50),
        "replay_file_ms_median": ("replay a 4-player game from its file (ms)", 10),
        "replay_vs_msgpack_ratio": ("replay ÷ msgpack decode of the same file", 20),
        "greedy_replay_file_ms_median": ("replay a greedy game, seed checked (ms)", 10),
        "greedy_replay_vs_msgpack_ratio": ("  ÷ msgpack decode of that file", 20),
        "modules_vs_base_game_ms_median": ("modules ÷ base: a whole random game (median)", 2),
        "modules_replay_vs_msgpack_ratio": ("modules: replay ÷ msgpack decode (issue 2)", 20),
        "modules_vs_base_replay_ratio": ("  ÷ the base game's (issue 18: the same)", 1),
    }
    for key, value in results.items():
        label, target = targets.get(key, (key, None))
        verdict = "" if target is None else ("  ok" if value <= target else f"  MISSES ≤ {target}")
        print(f"{label:<48} {value:10.3f}{verdict}")


if __name__ == "__main__":
    main()
