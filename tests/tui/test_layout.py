"""The game screen at 100×30, 120×40 and 200×60; under 100 columns (down to 80×24) the map and
the table in turn; the new-game form and the replay viewer at 80×24; the message below 80×24."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from engine.jetset.board import load_board
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.map import EuropeMap
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, map_drawn, resized

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
        assert "playable once 2 Vacation cards are up" in text, "the hand's last line, whole"
        for card in screen.session.game.state.rows["short"]:
            assert card in text
        assert "Buy" in lines[-1] and "Claim" in lines[-1]
        game_map = screen.query_one(EuropeMap)
        assert game_map.size.width >= 55 and game_map.size.height >= 15
        if size[0] >= 200:
            assert "Stockholm" in text and "Edinburgh" in text  # names where room allows


@pytest.mark.parametrize("size", [(79, 30), (120, 23), (60, 20)])
async def test_too_small_says_so_and_recovers(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="small")
    async with app.run_test(size=size) as pilot:
        await game_screen(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "Make the terminal larger" in text
        assert f"this terminal is {size[0]}×{size[1]}" in text
        assert "JET SET" not in text and "Short Flights" not in text
        await resized(pilot, 120, 40)
        text = screen_text(app)
        assert "Make the terminal larger" not in text and "JET SET" in text


@pytest.mark.parametrize("size", [(80, 24), (99, 40)])
async def test_a_slim_terminal_shows_the_map_or_the_table(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, ["human", BOT, BOT, BOT], seed="layout")
    async with app.run_test(size=size) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert len(text.splitlines()) == size[1]
        assert "Make the terminal larger" not in text and "your turn" in text
        for city in load_board().cities:
            assert city.code in text, city.code
        assert "Short Flights" not in text, "no room beside the map"
        footer = text.splitlines()[-1]
        assert "v Table" in footer and "h Hint q Menu" in footer, "compact keys: more fit"
        assert footer.rstrip().endswith("f1 Rules"), "every key fits, whole"
        assert "t Chat" not in footer, "nobody to chat with at one keyboard"
        assert ": Type" not in footer and ": types an action" in text, "said above instead"
        await pilot.press("v")
        await pilot.pause()
        text = screen_text(app)
        for shown in (*NAMES, "Short Flights", *screen.session.game.state.rows["short"][:3]):
            assert shown in text, shown
        assert not screen.query_one(EuropeMap).display, "the table in the map's place"
        await pilot.press("pagedown")
        await pilot.pause()
        assert "Ann's Final Flights" in screen_text(app), "paged down to your cards"
        panel = screen.shown_panels()
        await pilot.press("home")  # Home, End and the arrows move it too (a play test)
        await pilot.pause()
        assert panel.scroll_y == 0
        await pilot.press("down", "down")
        await pilot.pause()
        assert panel.scroll_y == 2
        await pilot.press("up")
        await pilot.pause()
        assert panel.scroll_y == 1
        await pilot.press("end")
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y > 2
        await pilot.press("b")  # a guided action points at the map: the map comes back
        await pilot.pause()
        text = screen_text(app)
        assert "Buy an unowned airlink" in text and screen.query_one(EuropeMap).display
        assert "Short Flights" not in text
        entries = len(screen.session.game.entries)
        await pilot.press("escape", "colon", *"income", "enter")  # ":" works, unlisted
        await pilot.pause()
        assert len(screen.session.game.entries) > entries


async def test_the_new_game_form_fits_an_80x24_terminal(tmp_path: Path) -> None:
    from jetset_tui.app import JetSetApp
    from jetset_tui.screens.new_game import NewGameScreen

    app = JetSetApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#players", Select).value = 6
        await pilot.pause()
        text = screen_text(app)
        for seat in range(1, 7):
            assert f"Seat {seat}" in text
        assert "Start" in text and "Cards" in text
        for widget in screen.query("#form *"):
            if widget.display and widget.region.width:
                assert widget.region.right <= 80 and widget.region.bottom <= 23, widget


async def test_v_where_the_table_is_beside_the_map_says_so(tmp_path: Path) -> None:
    """A play test pressed v at 120 columns and nothing happened, nor was anything said: the
    table is already beside the map. Now it says so; after Z (the map alone) v brings the
    table back; under 100 columns v still puts the table in the map's place."""
    app = make_app(tmp_path, ["human", BOT], seed="layout-v")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("v")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any("beside the map" in m for m in said), said
        assert screen.query_one(EuropeMap).display and "Short Flights" in screen_text(app)
        await pilot.press("Z")
        await pilot.pause()
        assert "Short Flights" not in screen_text(app), "the map alone"
        await pilot.press("v")
        await pilot.pause()
        assert "Short Flights" in screen_text(app), "the table again"
        await resized(pilot, 80, 24)
        await pilot.press("v")
        await pilot.pause()
        assert not screen.query_one(EuropeMap).display, "the table in the map's place"


async def test_at_80x24_the_map_keeps_its_layout_as_the_box_under_it_comes_and_goes(
    tmp_path: Path,
) -> None:
    """At 80×24 a picker, the coach or the log under the map changes its height several times
    a turn, and each height had a layout of its own: a play test saw the cities move. Once the
    first picker has shrunk it, the map keeps that layout as pickers come and go (the rows
    freed stay blank: ``EuropeMap.drawn_size``); a resize to another size lays it out anew."""
    app = make_app(tmp_path, ["human", BOT], seed="layout-steady")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        europe = screen.query_one(EuropeMap)

        async def drawn() -> list[str]:
            await map_drawn(pilot)
            return [strip.text for strip in europe._map_strips()]

        await pilot.press("b")
        await pilot.pause()
        small = europe.size.height
        with_picker = await drawn()
        for key in ("escape", "p", "escape", "b", "escape"):
            await pilot.press(key)
            await pilot.pause()
            assert await drawn() == with_picker, f"the cities moved after {key}"
        assert europe.size.height > small, "the picker gone, the map has more room"
        await resized(pilot, 100, 40)
        assert europe.drawn_size() == tuple(europe.size), "another size: laid out anew"


async def test_at_80x24_the_map_is_laid_out_once_from_the_first_frame(tmp_path: Path) -> None:
    """A play test at 80x24 over SSH still saw three layouts in its first minute (another's
    turn, its own turn's two-line bar, a picker), a price read against the wrong link: the map
    is laid out from the first at the least height the game will give it in that window
    (``GameMoves.least_map_rows``), so the first picker moves no city."""
    app = make_app(tmp_path, ["human", BOT], seed="layout-steady")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        europe = screen.query_one(EuropeMap)
        await map_drawn(pilot)
        first = [strip.text for strip in europe._map_strips()]
        roomy = europe.size.height
        await pilot.press("b")
        await pilot.pause()
        await map_drawn(pilot)
        assert europe.size.height < roomy, "the picker takes rows from the map"
        assert [strip.text for strip in europe._map_strips()] == first, "the cities moved"


def test_the_map_keeps_its_height_while_it_has_the_room() -> None:
    """``steady_height``: in the same window the height laid out at is kept while the map has
    that room and at most ``STEADY_ROWS`` more; less room, much more, or another window lays it
    out anew."""
    from jetset_tui.widgets.map import STEADY_ROWS, steady_height

    kept = ("80x24", 12)
    assert steady_height(kept, "80x24", 15) == 12
    assert steady_height(kept, "80x24", 12 + STEADY_ROWS) == 12
    assert steady_height(kept, "80x24", 13 + STEADY_ROWS) == 13 + STEADY_ROWS
    assert steady_height(kept, "80x24", 11) == 11
    assert steady_height(kept, "80x24 zoomed", 15) == 15
    assert steady_height(None, "80x24", 15) == 15
