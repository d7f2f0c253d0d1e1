"""Notices stack above the command line: at 80x24 a chat notice covered, on the right half, what
the command line said of the move just typed and the hint above it (a play test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from jetset_tui.widgets.command import CommandLine
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, settled

BOT = f"bot:{ADVISOR}"


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_a_notice_never_covers_the_command_line_or_the_keys(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="toast")
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await game_screen(pilot)
        await pilot.press(":", *"income", "enter")
        await pilot.pause()
        app.notify("Amelia: a chat line long enough to wrap in a notice of forty columns")
        assert await settled(pilot, lambda: bool(screen.query(Toast)))
        await pilot.pause()
        toast = screen.query_one(Toast).region
        command = screen.query_one(CommandLine).region
        assert toast.height >= 3, toast
        assert toast.bottom <= command.y, (toast, command)


async def test_a_notice_never_covers_jet_lags_hint_or_command_line() -> None:
    """Jet Lag's hint line says what a play did or why it was refused: notices stack above it."""
    from jetset_tui.jetlag_plan import plan_for
    from tests.tui.jetlag_keys import jetlag_app, settle, table_screen

    app = jetlag_app(plan_for("greedy", "Ann", seed="toast"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        app.notify("Bob: a chat line long enough to wrap in a notice of forty columns")
        assert await settled(pilot, lambda: bool(screen.query(Toast)))
        await pilot.pause()
        toast = screen.query_one(Toast).region
        hint = screen.query_one("#jl-hint").region
        assert toast.height >= 3 and toast.bottom <= hint.y, (toast, hint)


async def test_a_long_answer_shows_whole_with_a_notice_above_it(tmp_path: Path) -> None:
    """A fix's check at 80x24 with the expansion: ``fly`` was answered in three lines, the last
    under the keys, and a chat notice then covered the first two (it stacked above where the
    command line had been before it grew)."""
    from jetset_tui.app import JetSetApp
    from jetset_tui.screenshot import screen_text
    from jetset_tui.seating import GamePlan

    modules = ("distant_lands", "investors", "business_cards")
    kinds, names = ["human", BOT, BOT, BOT], ["Ann", "Amelia", "Wilbur", "Bessie"]
    path = tmp_path / "g.jetset"
    plan = GamePlan(kinds, names, seed="toast", path=path, extra_cards=True, modules=modules)
    app = JetSetApp(plan=plan, bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await game_screen(pilot)
        await pilot.press(":", *"fly", "enter")
        command = screen.query_one(CommandLine)
        assert await settled(pilot, lambda: command.size.height >= 4), "three lines of answer"
        app.notify("pia: a chat line long enough to wrap in a notice of forty columns")
        assert await settled(pilot, lambda: bool(screen.query(Toast)))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert "accept, decline, discard, done" in lines[-2], "the answer's last line, in sight"
        toast, typed = screen.query_one(Toast).region, command.region
        assert toast.bottom <= typed.y, (toast, typed)


async def test_fitting_the_boxes_while_the_screen_goes_does_nothing(tmp_path: Path) -> None:
    """CI's SSH session died (NoMatches: no ActionPicker) as a game screen went: its command
    line, shrinking as the boxes were removed, asked the screen to fit them once more."""
    from jetset_tui.widgets.picker import ActionPicker

    app = make_app(tmp_path, ["human", BOT], seed="going")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        await screen.query_one(ActionPicker).remove()
        screen.fit_log()  # raised NoMatches
        await pilot.pause()
        assert screen.is_attached
