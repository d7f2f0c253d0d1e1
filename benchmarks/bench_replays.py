"""Replay-tool benchmarks (issue 6). Run from the repository root:

    .venv/bin/python -m benchmarks.bench_replays [--logs 1000]

- ``stats`` over N saved 4-player self-play logs (target: 1,000 logs ≤ 10 s);
- opening a 6-player log and replaying it to its last entry (the engine part of the viewer's
  "jump to the end"; target ≤ 200 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from engine import Options, seed_commitment
from engine.selfplay import play_game
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import Timeline, replay
from netcode.stats import collect


def make_logs(directory: Path, count: int, players: int) -> None:
    for i in range(count):
        seed = f"stats-{i}"
        game = play_game(Options(players=players), seed)
        seats = [Seat(f"random-{s}", "bot:random") for s in range(players)]
        header = Header(Options(players=players), seats, seed_commitment(seed))
        write_game(directory / f"game-{i:04d}.jetset", header, game, seed)


async def viewer_jump_ms(path: Path, repeat: int = 10) -> tuple[float, float]:
    """In the running app: opening the log in the viewer (timeline, screen, first paint), and
    the End key from the first entry to the repainted last one; medians in ms."""
    from jetset_tui.app import JetSetApp

    app = JetSetApp()
    opens, jumps = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(repeat):
            start = time.perf_counter()
            assert app.open_replay(path) is None
            await pilot.pause()
            opens.append(time.perf_counter() - start)
            await pilot.press("home")
            await pilot.pause()
            start = time.perf_counter()
            await pilot.press("end")
            await pilot.pause()
            jumps.append(time.perf_counter() - start)
            app.pop_screen()
            await pilot.pause()
    return statistics.median(opens) * 1e3, statistics.median(jumps) * 1e3


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
        viewer = []
        for _ in range(20):
            start = time.perf_counter()
            timeline = Timeline(read_log(longest))
            timeline.state_at(timeline.length)
            viewer.append(time.perf_counter() - start)
        print(
            f"the viewer's timeline for it (replay, snapshots, jump to the end): "
            f"median {statistics.median(viewer) * 1e3:.1f} ms (target ≤ 200 ms)"
        )
        opened, jumped = asyncio.run(viewer_jump_ms(longest))
        print(
            f"the viewer in the app: open {opened:.0f} ms (screen build and first paint "
            f"included), End key to the repainted last entry {jumped:.0f} ms (target ≤ 200 ms)"
        )
        print(
            f"open a 6-player log of {entries} entries and replay to its end: "
            f"median {statistics.median(times) * 1e3:.1f} ms (target ≤ 200 ms)"
        )


if __name__ == "__main__":
    main()
