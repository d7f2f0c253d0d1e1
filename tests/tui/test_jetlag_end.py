"""Jet Lag's end screen: the points by source, and who won by the rulebook's order (points, then
more tourists played, then a draw said as a draw). Real games of the engine's bots, in the app."""

from __future__ import annotations

import pytest

from engine.jetlag.scoring import scores, winners
from engine.jetlag.selfplay import play_game
from engine.jetlag.state import State
from jetset_tui.app import JetSetApp
from jetset_tui.screens.jetlag_end import JetLagEndScreen
from jetset_tui.screenshot import screen_text

NAMES = ["Ann", "Bob"]
DRAW_SEED = "end-12"
"""greedy against greedy: 22 points and 8 tourists each."""
TIE_SEED = "end-25"
"""greedy against greedy: 39 points each, 8 tourists to 7."""


async def end_text(state: State, size: tuple[int, int] = (100, 40)) -> str:
    app = JetSetApp(fsync=False)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(JetLagEndScreen(state, NAMES, 0))
        await pilot.pause()
        return screen_text(app)


async def test_a_draw_is_said_as_a_draw() -> None:
    state = play_game(DRAW_SEED, ("greedy", "greedy")).state
    assert winners(state) == [0, 1], "the seed still plays a draw"
    text = await end_text(state)
    assert "A draw: 22 points each and 8 tourists each" in text
    assert "wins" not in text


async def test_equal_points_go_to_more_tourists() -> None:
    state = play_game(TIE_SEED, ("greedy", "greedy")).state
    a, b = (s.total for s in scores(state))
    assert a == b == 39 and (state.tourists(0), state.tourists(1)) == (8, 7)
    text = await end_text(state)
    assert "39 points each: Ann played more tourists (8 to 7) and wins." in text


@pytest.mark.parametrize("seed", ["end-0", "end-1"])
async def test_the_points_by_source_add_up_to_each_total(seed: str) -> None:
    state = play_game(seed, ("greedy", "search")).state
    text = await end_text(state)
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    both = scores(state)
    assert rows["Affinities"].split()[-2:] == [str(s.affinity) for s in both]
    assert rows["Control"].split()[-2:] == [str(s.control) for s in both]
    assert rows["Total"].split()[-2:] == [str(s.total) for s in both]
    for i in range(len(state.line)):
        row = next(line for line in text.splitlines() if line.lstrip().startswith(f"{i + 1} "))
        assert row.split()[-2:] == [str(s.objectives[i]) for s in both]
    (w,) = winners(state) if len(winners(state)) == 1 else (None,)
    assert w is not None and f"{NAMES[w]} wins" in text
