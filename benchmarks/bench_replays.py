"""Replay-tool benchmarks (issue 6). Run from the repository root:

    .venv/bin/python -m benchmarks.bench_replays [--logs 1000]

- ``stats`` over N saved 4-player self-play logs (target: 1,000 logs ≤ 10 s);
- opening a 6-player log and replaying it to its last entry (the engine part of the viewer's
  "jump to the end"; target ≤ 200 ms).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from engine import Options, seed_commitment
from engine.selfplay import play_game
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import replay
from netcode.stats import collect


def make_logs(directory: Path, count: int, players: int) -> None:
    for i in range(count):
        seed = f"stats-{i}"
        game = play_game(Options(players=players), seed)
        seats = [Seat(f"random-{s}", "bot:random") for s in range(players)]
        header = Header(Options(players=players), seats, seed_commitment(seed))
        write_game(directory / f"game-{i:04d}.jetset", header, game, seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        make_logs(directory, args.logs, 4)
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            stats = collect(directory)
            runs.append(time.perf_counter() - start)
        assert len(stats.games) == args.logs
        median = statistics.median(runs)
        print(f"stats over {args.logs} logs: median {median:.2f} s (target ≤ 10 s)")

        six = directory / "six"
        six.mkdir()
        make_logs(six, 5, 6)
        longest = max(six.glob("*.jetset"), key=lambda p: len(read_log(p).records))
        times = []
        for _ in range(20):
            start = time.perf_counter()
            result = replay(read_log(longest))
            times.append(time.perf_counter() - start)
        entries = result.entries
        print(
            f"open a 6-player log of {entries} entries and replay to its end: "
            f"median {statistics.median(times) * 1e3:.1f} ms (target ≤ 200 ms)"
        )


if __name__ == "__main__":
    main()
