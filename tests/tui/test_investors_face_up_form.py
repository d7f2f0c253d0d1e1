"""The Investors' face-up variant in the app's new-game form (Pilot): tickable only with the
Investors module, and the game and its log's header have it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from jetset_tui.app import JetSetApp
from jetset_tui.screens.new_game import NewGameScreen
from jetset_tui.screenshot import screen_text
from netcode.logfile import read_log
from tests.tui.play import game_screen


async def test_the_form_ticks_investors_face_up(tmp_path: Path) -> None:
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "face up" in screen_text(app), "readable at 80x24"
        face_up = app.screen.query_one("#investors-face-up", Checkbox)
        assert face_up.disabled, "a variant of the Investors module: not without it"
        await pilot.click("#modules-investors")
        await pilot.pause()
        assert not face_up.disabled
        await pilot.click("#investors-face-up")
        await pilot.pause()
        assert face_up.value
        await pilot.click("#modules-investors")  # Investors off again: face up goes too
        await pilot.pause()
        assert face_up.disabled and not face_up.value
        await pilot.click("#modules-investors")
        await pilot.click("#investors-face-up")
        await pilot.pause()
        await pilot.press("ctrl+s")
        screen = await game_screen(pilot)
        options = screen.session.game.options
        assert options.investors and options.investors_face_up
    (path,) = tmp_path.glob("*.jetset")
    header = read_log(path).header.options
    assert header.investors and header.investors_face_up
