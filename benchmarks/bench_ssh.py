"""SSH benchmark (issues 5 and 16): many players arriving at once, and one player flooding input.

The server runs as the real command (``jetset ssh-server``) in its own process; the clients are
asyncssh sessions with a 120×40 PTY in this process, each drawn by pyte (the tests' ``Term``).

1. ``--sessions`` sessions (24) are opened at once (each from its own loopback address),
   ``--rounds`` times (each wave leaves before the next); for each session, the time from the
   end of its SSH handshake to its first screen (the lobby with its keys drawn), and the
   server's CPU time from the start of its wave to that screen (the
   main thread's, from /proc: what the wait would be with the server alone on a core, whatever
   else the machine is doing); and the server's CPU per session. While they arrive, each client
   only records what it receives (with both times); pyte draws it afterwards, to find when the
   lobby was complete: 24 pyte screens drawing at once would take the CPU the server needs
   (players' terminals are on their own machines). The baseline, in the same run, in turn with
   the server's waves: a bare asyncssh server in its own process that answers each shell with a
   lobby-sized frame.
2. On a fresh server (waves leave their memory's high-water mark behind), 24 more arrive at once
   and every six of them fill a 6-player game (the creator through the form with the tests'
   ``fill``, the others join), so every session ends on the game screen. Measured on the server:
   memory alone, with the lobbies and with the games (VmRSS), CPU over an idle stretch.
3. One more session types ``--flood-mb`` MB as keystrokes (no bracketed paste) into the lobby
   chat while another types single characters there: that one's key-to-screen time, and the
   server's memory against its figure just before.

Run: ``PYTHONPATH=. python benchmarks/bench_ssh.py [--sessions 24] [--rounds 3] [--idle 20]
[--flood 15] [--arrivals-only] [--compare DIR]``; ``--compare`` gives the same waves, in turn, to
the ``jetset ssh-server`` of another work tree (``git worktree add DIR COMMIT``): before and after
in one run, on the same load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from tests.ssh.helpers import SYNC_QUERY, SYNC_REPLY, Term

LOBBY_KEY = b"New game"
"""In the lobby's footer: once the raw bytes hold it, pyte checks the screen."""
BARE = """
import asyncio, sys
import asyncssh

ROW = "\\x1b[38;2;200;200;200;48;2;30;30;30m" + "x" * 119 + "\\x1b[0m\\r\\n"
FRAME = "\\x1b[H" + ROW * 39 + " n New game  j Join"


class Server(asyncssh.SSHServer):
    def begin_auth(self, username):
        return False


async def shell(process):
    process.stdout.write(FRAME)
    await process.stdin.read()


async def main():
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.listen(
        "127.0.0.1", 0, server_factory=Server, server_host_keys=[key],
        process_factory=shell, encoding="utf-8", line_editor=False,
    )
    print(f"bare :{server.get_port()} ", flush=True)
    await server.wait_closed()

asyncio.run(main())
"""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main_thread_cpu(pid: int) -> float:
    """CPU seconds of ``pid``'s main thread (its event loop), to the nanosecond."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def start_server(
    tmp: Path, command: list[str] | None = None, checkout: Path | None = None
) -> tuple[subprocess.Popen[str], int]:
    """``jetset ssh-server`` (or ``command``) in its own process, from ``checkout`` if given
    (another work tree of this repository); the process and its port."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp / "data"))
    if checkout is not None:
        env["PYTHONPATH"] = str(checkout)
    proc = subprocess.Popen(
        command
        or [
            sys.executable,
            "-m",
            "jetset_tui.cli",
            "ssh-server",
            "--port",
            "0",
            "--max-sessions",
            "64",
            "--max-per-address",
            "64",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=checkout,  # python -m imports from the working directory first
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r":(\d+) ", line)
    if not match:
        proc.kill()
        raise RuntimeError(f"the server said: {line!r}")
    return proc, int(match.group(1))


async def session(port: int, name: str, address: str = "127.0.0.1") -> tuple[Term, float]:
    """Connect from ``address``; the seconds from the end of the handshake to the lobby."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        local_addr=(address, 0),
    )
    start = time.perf_counter()
    _, term = await conn.create_session(
        lambda: Term(120, 40), term_type="xterm-256color", term_size=(120, 40), encoding=None
    )
    assert isinstance(term, Term)
    term.conn = conn
    await term.wait_for(lambda t: "n New game" in t.splitlines()[-1], timeout=60, settle=0)
    return term, time.perf_counter() - start


class Arrival(Term):
    """A session's terminal that only records what arrives (the time, the server's CPU time, the
    bytes) until ``replay`` draws it, so that drawing does not compete with the server for the
    CPU while sessions start."""

    def __init__(self, width: int, height: int, server_cpu: Callable[[], float]) -> None:
        super().__init__(width, height)
        self.server_cpu = server_cpu
        self.recorded: list[tuple[float, float, bytes]] | None = []
        self._tail = b""

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.recorded is None:
            super().data_received(data, datatype)
            return
        self.recorded.append((time.perf_counter(), self.server_cpu(), data))
        if SYNC_QUERY in data and self.chan is not None:
            self.chan.write(SYNC_REPLY)
        self.changed.set()

    async def arrived(self, raw: bytes, timeout: float) -> None:
        """Until the raw bytes received hold ``raw``."""
        assert self.recorded is not None
        seen = 0
        deadline = time.perf_counter() + timeout
        while True:
            for _, _, data in self.recorded[seen:]:
                if raw in self._tail + data:
                    return
                self._tail = (self._tail + data)[-len(raw) :]
            seen = len(self.recorded)
            left = deadline - time.perf_counter()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"never received {raw!r}")
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), left)

    def replay(self, shown: Callable[[str], bool]) -> tuple[float, float] | None:
        """Draw what was recorded; when the screen first passed ``shown``, and the server's CPU
        time then (None: not yet). From now on the terminal draws as it receives."""
        assert self.recorded is not None
        recorded, self.recorded = self.recorded, None
        when = None
        for at, cpu, data in recorded:
            self.received += len(data)
            self.pending += data
            self.feed_frames()
            if when is None and shown(self.text()):
                when = (at, cpu)
        return when


def lobby_shown(text: str) -> bool:
    return "n New game" in text.splitlines()[-1]


async def arrive(
    port: int, name: str, address: str, server_cpu: Callable[[], float]
) -> tuple[Arrival, float]:
    """Connect from ``address`` and wait for the lobby's key bytes; the handshake's end."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        local_addr=(address, 0),
    )
    start = time.perf_counter()
    _, term = await conn.create_session(
        lambda: Arrival(120, 40, server_cpu),
        term_type="xterm-256color",
        term_size=(120, 40),
        encoding=None,
    )
    assert isinstance(term, Arrival)
    term.conn = conn
    await term.arrived(LOBBY_KEY, timeout=60)
    return term, start


@dataclass
class Wave:
    """``count`` sessions that arrived at once: their terminals (drawn from now on as they
    receive), each one's seconds from its handshake to the lobby, and the server's CPU seconds
    from the start of the wave to that session's lobby (what the wait would be with the server
    alone on its core)."""

    terms: list[Term]
    firsts: list[float]
    cpu_firsts: list[float]


async def arrivals(port: int, pid: int, count: int, prefix: str = "p") -> Wave:
    """``count`` sessions at once, each from its own loopback address."""
    cpu0 = main_thread_cpu(pid)
    opened = await asyncio.gather(
        *(
            arrive(port, f"{prefix}{i}", f"127.0.1.{i + 1}", lambda: main_thread_cpu(pid))
            for i in range(count)
        )
    )
    wave = Wave([term for term, _ in opened], [], [])
    for term, start in opened:
        when = term.replay(lobby_shown)
        if when is None:  # the footer's bytes came before the rest of the lobby
            await term.wait_for(lobby_shown, timeout=60, settle=0)
            when = (time.perf_counter(), main_thread_cpu(pid))
        wave.firsts.append(when[0] - start)
        wave.cpu_firsts.append(when[1] - cpu0)
    return wave


async def create_game(creator: Term, seats: int) -> None:
    await creator.press("n")
    await creator.wait_for("Bots among them", settle=0.3)
    await creator.fill("Seats (2-6)", str(seats))
    await creator.press("tab")
    await creator.fill("Bots among them", "0")
    await creator.press("enter")
    await creator.wait_for("waiting for players", timeout=30)


async def join_game(term: Term, row: int, title: str) -> None:
    await term.wait_for(title, timeout=30, settle=0.3)
    await term.press(*["down"] * row, "j")
    await term.wait_for(lambda t: "waiting for players" in t or "JET SET" in t, timeout=30)


async def fill_games(terms: list[Term]) -> None:
    """Six sessions to a game: creators one after another (so rows are known), joiners at once."""
    starts = range(0, len(terms), 6)
    groups = [terms[i : i + 6] for i in starts]
    for group in groups:
        await create_game(group[0], len(group))
    joins = [
        join_game(term, row, f"p{start}'s game")  # session i is called p<i>
        for row, (start, group) in enumerate(zip(starts, groups, strict=True))
        for term in group[1:]
    ]
    await asyncio.gather(*joins)
    for term in terms:
        await term.wait_for("JET SET", timeout=60, settle=0)


async def flood(port: int, pid: int, seconds: float, megabytes: float) -> dict[str, float]:
    typist, _ = await session(port, "typist")
    probe, _ = await session(port, "probe")
    for term in (typist, probe):
        await term.press("t")
    await asyncio.sleep(1.0)
    before = rss_mb(pid)
    assert typist.chan is not None and probe.chan is not None
    typist.chan.write(b"x" * int(megabytes * 1024 * 1024))
    loop = asyncio.get_running_loop()
    times: list[float] = []
    peak = before
    end = loop.time() + seconds
    typed = ""
    while loop.time() < end:
        typed = typed[-20:] + "abcdefghij"[len(times) % 10]
        start = loop.time()
        probe.chan.write(typed[-1].encode())
        await probe.wait_for(lambda t, s=typed[-8:]: s in t.splitlines()[-2], settle=0)
        times.append(loop.time() - start)
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(0.2)
    await typist.close()
    await probe.close()
    return {
        "flood_key_median_ms": 1000 * statistics.median(times),
        "flood_key_max_ms": 1000 * max(times),
        "flood_keys": len(times),
        "flood_rss_before_mb": before,
        "flood_rss_peak_mb": peak,
    }


class Waves:
    """Waves of arrivals at one server: every first-screen time (in seconds, and in the server's
    CPU seconds), each wave's median, the server's CPU per session start."""

    def __init__(self, proc: subprocess.Popen[str], port: int) -> None:
        self.proc, self.port = proc, port
        self.firsts: list[float] = []
        self.cpu_firsts: list[float] = []
        self.medians: list[float] = []
        self.cpus: list[float] = []

    async def wave(self, count: int, prefix: str) -> None:
        """``count`` arrivals at once, who leave again."""
        cpu0 = cpu_seconds(self.proc.pid)
        wave = await arrivals(self.port, self.proc.pid, count, prefix)
        await asyncio.sleep(1.0)  # what the apps still do once the lobby shows counts too
        self.cpus.append((cpu_seconds(self.proc.pid) - cpu0) / count)
        self.firsts += wave.firsts
        self.cpu_firsts += wave.cpu_firsts
        self.medians.append(statistics.median(wave.firsts))
        for term in wave.terms:
            await term.close()
        await asyncio.sleep(2.0)

    def figures(self, name: str) -> dict[str, Any]:
        return {
            f"{name}_median_s": statistics.median(self.firsts),
            f"{name}_max_s": max(self.firsts),
            f"{name}_wave_medians": self.medians,
            f"{name}_cpu_median_s": statistics.median(self.cpu_firsts),
            f"{name}_cpu_max_s": max(self.cpu_firsts),
            f"{name}_cpu_ms": 1000 * statistics.median(self.cpus),
        }

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


async def run(
    sessions: int,
    rounds: int,
    idle: float,
    flood_seconds: float,
    mb: float,
    games: bool,
    compare: Path | None = None,
) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="bench-ssh-"))
    servers = {
        "bare": Waves(*start_server(tmp / "bare", [sys.executable, "-c", BARE])),
        "first": Waves(*start_server(tmp / "first")),
    }
    if compare is not None:
        servers["compare"] = Waves(*start_server(tmp / "compare", checkout=compare))
    out: dict[str, Any] = {
        "sessions": sessions,
        "rounds": rounds,
        "load_before": os.getloadavg()[0],
    }
    try:
        await asyncio.sleep(1.0)
        for r in range(rounds):  # each server in turn, so that they share the machine's load
            for name, waves in servers.items():
                await waves.wave(sessions, f"{name}{r}p")
        out["load_after"] = os.getloadavg()[0]
        for name, waves in servers.items():
            out |= waves.figures(name)
    finally:
        for waves in servers.values():
            waves.stop()
    if games:
        out |= await in_games(tmp / "games", sessions, idle, flood_seconds, mb)
    return out


async def in_games(
    tmp: Path, sessions: int, idle: float, flood_seconds: float, mb: float
) -> dict[str, Any]:
    """A fresh server (the waves before leave their memory's high-water mark): its memory alone,
    with ``sessions`` lobbies, with them in six-player games; idle CPU; the flood."""
    proc, port = start_server(tmp)
    try:
        await asyncio.sleep(1.0)
        base = rss_mb(proc.pid)
        wave = await arrivals(port, proc.pid, sessions)
        await asyncio.sleep(1.0)
        lobbies = rss_mb(proc.pid)
        await fill_games(wave.terms)
        await asyncio.sleep(3.0)
        full = rss_mb(proc.pid)
        cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.sleep(idle)
        busy = (cpu_seconds(proc.pid) - cpu0) / (time.perf_counter() - wall0)
        out = {
            "server_base_mb": base,
            "server_lobbies_mb": lobbies,
            "server_full_mb": full,
            "per_session_mb": (full - base) / sessions,
            "idle_cpu_pct": 100 * busy,
        }
        out |= await flood(port, proc.pid, flood_seconds, mb)
        for term in wave.terms:
            await term.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=3, help="waves of arrivals")
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument("--flood", type=float, default=15.0, help="seconds of flood measured")
    parser.add_argument("--flood-mb", type=float, default=1.0)
    parser.add_argument("--arrivals-only", action="store_true", help="no games, no flood")
    parser.add_argument(
        "--compare",
        metavar="DIR",
        type=Path,
        help="another work tree of this repository (git worktree add DIR COMMIT): its "
        "jetset ssh-server gets the same waves of arrivals, in turn with this one",
    )
    args = parser.parse_args()
    games = not args.arrivals_only
    r = asyncio.run(
        run(args.sessions, args.rounds, args.idle, args.flood, args.flood_mb, games, args.compare)
    )
    n = r["sessions"]
    print(
        f"{n} SSH sessions opened at once, {r['rounds']} times (target: median ≤ 1.5 s, max ≤ 2 s)"
    )
    for name, what in (
        ("first", "jetset ssh-server"),
        ("compare", f"jetset ssh-server of {args.compare}"),
        ("bare", "a bare asyncssh server"),
    ):
        if f"{name}_median_s" not in r:
            continue
        waves = ", ".join(f"{1000 * m:.0f}" for m in r[f"{name}_wave_medians"])
        print(
            f"{what}: handshake to the first screen median {1000 * r[f'{name}_median_s']:.0f} ms, "
            f"max {1000 * r[f'{name}_max_s']:.0f} ms (each wave's median {waves} ms)"
        )
        print(
            f"    in the server's CPU time from the start of the wave: median "
            f"{1000 * r[f'{name}_cpu_median_s']:.0f} ms, max "
            f"{1000 * r[f'{name}_cpu_max_s']:.0f} ms; server CPU per session "
            f"{r[f'{name}_cpu_ms']:.0f} ms"
        )
    print(f"load average: {r['load_before']:.1f} before, {r['load_after']:.1f} after the arrivals")
    if not games:
        return
    print(
        f"a fresh server's memory: {r['server_base_mb']:.1f} MB alone, "
        f"{r['server_lobbies_mb']:.1f} MB with {n} lobbies, {r['server_full_mb']:.1f} MB with them "
        f"in games: {r['per_session_mb']:.2f} MB per session"
    )
    print(f"idle CPU over {args.idle:.0f} s: {r['idle_cpu_pct']:.2f}% of one core (target < 5%)")
    print(
        f"while one session types {args.flood_mb:g} MB: another's key to screen median "
        f"{r['flood_key_median_ms']:.0f} ms, max {r['flood_key_max_ms']:.0f} ms over "
        f"{r['flood_keys']:.0f} keys (target: median < 150 ms); server memory "
        f"{r['flood_rss_before_mb']:.1f} MB before, {r['flood_rss_peak_mb']:.1f} MB at most "
        "(target < 2x)"
    )


if __name__ == "__main__":
    main()
