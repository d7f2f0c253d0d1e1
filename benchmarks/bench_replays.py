"""Replay-tool benchmarks (issue 6). Run from the repository root:

    .venv/bin/python -m benchmarks.bench_replays [--logs 1000]

- ``stats`` over N saved 4-player self-play logs (target: 1,000 logs ≤ 10 s);
- opening a 6-player log and replaying it to its last entry (the engine part of the viewer's
  "jump to the end"; target ≤ 200 ms);
- the viewer in the app at 120×40: opening that log, the first time in an app (from its start
  screen, left idle for half a second as a player would) and later, and the End key from the
  first entry, each timed to the frame handed to the terminal once the screen has settled.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Options, seed_commitment
from engine.jetset.selfplay import play_game
from jetset_tui.timeline import Timeline
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.stats import collect

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from jetset_tui.app import JetSetApp


def make_logs(directory: Path, count: int, players: int) -> None:
    for i in range(count):
        seed = f"stats-{i}"
        game = play_game(Options(players=players), seed)
        seats = [Seat(f"random-{s}", SeatKind.of_bot("random")) for s in range(players)]
        header = Header(Options(players=players), seats, seed_commitment(seed))
        write_game(directory / f"game-{i:04d}.jetset", header, game, seed)


VIEWER_RUNS = 7
"""Fresh processes timing the viewer: each opens it once for the first time, then again."""

IDLE_BEFORE_OPEN = 0.5
"""Seconds the start screen is left alone before a log is opened: nobody picks a file sooner."""


@dataclass
class Frames:
    """When the replay viewer's last frame went to the terminal."""

    last: float = 0.0


def timed_app(frames: Frames) -> JetSetApp:
    """The app, noting in ``frames`` when each frame of the replay viewer goes to the terminal.
    The frame is also encoded as a terminal would receive it, which the headless test driver
    skips. Textual and the app are imported here, when the app runs."""
    from rich.console import RenderableType
    from textual._compositor import CompositorUpdate
    from textual.screen import Screen

    from jetset_tui.app import JetSetApp

    class TimedApp(JetSetApp):
        CSS_PATH = str(Path(inspect.getfile(JetSetApp)).with_name("jetset.tcss"))

        def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
            super()._display(screen, renderable)
            if isinstance(renderable, CompositorUpdate) and type(screen).__name__ == "ReplayScreen":
                renderable.render_segments(self.console)
                frames.last = time.perf_counter()

    return TimedApp()


async def settled(pilot: Pilot[None]) -> None:
    """Until the screen has nothing left to lay out or paint, and a Textual footer has composed
    its keys, which it does after the screen's first frame (a Pilot pause alone can return with
    a repaint still pending)."""
    from textual.widgets import Footer

    await pilot.pause()
    screen = pilot.app.screen
    while (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or any(not footer.children for footer in screen.query(Footer))
    ):
        await pilot.pause()


async def painted_ms(pilot: Pilot[None], frames: Frames, start: float) -> float:
    """Milliseconds from ``start`` to the viewer's last frame once everything has settled."""
    await settled(pilot)
    assert frames.last > start, "no frame was painted"
    return (frames.last - start) * 1e3


async def viewer_run(path: Path, repeat: int) -> dict[str, list[float]]:
    """One app, as ``jetset`` starts it: from its start screen the first opening of the log;
    then ``repeat`` later openings (the viewer is reused), each followed by the End key from the
    first entry. Milliseconds to the painted frame."""
    frames = Frames()
    app = timed_app(frames)
    times: dict[str, list[float]] = {"first": [], "later": [], "end": []}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause(IDLE_BEFORE_OPEN)
        for n in range(repeat + 1):
            start = time.perf_counter()
            assert app.open_replay(path) is None
            times["later" if n else "first"].append(await painted_ms(pilot, frames, start))
            await pilot.press("home")
            await settled(pilot)
            start = time.perf_counter()
            await pilot.press("end")
            times["end"].append(await painted_ms(pilot, frames, start))
            app.pop_screen()
            await settled(pilot)
    return times


def viewer_ms(path: Path, repeat: int = 4) -> dict[str, float]:
    """Medians of ``viewer_run``, each in a new process (the first opening is the first in its
    process, and no garbage from the other benchmarks slows it down)."""
    runs = []
    for _ in range(VIEWER_RUNS):
        command = [sys.executable, "-m", "benchmarks.bench_replays", "--viewer", str(path)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout.splitlines()[-1]))
    return {key: statistics.median(t for run in runs for t in run[key]) for key in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", type=int, default=1000)
    parser.add_argument("--viewer", type=Path, help="time the viewer on this log (JSON)")
    args = parser.parse_args()
    if args.viewer:
        print(json.dumps(asyncio.run(viewer_run(args.viewer, repeat=4))))
        return
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
        ms = viewer_ms(longest)
        print(
            f"the viewer in the app (medians to the painted frame): first open "
            f"{ms['first']:.0f} ms (target ≤ 200 ms), later opens {ms['later']:.0f} ms, "
            f"End key to the last entry {ms['end']:.0f} ms (target ≤ 200 ms)"
        )
        print(
            f"open a 6-player log of {entries} entries and replay to its end: "
            f"median {statistics.median(times) * 1e3:.1f} ms (target ≤ 200 ms)"
        )


if __name__ == "__main__":
    main()
