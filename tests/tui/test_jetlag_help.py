"""F1 at the Jet Lag table opens Jet Lag's page, in the player's language, and every language's
page names the same keys."""

from __future__ import annotations

import pytest
from textual.widgets import Markdown

from jetset_tui.i18n import LANGUAGES, use_language
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screens.help import HELP_DIR, HelpScreen, help_page
from tests.tui.jetlag_keys import jetlag_app, settle
from tests.tui.test_help_pages import keys_named, table_keys


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_has_a_jet_lag_page_with_the_same_keys(language: str) -> None:
    english = help_page("en", game="jetlag")
    page = help_page(language, game="jetlag")
    assert (HELP_DIR / f"jetlag-{language}.md").is_file()
    assert page != help_page(language), "not Jet Set's page"
    assert sorted(keys_named(page)) == sorted(keys_named(english))
    assert [len(t) for t in table_keys(page)] == [len(t) for t in table_keys(english)]
    assert page.count("\n# ") == english.count("\n# ")


@pytest.mark.parametrize(("language", "title"), [("en", "Jet Lag in brief"), ("it", "in breve")])
async def test_f1_at_the_table_opens_jet_lag_s_page(language: str, title: str) -> None:
    with use_language(language):
        app = jetlag_app(plan_for("random", "Ann", seed="help"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            source = app.screen.query_one(Markdown).source
            assert source == help_page(language, game="jetlag") and title in source


async def test_h_says_there_is_no_advice_and_where_the_rules_are() -> None:
    """A play test: h, Jet Set's advice, did nothing at Jet Lag's table; it says so now."""
    app = jetlag_app(plan_for("random", "Ann", seed="help"))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        assert any("Jet Lag has no advice to give: F1 has the rules" in n for n in said), said
