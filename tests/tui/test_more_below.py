"""The table beside the map says when some of it is out of sight below: a play test at 100x30
with the expansion never found their Final Flights and Business cards under the rows."""

from __future__ import annotations

from pathlib import Path

from jetset_tui.app import JetSetApp
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.widgets.more_below import MoreBelow
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, settled

BOT = f"bot:{ADVISOR}"
MODULES = ("hubs", "distant_lands", "investors", "business")


async def test_more_below_is_said_until_the_table_is_scrolled_to_its_end(tmp_path: Path) -> None:
    kinds = ["human", BOT, BOT, BOT]
    names = ["Ann", "Amelia", "Wilbur", "Bessie"]
    path = tmp_path / "g.jetset"
    plan = GamePlan(kinds, names, seed="below", path=path, extra_cards=True, modules=MODULES)
    app = JetSetApp(plan=plan, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await game_screen(pilot)
        more = screen.query_one("#right").query_one(MoreBelow)
        assert await settled(pilot, lambda: more.display)
        assert "Ann's Final Flights" not in screen_text(app), "out of sight: said so"
        assert screen_text(app).splitlines()[-2].rstrip().endswith("↓ more below: PgDn")
        for _ in range(6):
            await pilot.press("pagedown")
        assert await settled(pilot, lambda: not more.display)
        assert "Ann's Final Flights" in screen_text(app)


async def test_a_table_that_fits_says_nothing_below(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="below")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        assert not screen.query_one("#right").query_one(MoreBelow).display
        assert "more below" not in screen_text(app)
