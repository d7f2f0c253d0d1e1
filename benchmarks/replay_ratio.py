"""Issue 2's replay ratio over several fresh processes. Run from the repository root:

    .venv/bin/python -m benchmarks.replay_ratio [--runs 12] [--repeat 300] [--against REV]
        [--game median|greedy] [--modules all]

Each run is a fresh interpreter that times, in turn, a replay of the benchmark log from its file
(read, parse, check every rule and digest) and msgpack alone decoding the same file, ``--repeat``
times, and reports the two medians and their ratio. One run is what ``bench_engine`` measures;
several show how the ratio moves with this shared machine, whose host runs in spells about twice
as fast or as slow: msgpack's C code gains more from a fast spell than the interpreter does, so
the ratio is highest when the machine is fastest. The decode time tells which spell a run met.

``--against REV`` also runs the engine of a git revision (checked out in a temporary worktree),
each of its runs just before each of ours, as the baseline of the same run. Run through
``python3 tasks.py compiled -m benchmarks.replay_ratio --against HEAD``, "this" is the compiled
engine and the baseline the same revision in pure Python.

``--modules all`` (issue 18) also times the game of the same seed (``--game greedy``) or the
median of the same seeds with those modules on, each run right after the base game's, and
prints the median of the module game's ratio divided by the base game's in the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.timing import alternate_times, decode, engine_build

ROOT = Path(__file__).resolve().parent.parent


def measure(root: Path | None, path: Path, repeat: int) -> dict[str, float | str]:
    """The measured process: replay and decode timed in turn, medians in microseconds. The
    engine is imported from ``root``, or with None the one this interpreter finds (nothing of it
    may be imported before this)."""
    if root is not None:
        sys.path.insert(0, str(root))
    from netcode.logfile import read_log
    from netcode.replay import replay

    if root is not None:
        assert engine_root() == str(root.resolve()), engine_root()
    raw = path.read_bytes()
    r, d = alternate_times(lambda: replay(read_log(path)), lambda: decode(raw), repeat)
    return {"replay_us": r * 1e6, "decode_us": d * 1e6, "ratio": r / d, "build": engine_build()}


def run_once(root: Path | None, path: Path, repeat: int) -> dict[str, float | str]:
    me = [sys.executable, "-m", "benchmarks.replay_ratio"]
    where = "-" if root is None else str(root)
    command = [*me, "--measure", where, str(path), "--repeat", str(repeat)]
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float | str] = json.loads(out.stdout)
    return result


def engine_root() -> str:
    """Where the measuring process found the engine (to check it is the one asked for)."""
    import netcode

    return str(Path(netcode.__file__).resolve().parent.parent)


def worktree(rev: str, into: Path) -> Path:
    subprocess.run(
        ["git", "worktree", "add", "-q", "--detach", str(into), rev], cwd=ROOT, check=True
    )
    return into


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--against", metavar="REV", help="also time this git revision's engine")
    parser.add_argument(
        "--game",
        choices=("median", "greedy"),
        default="median",
        help="bench_engine's median random game (default) or its greedy game, seed checked",
    )
    parser.add_argument(
        "--modules", metavar="WORDS", help="also the game with these modules (issue 18): all"
    )
    parser.add_argument("--measure", nargs=2, metavar=("ROOT", "FILE"), help="internal")
    args = parser.parse_args()
    if args.measure:
        root = None if args.measure[0] == "-" else Path(args.measure[0])
        print(json.dumps(measure(root, Path(args.measure[1]), args.repeat)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        paths = {"": game_log(args.game, Path(tmp))}
        if args.modules:  # the engine is imported here, after --measure's choice of tree
            from engine.jetset.options import modules_from_words

            paths["modules"] = game_log(args.game, Path(tmp), modules_from_words(args.modules))
        roots: dict[str, Path | None] = {"this": None}
        if args.against:
            roots = {args.against: worktree(args.against, Path(tmp) / "baseline"), **roots}
        try:
            results: dict[str, list[dict[str, float | str]]] = {
                f"{name} {game}".strip(): [] for name in roots for game in paths
            }
            for i in range(args.runs):
                for name, root in roots.items():
                    for game, path in paths.items():
                        r = run_once(root, path, args.repeat)
                        results[f"{name} {game}".strip()].append(r)
                        print(
                            f"run {i + 1:2} {name:>10} {game:>7} ({r['build']}): "
                            f"replay {r['replay_us']:6.0f} µs, "
                            f"decode {r['decode_us']:5.1f} µs, ratio {r['ratio']:5.2f}",
                            flush=True,
                        )
        finally:
            baseline = roots.get(args.against) if args.against else None
            if baseline is not None:
                subprocess.run(["git", "worktree", "remove", "--force", str(baseline)], cwd=ROOT)
    for name, runs in results.items():
        ratios = sorted(float(r["ratio"]) for r in runs)
        under = sum(r <= 20 for r in ratios)
        print(
            f"{name:>10} ({runs[0]['build']}): ratio median {statistics.median(ratios):.2f}, "
            f"range {ratios[0]:.2f}–{ratios[-1]:.2f}, ≤ 20 in {under} of {len(ratios)} runs"
        )
    for name in roots if args.modules else ():
        base, extended = results[name], results[f"{name} modules"]
        pairs = [float(m["ratio"]) / float(b["ratio"]) for b, m in zip(base, extended, strict=True)]
        low, high = min(pairs), max(pairs)
        print(
            f"{name:>10}: modules ÷ base game, in ratio, run by run: median "
            f"{statistics.median(pairs):.2f} (issue 18: ≤ 1), range {low:.2f}–{high:.2f}"
        )


def game_log(game: str, directory: Path, modules: tuple[str, ...] = ()) -> Path:
    """The benchmark's log file: bench_engine's greedy game or its median random game."""
    from benchmarks.bench_engine import greedy_game_log, median_game_log

    name = f"{game}{'-modules' if modules else ''}.jetset"
    if game == "greedy":
        return greedy_game_log(directory, modules, name)
    return median_game_log(directory, 40, modules, name)


if __name__ == "__main__":
    main()
