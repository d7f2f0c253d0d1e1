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
(finished games, seeds revealed and checked). With ``--game random-all`` or ``--game
greedy-all``: every game of the sample, not one (40 random games, or ``--games`` greedy games of
the seeds ``bench-greedy/0`` ...), each side's counts summed over its games (one median game's
ratio moves with whichever game falls in the middle). With ``--kinds`` too: the instructions of
one entry of each kind (callgrind counting only while ``Game.push`` of that kind runs: 5
replays after a warm-up, the pushes of that kind made through ``functools.reduce``, whose C
function callgrind toggles on), the module game's beside the base game's.
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

from benchmarks.bench_engine import greedy_game_log, median_game_log, play_game, save_game
from benchmarks.timing import decode, engine_build
from engine import Options
from engine.jetset.options import modules_from_words

REPEAT = {"msgpack": 200, "replay": 20}
REPEAT_ALL = {"msgpack": 10, "replay": 2}
"""The same for a folder of games (each call goes through all of them)."""


def all_games(directory: Path, games: int, modules: tuple[str, ...], greedy: bool) -> Path:
    """A folder holding every game of the sample: ``games`` random games (the seeds of
    ``median_game_log``, seeds not revealed) or greedy games (seeds revealed and checked)."""
    folder = directory / ("-".join(modules) or "base")
    folder.mkdir()
    options = Options(players=4, **{module: True for module in modules})
    for i in range(games):
        seed = f"bench-greedy/{i}" if greedy else f"bench-{i}"
        game = play_game(options, seed, ("greedy",)) if greedy else play_game(options, seed)
        save_game(folder / f"{i:03}.jetset", game, seed, revealed=greedy)
    return folder


def loop(what: str, times: int, path: Path) -> None:
    """The measured process: one warm-up call, then ``times`` more (``path`` a folder: each
    call goes through every file in it)."""
    from netcode.logfile import read_log
    from netcode.replay import replay

    paths = sorted(path.iterdir()) if path.is_dir() else [path]
    raws = [p.read_bytes() for p in paths]

    def decode_all() -> None:
        for raw in raws:
            decode(raw)

    def replay_all() -> None:
        for p in paths:
            replay(read_log(p))

    fn = decode_all if what == "msgpack" else replay_all
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
    n = REPEAT[what] if path.is_file() else REPEAT_ALL[what]
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
        choices=("median", "greedy", "random-all", "greedy-all"),
        default="median",
        help="with --modules: the median random games (default), the greedy games, or every "
        "game of a sample",
    )
    parser.add_argument(
        "--games", type=int, default=40, help="with --game random-all/greedy-all: how many"
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
        elif args.modules and args.game.endswith("-all"):
            greedy = args.game == "greedy-all"
            kind = "greedy games, seeds checked" if greedy else "random games"
            games = {
                f"{args.games} {kind}": all_games(Path(tmp), args.games, (), greedy),
                f"{args.games} {kind}, {' '.join(args.modules)}": all_games(
                    Path(tmp), args.games, args.modules, greedy
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
