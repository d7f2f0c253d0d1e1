"""The app's speed and size as a player meets them: the real ``jetset`` command in a
pseudo-terminal of 120×40, against a minimal Textual app (``minimal_tui.py``) measured the same
way in the same run.

- start-up: from starting ``jetset`` (and ``jetset play``) to the first frame on the terminal
  (its marker text), and the minimal app to its first frame;
- key to repaint: from the key that completes an action (Enter confirming Take income, in a
  6-player game) to the END of the repaint: the last byte before the terminal goes quiet for
  100 ms; and how many bytes that repaint wrote. The minimal app: Enter changing its one line;
- memory: the app's peak resident size (VmHWM) after that 6-player game has run for a while;
- Jet Lag's table, key to repaint: Enter playing a card (the first of the hand, as a tourist:
  ``1``, ``t``, Enter) against the greedy bot, to the end of its repaint, and its bytes.

Targets (issue 19): key to repaint ≤ 30 ms median and ≤ 10 KB per action (Jet Lag's table is
held to the same); start-up within 1.6×
the minimal app; memory ≤ 80 MB. Start-ups interleave (minimal, ``jetset``, ``jetset play``,
then again) so that a change in the machine's load falls on all three alike. The game's code is
byte-compiled first, as installing it does (``compile_sources``), and the map's layouts are kept
in the run's own temporary ``JETSET_HOME``: the first ``jetset play`` lays its map out, the
others read it from disk.

    python benchmarks/bench_tui.py [--runs 7] [--turns 15] [--markdown] [--dump FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import platform
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

COLS, ROWS = 120, 40
QUIET = 0.1
"""A repaint has ended when no byte has come for this long."""
BOT_DELAY = 1.0
"""The bots wait this long before each move: far more than a repaint and its ``QUIET``, so that
no bot's move falls into the repaint being timed (``key_to_repaint`` checks)."""
MINIMAL = Path(__file__).with_name("minimal_tui.py")


@dataclass(frozen=True)
class Burst:
    """What a program wrote after a key, until it went quiet."""

    last: float | None
    """When its last byte came (``time.perf_counter``), or None when nothing came."""
    size: int
    """How many bytes it wrote."""


class Terminal:
    """A program running in a pseudo-terminal, its output collected as it comes."""

    def __init__(self, argv: list[str]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the program, on a 120×40 terminal
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            for name in ("COLUMNS", "LINES"):  # Textual would take them over the terminal's size
                os.environ.pop(name, None)
            os.execvp(argv[0], argv)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.output = b""

    def read(self, timeout: float) -> tuple[float | None, int]:
        """Read what comes within ``timeout``: the time of the last byte (or None), and how many
        bytes came."""
        last, size = None, 0
        end = time.perf_counter() + timeout
        while (left := end - time.perf_counter()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.output += chunk
            last, size = time.perf_counter(), size + len(chunk)
        return last, size

    def wait_for(self, text: bytes, timeout: float = 10.0) -> float:
        """Seconds from start until ``text`` appears in the output."""
        end = time.perf_counter() + timeout
        while text not in self.output:
            if time.perf_counter() > end:
                raise TimeoutError(f"{text!r} did not appear")
            self.read(0.005)
        return time.perf_counter() - self.started

    def settle(self, limit: float = 2.0, first: float = QUIET) -> Burst:
        """Read until no byte has come for ``QUIET`` (or ``limit`` has passed), waiting up to
        ``first`` for the first byte: when the last byte came, and how many came."""
        start = time.perf_counter()
        last: float | None = None
        size = 0
        while True:
            quiet_at = start + first if last is None else last + QUIET
            wait = min(quiet_at, start + limit) - time.perf_counter()
            if wait <= 0:
                return Burst(last, size)
            got, n = self.read(wait)
            if got is not None:
                last, size = got, size + n

    def send(self, keys: bytes) -> float:
        os.write(self.fd, keys)
        return time.perf_counter()

    def cpu_seconds(self) -> float:
        """The CPU time the program has used (user and system), in clock ticks' resolution."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

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
    return shutil.which("jetset") or str(Path(sys.executable).with_name("jetset"))


def minimal() -> list[str]:
    return [sys.executable, str(MINIMAL)]


@dataclass(frozen=True)
class Start:
    """A program's start to its first frame: the seconds it took, and the CPU seconds it used
    (less swayed by the machine's load than the clock, in clock ticks' resolution)."""

    seconds: float
    cpu: float


def first_frame(argv: list[str], marker: bytes) -> Start:
    """From starting ``argv`` to ``marker`` on its terminal."""
    term = Terminal(argv)
    try:
        seconds = term.wait_for(marker)
        return Start(seconds, term.cpu_seconds())
    finally:
        term.close()


@dataclass
class Repaints:
    """Key-to-repaint samples: seconds to the repaint's last byte, and its bytes."""

    times: list[float]
    sizes: list[int]
    cpu: float = 0.0
    """The program's CPU seconds over all the repaints (each until its ``QUIET``)."""
    rss_mb: float = 0.0

    def add(self, sent: float, burst: Burst) -> None:
        if burst.last is not None:
            self.times.append(burst.last - sent)
            self.sizes.append(burst.size)

    def cpu_ms(self) -> float:
        """The CPU time a repaint took, on average, in milliseconds."""
        return self.cpu * 1000 / max(1, len(self.times))


def key_to_repaint(folder: Path, turns: int, dump: Path | None) -> Repaints:
    """Enter confirming Take income, each human turn of a 6-player game against bots."""
    bots = "greedy,random,greedy,random,greedy"  # one kind per seat: five bots against you
    argv = [jetset(), "play", "--bots", bots, "--seed", "bench"]
    argv += ["--save", str(folder / "bench.jetset"), "--delay", str(BOT_DELAY)]
    term = Terminal(argv)
    out = Repaints([], [])
    try:
        term.wait_for(b"your turn")
        term.settle()
        for turn in range(turns):
            term.send(b"i")
            term.settle()
            timed_enter(term, out)
            if dump is not None and turn == turns // 2:
                dump.write_bytes(term.output)
            term.output = b""
            term.wait_for(b"your turn", timeout=10 * BOT_DELAY + 10)
            term.settle()
        out.rss_mb = term.peak_rss_mb()
        return out
    finally:
        term.close()


def timed_enter(term: Terminal, out: Repaints) -> None:
    """Enter, timed to the end of its repaint (``out`` gets the time, the bytes and the CPU);
    ``term.output`` then holds the repaint."""
    term.output = b""
    cpu = term.cpu_seconds()
    sent = term.send(b"\r")
    burst = term.settle(limit=BOT_DELAY - QUIET, first=BOT_DELAY / 2)
    out.cpu += term.cpu_seconds() - cpu
    if burst.last is not None and burst.last - sent > BOT_DELAY:
        raise RuntimeError("a bot moved during the repaint: raise BOT_DELAY")
    out.add(sent, burst)


def jetlag_key_to_repaint(folder: Path, turns: int) -> Repaints:
    """Enter playing the first card of the hand as a tourist (``1``, ``t``, then Enter, timed),
    each of your turns of Jet Lag against the greedy bot, games one after another until
    ``turns`` plays are timed."""
    out = Repaints([], [])
    game = 0
    while len(out.times) < turns:
        argv = [jetset(), "play", "--game", "jetlag", "--bots", "greedy", "--seed", f"jl{game}"]
        argv += ["--save", str(folder / f"jl{game}.jetset"), "--delay", str(BOT_DELAY)]
        term = Terminal(argv)
        try:
            term.wait_for(b"Your turn")
            while len(out.times) < turns:
                term.settle()
                for key in (b"1", b"t"):
                    term.send(key)
                    term.settle()
                timed_enter(term, out)
                if b"played" not in term.output:  # the play must be on the screen it timed
                    raise RuntimeError("Enter did not play the card")
                if not over_or_your_turn(term):
                    break  # the game is over: the next one
            out.rss_mb = max(out.rss_mb, term.peak_rss_mb())
        finally:
            term.close()
        game += 1
    return out


def over_or_your_turn(term: Terminal) -> bool:
    """Wait until it is your turn again (True) or the game is over (False)."""
    end = time.perf_counter() + 10 * BOT_DELAY + 10
    while time.perf_counter() < end:
        if b"Your turn" in term.output:
            return True
        if b"game is over" in term.output or b"wins," in term.output:
            return False
        term.read(0.005)
    raise TimeoutError("neither your turn nor the end came")


def minimal_key_to_repaint(presses: int) -> Repaints:
    """Enter in the minimal app, which changes its one line."""
    term = Terminal(minimal())
    out = Repaints([], [])
    try:
        term.wait_for(b"Ready")
        term.settle()
        for _ in range(presses):
            cpu = term.cpu_seconds()
            sent = term.send(b"\r")
            out.add(sent, term.settle(first=0.5))
            out.cpu += term.cpu_seconds() - cpu
        return out
    finally:
        term.close()


@dataclass(frozen=True)
class Row:
    name: str
    value: float
    unit: str  # "s", "B" or "MB"
    baseline: float | None = None
    target: float | None = None  # an absolute target in the row's unit
    ratio_target: float | None = None  # a target as a multiple of the baseline

    def met(self) -> bool:
        if self.target is not None and self.value > self.target:
            return False
        if self.ratio_target is not None and self.baseline:
            return self.value / self.baseline <= self.ratio_target
        return True


def shown(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value * 1000:.1f} ms" if value < 0.1 else f"{value * 1000:.0f} ms"
    if unit == "B":
        return f"{value / 1000:.1f} KB"
    return f"{value:.0f} MB"


def goal(row: Row) -> str:
    if row.ratio_target is not None:
        return f"≤ {row.ratio_target}× minimal"
    if row.target is not None:
        return f"≤ {shown(row.target, row.unit)}"
    return ""


def rows_of(
    start: list[float],
    play: list[float],
    base: list[float],
    keys: Repaints,
    base_keys: Repaints,
    jetlag: Repaints,
) -> list[Row]:
    med = statistics.median
    return [
        Row(
            "`jetset` to the first frame (start screen)",
            med(start),
            "s",
            med(base),
            ratio_target=1.6,
        ),
        Row('`jetset play` to "your turn"', med(play), "s", med(base), ratio_target=1.6),
        Row(
            "key completing an action to the end of its repaint",
            med(keys.times),
            "s",
            med(base_keys.times),
            target=0.030,
        ),
        Row(
            "bytes written to the terminal per action",
            med(keys.sizes),
            "B",
            med(base_keys.sizes),
            target=10_000,
        ),
        Row("peak memory (VmHWM), 6-player game", keys.rss_mb, "MB", target=80.0),
        Row(
            "Jet Lag: key completing a play to its repaint's end",
            med(jetlag.times),
            "s",
            med(base_keys.times),
            target=0.030,
        ),
        Row(
            "Jet Lag: bytes written per play",
            med(jetlag.sizes),
            "B",
            med(base_keys.sizes),
            target=10_000,
        ),
    ]


def report(rows: list[Row], markdown: bool) -> None:
    if markdown:
        print("| measure | jetset (median) | minimal app | ratio | target | |")
        print("|---|---|---|---|---|---|")
    for row in rows:
        base = shown(row.baseline, row.unit) if row.baseline else ""
        ratio = f"{row.value / row.baseline:.2f}×" if row.baseline else ""
        verdict = "met" if row.met() else "NOT met"
        if markdown:
            print(
                f"| {row.name} | {shown(row.value, row.unit)} | {base} | {ratio} | "
                f"{goal(row)} | {verdict} |"
            )
        else:
            print(
                f"{row.name:<52} {shown(row.value, row.unit):>9} {base:>9} {ratio:>6}  "
                f"{goal(row):<16} {verdict}"
            )


def timed(label: str, argv: list[str], marker: bytes) -> Start:
    """``first_frame``, said on stderr as it goes."""
    value = first_frame(argv, marker)
    print(
        f"  {label}: {value.seconds * 1000:.0f} ms ({value.cpu * 1000:.0f} ms CPU)", file=sys.stderr
    )
    return value


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="start-ups of each program (default 7)")
    ap.add_argument("--turns", type=int, default=15, help="actions timed (default 15)")
    ap.add_argument("--markdown", action="store_true", help="print the BENCHMARKS.md table")
    ap.add_argument("--dump", type=Path, help="write one action's repaint (raw bytes) here")
    args = ap.parse_args()
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["XDG_DATA_HOME"] = str(folder)  # games started here save in the temp dir
        os.environ["JETSET_HOME"] = str(folder)  # and the map's layout cache starts empty
        compile_sources()
        base: list[Start] = []
        start: list[Start] = []
        play: list[Start] = []
        for i in range(args.runs):
            base.append(timed("minimal", minimal(), b"Ready"))
            start.append(timed("jetset", [jetset()], b"Play now"))
            save = ["--save", str(folder / f"s{i}.jetset")]
            argv = [jetset(), "play", "--seed", "bench", *save]
            play.append(timed("jetset play", argv, b"your turn"))
        base_keys = minimal_key_to_repaint(args.turns)
        keys = key_to_repaint(folder, args.turns, args.dump)
        jetlag = jetlag_key_to_repaint(folder, args.turns)
    loads.append(os.getloadavg()[0])
    secs = [[t.seconds for t in runs] for runs in (start, play, base)]
    report(rows_of(*secs, keys, base_keys, jetlag), args.markdown)
    print()
    print(
        f"Python {platform.python_version()}, Textual {textual_version()}, {os.cpu_count()} "
        f"cores, load average {loads[0]:.1f} at the start, {loads[1]:.1f} at the end"
    )
    tick = 1000 / os.sysconf("SC_CLK_TCK")
    print(
        f"CPU per action, to the end of its quiet: {keys.cpu_ms():.1f} ms; minimal app: "
        f"{base_keys.cpu_ms():.1f} ms (counted in clock ticks of {tick:.0f} ms)"
    )
    print(
        f"key to repaint: {len(keys.times)} samples, max {max(keys.times) * 1000:.0f} ms, "
        f"{min(keys.sizes)}–{max(keys.sizes)} bytes; minimal app: max "
        f"{max(base_keys.times) * 1000:.1f} ms, {statistics.median(base_keys.sizes)} bytes"
    )
    print(
        f"Jet Lag key to repaint: {len(jetlag.times)} samples, max "
        f"{max(jetlag.times) * 1000:.0f} ms, {min(jetlag.sizes)}–{max(jetlag.sizes)} bytes; "
        f"CPU per play {jetlag.cpu_ms():.1f} ms; peak memory {jetlag.rss_mb:.0f} MB"
    )
    for name, runs in (("minimal", base), ("jetset", start), ("jetset play", play)):
        print(f"start-up runs, {name} (ms): {', '.join(f'{t.seconds * 1000:.0f}' for t in runs)}")
    print(cpu_line(base, start, play, tick))
    return 0


def cpu_line(base: list[Start], start: list[Start], play: list[Start], tick: float) -> str:
    """The CPU time of each start-up, medians: on a machine others load, the clock's figures
    swing with the load, more for a longer start; CPU time much less."""
    cpu = [statistics.median(t.cpu for t in runs) for runs in (base, start, play)]
    return (
        f"CPU to the first frame, medians: minimal {cpu[0] * 1000:.0f} ms, jetset "
        f"{cpu[1] * 1000:.0f} ms ({cpu[1] / cpu[0]:.2f}×), jetset play {cpu[2] * 1000:.0f} ms "
        f"({cpu[2] / cpu[0]:.2f}×) (clock ticks of {tick:.0f} ms)"
    )


def compile_sources() -> None:
    """Byte-compile the game's code, as installing it does, and let the programs keep what they
    compile: with ``PYTHONDONTWRITEBYTECODE`` set (as on the build machine) every start compiled
    the game's 120-odd modules again (about 200 ms), while Textual's came compiled from pip."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    root = Path(__file__).resolve().parent.parent
    packages = [str(root / name) for name in ("engine", "netcode", "data", "jetset_tui")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], check=True)


def textual_version() -> str:
    from importlib.metadata import version

    return version("textual")


if __name__ == "__main__":
    raise SystemExit(main())
