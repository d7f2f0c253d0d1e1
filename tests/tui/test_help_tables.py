"""The F1 page's tables read at 80×24: a key's name is never broken over two lines (``PgUp``
over ``PgDn``, ``← → h`` over ``l``, as a play tester saw), and the actions' table gives its
words room enough that no row of it is a column of single words."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widget import Widget

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import LANGUAGES, use_language
from jetset_tui.screens.help import HelpScreen
from jetset_tui.screenshot import screen_text

KEYS = ["PgUp PgDn", "← → h l", "↑ ↓ p n", "Home End", "Esc q", "F1 ?"]
"""Keys of the page's tables written together: each on one line of the screen."""


async def whole_page(app: JetSetApp, pilot: Pilot[None]) -> list[str]:
    """Every line the F1 page shows, paged through with PgDn from its top to its end."""
    scroll = app.screen.query_one(VerticalScroll)
    lines = screen_text(app).splitlines()
    while scroll.scroll_y < scroll.max_scroll_y:
        await pilot.press("pagedown")
        await pilot.pause()
        lines += screen_text(app).splitlines()
    return lines


def table_cells(app: JetSetApp) -> list[list[Widget]]:
    """The cells of each table of the page, headers first, in reading order."""
    tables = app.screen.query("MarkdownTableContent")
    return [list(table.query("MarkdownTableCellContents")) for table in tables]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
async def test_the_rules_tables_read_at_80x24(tmp_path: Path, language: str) -> None:
    with use_language(language):
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.pause()
            lines = await whole_page(app, pilot)
            for keys in KEYS:
                assert any(keys in line for line in lines), f"{keys!r} broken:\n" + "\n".join(
                    line for line in lines if keys.split()[0] in line
                )
            actions = table_cells(app)[0]  # key, action, cost: 3 cells a row
            heights = [cell.region.height for cell in actions[3:]]
            assert max(heights) <= 3, heights  # in Italian its rows were 7 lines of a word or two
            for table in table_cells(app):
                for cell in table:
                    words = [len(word) for word in str(cell.render()).split()]
                    assert cell.content_region.width >= max(words, default=0), str(cell.render())


def test_the_columns_share_the_room() -> None:
    from jetset_tui.widgets.kept_markdown import column_widths  # new with the fitted tables

    keys = ["key", "b p r c i e d f u y", "PgUp PgDn", "q"]
    what = ["", "a guided action: choose, type a city code " * 2, "scroll the table"]
    assert column_widths([keys, what], 200) == [21, 86]  # both whole where they fit
    first, second = column_widths([keys, what], 60)  # the keys a quarter at most
    assert first == 15 and second >= 40
    assert column_widths([keys, what], 100)[0] == 21  # the keys whole
    action = ["action", "buy an unowned airlink, 1 or more planes on it"]
    cost = ["cost", "link €4–7 + €5 a plane", "€5 a plane to the bank, €5 to the owner"]
    assert column_widths([["key", "b"], action, cost], 94) == [5, 48, 41]  # all whole
    # the cost whole in an even share, the action the rest
    assert column_widths([["key", "b"], action, cost], 90) == [5, 44, 41]
    _key, act, pay = column_widths([["key", "b"], action, cost], 60)
    assert act > pay >= 12  # in proportion, no word cut
    assert column_widths([], 80) == []
