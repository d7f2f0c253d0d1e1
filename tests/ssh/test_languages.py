"""Each SSH session in its own language, in one server process: the client's LANG (OpenSSH
sends it), or the choice made in the lobby (key i), which the lobby remembers for the player's
next session. Another session never hears it."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from engine.games import game_rules
from jetset_tui.game_options import shown_words
from jetset_tui.i18n import _, pgettext, use_language
from jetset_tui.ssh.lobby import Lobby
from jetset_tui.ssh.remembered import LANGUAGES_KEPT
from jetset_tui.ssh.screens.new_game import GameRequest, NewGameScreen
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import connect
from tests.tui.test_italian_fits import cut_words, missing

ITALIAN = {"LANG": "it_IT.UTF-8"}


async def test_two_sessions_at_once_each_in_its_players_language(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key, env=ITALIAN)
    bob = await connect(server, "bob", bob_key)
    text = await alice.wait_for("Ancora nessuna partita")
    assert "sala d'attesa" in text and "No games yet" not in text
    text = await bob.wait_for("No games yet")
    assert "Ancora nessuna partita" not in text

    await alice.press("n")
    text = await alice.wait_for("Quanti sono bot")
    assert "le carte di volo del gioco base" in text and "Bots among them" not in text
    await alice.press("tab")
    await alice.fill("Quanti sono bot", "1")  # one bot: seats stay open, the game waits
    await alice.press("tab", "tab", "tab", "enter", "down", "enter", pause=0.25)
    await alice.wait_for("più quelle dell'espansione")  # the extra cards, in Italian
    await alice.press("shift+tab", "enter", pause=0.25)
    text = await alice.wait_for("in attesa dei giocatori")
    assert "waiting for players" not in text
    text = await bob.wait_for("waiting for 2")
    assert "extra cards" in text and "alice's game" in text
    assert "posti liberi" not in text and "carte extra" not in text
    room = server.lobby.rooms["1"]
    assert room.table.game.options.extra_cards

    await bob.press("i")  # bob chooses Italian in the lobby
    text = await bob.wait_for("posti liberi: 2")
    assert "carte extra" in text and "Partite" in text and "waiting for" not in text
    assert "la partita di alice" in text and "alice's game" not in text
    assert "in attesa dei giocatori" in await alice.wait_for("in attesa dei giocatori")
    await bob.close()

    bob = await connect(server, "bob", bob_key)  # remembered: Italian again, without LANG
    text = await bob.wait_for("posti liberi: 2")
    assert "i: lingua (Italiano)" in text
    await bob.press("i")
    text = await bob.wait_for("waiting for 2")
    assert "i: language (English)" in text
    assert server.lobby.remembered.language_of("key:" + bob_key.get_fingerprint()) == "en"
    await alice.close()
    await bob.close()


async def test_a_refusal_is_said_in_the_players_language(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key, env=ITALIAN)
    await alice.wait_for("Ancora nessuna partita")
    await alice.press("n")
    await alice.wait_for("Quanti sono bot")
    await alice.press("backspace")
    await alice.type("9")
    await alice.press("enter")
    text = await alice.wait_for("Jet Set si gioca da 2 a 6 giocatori")
    assert "players" not in text
    await alice.close()


async def test_the_lobby_and_its_form_at_80x24_in_italian_cut_nothing(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key, env=ITALIAN, width=80, height=24)
    text = await alice.wait_for("Ancora nessuna partita")
    with use_language("it"):
        wanted = [
            _("lobby"),
            _("i: language ({language})").format(language="Italiano"),
            _("Games"),
            _("Lobby chat"),
            _("No games yet: press n to start one (you against bots, or wait for friends)."),
        ]
        assert not missing(text, wanted) and not cut_words(text, wanted), text
        await alice.press("n")
        text = await alice.wait_for("Quanti sono bot")
        wanted = [
            NewGameScreen.seats_label("jetset"),
            _("Bots among them"),
            _("Password (private)"),
            _("Enter: create and sit down   Tab: next field   Esc: back"),
            *shown_words(game_rules("jetset").options_schema()),
        ]
        assert not missing(text, wanted) and not cut_words(text, wanted), text
        await alice.press("shift+tab", "enter")  # the Game line: Jet Lag
        await alice.wait_for("Jet Lag")
        await alice.press("down", "enter")
        text = await alice.wait_for(NewGameScreen.seats_label("jetlag"))
        wanted = [
            pgettext("which game is played", "Game"),
            NewGameScreen.kind_label("jetlag"),
            _("Bots among them"),
            _("Password (private)"),
        ]
        assert not missing(text, wanted) and not cut_words(text, wanted), text
        assert "avido" in text and "greedy" not in text, "the bot kind in the player's words"
    await alice.close()


def test_the_lobby_remembers_the_latest_language_choices_only(tmp_path: Path) -> None:
    memory = Lobby(tmp_path).remembered
    for n in range(LANGUAGES_KEPT + 10):
        memory.remember_language(f"name:p{n}", "it")
    memory.remember_language("name:p5", "en")  # chosen again: the latest now
    assert len(memory.languages) == LANGUAGES_KEPT
    assert memory.language_of("name:p0") is None and memory.language_of("name:p10") is None
    assert memory.language_of("name:p11") == "it" and memory.language_of("name:p5") == "en"
    request = GameRequest(3, ["greedy"], "secret", {}, "jetset")
    for n in range(LANGUAGES_KEPT + 10):  # the last forms are kept the same way
        memory.remember_form(f"name:p{n}", request)
    assert len(memory.forms) == LANGUAGES_KEPT and memory.form_of("name:p0") is None
    kept = memory.form_of("name:p11")
    assert kept is not None and kept.players == 3 and kept.password is None, "never a password"


async def test_the_games_headings_are_whole_after_switching_language(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """i in the lobby at 80×24: the games table's headings, made in English, are whole in
    Italian (longer words: gioco, titolo), and whole again back in English."""
    alice = await connect(server, "alice", alice_key, width=80, height=24)
    text = await alice.wait_for("No games yet")
    assert "#  game  title  status" in text, text
    await alice.press("i")
    text = await alice.wait_for("Ancora nessuna partita")
    with use_language("it"):
        headings = [pgettext("which game is played", "game"), _("title"), _("status")]
    assert "#  " + "  ".join(headings) in text, text
    await alice.press("i")
    text = await alice.wait_for("No games yet")
    assert "#  game" in text and "title" in text, text
    await alice.close()


def test_a_status_sent_in_english_is_said_in_the_players_language() -> None:
    """A play test: a browser tab's Italian lobby listed games as "over" and "turn 6" (a tab
    tells the server no language, and the server said them in its own). The tab's lobby says
    each in its player's language; one it does not know, as it came."""
    from jetset_tui.ssh.games import status_words

    with use_language("it"):
        said = [status_words(s) for s in ("turn 6", "round 2 of 4", "waiting for 1", "over")]
        assert said == ["turno 6", "round 2 di 4", "posti liberi: 1", "finita"], said
        assert status_words("turno 6") == "turno 6" and status_words("over!") == "over!"
    with use_language("en"):
        assert status_words("turn 6") == "turn 6"
