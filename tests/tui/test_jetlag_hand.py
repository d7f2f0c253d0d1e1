"""The Jet Lag hand in a window of 30 rows and more (its ``detail``) takes the same lines whatever
it holds: four cards of a pile, the three passed, the one given back or none, with the other
player's cards known, counted or gone, the chosen card's objective said or not. A hand that
changed height moved the points under it, and Textual sent its lines again a frame after a play
(benchmarks/bench_tui.py at 120×40: 59 ms and 11 KB a play, against 17 ms and 7 KB in one
frame). On fewer rows it takes only the lines it needs, so that the points fit at 80×24
(tests/tui/test_jetlag_fit.py)."""

from __future__ import annotations

from rich.console import Console

from engine.botgame import play_bots
from engine.jetlag.game import JET_LAG
from engine.jetlag.state import State
from jetset_tui.widgets.jetlag_hand import hand_text

NAMES = ("Ann", "Bob")


def views_of_a_game(seed: str) -> list[State]:
    """Seat 0's view after every entry of a whole greedy game."""
    played = play_bots(JET_LAG, {}, seed, ["greedy", "greedy"])
    table = JET_LAG.new_table({})
    views = []
    for entry in played.entries:
        table.push(entry)
        views.append(table.view(0))
    return views


def lines_of(view: State, chosen: int | None, detail: bool, width: int = 110) -> int:
    console = Console(width=width, record=True, color_system=None)
    console.print(hand_text(view, 0, NAMES, chosen, detail))
    return len(console.export_text().splitlines())


def test_the_hand_keeps_its_height_through_a_game() -> None:
    views = views_of_a_game("hand height")
    sizes = {len(view.hands[0] or []) for view in views}
    assert {0, 1, 3, 4} <= sizes, "the game passes every size of hand"
    assert any(view.hands[1] for view in views) and any(not view.hands[1] for view in views)
    heights = {
        lines_of(view, chosen, detail=True)
        for view in views
        for chosen in ((None, 0) if view.hands[0] else (None,))
    }
    assert heights == {7}, f"{sorted(heights)} lines: title, 4 cards, objective, the other's"
    brief = {len(view.hands[0] or []): lines_of(view, None, detail=False) for view in views}
    assert brief[1] < brief[4], "on fewer rows a hand of one card takes fewer lines than four"
