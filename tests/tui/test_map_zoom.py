"""The map on screen is the canvas the reading test checks, and ``Z`` gives a cramped map the
whole window, where every link has its label and no line touches another (Pilot, the real app, in
monochrome as ``NO_COLOR`` asks, with every module)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap, geometry, map_canvas
from tests.tui.play import ADVISOR, game_screen, map_drawn, play_turns, settled
from tests.tui.test_map_reading import lies, read_map

BOT = f"bot:{ADVISOR}"
MODULES = ("distant_lands", "hubs", "business_cards", "investors")


def every_module_app(tmp_path: Path) -> JetSetApp:
    plan = GamePlan(
        ["human", BOT, BOT, BOT], ["Ann", "Amelia", "Wilbur", "Bessie"], seed="zoom",
        path=tmp_path / "game.jetset", modules=MODULES,
    )  # fmt: skip
    return JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)


def map_on_screen(app: JetSetApp, screen: GameScreen) -> list[str]:
    """The map's rows as the terminal shows them."""
    game_map = screen.query_one(EuropeMap)
    region = game_map.region
    lines = screen_text(app).splitlines()
    return [line[region.x : region.right] for line in lines[region.y : region.bottom]]


def check_map_shown(app: JetSetApp, screen: GameScreen, whole: bool = False) -> None:
    """What the terminal shows of the map is the canvas, and it reads true (with what a cramped
    map is allowed, as in test_map_reading; ``whole``: with nothing allowed, every link labelled
    and routed clear of the others)."""
    game_map = screen.query_one(EuropeMap)
    width, height = game_map.drawn_size()  # its own, or a few rows less (``drawn_size``)
    state = screen.table().state
    canvas = map_canvas(state, width, height, screen.liveries)
    shown = map_on_screen(app, screen)
    assert shown[:height] == ["".join(row) for row in canvas.chars]
    assert not "".join(shown[height:]).strip(), "the rows below the map drawn stay blank"
    assert not lies(state, canvas, screen.liveries)
    if whole:
        assert not read_map(state, canvas, screen.liveries)
        assert not geometry(state.board, width, height, state.hubs is not None).loose


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_z_gives_the_map_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = every_module_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await game_screen(pilot)
        assert app.no_color, "monochrome, as NO_COLOR asks"
        await play_turns(app, pilot, screen, turns=3)  # hubs placed, links bought
        await pilot.pause()
        state = screen.session.game.state
        assert any(owner >= 0 for owner in state.owner)
        game_map = screen.query_one(EuropeMap)
        before = game_map.size
        check_map_shown(app, screen)
        await pilot.press("Z")
        await pilot.pause()
        await map_drawn(pilot)  # a size met for the first time is laid out on a thread
        zoomed = game_map.size
        assert zoomed.width == size[0] and zoomed.height >= size[1] - 6 > before.height
        assert "Short Flights" not in screen_text(app) and "types an action" in screen_text(app)
        check_map_shown(app, screen, whole=True)
        await pilot.press("Z")
        await pilot.pause()
        assert game_map.size == before


async def test_the_log_says_z_where_the_map_is_cramped(tmp_path: Path) -> None:
    """A play test at 80×24: the map drew six airlinks touching others end-on, and nothing on
    the screen said that Z gives it the window. The log pane's title says so wherever the map's
    size leaves a link with no way clear of the others, and not where it does not (120×40, or
    the map alone at 80×24), following the window as it is resized."""
    app = every_module_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        game_map, log = screen.query_one(EuropeMap), screen.query_one(NotationLog)
        assert game_map.cramped()
        assert "Z: the whole map · l: the whole log" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await map_drawn(pilot)
        assert await settled(pilot, lambda: not game_map.cramped() and "Z" not in log.border_title)
        assert "l: the whole log" in screen_text(app) and "Z: the whole map" not in screen_text(app)
        await pilot.resize_terminal(80, 24)
        assert await settled(pilot, lambda: "Z: the whole map" in screen_text(app))
        await pilot.press("Z")  # and Z does what it says
        await map_drawn(pilot)
        assert not game_map.cramped() and game_map.size.height >= 18
