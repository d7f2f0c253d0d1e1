"""The map's layout per new terminal size: CPU time of one layout, made afresh, for the sizes a
player's terminal gives the map, in the base game and with hubs (median of ``--runs``), and the
links routed loosely. Prints the table of BENCHMARKS.md "The map's layout".

Run: ``python benchmarks/bench_map_layout.py [--runs 5]``. Run it from another checkout
(``PYTHONPATH=that/checkout``) to measure another version of the layout the same way.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.jetset.game import Game
from engine.jetset.options import Options
from jetset_tui.widgets import map_layout

SIZES = (
    ("80×24, turn bar on two lines", 80, 13),
    ("80×24", 80, 14),
    ("80×24 zoomed, `Z`", 80, 20),
    ("100×30", 58, 18),
    ("100×30 zoomed", 100, 26),
    ("120×40", 72, 26),
    ("200×60", 140, 46),
    ("250×70", 190, 56),
)
"""Each terminal and the map it leaves."""


def cost(width: int, height: int, hubs: bool, runs: int) -> tuple[float, int]:
    """The median CPU milliseconds of a fresh layout, and its loose links."""
    board = Game(Options(players=4)).state.board
    times = []
    loose = 0
    for _ in range(runs):
        start = time.process_time()
        made = map_layout._layout(board, width, height, hubs)
        times.append((time.process_time() - start) * 1000)
        loose = len(made.loose)
    return statistics.median(times), loose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="layouts a size (default 5)")
    runs = parser.parse_args().runs
    print("| terminal (map) | base / hubs | loose links (base / hubs) |")
    print("|---|---|---|")
    for name, width, height in SIZES:
        (base, base_loose), (hubs, hubs_loose) = (
            cost(width, height, on, runs) for on in (False, True)
        )
        print(
            f"| {name} ({width}×{height}) | {base:.0f} / {hubs:.0f} ms "
            f"| {base_loose} / {hubs_loose} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
