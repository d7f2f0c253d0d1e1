"""Issue 2's replay ratio counted in machine instructions instead of seconds. Run from the
repository root (needs valgrind):

    .venv/bin/python -m benchmarks.replay_instructions
    python3 tasks.py compiled -m benchmarks.replay_instructions    # the compiled engine

The time ratio of ``bench_engine`` swings with whatever else the shared machine runs; callgrind's
instruction counts do not. Each side runs in a fresh interpreter under callgrind twice, with 0
and with N repetitions after one warm-up call, and the difference divided by N is the count for
one replay (read the file, parse, check every rule and digest) or one msgpack decode of the same
file. The files are the median-length game of ``bench_engine``'s sample (random bots, no seed in
the file) and its game between greedy bots, whose revealed seed the replay checks by dealing again.
With ``--modules all`` (issue 18): the median base game and the median game of the same seeds
with those modules on, and the module game's ratio divided by the base game's; with ``--game
greedy`` too, the greedy game and the greedy game of the same seed with those modules on
(finished games, seeds revealed and checked). With ``--kinds`` too: the instructions of one entry
of each kind (callgrind counting only while ``Game.push`` of that kind runs: 5 replays after a
warm-up, the pushes of that kind made through ``functools.reduce``, whose C function callgrind
toggles on), the module game's beside the base game's.
"""

from __future__ import annotations

import argparse
import functools
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.bench_engine import greedy_game_log, median_game_log
from benchmarks.timing import decode, engine_build
from engine.jetset.options import modules_from_words

REPEAT = {"msgpack": 200, "replay": 20}


def loop(what: str, times: int, path: Path) -> None:
    """The measured process: one warm-up call, then ``times`` more."""
    from netcode.logfile import read_log
    from netcode.replay import replay

    raw = path.read_bytes()
    fn = (lambda: decode(raw)) if what == "msgpack" else (lambda: replay(read_log(path)))
    for _ in range(times + 1):
        fn()


def kind_loop(kind: str, times: int, path: Path) -> None:
    """The measured process of ``--kinds``: pushes of ``kind`` entries inside ``reduce``."""
    from netcode.logfile import read_log
    from netcode.replay import entry_parser, parse_entries

    log = read_log(path)
    header = log.header
    for measured in [False] + [True] * times:
        table = header.new_table()
        entries, _ = parse_entries(log.records, entry_parser(header.rules_of_game, table))
        for (_, _, _, digest), entry in zip(log.records, entries, strict=False):
            if measured and type(entry.action).__name__ == kind:
                functools.reduce(lambda _, e: table.push(e, digest), [entry], None)
            else:
                table.push(entry, digest)


def kind_instructions(kind: str, path: Path, times: int = 5) -> float:
    """Instructions of all ``kind`` pushes of one replay of ``path``."""
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    toggle = ["--collect-atstart=no", "--toggle-collect=functools_reduce"]
    me = [sys.executable, "-m", "benchmarks.replay_instructions"]
    command = [*valgrind, *toggle, *me, "--kind-loop", kind, str(times), str(path)]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    assert found, out
    return int(found.group(1)) / times


def report_kinds(paths: list[Path]) -> None:
    """Per entry kind: how many, and the instructions of one, in each file."""
    from netcode.logfile import read_log

    counts = [Counter(type(e.action).__name__ for e in _entries(read_log(p))) for p in paths]
    kinds = sorted(set(counts[0]) | set(counts[-1]), key=lambda k: -counts[-1][k])
    print(f"{'entry kind':16}" + "".join(f" {'n':>4} {'each':>8}" for _ in paths))
    for kind in kinds:
        row = f"{kind:16}"
        for path, count in zip(paths, counts, strict=True):
            n = count[kind]
            row += f" {n:>4} {kind_instructions(kind, path) / n:>8,.0f}" if n else " " * 14
        print(row, flush=True)


def _entries(log: Any) -> list[Any]:
    from netcode.replay import entry_parser, parse_entries

    table = log.header.new_table()
    return parse_entries(log.records, entry_parser(log.header.rules_of_game, table))[0]


def instructions(what: str, times: int, path: Path) -> int:
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    me = [sys.executable, "-m", "benchmarks.replay_instructions"]
    command = [*valgrind, *me, "--loop", what, str(times), str(path)]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    assert found, out
    return int(found.group(1))


def per_call(what: str, path: Path) -> float:
    n = REPEAT[what]
    return (instructions(what, n, path) - instructions(what, 0, path)) / n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loop", nargs=3, metavar=("WHAT", "TIMES", "FILE"), help="internal")
    parser.add_argument("--kind-loop", nargs=3, metavar=("KIND", "TIMES", "FILE"), help="internal")
    parser.add_argument("--kinds", action="store_true", help="also each entry kind's count")
    parser.add_argument(
        "--modules", type=modules_from_words, help="the base game against these modules' game"
    )
    parser.add_argument(
        "--game",
        choices=("median", "greedy"),
        default="median",
        help="with --modules: the median random games (default) or the greedy games",
    )
    args = parser.parse_args()
    if args.loop:
        loop(args.loop[0], int(args.loop[1]), Path(args.loop[2]))
        return
    if args.kind_loop:
        kind_loop(args.kind_loop[0], int(args.kind_loop[1]), Path(args.kind_loop[2]))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed: apt-get install valgrind")
    with tempfile.TemporaryDirectory() as tmp:
        print(f"engine: {engine_build()}")
        if args.modules and args.game == "greedy":
            games = {
                "greedy game, seed checked": greedy_game_log(Path(tmp)),
                f"greedy game, seed checked, {' '.join(args.modules)}": greedy_game_log(
                    Path(tmp), args.modules, "modules-greedy.jetset"
                ),
            }
        elif args.modules:
            games = {
                "median random game": median_game_log(Path(tmp), games=40),
                f"median random game, {' '.join(args.modules)}": median_game_log(
                    Path(tmp), 40, args.modules, "modules.jetset"
                ),
            }
        else:
            games = {
                "median random game": median_game_log(Path(tmp), games=40),
                "greedy game, seed checked": greedy_game_log(Path(tmp)),
            }
        ratios = [report(name, path) for name, path in games.items()]
        if args.modules:
            print(f"modules ÷ base game, in ratio: {ratios[1] / ratios[0]:.2f} (issue 18: ≤ 1)")
        if args.kinds:
            print("instructions of one entry, by kind (" + "; ".join(games) + ")")
            report_kinds(list(games.values()))


def report(name: str, path: Path) -> float:
    """Print one file's counts; its ratio of replay to decode."""
    decoded = per_call("msgpack", path)
    replayed = per_call("replay", path)
    print(f"{name}:", flush=True)
    print(f"  msgpack decode of the file: {decoded:,.0f} instructions")
    print(f"  replay from the file:       {replayed:,.0f} instructions")
    print(f"  ratio: {replayed / decoded:.1f} (target ≤ 20, in time)", flush=True)
    return replayed / decoded


if __name__ == "__main__":
    main()
