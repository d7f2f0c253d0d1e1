"""The widgets drawn through Textual's line API look exactly as the text they replace: the map's
strips against its text, the log against its lines; and the viewer's first frame is already
laid out for the terminal's size."""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from engine import Game, Options
from engine.jetset.options import PLAYABLE
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap, map_canvas, map_look
from jetset_tui.widgets.players import PlayersPanel
from tests.tui.test_replay_viewer import saved

Cell = tuple[str, object, int | None]


def cells(strip: Strip) -> list[Cell]:
    """Each cell of a strip: its character, its look and its offset for a text selection."""
    out: list[Cell] = []
    for text, style, _ in strip:
        style = style or Style()
        look = (style.color, style.bgcolor, style.bold, style.dim, style.italic, style.reverse)
        offset = style.meta.get("offset")
        for i, char in enumerate(text):
            out.append((char, look, None if offset is None else offset[0] + i))
    return out


async def test_the_map_draws_the_same_as_its_text(tmp_path: Path) -> None:
    app = JetSetApp(replay=saved(tmp_path, players=4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        game_map = screen.query_one(EuropeMap)
        for position in (screen.timeline.length, 0, screen.timeline.length // 2):
            screen.go(position)
            await pilot.pause()
            for y in range(game_map.size.height):
                text_line = Widget.render_line(game_map, y)  # the map's text, as Textual draws it
                assert cells(game_map.render_line(y)) == cells(text_line), (position, y)


async def test_the_log_follows_its_last_line_and_clears(tmp_path: Path) -> None:
    game = play_game(Options(players=3), "log")
    app = JetSetApp(replay=saved(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(NotationLog)
        names = ["Ann", "Bob", "Cy"]
        lines = [
            log.line(entry, turn, names, list(LIVERIES))
            for entry, turn in zip(game.entries[:40], game.turns, strict=False)
        ]
        log.clear()
        log.write(lines)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        shown = shown_lines(log)
        assert shown[-1] == lines[-1].plain and lines[0].plain not in shown
        log.clear()
        await pilot.pause()
        assert log.lines == [] and not any(shown_lines(log))


def shown_lines(log: NotationLog) -> list[str]:
    """The lines the log shows, without trailing blanks."""
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def test_a_short_terminal_opens_on_the_compact_players(tmp_path: Path) -> None:
    app = JetSetApp(replay=saved(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-short")
        players = app.screen.query_one("#right PlayersPanel", PlayersPanel)
        assert players.size.height == 2 * 3, "two lines a player"


def test_a_move_that_leaves_the_map_alone_keeps_its_look() -> None:
    """``map_look`` holds all the map draws of a state: wherever two states in a row (every
    module on) have the same look, they draw the same map, so skipping the drawing is safe."""
    options = Options(players=4, **{module: True for module in PLAYABLE})
    played = play_game(options, "look", kinds=("greedy",))
    game = Game(options)
    liveries = list(LIVERIES[:4])
    before = (map_look(game.state, liveries), map_canvas(game.state, 72, 26, liveries).runs())
    skipped = 0
    for entry in played.entries:
        game.push(entry)
        look = map_look(game.state, liveries)
        drawn = map_canvas(game.state, 72, 26, liveries).runs()
        if look == before[0]:
            assert drawn == before[1], entry
            skipped += 1
        before = look, drawn
    assert 0 < skipped < len(played.entries), "some moves change the map, some leave it alone"
