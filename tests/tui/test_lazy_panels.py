"""A local game's first frame loads no bot and none of the panels mounted after it (BENCHMARKS.md,
"TUI"): the hand's route planner lives in ``engine.jetset.bots``, whose package loads its bots
only when a table seats them (PEP 562), and the players and the rows are imported
where ``GameScreen.mount_table`` mounts them.

Checked in a fresh interpreter by tests/tui/first_frame.py, as tests/tui/test_lazy_network.py
is: the real app, a game against greedy bots opened as ``jetset play`` opens it, each module
looked for in ``sys.modules`` when the game screen is first drawn, and again once the table is
mounted and the bots play."""

from __future__ import annotations

from pathlib import Path

from tests.tui.first_frame import first_frame

LATER = (
    "engine.jetset.bots.greedy",
    "engine.jetset.bots.mcts",
    "engine.jetset.bots.random_bot",
    "engine.jetset.bots.race",
    "jetset_tui.widgets.players",
    "jetset_tui.widgets.rows",
)


def test_the_first_frame_loads_no_bot_and_no_later_panel(tmp_path: Path) -> None:
    result = first_frame(LATER, tmp_path)
    assert result["your_turn"], "the first frame says whose turn it is"
    assert result["first"] == [], "loaded before the first frame"
    assert {"engine.jetset.bots.greedy", "jetset_tui.widgets.rows"} <= set(result["after"])
    assert "jetset_tui.widgets.players" in result["after"]
    assert result["played"] > 4, "the bots played once the session started"
    assert "Short Flights" in result["rows"], "the rows were mounted and drawn"
