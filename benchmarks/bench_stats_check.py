"""What checking every log costs ``jetset stats``: ``summarise_file`` over a folder of Jet Set
logs against the same logs read and applied without their digests, the seed or the dealer (how
``stats`` read them before stop 52), in turn in one process, a median of several passes each.
Run from the repository root:

    .venv/bin/python -m benchmarks.bench_stats_check DIR [--passes 5]

``DIR`` holds Jet Set ``*.jetset`` logs (``jetset selfplay --games 200 --save DIR`` makes some).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from netcode.logfile import read_log
from netcode.replay import entry_parser
from netcode.stats import summarise_file


def unchecked(path: Path) -> None:
    """The entries applied to the state alone: no digest, no seed, no dealer (the old way)."""
    log = read_log(path)
    table = log.header.new_table()
    parse = entry_parser(log.header.rules_of_game, table)
    entries = [parse(actor, text) for _, actor, text, _ in log.records]
    state, apply = table.state, table.rules.apply
    for entry in entries:
        apply(state, entry)


def seconds(summarise: Callable[[Path], object], paths: list[Path]) -> float:
    start = time.perf_counter()
    for path in paths:
        summarise(path)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    paths = sorted(args.folder.glob("*.jetset"))
    then: list[float] = []
    now: list[float] = []
    for _ in range(args.passes):
        then.append(seconds(unchecked, paths))
        now.append(seconds(summarise_file, paths))
    a, b = statistics.median(then), statistics.median(now)
    print(f"{len(paths)} logs: unchecked {a:.3f} s, as stats reads them {b:.3f} s: {b / a:.2f}×")


if __name__ == "__main__":
    main()
