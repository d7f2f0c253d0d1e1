"""The command palette (Ctrl+P): it offers "Play now" on the start screen only; and Textual's
own words in Italian: the palette's stock commands and search field, the footer's names of the
palette's key and of Escape on an open drop-down list (they read "Quit", "Search for
commands…", "palette" and "Dismiss menu" on Italian screens), and the space key, "spazio"."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.widgets import Select

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.new_game import NewGameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.footer import KeyFooter, key_hint

ENGLISH = ("Quit", "Keys", "Theme", "Screenshot", "Search for commands", "the application")


async def palette_text(tmp_path: Path, language: str) -> tuple[str, str]:
    """The start screen's footer word for Ctrl+P, and the palette's text once opened."""
    with use_language(language):
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            footer = app.screen.query_one(KeyFooter)
            word = "" if footer.palette is None else footer.palette.description
            await pilot.press("ctrl+p")
            await pilot.pause(0.3)
            return word, screen_text(app)


async def test_the_command_palette_speaks_italian(tmp_path: Path) -> None:
    word, text = await palette_text(tmp_path, "it")
    assert word == "comandi"
    assert "Cerca un comando…" in text and "Esci" in text and "Tasti" in text, text
    assert "Gioca subito" in text, text  # the game's own commands, as before
    assert not [word for word in ENGLISH if word in text], text


async def test_an_open_drop_down_list_s_key_is_said_in_italian(tmp_path: Path) -> None:
    with use_language("it"):
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            app.screen.query(Select).first().action_show_overlay()
            await pilot.pause()
            words = [key.description for key in app.screen.query_one(KeyFooter).keys]
    assert "Chiudi l'elenco" in words and "Dismiss menu" not in words, words


async def test_the_palette_keeps_english_in_english(tmp_path: Path) -> None:
    _word, text = await palette_text(tmp_path, "en")
    assert "Search for commands…" in text and "Quit" in text and "Play now" in text, text


async def test_the_footer_calls_the_space_key_spazio_in_italian(tmp_path: Path) -> None:
    """The tutorial's "space Gioca per me" and the replay's space key read "spazio"."""
    play_on = Binding("space", "play_on", "Play on for me")
    for language, shown in (("it", "spazio"), ("en", "space")):
        with use_language(language):
            app = JetSetApp(saves=tmp_path, fsync=False)
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                assert key_hint(app, play_on, True, "").display == shown


async def test_play_now_is_offered_on_the_start_screen_only(tmp_path: Path) -> None:
    """Ctrl+P's "Play now" started a game against three bots over whatever was open: a Jet Lag
    game in play, the new-game form (and, in the SSH and browser apps, the lobby)."""
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Play now" in titles, titles
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Play now" not in titles and "Rules and keys" in titles, titles
