"""Where a replay spends its work, counted in Python bytecodes (issue 18). Run from the repository
root, on the pure engine:

    .venv/bin/python -m benchmarks.replay_bytecodes [--modules all] [--game greedy|median]
        [--functions KIND]

Replays the base game and the same seed's game with ``--modules`` (bench_engine's greedy game,
seed revealed and checked, or the median random game of its 40 seeds) once each under
``sys.settrace`` with opcode events: deterministic, unlike time, and finer than callgrind's
instruction count (replay_instructions.py), which says how much but not where. Prints the
bytecodes of the whole replay and of ``Game.push`` for each kind of entry, base game beside
module game; ``--functions Buy`` lists, per Buy entry, the bytecodes of each function it ran.
Bytecodes leave out the work done in C (hashing, msgpack, sorting), so they are a guide to the
Python code's share, not a ratio to quote.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from benchmarks.bench_engine import greedy_game_log, median_game_log
from engine.jetset.game import Game
from engine.jetset.options import modules_from_words
from netcode.logfile import read_log
from netcode.replay import replay

Tracer = Callable[[FrameType, str, Any], Any]


class Count:
    """Bytecodes executed: in all, inside ``Game.push`` by entry kind, and per function while
    an entry of ``kind`` is pushed."""

    def __init__(self, kind: str | None) -> None:
        self.total = 0
        self.kind = kind
        self.current = ""
        self.by_kind: Counter[str] = Counter()
        self.entries: Counter[str] = Counter()
        self.functions: Counter[str] = Counter()

    def tracer(self, frame: FrameType, event: str, arg: object) -> Tracer:
        frame.f_trace_opcodes = True
        return self.opcode

    def opcode(self, frame: FrameType, event: str, arg: object) -> Tracer:
        if event == "opcode" and frame.f_code.co_filename != __file__:  # not the counter's own
            self.total += 1
            if self.current:
                self.by_kind[self.current] += 1
                if self.current == self.kind:
                    code = frame.f_code
                    where = code.co_filename.rsplit("/", 2)[-2:]
                    self.functions[f"{'/'.join(where)}:{code.co_name}"] += 1
        return self.opcode


def count(path: Path, kind: str | None) -> Count:
    """One replay of ``path`` (after one untraced, so that caches are warm), traced."""
    replay(read_log(path))
    counted = Count(kind)
    push = Game.push

    def traced_push(game: Game, entry: Any, digest: str | None = None) -> str:
        counted.current = type(entry.action).__name__
        counted.entries[counted.current] += 1
        try:
            return push(game, entry, digest)
        finally:
            counted.current = ""

    Game.push = traced_push  # type: ignore[method-assign,assignment]
    sys.settrace(counted.tracer)
    try:
        result = replay(read_log(path))
    finally:
        sys.settrace(None)
        Game.push = push  # type: ignore[method-assign]
    assert result.ok, result.error
    return counted


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--modules", type=modules_from_words, default=modules_from_words("all"))
    parser.add_argument("--game", choices=("greedy", "median"), default="greedy")
    parser.add_argument("--functions", metavar="KIND", help="per function, for this entry kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.game == "greedy":
            paths = (
                greedy_game_log(Path(tmp)),
                greedy_game_log(Path(tmp), args.modules, "modules.jetset"),
            )
        else:
            paths = (
                median_game_log(Path(tmp), 40),
                median_game_log(Path(tmp), 40, args.modules, "modules.jetset"),
            )
        base, extended = (count(path, args.functions) for path in paths)
    print(f"bytecodes of a replay: base game {base.total:,}, with {' '.join(args.modules)}")
    print(f"{extended.total:,} ({extended.total / base.total:.2f}×)")
    print(f"{'entry kind':16} {'base: n':>8} {'each':>6} {'modules: n':>11} {'each':>6}")
    kinds = sorted(extended.by_kind | base.by_kind, key=lambda k: -extended.by_kind[k])
    for kind in kinds:
        row = [f"{kind:16}"]
        for c in (base, extended):
            n = c.entries[kind]
            row.append(f"{n:>8} {c.by_kind[kind] / n:6.0f}" if n else f"{'':>8} {'':>6}")
        print(" ".join(row))
    if args.functions:
        for name, c in (("base game", base), ("with the modules", extended)):
            n = c.entries[args.functions]
            if not n:
                continue
            print(f"{name}: bytecodes per {args.functions} entry, by function ({n} entries)")
            for function, total in c.functions.most_common(25):
                print(f"  {total / n:7.1f}  {function}")


if __name__ == "__main__":
    main()
