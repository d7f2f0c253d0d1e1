"""An app that shares its event loop with other players (the SSH server's) never makes a map
layout on that loop: a size the map has not had yet is laid out on a thread, the map drawn when
it is done (Pilot, the real app)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from jetset_tui import app as app_module
from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.widgets import map_layout
from jetset_tui.widgets.map import EuropeMap
from tests.tui.play import game_screen, map_drawn


class SharedLoopApp(JetSetApp):
    CSS_PATH = str(Path(app_module.__file__).with_name("jetset.tcss"))
    shares_loop = True


async def test_a_new_map_size_is_laid_out_off_the_shared_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made_on: list[int] = []
    make = map_layout._layout

    def noting(*args: object) -> map_layout.Layout:
        made_on.append(threading.get_ident())
        return make(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(map_layout, "_layout", noting)
    monkeypatch.setattr(map_layout, "_LAYOUTS", {})  # every size is new
    monkeypatch.setenv("JETSET_HOME", str(tmp_path / "home"))  # on disk too
    plan = GamePlan(["human", "bot:random"], ["Ann", "Amelia"], seed="off-loop",
                    path=tmp_path / "game.jetset")  # fmt: skip
    app = SharedLoopApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    loop_thread = threading.get_ident()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game_map = screen.query_one(EuropeMap)
        for _ in range(200):
            await pilot.pause(0.02)
            if made_on and "AMS" in "".join(s.text for s in game_map._map_strips()):
                break
        await pilot.resize_terminal(130, 44)  # a size never laid out: a thread again
        for _ in range(200):
            await pilot.pause(0.02)
            if len(made_on) >= 2 and game_map._making is None:
                break
    assert len(made_on) >= 2
    assert loop_thread not in made_on


async def test_the_game_shows_before_its_map_is_laid_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's own app: a size laid out nowhere yet (not in memory, not on disk) shows the
    game with a placeholder for the map, lays it out on a thread once that frame is drawn, then
    draws the map; the next start reads the layout from disk, on the loop, with no placeholder."""
    made_on: list[int] = []
    on_map = "─EDI─"  # a city on the map with its lines (the panels name cities too)
    make = map_layout._layout
    go = threading.Event()  # the layouts wait until the first frame has been read

    def noting(*args: object) -> map_layout.Layout:
        made_on.append(threading.get_ident())
        go.wait(timeout=10)
        return make(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(map_layout, "_layout", noting)
    monkeypatch.setattr(map_layout, "_LAYOUTS", {})
    monkeypatch.setenv("JETSET_HOME", str(tmp_path / "home"))
    loop_thread = threading.get_ident()

    def new_app(name: str) -> JetSetApp:
        plan = GamePlan(["human", "bot:random"], ["Ann", "Amelia"], seed="first-frame",
                        path=tmp_path / name)  # fmt: skip
        return JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=60)

    async with new_app("one.jetset").run_test(size=(120, 40)) as pilot:
        while not isinstance(pilot.app.screen, GameScreen):
            await pilot.pause()
        for _ in range(100):  # the turn's bar drawn (one pause was not always enough under load)
            await pilot.pause()
            if "your turn" in screen_text(pilot.app):
                break
        first = screen_text(pilot.app)  # the layouts still wait: the map is not drawn yet
        go.set()
        await map_drawn(pilot)
        drawn = screen_text(pilot.app)
    assert "your turn" in first
    assert "drawing the map" in first and on_map not in first
    assert on_map in drawn and "drawing the map" not in drawn
    assert made_on and loop_thread not in made_on
    assert list((tmp_path / "home" / "cache" / "maps").glob("*.json"))

    made_on.clear()
    monkeypatch.setattr(map_layout, "_LAYOUTS", {})  # a new process: memory empty, disk kept
    async with new_app("two.jetset").run_test(size=(120, 40)) as pilot:
        while not isinstance(pilot.app.screen, GameScreen):
            await pilot.pause()
        await pilot.pause()
        again = screen_text(pilot.app)
    assert on_map in again and "drawing the map" not in again
    assert made_on == []
