"""What keeping the held moves beside the log costs a move (netcode/heldfile.py).

A local game holds a person's newest moves, and the bots' replies, off the log so that they can
be taken back, and keeps them in ``<log>.held`` so that a killed program loses none: each move
while moves are held rewrites that small file. Measured here: ``Table.decide`` of two-player
games of income and first legal moves, with nothing held (each move written to the log: the
baseline) and with every move held (the file rewritten each time), in the same run.

Run: ``python benchmarks/bench_held.py [--games N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from engine import Income, Options
from netcode.heldturn import HeldTurn
from netcode.table import Table

MOVES = 40


def decide_times(folder: Path, name: str, held: bool) -> list[float]:
    """Seconds each of a game's first ``MOVES`` decisions took ``Table.decide``."""
    table = Table.create(Options(players=2), ["greedy"], folder / name, seed=name, fsync=False)
    table.start()
    if held:  # both seats a person's: every move held until a card comes up
        table.held = HeldTurn((0, 1), written=len(table.game.entries), rules=table.rules)
    times: list[float] = []
    try:
        for _ in range(MOVES):
            seat = table.game.to_move()
            if table.game.over or seat is None or seat < 0:
                break
            legal = table.game.legal_actions()
            action = next((a for a in legal if isinstance(a, Income)), legal[0])
            start = time.perf_counter()
            table.decide(seat, action)
            times.append(time.perf_counter() - start)
    finally:
        table.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for run in range(args.runs):
            plain: list[float] = []
            held: list[float] = []
            for game in range(args.games):
                plain += decide_times(folder, f"plain-{run}-{game}.jetset", held=False)
                held += decide_times(folder, f"held-{run}-{game}.jetset", held=True)
            base, kept = statistics.median(plain), statistics.median(held)
            print(
                f"run {run + 1}: a move written to the log {base * 1e6:.0f} µs, "
                f"held with its file kept {kept * 1e6:.0f} µs ({len(plain)} and {len(held)} moves)"
            )


if __name__ == "__main__":
    main()
