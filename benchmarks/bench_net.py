"""Network benchmark (issue 4): action-to-applied latency with six peers, and 50 games at once.

1. A host in its own process (``jetset host --headless``), six peers over TCP on 127.0.0.1 in this
   process. For every decision: from the moment the acting peer sends it to the moment the last
   of the six peers has applied it. The bare TCP round trip of a frame of the same size to an echo
   server in another process is measured in the same run, for comparison.
2. One process hosts 50 concurrent 4-player games (two in-memory bots and two TCP bot peers each)
   to the end; every peer must end with its host's digest and every log must replay.

Run: ``python benchmarks/bench_net.py [--games N] [--concurrent N]``.
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

from engine.jetset.bots import make_bot
from netcode.botplayer import play_bot
from netcode.client import ClientEvent, EntryApplied
from netcode.framing import FramedConnection, encode
from netcode.host import Host
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.replay import replay
from netcode.table import Table
from netcode.transport import open_tcp

LOOPBACK = "127.0.0.1"

ECHO = """
import asyncio, sys
async def echo(r, w):
    try:
        while True:
            head = await r.readexactly(4)
            body = await r.readexactly(int.from_bytes(head, "big"))
            w.write(head + body)
            await w.drain()
    except Exception:
        pass
async def main():
    s = await asyncio.start_server(echo, "127.0.0.1", 0)
    print(s.sockets[0].getsockname()[1], flush=True)
    await s.serve_forever()
asyncio.run(main())
"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def tcp_round_trip(samples: int) -> list[float]:
    proc = subprocess.Popen([sys.executable, "-c", ECHO], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    port = int(proc.stdout.readline())
    conn = FramedConnection(await open_tcp(LOOPBACK, port), 1 << 20)
    frame = encode({"t": "entry", "i": 123, "a": 2, "x": "buy MIL-ROM 2", "d": "0" * 32})
    out = []
    for _ in range(samples):
        t = time.perf_counter()
        conn.transport.write(frame)  # encoded once, as the host does for a broadcast
        await conn.transport.drain()
        await conn.recv()
        out.append(time.perf_counter() - t)
    conn.close()
    proc.kill()
    return out


async def latency_game(seed: str, log: Path, fsync: bool) -> list[float]:
    """One 6-player game of greedy peers; the latency of each decision."""
    args = ["--players", "6", "--seed", seed, "--log", str(log), "--port", "0", "--linger", "1"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "jetset_tui", "host", "--headless", "--bind", LOOPBACK, *args]
        + ([] if fsync else ["--no-fsync"]),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    match = re.search(r":(\d+)$", proc.stdout.readline().strip())
    assert match, "the host did not start"
    port = int(match.group(1))
    peers = [await NetPeer.connect(await open_tcp(LOOPBACK, port), name=f"p{i}") for i in range(6)]
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
            if peer.game.to_move() == seat and settled:  # decide once all six are in step
                game = peer.game
                index = len(game.entries)
                bot = make_bot("greedy", seat, f"{seed}:{index}")
                action = bot.act(game.state.view(seat), game.rules)
                sent[index] = time.perf_counter()
                await peer.submit(seat, action)
            else:
                await changed.wait()

    await asyncio.gather(*(play(p, w) for p, w in zip(peers, wakeups, strict=True)))
    await asyncio.gather(*(p.wait_over(30) for p in peers))
    for peer in peers:
        assert peer.end is not None and peer.end.ok, peer.end
        await peer.close()
    proc.wait(30)
    return [max(applied[i]) - t for i, t in sent.items() if len(applied[i]) == 6]


async def concurrent_games(count: int, root: Path, fsync: bool) -> tuple[float, int]:
    """``count`` 4-player games in this process; (seconds, entries in all)."""
    from engine import Options

    hosts: list[Host] = []
    servers = []
    peers: list[NetPeer] = []
    start = time.perf_counter()
    for g in range(count):
        table = Table.create(
            Options(players=4),
            ["greedy", "random"],
            root / f"g{g}.jetset",
            seed=f"c{g}",
            fsync=fsync,
        )
        host = Host(table)
        server = await host.serve_tcp(LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        host.start_bots()
        hosts.append(host)
        servers.append(server)
        for kind in ("greedy", "random"):
            peer = await NetPeer.connect(await open_tcp(LOOPBACK, port), name=kind)
            host.spawn(play_bot(peer, kind, peer.commitment or ""))
            peers.append(peer)
    await asyncio.wait_for(asyncio.gather(*(h.finished.wait() for h in hosts)), 600)
    await asyncio.gather(*(p.wait_over(60) for p in peers))
    seconds = time.perf_counter() - start
    entries = 0
    for g, host in enumerate(hosts):
        digest = host.table.game.digest()
        for peer in peers[2 * g : 2 * g + 2]:
            assert peer.end is not None and peer.end.ok and peer.game.digest() == digest
        result = replay(read_log(host.table.log_path))
        assert result.ok and result.digest == digest
        entries += len(host.table.game.entries)
    for server in servers:
        server.close()
    for peer in peers:
        await peer.close()
    for host in hosts:
        await host.close()
    return seconds, entries


async def main(games: int, concurrent: int, fsync: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        rtt = await tcp_round_trip(2000)
        samples: list[float] = []
        for g in range(games):
            samples += await latency_game(f"bench-{g}", root / f"lat{g}.jetset", fsync)
        rtt += await tcp_round_trip(2000)
        ms = 1000
        print(f"six peers, {len(samples)} decisions in {games} games (fsync={fsync}):")
        print(
            f"  action -> all six applied: median {statistics.median(samples) * ms:.2f} ms, "
            f"p99 {pct(samples, 0.99) * ms:.2f} ms, max {max(samples) * ms:.2f} ms"
        )
        print(
            f"  bare TCP round trip (same frame, echo process): median "
            f"{statistics.median(rtt) * ms:.3f} ms, p99 {pct(rtt, 0.99) * ms:.3f} ms"
        )
        seconds, entries = await concurrent_games(concurrent, root, fsync)
        print(
            f"{concurrent} concurrent 4-player games in one process (fsync={fsync}): all ended "
            "and verified in "
            f"{seconds:.1f} s ({entries} entries, {entries / seconds:.0f} entries/s)"
        )


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--concurrent", type=int, default=50)
    ap.add_argument("--no-fsync", action="store_true")
    ns = ap.parse_args()
    asyncio.run(main(ns.games, ns.concurrent, not ns.no_fsync))
