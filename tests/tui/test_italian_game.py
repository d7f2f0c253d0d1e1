"""The game's screens in Italian (the ``game`` catalog): the turn bar, the panels, the picker,
the footer, the hot-seat hand-off, the end screen and the replay viewer, each played or opened
through Pilot in Italian; the same screens in English keep their English; and at 80×24 in
Italian nothing on the game screen is cut."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from engine.jetset.options import MODULES
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.end import EndScreen
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.players import PlayersPanel
from jetset_tui.widgets.rows import RowsPanel
from jetset_tui.widgets.turn_bar import TurnBar
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, play_turns
from tests.tui.test_end_screen import end_screen, finished_log, finished_with_every_option
from tests.tui.test_replay_viewer import saved

BOT = f"bot:{ADVISOR}"


def footer_words(app: JetSetApp) -> list[str]:
    """The descriptions the footer draws now."""
    return [key.description for key in app.screen.query_one(KeyFooter).keys]


def panels_text(app: JetSetApp) -> str:
    """What the turn bar and the table panels on screen say."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    texts = [screen.query_one(TurnBar).render()]
    texts += [panel.render() for panel in screen.shown_panels().query(Static)]
    return "\n".join(str(text) for text in texts)


async def opened_picker(pilot: Pilot[None], key: str) -> str:
    await pilot.press(key)
    await pilot.pause()
    return screen_text(pilot.app)


async def test_a_game_in_italian_speaks_italian_in_every_part_of_the_screen(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="it-game-1")
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await game_screen(pilot)
            await play_turns(app, pilot, screen, 3)
            await pilot.pause()
            text = screen_text(app)
            # the turn bar
            assert "tocca a te" in text and "turno " in text, text
            assert "e: altre carte di volo (1\u00a0€ per fila), poi un'azione" in text
            # the players, the rows and the hand
            assert re.search(r"utile \d+\u00a0€", text) and " pt " in text, text
            assert "Tragitti brevi" in text and "Tragitti lunghi" in text and "mazzo " in text
            assert "Vacanze" in text and "su 2 scoperte" in text
            assert "Voli finali di Ann" in text and "segreti" in text
            # the footer, drawn from bindings made in English at import
            assert {"Scrivi", "Consiglio"} <= set(footer_words(app)), footer_words(app)
            assert "Hint" not in footer_words(app) and "Type" not in footer_words(app)
            mine = panels_text(app)  # the log pane's lines are the describing module's
            for english in ("your turn", "Short Flights", "Long Flights", "Final Flights", "deck "):
                assert english not in mine, english
            # the picker
            text = await opened_picker(pilot, "b")
            assert "scrivi per cercare:" in text and re.search(r"costa \d+\u00a0€", text), text

            assert "type to find" not in text
            await pilot.press("escape")
            # the command line's placeholder, and what it says after a move
            assert ": scrivi un'azione" in screen_text(app)


async def test_the_same_game_in_english_stays_english(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="it-game-1")
    with use_language("en"):
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await game_screen(pilot)
            await play_turns(app, pilot, screen, 3)
            await pilot.pause()
            text = screen_text(app)
            assert "your turn" in text and "Short Flights" in text and "Final Flights" in text
            assert {"Type", "Hint"} <= set(footer_words(app))
            for italian in ("tocca a te", "Tragitti", "Voli finali", "utile ", "Consiglio"):
                assert italian not in text, italian
            assert "type to find:" in await opened_picker(pilot, "b")


async def test_the_hot_seat_hand_off_in_italian(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "human"], seed="it-hot-1")
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            text = screen_text(app)
            assert "Passa la tastiera a" in text and "Ann: premi Invio quando sei pronto." in text
            assert "Pass the keyboard" not in text


async def test_the_end_screen_in_italian(tmp_path: Path) -> None:
    path = await finished_log(tmp_path, 2, "it-end-1")
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            end = await end_screen(pilot)
            assert isinstance(end, EndScreen)
            text = screen_text(app)
            assert "Partita finita" in text and "dopo " in text and " turni (" in text, text
            assert "Vince " in text or "Vincono " in text
            for heading in ("giocatore", "Carte di volo", "Volo finale", "punti", "denaro"):
                assert heading in text, heading
            assert "★ vince" in text
            assert "Punti, turno per turno" in text and "Denaro, turno per turno" in text
            assert "turno" in text  # the charts' turn axis
            assert "Guarda il replay" in footer_words(app)
            for english in ("Game over", "winner", "Points, turn by turn", "Watch the replay"):
                assert english not in text, english
            cash = str(end.query_one("#cash-chart").render())
            assert re.search(r"█ \d+\u00a0€", cash) and not re.search(r"€\d", cash), cash  # as 22 €


async def test_the_replay_viewer_in_italian(tmp_path: Path) -> None:
    app = JetSetApp(replay=saved(tmp_path))
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            text = screen_text(app)
            assert "passo " in text and "partita finita: " in text, text
            assert "Voli finali" in text and "svelati" in text
            assert {"Passo", "Indietro", "Turno"} <= set(footer_words(app))
            await pilot.press("home", "right")
            text = screen_text(app)
            where = str(app.screen.query_one("#where", Static).render())  # wider than the screen
            assert "poi: mazziere" in where and "[spettatore]" in where, where

            assert "game over" not in text and "move " not in text and "revealed" not in text


def cut_lines(plain: str, width: int) -> list[str]:
    """The lines of ``plain`` that run past ``width`` cells (a panel's text is drawn unwrapped:
    such a line would be cut)."""
    return [line for line in plain.splitlines() if cell_len(line) > width]


async def test_nothing_is_cut_at_80x24_in_italian(tmp_path: Path) -> None:
    """The turn bar wraps its phrases, the footer's keys fit, and the panels (v) fit their
    width, in Italian on the smallest screen."""
    app = make_app(tmp_path, ["human", BOT], seed="it-small-1")
    with use_language("it"):
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await game_screen(pilot)
            await play_turns(app, pilot, screen, 2)
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            text = screen_text(app)
            bar = app.screen.query_one(TurnBar)
            for phrase in bar.phrases:
                assert phrase.plain.strip() in text.replace("\n ", " "), phrase.plain
            footer = app.screen.query_one(KeyFooter)
            drawn = sum(key.width(footer.compact) for key in footer.keys)
            assert drawn <= footer.size.width, footer_words(app)
            assert {"Consiglio", "Menu"} <= set(footer_words(app))
            await pilot.press("v")
            await pilot.pause()
            for panel in (PlayersPanel, RowsPanel):
                shown = app.screen.shown_panels().query_one(panel)
                plain = str(shown.render())
                room = shown.content_size.width
                assert plain.strip() and not cut_lines(plain, room), cut_lines(plain, room)
            assert "…" not in screen_text(app).split("\n: ")[0]


async def test_the_full_footer_keeps_every_key_in_italian_with_every_module(
    tmp_path: Path,
) -> None:
    """At 100 columns the footer draws its full style; with every module's action keys, longer
    Italian words would push Help and Menu off it: the action keys show alone instead."""
    names = ["Ann", "Amelia"]
    plan = GamePlan(["human", BOT], names, seed="it-full-1", path=tmp_path / "game.jetset")
    plan = replace(plan, modules=tuple(m for m in MODULES if m != "hubs"))  # no hub to place
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    with use_language("it"):
        async with app.run_test(size=(100, 30)) as pilot:
            await game_screen(pilot)
            await pilot.pause()
            footer = app.screen.query_one(KeyFooter)
            assert not footer.compact
            drawn = sum(key.width(False) for key in footer.keys) + footer.palette_width
            assert drawn <= footer.size.width, footer_words(app)
            assert {"Consiglio", "Menu"} <= set(footer_words(app)), footer_words(app)
            assert " b " in screen_text(app).splitlines()[-1]
            # the five base actions keep their words longer than the command line's (a play
            # test read "i  e  d  y  : Scrivi": Income bare beside ": Type")
            words = set(footer_words(app))
            assert {"Acquista", "Colloca", "Affitta", "Rileva", "Utile"} <= words, words


async def test_the_end_screen_in_italian_is_whole_at_80x24(tmp_path: Path) -> None:
    """Every heading of the score table with every module, and every line of the story of the
    ending, read at 80×24 in Italian."""
    app = JetSetApp(resume=finished_with_every_option(tmp_path), fsync=False, saves=tmp_path)
    with use_language("it"):
        async with app.run_test(size=(80, 24)) as pilot:
            end = await end_screen(pilot)
            lines = screen_text(app).splitlines()
            scores = end.query_one("#scores").region
            text = "\n".join(lines[scores.y : scores.bottom])
            assert "…" not in text, text
            for heading in ("giocatore", "Carte", "lontani", "finale", "hub", "Affari", "punti"):
                assert heading in text, text
            words = " ".join(lines).split()
            told = " ".join(str(end.query_one("#story").render()).split())
            assert told in " ".join(words), (told, lines)


def test_the_map_names_cities_in_the_players_language() -> None:
    """The map's city names follow the language (codes stay): Parigi and Londra in Italian,
    Paris and London in English, on the same layout, each name whole beside its code."""
    from engine.jetset.board import load_board
    from engine.jetset.game import Game
    from engine.jetset.options import Options
    from jetset_tui.theme import LIVERIES
    from jetset_tui.widgets.map import map_canvas

    state = Game(Options(players=4)).state
    for language, names in (("it", ("Parigi", "Londra")), ("en", ("Paris", "London"))):
        with use_language(language):
            canvas = map_canvas(state, 190, 56, LIVERIES, names=True)
        shown = {text for _, _, text in canvas.names.values()}
        assert set(names) <= shown, (language, shown)
    assert len(load_board().cities) >= len(canvas.names) > 20
