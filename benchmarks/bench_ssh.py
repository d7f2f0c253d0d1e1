"""SSH benchmark (issues 5 and 16): many players arriving at once, and one player flooding input.

The server runs as the real command (``jetset ssh-server``) in its own process; the clients are
asyncssh sessions with a 120×40 PTY in this process, each drawn by pyte (the tests' ``Term``).

1. ``--sessions`` sessions (24) are opened at once; for each, the time from the end of its SSH
   handshake to its first screen (the lobby fully drawn).
2. Every six of them fill a 6-player game (the creator through the form with the tests' ``fill``,
   the others join), so every session ends on the game screen. Measured on the server: memory
   before any session and with all of them (VmRSS), CPU over an idle stretch.
3. One more session types ``--flood-mb`` MB as keystrokes (no bracketed paste) into the lobby
   chat while another types single characters there: that one's key-to-screen time, and the
   server's memory against its figure just before.

Run: ``PYTHONPATH=. python benchmarks/bench_ssh.py [--sessions 24] [--idle 20] [--flood 15]``.
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
from pathlib import Path

import asyncssh

from tests.ssh.helpers import Term


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(tmp: Path) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp / "data"))
    proc = subprocess.Popen(
        [
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


async def run(sessions: int, idle: float, flood_seconds: float, mb: float) -> dict[str, float]:
    tmp = Path(tempfile.mkdtemp(prefix="bench-ssh-"))
    proc, port = start_server(tmp)
    try:
        await asyncio.sleep(1.0)
        base = rss_mb(proc.pid)
        # each from its own loopback address, as players on their own machines
        opened = await asyncio.gather(
            *(session(port, f"p{i}", f"127.0.1.{i + 1}") for i in range(sessions))
        )
        terms = [term for term, _ in opened]
        firsts = [first for _, first in opened]
        after_lobby = rss_mb(proc.pid)
        await fill_games(terms)
        await asyncio.sleep(3.0)
        full = rss_mb(proc.pid)
        cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.sleep(idle)
        cpu = (cpu_seconds(proc.pid) - cpu0) / (time.perf_counter() - wall0)
        flooded = await flood(port, proc.pid, flood_seconds, mb)
        for term in terms:
            await term.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return {
        "sessions": sessions,
        "server_base_mb": base,
        "server_lobbies_mb": after_lobby,
        "server_full_mb": full,
        "per_session_mb": (full - base) / sessions,
        "idle_cpu_pct": 100 * cpu,
        "first_median_s": statistics.median(firsts),
        "first_max_s": max(firsts),
        **flooded,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=24)
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument("--flood", type=float, default=15.0, help="seconds of flood measured")
    parser.add_argument("--flood-mb", type=float, default=1.0)
    args = parser.parse_args()
    r = asyncio.run(run(args.sessions, args.idle, args.flood, args.flood_mb))
    print(f"{r['sessions']:.0f} SSH sessions opened at once, then in six-player games")
    print(
        f"handshake to the first screen: median {1000 * r['first_median_s']:.0f} ms, "
        f"max {1000 * r['first_max_s']:.0f} ms (target: median ≤ 1.5 s, max ≤ 2 s)"
    )
    print(
        f"server memory: {r['server_base_mb']:.1f} MB alone, {r['server_lobbies_mb']:.1f} MB "
        f"in the lobby, {r['server_full_mb']:.1f} MB in games: {r['per_session_mb']:.2f} MB per "
        "session"
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
