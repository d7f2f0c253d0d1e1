"""The new-game form offers both games: Jet Lag seats two, with its own bots, and hides Jet
Set's cards, modules and colours (Pilot, the real app)."""

from __future__ import annotations

from textual.widgets import Select

from jetset_tui.app import JetSetApp
from jetset_tui.screens.new_game import NewGameScreen
from jetset_tui.screenshot import screen_text
from tests.tui.jetlag_keys import settle, table_screen


async def test_the_form_starts_a_game_of_jet_lag_against_its_search_bot() -> None:
    app = JetSetApp(bot_delay=0, fsync=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert "Modules" in screen_text(app)
        form.query_one("#game", Select).value = "jetlag"
        await pilot.pause()
        text = screen_text(app)
        assert "Jet Lag" in text
        assert "Modules" not in text and "Investors" not in text and "Seat 3" not in text
        assert form.query_one("#players", Select).disabled
        assert form.query_one("#kind-1", Select).value == "bot:search"
        await pilot.press("ctrl+s")
        await settle(pilot)
        session = table_screen(app).session
        assert [str(s.kind) for s in session.seats] == ["human", "bot:search"]
        assert "Your hand" in screen_text(app)
