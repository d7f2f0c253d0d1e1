"""The app's speed and size, measured as a player meets them: the real ``jetset`` command in a
pseudo-terminal of 120×40.

- start-up: from starting ``jetset`` (and ``jetset play``) to the first frame on the terminal;
- key to repaint: from the key that completes an action (Enter confirming Take income) to the
  last byte of the repainted screen (the output going quiet), in a 6-player game;
- memory: the app's peak resident size (VmHWM) after that 6-player game has run for a while.

Targets (issue 3): first frame ≤ 1.0 s, key to repaint ≤ 50 ms median, memory ≤ 80 MB.

    python benchmarks/bench_tui.py [--runs 5] [--turns 15] [--markdown]
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

COLS, ROWS = 120, 40
QUIET = 0.04
"""The screen counts as repainted when no byte has come for this long."""


class Terminal:
    """A program running in a pseudo-terminal, its output collected as it comes."""

    def __init__(self, argv: list[str]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the program, on a 120×40 terminal
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.execvp(argv[0], argv)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.output = b""

    def read(self, timeout: float) -> float | None:
        """Read what comes within ``timeout``; the time of the last byte, or None."""
        last = None
        end = time.perf_counter() + timeout
        while (left := end - time.perf_counter()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            self.output += chunk
            last = time.perf_counter()
        return last

    def wait_for(self, text: bytes, timeout: float = 10.0) -> float:
        """Seconds from start until ``text`` appears in the output."""
        end = time.perf_counter() + timeout
        while text not in self.output:
            if time.perf_counter() > end:
                raise TimeoutError(f"{text!r} did not appear")
            self.read(0.01)
        return time.perf_counter() - self.started

    def until_quiet(self, limit: float = 1.0) -> float | None:
        """Read until the output pauses for ``QUIET``; the time of the last byte."""
        last = None
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            got = self.read(QUIET)
            if got is None:
                break
            last = got
        return last

    def send(self, keys: bytes) -> float:
        os.write(self.fd, keys)
        return time.perf_counter()

    def peak_rss_mb(self) -> float:
        status = Path(f"/proc/{self.pid}/status").read_text()
        line = next(x for x in status.splitlines() if x.startswith("VmHWM"))
        return int(line.split()[1]) / 1024

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.send(b"\x11")  # Ctrl+Q
            self.read(0.5)
            os.kill(self.pid, signal.SIGTERM)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def jetset() -> str:
    found = shutil.which("jetset") or str(Path(sys.executable).with_name("jetset"))
    return found


def first_frame(argv: list[str], marker: bytes) -> float:
    term = Terminal(argv)
    try:
        return term.wait_for(marker)
    finally:
        term.close()


def key_to_repaint(folder: Path, turns: int) -> tuple[list[float], float]:
    """Enter confirming Take income, each human turn of a 6-player game against bots."""
    bots = "greedy,random,greedy,random,greedy"  # one kind per seat: five bots against you
    argv = [jetset(), "play", "--bots", bots, "--seed", "bench"]
    argv += ["--save", str(folder / "bench.jetset"), "--delay", "0.15"]
    term = Terminal(argv)
    times: list[float] = []
    try:
        term.wait_for(b"your turn")
        term.until_quiet()
        for _ in range(turns):
            term.send(b"i")
            term.until_quiet()
            sent = term.send(b"\r")
            last = term.until_quiet(limit=0.12)  # the bots wait 0.15 s before their moves
            if last is not None:
                times.append(last - sent)
            term.output = b""
            term.wait_for(b"your turn", timeout=30)
            term.until_quiet()
        return times, term.peak_rss_mb()
    finally:
        term.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--turns", type=int, default=15)
    ap.add_argument("--markdown", action="store_true", help="print the BENCHMARKS.md section")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["XDG_DATA_HOME"] = str(folder)  # games started here save in the temp dir
        start = [first_frame([jetset()], b"Play now") for _ in range(args.runs)]
        play = [
            first_frame(
                [jetset(), "play", "--seed", "bench", "--save", str(folder / f"s{i}.jetset")],
                b"your turn",
            )
            for i in range(args.runs)
        ]
        keys, rss = key_to_repaint(folder, args.turns)
    rows = [
        ("`jetset` to the first frame (start screen)", statistics.median(start), 1.0, "s"),
        ("`jetset play` to the first frame of the game", statistics.median(play), 1.0, "s"),
        ("key completing an action to repainted screen", statistics.median(keys), 0.050, "s"),
        ("peak memory, 6-player game", rss, 80.0, "MB"),
    ]
    if args.markdown:
        print("| measure | median | target | |")
        print("|---|---|---|---|")
    for name, value, target, unit in rows:
        shown = f"{value * 1000:.0f} ms" if unit == "s" else f"{value:.0f} MB"
        goal = f"{target * 1000:.0f} ms" if unit == "s" else f"{target:.0f} MB"
        verdict = "met" if value <= target else "NOT met"
        if args.markdown:
            print(f"| {name} | {shown} | ≤ {goal} | {verdict} |")
        else:
            print(f"{name:<48} {shown:>8}   target ≤ {goal:<7} {verdict}")
    if not args.markdown:
        print(f"key to repaint: {len(keys)} samples, max {max(keys) * 1000:.0f} ms")
        print(f"start-up runs (s): {', '.join(f'{t:.2f}' for t in start + play)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
