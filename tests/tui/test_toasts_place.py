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
