"""The host process of the soak benchmark (``benchmarks/soak.py``): one asyncio loop serving many
games, each a ``Host`` of a real ``Table`` with its log file on disk and its own TCP port on
127.0.0.1, bot seats played by the host's in-memory bots and the other seats left open for peers.

Run as a script (``python benchmarks/soak_host.py ROOT --games N ...``; it imports no
``benchmarks`` module, so the engine comes from wherever jetset is installed). It prints one JSON
line ``{"ports": [...]}`` once every game listens, then, when every game has ended, one JSON line
of figures measured from the first line to the last game's end: the entries of all games, wall
seconds, CPU seconds of this process (every thread: the host's bots think off the loop), its peak
RSS, and the warnings and errors it logged. It keeps serving (a dropped peer may come back after
the end for the last entries) until a line or the end of its standard input (which also stops
it early, without figures), then closes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import resource
import sys
import time
from pathlib import Path
from typing import Any

from engine import Options
from netcode.host import Host
from netcode.table import Table

LOOPBACK = "127.0.0.1"


class Counter(logging.Handler):
    """Counts the records of WARNING and above, and keeps the first few for the report."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.warnings = 0
        self.errors = 0
        self.first: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            self.errors += 1
        else:
            self.warnings += 1
        if len(self.first) < 10:
            self.first.append(f"{record.levelname} {record.name}: {record.getMessage()}")


def figures(hosts: list[Host], wall: float, cpu: float, counter: Counter) -> dict[str, Any]:
    return {
        "entries": sum(len(host.table.game.entries) for host in hosts),
        "wall": wall,
        "cpu": cpu,
        "peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "warnings": counter.warnings,
        "errors": counter.errors,
        "logged": counter.first,
        "games": [{"log": str(h.table.log_path), "digest": h.table.game.digest()} for h in hosts],
    }


def emit(obj: object) -> None:
    print(json.dumps(obj, separators=(",", ":")), flush=True)


async def serve(ns: argparse.Namespace, counter: Counter) -> None:
    root = Path(ns.root)
    bots = ns.bots.split(",") if ns.bots else []
    hosts: list[Host] = []
    servers: list[asyncio.Server] = []
    for g in range(ns.games):
        options = Options(players=ns.seats)
        log_path = root / f"game{g:02d}.jetset"
        table = Table.create(options, bots, log_path, seed=f"{ns.seed}:{g}", fsync=ns.fsync)
        host = Host(table)
        servers.append(await host.serve_tcp(LOOPBACK, 0))
        hosts.append(host)
    wall, cpu = time.perf_counter(), time.process_time()  # every thread's CPU
    for host in hosts:
        host.start_bots()
    emit({"ports": [server.sockets[0].getsockname()[1] for server in servers]})
    told = asyncio.ensure_future(asyncio.to_thread(sys.stdin.readline))
    finished = asyncio.ensure_future(asyncio.gather(*(host.finished.wait() for host in hosts)))
    await asyncio.wait([told, finished], timeout=ns.timeout, return_when=asyncio.FIRST_COMPLETED)
    if finished.done():
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        emit(figures(hosts, wall, cpu, counter))
        await told  # until the driver has checked every peer
    finished.cancel()
    for server in servers:
        server.close()
    for host in hosts:
        await host.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", help="the folder for the games' logs")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--bots", default="greedy,random", help="the host's bot seats (kinds)")
    ap.add_argument("--seed", default="soak")
    ap.add_argument("--no-fsync", dest="fsync", action="store_false")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds for all games to end")
    ns = ap.parse_args()
    counter = Counter()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger().addHandler(counter)
    asyncio.run(serve(ns, counter))


if __name__ == "__main__":
    main()
