"""The new-game form's option rows come from the chosen game's schema (Pilot, the real app):
Jet Set's extra cards, modules and face-up Investors; none for Jet Lag; switching the game
builds them again; what is ticked reaches the game made, and its modules play."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from engine.games import game_rules
from jetset_tui.app import JetSetApp
from jetset_tui.game_options import shown_words
from jetset_tui.screens.end import EndScreen
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.new_game import NewGameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.option_rows import OptionRows
from netcode.logfile import read_log
from netcode.replay import replay
from tests.net.hosting import until

JETSET_ROWS = ["row-extra-cards", "row-modules", "row-investors-face-up"]


def rows(screen: NewGameScreen) -> list[str]:
    return [str(row.id) for row in screen.query_one(OptionRows).children]


@asynccontextmanager
async def new_game_form(
    tmp_path: Path,
) -> AsyncIterator[tuple[JetSetApp, Pilot[None], NewGameScreen]]:
    """The real app (its saves in ``tmp_path``, bots without pauses) at 100×40, its new-game
    form opened by n from the start screen."""
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        yield app, pilot, form


async def test_the_values_read_while_the_rows_are_built_again_are_the_rows_there(
    tmp_path: Path,
) -> None:
    """Switching the game removes the rows and mounts the new ones over a few turns of the
    event loop; ``values`` read meanwhile (a start pressed at once, or a test) looked for rows
    of the new schema not mounted yet and raised. Now it reads what is there: nothing, then the
    new game's defaults."""
    async with new_game_form(tmp_path) as (_app, pilot, form):
        options = form.query_one(OptionRows)
        building = asyncio.ensure_future(options.show(game_rules("jetset").options_schema()))
        seen = []
        while not building.done():
            seen.append(options.values())  # raised NoMatches here
            await asyncio.sleep(0)
        await building
        assert {} in seen, seen  # the window in which no rows are there
        defaults = {"extra_cards": False, "modules": (), "investors_face_up": False}
        assert options.values() == defaults
        assert all(values in ({}, defaults) for values in seen), seen
        await pilot.pause()


async def test_switching_the_game_builds_its_rows_again(tmp_path: Path) -> None:
    async with new_game_form(tmp_path) as (app, pilot, form):
        assert rows(form) == JETSET_ROWS
        text = screen_text(app)
        assert all(word in text for word in shown_words(game_rules("jetset").options_schema()))
        await pilot.click("#modules-hubs")
        form.query_one("#game", Select).value = "jetlag"
        await until(pilot, lambda: rows(form) == [])  # rebuilt meanwhile: a frame, or more
        assert form.query_one(OptionRows).values() == {}
        text = screen_text(app)
        assert "Modules" not in text and "Flight cards" not in text and "Hubs" not in text
        form.query_one("#game", Select).value = "jetset"
        defaults = {"extra_cards": False, "modules": (), "investors_face_up": False}
        await until(pilot, lambda: rows(form) == JETSET_ROWS)
        await until(pilot, lambda: form.query_one(OptionRows).values() == defaults)  # as built
        assert form.query_one("#investors-face-up", Checkbox).disabled


async def test_what_the_rows_say_reaches_the_game_and_its_modules_play(tmp_path: Path) -> None:
    async with new_game_form(tmp_path) as (app, pilot, form):
        form.query_one("#players", Select).value = 2
        form.query_one("#kind-0", Select).value = "bot:greedy"  # bots alone: the game goes on
        form.query_one("#extra-cards", Select).value = True
        await pilot.pause()
        for box in ("#modules-distant_lands", "#modules-business_cards"):
            await pilot.click(box)
            await pilot.pause()
        assert form.query_one(OptionRows).values() == {
            "extra_cards": True,
            "modules": ("distant_lands", "business_cards"),
            "investors_face_up": False,
        }
        await pilot.press("ctrl+s")
        for _ in range(400):  # bots alone play fast: the game may end before we look
            if isinstance(app.screen, EndScreen):
                break
            if isinstance(app.screen, GameScreen) and app.screen.session.game.state.turn >= 4:
                break
            await pilot.pause(0.02)
    (path,) = tmp_path.glob("*.jetset")
    log = read_log(path)
    header = log.header.options
    assert header.extra_cards and header.distant_lands and header.business_cards
    assert not header.hubs
    game = replay(log).table
    assert game.state.turn >= 4 or game.over, "the bots play the modules' game"
    assert game.state.distant is not None and game.state.business is not None


async def test_enter_on_a_ticked_module_starts_the_game_with_it(tmp_path: Path) -> None:
    """The form says "Enter or Ctrl+S starts": Enter on a module's checkbox starts the game, and
    the module stays ticked (Space ticks it)."""
    app = JetSetApp(bot_delay=30, fsync=False, saves=tmp_path)  # the bots wait: a quiet game
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#modules-hubs", Checkbox).focus()
        await pilot.press("space")
        await pilot.pause()
        assert form.query_one("#modules-hubs", Checkbox).value
        await pilot.press("enter")
        for _ in range(100):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, GameScreen), screen_text(app)
        assert app.screen.session.game.options.hubs


async def test_a_box_shows_its_x_only_when_ticked(tmp_path: Path) -> None:
    """Textual draws an X in every checkbox, a dark one when unticked: without colours (a
    monochrome terminal, a colour-blind player, a screen reader) every module looked ticked."""
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()

        def modules_row() -> str:
            (line,) = [line for line in screen_text(app).splitlines() if "Distant Lands" in line]
            return line

        assert modules_row().count("▐ ▌") == 4 and "X" not in modules_row()
        await pilot.click("#modules-hubs")
        await until(pilot, lambda: "▐X▌ Hubs" in modules_row())
        assert modules_row().count("▐ ▌") == 3
        await pilot.click("#modules-hubs")
        await until(pilot, lambda: "▐ ▌ Hubs" in modules_row())


async def test_the_form_opens_on_the_game_it_last_started_but_its_seed(tmp_path: Path) -> None:
    """Back at the menu after a game, n shows the seats (their number, names, kinds, colours)
    and options the form last started, and no seed: the next game of an evening deals anew."""
    async with new_game_form(tmp_path) as (app, pilot, form):
        form.query_one("#players", Select).value = 3
        form.query_one("#kind-1", Select).value = "bot:random"
        form.query_one("#colour-2", Select).value = "teal"
        form.query_one("#name-0", Input).value = "Zoe"
        form.query_one("#seed", Input).value = "evening"
        await pilot.pause()
        await pilot.click("#modules-hubs")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")  # a game at this keyboard: back to the menu, saved
        await until(pilot, lambda: not isinstance(app.screen, GameScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        again = app.screen
        assert isinstance(again, NewGameScreen)
        await pilot.pause()
        assert again.query_one("#players", Select).value == 3
        assert again.query_one("#kind-1", Select).value == "bot:random"
        assert again.query_one("#colour-2", Select).value == "teal"
        assert again.query_one("#name-0", Input).value == "Zoe"
        assert again.query_one("#seed", Input).value == ""
        assert again.query_one(OptionRows).values()["modules"] == ("hubs",)
        assert not again.query_one("#seat-3").display  # three seats shown
        choices = again.choices()
        assert choices.kinds == ["human", "bot:random", "bot:greedy"] and choices.seed is None


async def test_the_form_last_started_on_jet_lag_opens_on_jet_lag(tmp_path: Path) -> None:
    async with new_game_form(tmp_path) as (app, pilot, form):
        form.query_one("#game", Select).value = "jetlag"
        await until(pilot, lambda: rows(form) == [])
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, NewGameScreen))
        await pilot.press("q")
        await until(pilot, lambda: type(app.screen).__name__ == "StartScreen")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        again = app.screen
        assert isinstance(again, NewGameScreen)
        await pilot.pause()
        assert again.game() == "jetlag" and rows(again) == []
        assert again.query_one("#players", Select).disabled
        assert not again.query_one("#colour-0").display  # Jet Lag's seats have no colours
        assert again.query_one("#kind-1", Select).value == "bot:search"


async def test_a_problem_the_form_said_goes_once_mended_and_a_new_one_is_said(
    tmp_path: Path,
) -> None:
    """A play test's form went on saying "two players have the same name" after the name was
    changed, until Start was pressed again."""
    async with new_game_form(tmp_path) as (app, pilot, form):
        error = form.query_one("#form-error")
        first = form.query_one("#name-0", Input)
        second = form.query_one("#name-1", Input).value
        first.value = second
        await pilot.click("#start")
        await pilot.pause()
        assert "two players have the same name" in str(error.render())
        first.value = ""  # another problem: said instead
        await pilot.pause()
        assert "every player needs a name" in str(error.render())
        first.value = "Zoe"  # mended: no word left
        await pilot.pause()
        assert str(error.render()).strip() == ""
        assert isinstance(app.screen, NewGameScreen), "a change never starts the game"
        first.value = second  # not said again until Start
        await pilot.pause()
        assert str(error.render()).strip() == ""
