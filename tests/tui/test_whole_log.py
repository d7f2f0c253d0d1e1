"""Every line of the log is read whole: a line wider than the pane wraps under its words, and
``l`` opens the whole log so far, scrolled with the keys, Esc back to the game."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.log import LogScreen, ScrolledLog
from jetset_tui.theme import LIVERIES, seat_badge
from jetset_tui.widgets.log import NotationLog, log_rows
from tests.tui.conftest import make_app
from tests.tui.play import game_screen

LONG = "turned up D-15 MRS–RIO (8) from the Distant deck, and the words go on to the very end"


def long_line(turn: int) -> Text:
    line = Text(f"{turn:>4} ")
    line.append_text(seat_badge(LIVERIES[1]))
    line.append(f" {LONG}")
    return line


def shown(log: NotationLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


def test_a_long_line_wraps_under_its_words() -> None:
    rows = [row.plain for row in log_rows(long_line(12), 30, Console())]
    assert len(rows) > 2 and all(len(row) <= 30 for row in rows), rows
    assert rows[0].startswith("  12  B  turned")
    assert all(row.startswith(" " * 9) and row[9] != " " for row in rows[1:]), rows
    assert " ".join(row.strip() for row in rows).endswith(LONG), rows
    assert [r.plain for r in log_rows(Text("short"), 30, Console())] == ["short"]


async def test_the_pane_shows_a_long_line_whole_at_80_columns(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "bot:greedy"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        log = screen.query_one(NotationLog)
        log.write([long_line(3)])
        await pilot.pause()
        rows = [row for row in shown(log) if row]
        at = next(i for i, row in enumerate(rows) if row.startswith("   3  B  turned"))
        words = " ".join(row.strip() for row in rows[at:])
        assert words.endswith(LONG), rows
        assert log.scroll_y == log.max_scroll_y, "the last row stays in view"


async def test_l_opens_the_whole_log_and_the_keys_scroll_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "bot:greedy"])
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await game_screen(pilot)
        log = screen.query_one(NotationLog)
        assert "l" in str(log.border_title), "the pane says which key opens the whole log"
        log.write([long_line(n) for n in range(1, 40)])
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        whole = app.screen.query_one(ScrolledLog)
        assert whole.has_focus
        assert whole.scroll_y == whole.max_scroll_y > 0, "it opens on the last line"
        assert " ".join(row.strip() for row in shown(whole) if row).endswith(LONG), shown(whole)
        await pilot.press("home")
        await pilot.pause()
        assert whole.scroll_y == 0
        assert "rows laid out" in shown(whole)[0], "the first line of the game"
        await pilot.press("pagedown")
        await pilot.pause()
        assert whole.scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
