"""An amount stays with its euro sign when a line wraps: the Italian catalogue writes ``0 €``
with a no-break space, which Rich and Textual would still break at (they break at any blank).
``keep_no_break_spaces``, which the apps call when they start, makes Textual's text wrap
without breaking there: the command line's answer under the typed action, and the F1 page."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import money, use_language
from jetset_tui.screens.help import HelpScreen, help_page
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.wrap import KEEP, keep_no_break_spaces

NOTE = "✓ income  nessuna carta rilevata finora: l'utile è di 0\u00a0€, poi 17\u00a0€"
CUT = re.compile(r"\d\s*$")
"""A row that ends with a number (its € would begin the next row)."""


def squeezed(text: str) -> str:
    return text.replace(" ", "").replace(KEEP, "")


def test_italian_money_is_written_with_a_no_break_space() -> None:
    with use_language("it"):
        assert money(26) == f"26{KEEP}€"
    assert money(26) == "€26"


def test_rich_alone_would_cut_an_amount_from_its_euro() -> None:
    """The reason for ``keep_no_break_spaces``: at 56 columns Rich ends a row with "0 " and
    puts "€" on the next one (if it stopped doing so, the function could go)."""
    console = Console(width=56)
    rows = [row.plain for row in Text(NOTE).wrap(console, 56)]
    assert any(CUT.search(row) for row in rows[:-1]), rows


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield Static(Text(NOTE), id="line")


async def test_a_static_in_textual_keeps_the_amount_with_its_euro() -> None:
    keep_no_break_spaces()
    for width in (40, 56, 57, 60):
        app = OneLine()
        async with app.run_test(size=(width, 8)) as pilot:
            await pilot.pause()
            rows = [row.rstrip() for row in screen_text(app).splitlines() if row.strip()]
            assert len(rows) >= 2, rows
            assert not any(CUT.search(row) for row in rows), (width, rows)
            assert squeezed("".join(rows)) == squeezed(NOTE), "no word lost or cut"


async def test_the_italian_f1_page_never_cuts_an_amount_from_its_euro(tmp_path: Path) -> None:
    """The page's paragraphs and its table of keys (``1 € per fila``, ``5 € ad aereo``) in the
    real app, at widths where some of those amounts would fall at a row's end."""
    page = help_page("it")
    assert page.count(f"{KEEP}€") >= 20, "the page joins its amounts (jetset_tui/help/it.md)"
    assert not re.search(r"\d[ \t]+€", page), "with a no-break space, every one"
    for width in (72, 80, 91, 100, 120):
        with use_language("it"):
            app = JetSetApp(saves=tmp_path, fsync=False)
            async with app.run_test(size=(width, 900)) as pilot:  # the whole page at once
                await pilot.pause()
                app.push_screen(HelpScreen())
                await pilot.pause()
                shown = [line.strip(" │┃▎▊") for line in screen_text(app).splitlines()]
        rows = [line for line in shown if line.strip("╭╮╰╯─ ")]
        assert rows[0] == "Jet Set in breve", rows[:3]
        assert any("almeno 17\u00a0€." in row for row in rows[-3:]), rows[-3:]  # the page's end
        assert sum(row.count("€") for row in rows) >= 20, "the page's amounts are on screen"
        for above, row in pairwise(rows):
            assert not (CUT.search(above) and row.startswith("€")), (width, above, row)
