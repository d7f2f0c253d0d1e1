"""F1 in every language: a page each, the same keys, opened in the player's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jetset_tui.i18n import LANGUAGES, use_language
from jetset_tui.screens.help import HELP_DIR, HelpScreen, help_page
from jetset_tui.screenshot import screen_text
from tests.tui.conftest import make_app
from tests.tui.play import game_screen


def table_keys(page: str) -> list[list[str]]:
    """Each table's first column (the keys), in order, header and rule rows left out."""
    tables: list[list[str]] = []
    inside = False
    for line in page.splitlines():
        if line.startswith("|"):
            if not inside:
                tables.append([])
                inside = True
            tables[-1].append(line.split("|")[1].strip())
        else:
            inside = False
    return [[key for key in table[2:]] for table in tables]


def keys_named(page: str) -> list[str]:
    """Every key the prose names in bold (**e**, **F1**), in order of first mention."""
    return list(dict.fromkeys(re.findall(r"\*\*([a-zA-Z]|F1|Ctrl\+[A-Z])\*\*", page)))


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_has_a_page_with_the_same_keys(language: str) -> None:
    english = help_page("en")
    page = help_page(language)
    assert (HELP_DIR / f"{language}.md").is_file()
    assert table_keys(page) == table_keys(english)
    assert len(table_keys(english)) == 3 and len(table_keys(english)[1]) >= 10  # the viewer's 3rd
    assert sorted(keys_named(page)) == sorted(keys_named(english))
    assert page.count("\n# ") == english.count("\n# ")  # the same sections


def test_a_language_without_a_page_gets_english_and_a_path_stays_a_language() -> None:
    assert help_page("xx") == help_page("en")
    assert help_page("../../README") == help_page("en")


def test_the_italian_page_speaks_the_rulebook() -> None:
    page = help_page("it")
    for words in (
        "fase delle carte di volo",
        "Tempo delle vacanze",
        "carte del volo finale",
        "tassa di servizio",
        "incassare un utile",
        "collegamento libero",
    ):
        assert words in page, words
    assert "Your turn" not in page and "Build airlinks" not in page


async def test_f1_opens_in_the_players_language(tmp_path: Path) -> None:
    for language, heading, absent in (
        ("it", "Jet Set in breve", "Jet Set in brief"),
        ("en", "Jet Set in brief", "Jet Set in breve"),
    ):
        app = make_app(tmp_path / language, ["human", "bot:random"], seed="help")
        with use_language(language):
            async with app.run_test(size=(120, 40)) as pilot:
                await game_screen(pilot)
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                text = screen_text(app)
                assert heading in text and absent not in text, text
                await pilot.press("escape")
                await pilot.pause()
                assert not isinstance(app.screen, HelpScreen)
