"""Words a play test found on screen in the wrong language or in the code's words: Textual's
Ctrl+C notice, an unreadable log, the leave dialog's command, the command line's completion."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.leave import StopScreen
from jetset_tui.shell_command import join_command
from jetset_tui.widgets.command import CommandLine
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen

BOT = f"bot:{ADVISOR}"


async def test_ctrl_c_in_a_game_says_how_to_quit_in_the_players_language(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="ctrl-c")
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            await game_screen(pilot)
            await pilot.press("ctrl+c")
            await pilot.pause()
            said = [(str(n.title), str(n.message)) for n in app._notifications]
    assert ("Vuoi uscire?", "Premi [b]ctrl+q[/b] per uscire") in said, said


async def test_load_says_a_file_that_is_no_log_in_the_players_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jetset"
    bad.write_text("hello\n")
    app = JetSetApp(fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.open_log(bad) == "bad.jetset: not a Jet Set log (no header)"
        with use_language("it"):
            italian = "bad.jetset: non è un registro di Jet Set (manca l’intestazione)"
            assert app.open_log(bad) == italian
            assert app.open_replay(bad) == italian


async def test_the_leave_dialog_shows_the_command_as_typed_in_a_shell(tmp_path: Path) -> None:
    for language, back in (("en", "takes it back"), ("it", "te lo restituisce")):
        app = JetSetApp(fsync=False, saves=tmp_path)
        with use_language(language):
            async with app.run_test(size=(100, 30)) as pilot:
                app.push_screen(StopScreen("127.0.0.1:7791", watching=False))
                await pilot.pause()
                text = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert f"\n  jetset join 127.0.0.1:7791 {back}" in text, text
        assert "`" not in text, text
    quoted = "jetset join 'ssh://ann@example.org/game 2'"
    assert join_command("ssh://ann@example.org/game 2") == quoted


async def test_the_leave_dialog_names_the_key_jetset_join_ssh_logged_in_with(
    tmp_path: Path,
) -> None:
    """A play test's `jetset join ssh://… -i ~/keys/work` was told "jetset join ssh://… takes it
    back", which ssh then refused for want of the key."""
    app = JetSetApp(fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        keys = ("/home/ann/keys/work key", "/home/ann/keys/home")
        app.push_screen(StopScreen("ssh://ann@example.org/2", watching=False, keys=keys))
        await pilot.pause()
        text = " ".join(str(w.render()) for w in app.screen.query(Static))
    command = "jetset join ssh://ann@example.org/2 -i '/home/ann/keys/work key'"
    assert f"\n  {command} -i /home/ann/keys/home takes it back" in text, text


async def test_tab_keeps_the_line_as_typed_and_adds_nothing_after_a_whole_action(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="command")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        line = next(line for line in screen.legal_lines() if line.startswith("buy "))
        typed = line.upper() + " EX"
        await pilot.press(":", *typed, "tab")
        await pilot.pause()
        command = screen.query_one(CommandLine).input
        assert command.value == typed  # not "buy ams-lon 1 extra"
        await pilot.press("ctrl+u", *line[:7].upper(), "tab")
        await pilot.pause()
        assert command.value.casefold() in [x.casefold() for x in screen.legal_lines()]
        assert command.value.startswith(line[:7].upper()), command.value


def test_every_key_of_textuals_widgets_in_use_is_in_the_catalogs() -> None:
    """The palette's Keys panel lists the keys of the focused widget's whole chain, Textual's
    own among them ("Focus Next", an Input's "Delete all to the left"): each is marked for the
    catalogs, and Italian says it (a Textual upgrade that adds a key fails here)."""
    import textual.containers
    import textual.widgets
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import Screen

    from jetset_tui.i18n import _
    from jetset_tui.textual_words import KEY_PANEL, TEXTUAL_WIDGETS_IN_USE

    classes = [App, Screen]
    for name in TEXTUAL_WIDGETS_IN_USE:
        found = getattr(textual.widgets, name, None) or getattr(textual.containers, name)
        classes.append(found)
    said: set[str] = set()
    for cls in classes:
        for base in cls.__mro__:
            for binding in base.__dict__.get("BINDINGS", []):
                if isinstance(binding, Binding):
                    said.add(binding.description)
                elif len(binding) > 2:
                    said.add(binding[2])
    said.discard("")
    assert said <= set(KEY_PANEL), sorted(said - set(KEY_PANEL))
    with use_language("it"):
        assert [words for words in said if _(words) == words] == []


async def test_the_keys_panel_speaks_the_players_language(tmp_path: Path) -> None:
    """Ctrl+P, Keys: every key's description in Italian, Textual's own too, and the command
    palette key's tooltip (it was all English: Textual's panel draws each description as
    written)."""
    from jetset_tui.screenshot import screen_text

    app = JetSetApp(fsync=False, saves=tmp_path)
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.action_show_help_panel()
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
    for english in ("Focus Next", "Scroll Left", "Copy selected text", "New game", "Quit"):
        assert english not in text, text
    for italian in ("Elemento successivo", "Nuova partita", "Esci", "Apri l'elenco"):
        assert italian in text, text


async def test_the_start_menus_question_mark_is_a_key(tmp_path: Path) -> None:
    """The menu shows "?  Rules and keys", and ? did nothing: it opens them, as F1 does."""
    from jetset_tui.screens.help import HelpScreen

    app = JetSetApp(fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_an_unknown_word_is_answered_with_this_games_actions_only(tmp_path: Path) -> None:
    """A tinkerer's play test typed a word that is no action in a base game and was offered a
    dozen the base game never plays (hub, bonus, offer, dividends…)."""
    from engine.jetset.notation import verbs_of

    app = make_app(tmp_path, ["human", BOT], seed="verbs")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press(":", *"foo", "enter")
        await pilot.pause()
        said = str(screen.query_one("#command-result", Static).render())
    assert "unknown action 'foo'; the actions are: refill, buy, place" in said, said
    for module_word in ("hub", "bonus", "replace", "offer", "dividends"):
        assert module_word not in said.split(": ", 1)[1], said
    options = screen.session.game.options
    hubs = verbs_of(options.__class__(hubs=True, business_cards=True))
    assert {"hub", "bonus", "offer"} <= set(hubs) and not {"hub", "offer"} & set(verbs_of(options))


async def test_a_claim_typed_without_its_path_says_what_the_card_needs(tmp_path: Path) -> None:
    """A play test typed ``claim XS3-28`` for a card it could not fly yet and read the
    notation's form ("write: claim CARD PATH"): the answer is now what the card needs, as the
    claim picker says it beside the card; a card not face up is said to be so."""
    app = make_app(tmp_path, ["human", BOT], seed="short-claim")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        state = screen.session.game.state
        card = state.rows["short"][0]
        await pilot.press(":", *f"claim {card.lower()}", "enter")
        await pilot.pause()
        said = str(screen.query_one("#command-result", Static).render())
        assert f"✗ {card} " in said and "need " in said, said
        assert "write: claim CARD PATH" not in said, said
        face_up = state.rows["short"] + state.rows["long"]
        hidden = next(c for c in state.board.cards if c not in face_up)
        screen.query_one(CommandLine).input.value = ""
        await pilot.press(*f"claim {hidden}", "enter")
        await pilot.pause()
        said = str(screen.query_one("#command-result", Static).render())
    assert f"{hidden} is not face up" in said, said
