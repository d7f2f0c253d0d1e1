"""SSH benchmark (issue 5): 24 concurrent SSH sessions, four 6-player games.

The server runs as the real command (``jetset ssh-server``) in its own process; 24 asyncssh
clients with a 120×40 PTY in this process, each drawn by pyte. For every session: the time from
the end of the SSH handshake to the first screen (the lobby fully drawn). Then each game's first
player creates a 6-seat game and five more join it, so every session ends on the game screen.
Measured on the server process: its memory before any session and with all 24 (VmRSS), and its
CPU use (utime+stime from /proc) over an idle stretch with every game waiting for a move.

Run: ``python benchmarks/bench_ssh.py [--games 4] [--idle 20]``.
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


async def session(port: int, name: str, key: asyncssh.SSHKey) -> tuple[Term, float]:
    """Connect; the seconds from the end of the handshake to the lobby on screen."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
    )
    start = time.perf_counter()
    _, term = await conn.create_session(
        lambda: Term(120, 40), term_type="xterm-256color", term_size=(120, 40), encoding=None
    )
    assert isinstance(term, Term)
    term.conn = conn
    await term.lobby()
    return term, time.perf_counter() - start - 0.15  # lobby() settles 0.15 s


async def fill_game(
    port: int, game: int, keys: list[asyncssh.SSHKey]
) -> tuple[list[Term], list[float]]:
    terms: list[Term] = []
    firsts: list[float] = []
    creator, first = await session(port, f"p{game}x0", keys[0])
    terms.append(creator)
    firsts.append(first)
    await creator.press("n")
    await creator.wait_for("Bots among them", settle=0.5)
    await creator.press("backspace")
    await creator.type("6")
    await creator.press("tab", "backspace")
    await creator.type("0")
    await creator.wait_for(lambda t: re.search(r"Bots among them +0", t) is not None)
    await creator.press("enter")
    await creator.wait_for("waiting for players")
    for i in range(1, 6):
        term, first = await session(port, f"p{game}x{i}", keys[i])
        terms.append(term)
        firsts.append(first)
        await term.wait_for(f"p{game}x0's game", settle=0.3)
        await term.press(*["down"] * (game - 1), "j")
        await term.wait_for(lambda t: "waiting for players" in t or "JET SET" in t)
    for term in terms:
        await term.wait_for("JET SET", timeout=30)
    return terms, firsts


async def run(games: int, idle: float) -> dict[str, float]:
    tmp = Path(tempfile.mkdtemp(prefix="bench-ssh-"))
    proc, port = start_server(tmp)
    try:
        await asyncio.sleep(1.0)
        base = rss_mb(proc.pid)
        terms: list[Term] = []
        firsts: list[float] = []
        for game in range(1, games + 1):  # one game at a time, so their row numbers are known
            keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(6)]
            t, f = await fill_game(port, game, keys)
            terms += t
            firsts += f
        await asyncio.sleep(3.0)
        full = rss_mb(proc.pid)
        cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
        await asyncio.sleep(idle)
        cpu = (cpu_seconds(proc.pid) - cpu0) / (time.perf_counter() - wall0)
        for term in terms:
            await term.close()
    finally:
        proc.terminate()
        proc.wait(10)
    n = len(terms)
    return {
        "sessions": n,
        "server_base_mb": base,
        "server_full_mb": full,
        "per_session_mb": (full - base) / n,
        "idle_cpu_pct": 100 * cpu,
        "first_median_s": statistics.median(firsts),
        "first_max_s": max(firsts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--idle", type=float, default=20.0)
    args = parser.parse_args()
    r = asyncio.run(run(args.games, args.idle))
    print(f"{r['sessions']:.0f} SSH sessions ({args.games} six-player games)")
    print(
        f"server memory: {r['server_base_mb']:.1f} MB alone, {r['server_full_mb']:.1f} MB "
        f"with every session: {r['per_session_mb']:.2f} MB per session (target ≤ 15)"
    )
    print(f"idle CPU over {args.idle:.0f} s: {r['idle_cpu_pct']:.2f}% of one core (target < 5%)")
    print(
        f"handshake to the first screen: median {1000 * r['first_median_s']:.0f} ms, "
        f"max {1000 * r['first_max_s']:.0f} ms (target ≤ 1 s)"
    )


if __name__ == "__main__":
    main()
