"""An amount stays with its euro sign when a line wraps: the Italian catalogue writes ``0 €``
with a no-break space, which Rich and Textual would still break at (they break at any blank);
``KeptTogether`` wraps such a line for a Static without breaking there, and the command line's
answer under the typed action is drawn with it."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from jetset_tui.i18n import money, use_language
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.wrap import KEEP, KeptTogether

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
    """The reason for ``KeptTogether``: at 56 columns Rich ends a row with "0 " and puts "€"
    on the next one (if it stopped doing so, the class could go)."""
    console = Console(width=56)
    rows = [row.plain for row in Text(NOTE).wrap(console, 56)]
    assert any(CUT.search(row) for row in rows[:-1]), rows


def test_kept_together_never_ends_a_row_with_a_number_at_any_width() -> None:
    for width in range(20, len(NOTE) + 2):
        console = Console(width=width, record=True, color_system=None, file=io.StringIO())
        console.print(KeptTogether(Text(NOTE)))
        rows = console.export_text().splitlines()
        assert not any(CUT.search(row) for row in rows), (width, rows)
        assert squeezed("".join(rows)) == squeezed(NOTE), "no word lost or cut"


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield Static(KeptTogether(Text(NOTE)), id="line")


async def test_a_static_in_textual_keeps_the_amount_with_its_euro() -> None:
    for width in (40, 56, 57, 60):
        app = OneLine()
        async with app.run_test(size=(width, 8)) as pilot:
            await pilot.pause()
            rows = [row.rstrip() for row in screen_text(app).splitlines() if row.strip()]
            assert len(rows) >= 2, rows
            assert not any(CUT.search(row) for row in rows), (width, rows)
            assert squeezed("".join(rows)) == squeezed(NOTE), "no word lost or cut"
