"""Snapshots of the main screens as text (every cell, no colours), compared with the files in
``snapshots/``. After a deliberate change to a screen: JETSET_UPDATE_SNAPSHOTS=1 pytest tests/tui,
then read the diff of the snapshot files before committing them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine import Options
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.screens.end import EndScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.theme import LIVERIES
from netcode.seatkind import SeatKind
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (120, 40)


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("JETSET_UPDATE_SNAPSHOTS") or not path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text)
        if not os.environ.get("JETSET_UPDATE_SNAPSHOTS"):
            pytest.fail(f"wrote the new snapshot {path.name}; check it and run again")
    assert text == path.read_text(), f"{name} changed: JETSET_UPDATE_SNAPSHOTS=1 to accept"


async def test_start_screen() -> None:
    app = JetSetApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        check_snapshot("start", screen_text(app))


async def test_game_screen_first_turn(tmp_path: Path) -> None:
    bot = f"bot:{ADVISOR}"
    app = make_app(tmp_path, ["human", bot, bot, bot], seed="snapshot")
    async with app.run_test(size=SIZE) as pilot:
        await game_screen(pilot)
        await pilot.pause()
        check_snapshot("game", screen_text(app))
        await pilot.press("b", "m", "i", "l", "2")
        await pilot.pause()
        check_snapshot("game-buy", screen_text(app))
        await pilot.press("escape", "c")
        await pilot.pause()
        check_snapshot("game-claim", screen_text(app))


async def test_help_screen() -> None:
    app = JetSetApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        check_snapshot("help", text)
        assert "Esc (or F1) closes this page." in text
        await pilot.press("escape")
        await pilot.pause()
        assert "Jet Set in brief" not in screen_text(app)


async def test_end_screen() -> None:
    app = JetSetApp()
    game = play_game(Options(players=3), "snapshot-end", ["random"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        names = ["Ann", "Amelia", "Wilbur"]
        kinds = [SeatKind.parse(k) for k in ("human", "bot:random", "bot:random")]
        app.push_screen(EndScreen(game, names, kinds, list(LIVERIES[:3])))
        await pilot.pause()
        text = screen_text(app)
        assert "Points, turn by turn" in text and "Cash, turn by turn" in text
        check_snapshot("end", text)
