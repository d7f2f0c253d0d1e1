"""Italian is longer than English: at 80×24, the smallest screen the app supports, every text of
the start screen, the new-game form and the load screen is shown whole, in Italian as in English
(the same checks, run in both). Text may wrap onto the next line; it may not be cut."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games import game_rules
from jetset_tui.app import JetSetApp
from jetset_tui.game_options import shown_words
from jetset_tui.i18n import LANGUAGES, _, use_language
from jetset_tui.screens import start
from jetset_tui.screenshot import screen_text

SIZE = (80, 24)
WORD = re.compile(r"\w+")
FRAME = re.compile(r"[│┃║╭╮╰╯─━▏▕▔▁▊▎]")


def flat(text: str) -> str:
    """The screen's words in reading order, frames and line ends gone: text wrapped onto the
    next line reads as one."""
    return " ".join(FRAME.sub(" ", text).split())


def cut(app: JetSetApp, wanted: list[str]) -> list[str]:
    """Those of ``wanted`` the screen does not show whole, and the words it shows cut short (a
    word on the screen that only begins one of ``wanted``'s: ``Investito`` for ``Investitori``)."""
    return missing(screen_text(app), wanted) + cut_words(screen_text(app), wanted)


def missing(screen: str, wanted: list[str]) -> list[str]:
    shown = flat(screen)
    return [w for w in wanted if " ".join(w.split()) not in shown]


def cut_words(screen: str, wanted: list[str]) -> list[str]:
    words = set(WORD.findall(" ".join(wanted)))
    shown = set(WORD.findall(flat(screen)))
    return sorted(
        f"{token}… (cut)"
        for token in shown - words
        if len(token) >= 3 and any(w.startswith(token) for w in words)
    )


@pytest.fixture(params=sorted(LANGUAGES))
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


async def test_the_start_screen(tmp_path: Path, language: str) -> None:
    with use_language(language):
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            wanted = [start.menu_line(*item)[3:] for item in start.MENU]
            wanted.append(_("the airline board game by Kris Gould · in your terminal"))
            assert not cut(app, wanted), screen_text(app)


async def test_the_new_game_form(tmp_path: Path, language: str) -> None:
    with use_language(language):
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            wanted = [
                _("New game"),
                _("choose the seats; Enter or Ctrl+S starts"),
                *(_(word) for word in ("Players", "Seed")),
                _("Seat {n}").format(n=4),
                _("Human"),
                f"R {_('red')}",
                f"Y {_('yellow')}",
                *shown_words(game_rules("jetset").options_schema()),
                _("Start"),
                _("Back"),
            ]
            assert not cut(app, wanted), screen_text(app)


@pytest.mark.parametrize("replays", [False, True], ids=["load", "replays"])
async def test_the_load_screen(tmp_path: Path, language: str, replays: bool) -> None:
    with use_language(language):
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            if replays:
                await pilot.press("escape")
                app.screen.action_choose("replay")  # type: ignore[attr-defined]
                await pilot.pause()
            wanted = [
                _("Open a replay") if replays else _("Load a saved game"),
                _("No saved games here yet."),
                _("or type the path of a .jetset file and press Enter"),
            ]
            if replays:
                wanted.append(
                    _(
                        "← → step, ↑ ↓ turns, [ ] rounds, space plays; a game still running "
                        "shows no Final Flights."
                    )
                )
            assert not cut(app, wanted), screen_text(app)


def test_the_check_sees_a_cut() -> None:
    """``cut`` can fail: a word missing, or a sentence ending early, is seen."""
    screen = "│ Gioca subito: tu contro tre   │\n│ bot                            │"
    assert " ".join(flat(screen).split()) == "Gioca subito: tu contro tre bot"
    assert "Gioca subito: tu contro tre bot" in flat(screen)
    assert "Gioca subito: tu contro tre bot" not in flat("│ Gioca subito: tu contro tre b…│")
    form = "│ Investito ▐X▌ scoperte │\n│ Moduli ▐X▌ Investitori │"
    assert not missing(form, ["Investitori", "Moduli"])
    assert cut_words(form, ["Investitori", "Moduli"]) == ["Investito… (cut)"]
