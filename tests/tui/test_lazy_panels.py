"""A local game's first frame loads no bot and none of the panels mounted after it (BENCHMARKS.md,
"TUI"): the hand's route planner lives in ``engine.jetset.bots``, whose package loads its bots
only when a table seats them (PEP 562), and the players and the rows are imported
where ``GameScreen.mount_table`` mounts them.

Checked in a fresh interpreter (this one has loaded them for other tests), as
tests/tui/test_lazy_network.py does: the real app, a game against greedy bots opened as ``jetset
play`` opens it, each module looked for in ``sys.modules`` when the game screen is first drawn,
and again once the table is mounted and the bots play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LATER = (
    "engine.jetset.bots.greedy",
    "engine.jetset.bots.mcts",
    "engine.jetset.bots.random_bot",
    "engine.jetset.bots.race",
    "jetset_tui.widgets.players",
    "jetset_tui.widgets.rows",
)

SCRIPT = """
import asyncio, json, sys
from pathlib import Path

from jetset_tui import startup

startup.hold()  # as `jetset play` does

from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.seating import GamePlan

LATER = {later!r}
seen = []
render = GameScreen.render


def first_render(self):
    if not seen:
        bar = str(self.query_one("#turn-bar").render())
        seen.append(([m for m in LATER if m in sys.modules], "your turn" in bar))
    return render(self)


GameScreen.render = first_render


async def main():
    folder = Path({folder!r})
    plan = GamePlan(["human", "bot:greedy", "bot:greedy"], ["Ann", "Amelia", "Wilbur"],
                    seed="lazy", path=folder / "game.jetset")
    app = JetSetApp(plan=plan, fsync=False, saves=folder, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            await pilot.pause(0.02)
            screen = app.screen
            if isinstance(screen, GameScreen) and screen.table_ready:
                break
        await pilot.press("i", "enter")  # Take income: the bots move after it
        for _ in range(300):
            await pilot.pause(0.02)
            if screen.my_turn() and len(screen.session.game.entries) > 4:
                break
        played = len(screen.session.game.entries)
        rows = str(screen.query_one("RowsPanel").render())
    first, your_turn = seen[0]
    after = [m for m in LATER if m in sys.modules]
    print(json.dumps({{"first": first, "your_turn": your_turn, "after": after,
                       "played": played, "rows": rows}}))


asyncio.run(main())
"""


def test_the_first_frame_loads_no_bot_and_no_later_panel(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    script = SCRIPT.format(later=LATER, folder=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=root, timeout=120
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["your_turn"], "the first frame says whose turn it is"
    assert result["first"] == [], "loaded before the first frame"
    assert {"engine.jetset.bots.greedy", "jetset_tui.widgets.rows"} <= set(result["after"])
    assert "jetset_tui.widgets.players" in result["after"]
    assert result["played"] > 4, "the bots played once the session started"
    assert "Short Flights" in result["rows"], "the rows were mounted and drawn"
