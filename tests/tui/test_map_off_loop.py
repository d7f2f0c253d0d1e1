"""An app that shares its event loop with other players (the SSH server's) never makes a map
layout on that loop: a size the map has not had yet is laid out on a thread, the map drawn when
it is done (Pilot, the real app)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from jetset_tui import app as app_module
from jetset_tui.app import JetSetApp
from jetset_tui.seating import GamePlan
from jetset_tui.widgets import map_layout
from jetset_tui.widgets.map import EuropeMap
from tests.tui.play import game_screen


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
