"""Soak benchmark (issue 15): one host process serving 20 games while their peers drop and return.

Each run starts ``benchmarks/soak_host.py`` (one asyncio loop, 20 ``Host``s of real ``Table``s
with fsynced log files in a temporary folder; two seats a game played by the host's in-memory
bots) and plays the other two seats of every game from this process as TCP bot peers on
127.0.0.1 that a seeded random stream cuts off after up to three entries each; they reconnect with
their tokens and catch up (``benchmarks/soak.py``). A run counts only if every game ends, every
log verifies as ``jetset replay --verify`` checks it, every peer applied every entry once and ends
with its log's digest, and the host logged no warning. Figures are the host process's: entries
of all games per wall second and per CPU second, CPU use, peak RSS; the median of the runs
(every run plays the same games with the same drop plan, both drawn from ``--seed``).

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_soak [--runs 3]
[--games 20] [--drops 3] [--no-fsync] [--at-least RATE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
from pathlib import Path

from benchmarks.soak import SoakConfig, SoakResult, run_soak


def row(label: str, r: SoakResult) -> str:
    return (
        f"{label:>6}  {r.entries:6d} entries  {r.wall:6.1f} s  "
        f"{r.per_wall_second:5.0f}/s wall  {r.per_cpu_second:5.0f}/s CPU  "
        f"CPU {100 * r.cpu / r.wall:3.0f}%  peak RSS {r.peak_rss_kb / 1024:5.1f} MB  "
        f"{r.drops} drops, {r.reconnects} reconnects, {r.refused} refused  "
        f"(peers' process: CPU {r.peers_cpu:.1f} s; load average {os.getloadavg()[0]:.1f})"
    )


async def one_run(config: SoakConfig) -> SoakResult:
    with tempfile.TemporaryDirectory(prefix="jetset-soak-") as tmp:
        result = await run_soak(config, Path(tmp))
    if result.problems:
        raise SystemExit("the soak failed:\n  " + "\n  ".join(result.problems))
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs to take the median of (3)")
    ap.add_argument("--games", type=int, default=20, help="games on the host at once (20)")
    ap.add_argument("--drops", type=int, default=3, help="at most this many drops a peer")
    ap.add_argument("--seed", default="soak", help="the games' seeds and the drops' plan")
    ap.add_argument("--no-fsync", action="store_true", help="the host flushes its logs only")
    ap.add_argument(
        "--at-least",
        type=float,
        metavar="RATE",
        help="exit 1 if the median entries/s over wall time is below RATE (issue 15: 430)",
    )
    ns = ap.parse_args()
    config = SoakConfig(games=ns.games, max_drops=ns.drops, seed=ns.seed, fsync=not ns.no_fsync)
    results = []
    for n in range(ns.runs):
        results.append(asyncio.run(one_run(config)))
        print(row(f"run {n + 1}", results[-1]), flush=True)
    wall = statistics.median(r.per_wall_second for r in results)
    cpu = statistics.median(r.per_cpu_second for r in results)
    share = statistics.median(r.cpu / r.wall for r in results)
    rss = statistics.median(r.peak_rss_kb for r in results) / 1024
    print(
        f"median of {ns.runs}: {wall:.0f} entries/s over wall time, {cpu:.0f} entries per CPU "
        f"second, host CPU {100 * share:.0f}% of one core, peak RSS {rss:.1f} MB "
        f"({ns.games} games, fsync={not ns.no_fsync})"
    )
    if ns.at_least is not None and wall < ns.at_least:
        raise SystemExit(f"the median, {wall:.0f} entries/s, is below {ns.at_least:.0f}")


if __name__ == "__main__":
    main()
