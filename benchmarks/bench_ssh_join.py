"""``jetset join ssh://`` against TCP and terminal SSH players (issue 17).

The servers run as the real commands in their own processes (``jetset ssh-server``, and ``jetset
host --headless`` for the TCP baseline); the clients are in this process: ``NetPeer`` over the
``SshOpener`` that ``jetset join ssh://`` uses, over TCP, and pyte terminals (the tests' ``Term``).

1. Action → applied at every peer: a 4-player game of greedy peers over ``ssh://`` and one over
   TCP, in the same run; a peer decides once all four are in step, the clock runs from sending the
   action to the fourth peer applying it (all four replicas apply it in this one process).
2. ``--arrivals`` (24) ``ssh://`` clients connect at once, each from its own loopback address:
   the time from starting to connect to the lobby's ``games``.
3. Server CPU per player: four ``ssh://`` peers, then four terminal SSH players, each take
   ``--decisions`` turns of income in one 4-player game; the server process's CPU time per
   decision over those turns, and its memory (VmRSS) with the four in their game.

Run: ``PYTHONPATH=. python benchmarks/bench_ssh_join.py [--arrivals 24] [--decisions 16]``.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from benchmarks.bench_ssh import cpu_seconds, create_game, join_game, rss_mb, session, start_server
from engine import Income
from engine.jetset.bots import make_bot
from netcode.client import ClientEvent, EntryApplied
from netcode.peer import NetPeer
from netcode.sshclient import SshAddress, SshOpener, trust_host
from netcode.transport import open_tcp

LOOPBACK = "127.0.0.1"
SSH_GAMES = 10
"""Games of income turns for the ssh:// CPU figure (one terminal game's worth of CPU is plenty)."""


def ms(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"median {1000 * statistics.median(values):.2f} ms, p99 {1000 * p99:.2f} ms"


def ssh_host_key(tmp: Path) -> Path:
    """The host key ``start_server`` made under its ``XDG_DATA_HOME``."""
    return next((tmp / "data").rglob("ssh_host_ed25519_key"))


class Keys:
    """Client keys and a known_hosts that trusts the server, in a scratch folder."""

    def __init__(self, tmp: Path, port: int) -> None:
        self.tmp = tmp
        self.port = port
        self.known = tmp / "known_hosts"
        key = asyncssh.read_private_key(ssh_host_key(tmp))
        kind, data = key.export_public_key("openssh").decode().split()[:2]
        trust_host(self.known, f"[{LOOPBACK}]:{port} {kind} {data}")

    def opener(self, name: str, address: str, game: str | None = None) -> SshOpener:
        path = self.tmp / f"{name}_ed25519"
        if not path.exists():
            asyncssh.generate_private_key("ssh-ed25519").write_private_key(path)
        return SshOpener(
            SshAddress(LOOPBACK, self.port, name, game),
            known_hosts=self.known,
            identities=(str(path),),
            local_addr=address,
        )


async def ssh_peers(keys: Keys, prefix: str, count: int) -> list[NetPeer]:
    """``count`` ssh:// peers in one new game (the first one's ``join`` makes it)."""
    peers = []
    for i in range(count):
        o = keys.opener(f"{prefix}{i}", f"127.0.2.{i + 1}")
        first = await o.connect()
        peers.append(await NetPeer.connect(first, token=o.token, name=f"{prefix}{i}"))
    return peers


async def greedy_latency(peers: list[NetPeer], seed: str) -> list[float]:
    """Play the game to its end; each decision's time to the last peer applying it."""
    applied: dict[int, list[float]] = {}
    sent: dict[int, float] = {}
    wakeups = [asyncio.Event() for _ in peers]

    def listener(event: ClientEvent) -> None:
        if isinstance(event, EntryApplied):
            applied.setdefault(event.index, []).append(time.perf_counter())
        for wakeup in wakeups:
            wakeup.set()

    for peer in peers:
        peer.add_listener(listener)

    async def play(peer: NetPeer, changed: asyncio.Event) -> None:
        seat = peer.seat
        assert seat is not None
        while not peer.game.over:
            changed.clear()
            settled = all(len(p.game.entries) == len(peer.game.entries) for p in peers)
            if peer.game.to_move() == seat and settled:
                game = peer.game
                index = len(game.entries)
                bot = make_bot("greedy", seat, f"{seed}:{index}")
                sent[index] = time.perf_counter()
                await peer.submit(seat, bot.act(game.state.view(seat), game.rules))
            else:
                await changed.wait()

    await asyncio.gather(*(play(p, w) for p, w in zip(peers, wakeups, strict=True)))
    await asyncio.gather(*(p.wait_over(30) for p in peers))
    for peer in peers:
        assert peer.end is not None and peer.end.ok, peer.end
        await peer.close()
    n = len(peers)
    return [max(applied[i]) - t for i, t in sent.items() if len(applied[i]) == n]


async def tcp_latency(tmp: Path, seed: str) -> list[float]:
    log = str(tmp / f"tcp-{seed}.jetset")
    args = ["--players", "4", "--seed", seed, "--log", log, "--port", "0", "--linger", "1"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "jetset_tui", "host", "--headless", "--bind", LOOPBACK, *args],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    match = re.search(r":(\d+)$", proc.stdout.readline().strip())
    assert match, "the host did not start"
    port = int(match.group(1))
    peers = [await NetPeer.connect(await open_tcp(LOOPBACK, port), name=f"t{i}") for i in range(4)]
    try:
        return await greedy_latency(peers, seed)
    finally:
        proc.wait(30)


async def arrivals(keys: Keys, count: int) -> list[float]:
    async def one(i: int) -> float:
        o = keys.opener(f"a{i}", f"127.0.3.{i + 1}")
        start = time.perf_counter()
        transport, _ = await o.channel()
        took = time.perf_counter() - start
        transport.close()
        return took

    return list(await asyncio.gather(*(one(i) for i in range(count))))


async def income_turns(peers: list[NetPeer], decisions: int) -> None:
    """Each peer takes income on its turn, ``decisions`` in all."""
    for _ in range(decisions):
        for _ in range(2000):
            mover = next((p for p in peers if p.seat == p.game.to_move() and p.caught_up), None)
            if mover is not None and all(
                len(p.game.entries) == len(mover.game.entries) for p in peers
            ):
                break
            await asyncio.sleep(0.002)
        states = [(p.seat, p.game.to_move(), len(p.game.entries), p.lost) for p in peers]
        assert mover is not None and mover.seat is not None, states
        await mover.submit(mover.seat, Income())


async def terminal_income(terms: list, decisions: int) -> None:  # type: ignore[type-arg]
    last = None
    for _ in range(decisions):
        deadline = time.monotonic() + 30
        while True:
            mover = next((t for t in terms if t is not last and "your turn" in t.text()), None)
            if mover is not None:
                break
            assert time.monotonic() < deadline, "no one's turn"
            await asyncio.sleep(0.01)
        await mover.command("income")
        last = mover


async def run(arrival_count: int, decisions: int, games: int) -> dict[str, object]:
    tmp = Path(tempfile.mkdtemp(prefix="bench-ssh-join-"))
    proc, port = start_server(tmp)
    out: dict[str, object] = {}
    try:
        await asyncio.sleep(1.0)
        keys = Keys(tmp, port)
        # 2: arrivals first, on a quiet server
        times = await arrivals(keys, arrival_count)
        out["arrivals"] = times
        # 1: latency, ssh:// and TCP in turn
        ssh_lat: list[float] = []
        tcp_lat: list[float] = []
        for g in range(games):
            ssh_lat += await greedy_latency(await ssh_peers(keys, f"g{g}x", 4), f"s{g}")
            tcp_lat += await tcp_latency(tmp, f"t{g}")
        out["ssh_latency"], out["tcp_latency"] = ssh_lat, tcp_lat
        # 3: CPU per decision and memory, ssh:// peers then terminal players
        cpu = wall = 0.0
        for rep in range(SSH_GAMES):  # CPU time is counted in 10 ms ticks: many decisions
            base = rss_mb(proc.pid)
            peers = await ssh_peers(keys, f"c{rep}x", 4)
            await asyncio.sleep(0.5)
            cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
            await income_turns(peers, decisions)
            cpu += cpu_seconds(proc.pid) - cpu0
            wall += time.perf_counter() - wall0
            out["ssh_rss_mb"] = rss_mb(proc.pid) - base
            for peer in peers:
                await peer.close()
        out["ssh_cpu_per_decision_ms"] = 1000 * cpu / (decisions * SSH_GAMES)
        out["ssh_wall_s"] = wall
        base = rss_mb(proc.pid)
        terms = [(await session(port, f"term{i}", f"127.0.4.{i + 1}"))[0] for i in range(4)]
        await create_game(terms[0], 4)
        title = "term0's game"
        row = await game_row(terms[1], title)
        for term in terms[1:]:
            await join_game(term, row, title)
        for term in terms:
            await term.wait_for("JET SET", timeout=60, settle=0)
        await asyncio.sleep(1.0)
        cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
        await terminal_income(terms, decisions)
        await asyncio.sleep(0.5)  # the last move's screens
        out["term_cpu_per_decision_ms"] = 1000 * (cpu_seconds(proc.pid) - cpu0) / decisions
        out["term_wall_s"] = time.perf_counter() - wall0
        out["term_rss_mb"] = rss_mb(proc.pid) - base
        for term in terms:
            await term.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return out


async def game_row(term: object, title: str) -> int:
    """The lobby row (0-based) of the game called ``title``, as the Down key counts."""
    text = await term.wait_for(title, timeout=30)  # type: ignore[attr-defined]
    rows = [line for line in text.splitlines() if re.match(r"\s*\d+\s", line)]
    return next(i for i, line in enumerate(rows) if title in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--arrivals", type=int, default=24)
    parser.add_argument("--decisions", type=int, default=16)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    r = asyncio.run(run(args.arrivals, args.decisions, args.games))
    arr = r["arrivals"]
    assert isinstance(arr, list)
    print(f"{len(arr)} ssh:// clients at once, connect -> games: {ms(arr)}, max {max(arr):.3f} s")
    for kind in ("ssh", "tcp"):
        lat = r[f"{kind}_latency"]
        assert isinstance(lat, list)
        print(f"action -> applied at all 4 peers over {kind}: {ms(lat)} ({len(lat)} decisions)")
    for kind, words in (("ssh", "4 ssh:// peers"), ("term", "4 terminal SSH players")):
        print(
            f"server CPU per decision, {words}: {r[f'{kind}_cpu_per_decision_ms']:.2f} ms "
            f"({r[f'{kind}_wall_s']:.1f} s wall), memory +{r[f'{kind}_rss_mb']:.1f} MB"
        )


if __name__ == "__main__":
    main()
