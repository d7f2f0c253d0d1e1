"""The game screen at 100×30, 120×40 and 200×60, and the message below 100×30."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.board import load_board
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.map import EuropeMap
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen

BOT = f"bot:{ADVISOR}"
NAMES = ("Ann", "Amelia", "Wilbur", "Bessie")


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (200, 60)])
async def test_the_game_screen_shows_everything(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", BOT, BOT, BOT], seed="layout")
    async with app.run_test(size=size) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == size[1]
        assert "JET SET" in lines[0] and "your turn" in lines[0]
        assert "Make the terminal larger" not in text
        for city in load_board().cities:
            assert city.code in text, city.code
        for name in NAMES:
            assert name in text
        for heading in ("Short Flights", "Long Flights", "Vacation", "Ann's Final Flights"):
            assert heading in text
        for card in screen.session.game.state.rows["short"]:
            assert card in text
        assert "Buy" in lines[-1] and "Claim" in lines[-1]
        game_map = screen.query_one(EuropeMap)
        assert game_map.size.width >= 55 and game_map.size.height >= 15
        if size[0] >= 200:
            assert "Stockholm" in text and "Edinburgh" in text  # names where room allows


@pytest.mark.parametrize("size", [(99, 30), (120, 29), (80, 24)])
async def test_too_small_says_so_and_recovers(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="small")
    async with app.run_test(size=size) as pilot:
        await game_screen(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "Make the terminal larger" in text
        assert f"this terminal is {size[0]}×{size[1]}" in text
        assert "JET SET" not in text and "Short Flights" not in text
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        text = screen_text(app)
        assert "Make the terminal larger" not in text and "JET SET" in text
