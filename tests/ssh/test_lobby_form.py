"""The new-game form of the SSH lobby over a real SSH connection: the game asked for last shown
again (in the next session too), a refusal that goes once mended, Jet Lag's fields, the bots
field and the bot kinds' words."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest

from jetset_tui.ssh.screens.new_game import NewGameScreen, bots_for_new_game, parse_request
from jetset_tui.ssh.seating import LobbyError
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import connect


def test_the_form_takes_the_search_bot_by_its_word() -> None:
    """Players read "search", never "mcts": the form's kinds say it, and typing it (or the
    kind's name, as scripts know it) asks for the search bot."""
    assert "random/greedy/search" in NewGameScreen.kind_label("jetset")
    for typed in ("search", " Search ", "mcts"):
        assert parse_request("3", "1", typed, "").bots == ["mcts"], typed
    assert parse_request("3", "1", "", "").bots == ["greedy"]
    with pytest.raises(LobbyError, match="bot kinds: random, greedy, search"):
        parse_request("3", "1", "clever", "")


async def test_the_form_shows_the_game_you_asked_for_last_but_its_password(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """The second game of an evening is the first's: back in the lobby, n shows the game,
    seats, bots, bot kind and modules asked for last; the password is typed again."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.form_filled(seats=3, bots=1)
    await alice.press("tab", "backspace", *"random", "tab", *"pw", "tab", "tab", "tab", "space")
    await alice.wait_for(lambda text: "▐X▌ Hubs" in text)
    await alice.press("enter")
    await alice.wait_for("waiting for players")
    first = server.lobby.rooms["1"]
    assert first.private and first.options_words == ["Hubs"], first.options_words
    await alice.press("escape")
    await alice.lobby()
    await alice.press("n")
    text = await alice.wait_for("Bots among them")
    assert re.search(r"Seats \(2-6\)\s+3\s", text) and re.search(r"Bots among them\s+1\s", text)
    assert re.search(r"Bot kind \(random/greedy/search\)\s+random\s", text)
    assert "▐X▌ Hubs" in text and "▐X▌ Distant" not in text and "••" not in text
    await alice.press("enter")
    await alice.wait_for("waiting for players")
    second = server.lobby.rooms["2"]
    assert not second.private and second.options_words == ["Hubs"]
    assert [s.kind.label for s in second.table.seats].count("random") == 1
    await alice.close()
    # a new session (a dropped connection, the next evening): the same form, for her key
    assert all(form.password is None for form in server.lobby.remembered.forms.values())
    await until_gone(server, "2")  # she left its wait with her connection: nobody is in it
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.lobby()
    await alice.press("n")
    text = await alice.wait_for("Bots among them")
    assert re.search(r"Seats \(2-6\)\s+3\s", text) and re.search(r"Bots among them\s+1\s", text)
    assert "▐X▌ Hubs" in text, "a play test's reconnect came back to the defaults"
    await alice.close()


async def test_the_forms_refusal_goes_once_mended(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """A play test's form went on saying what Enter had refused after it was mended: now the
    words follow the fields, and Enter then makes the game."""
    alice = await connect(server, "alice", alice_key, width=80, height=24)
    await alice.form_filled(seats=3, bots=5)  # three seats: her game waits for a player
    await alice.press("enter")
    await alice.wait_for("0 to 2 bots: leave a seat for a person")
    await alice.fill("Bots among them", "1")
    await alice.wait_for(lambda text: "leave a seat for a person" not in text)
    assert not server.lobby.rooms, "a change makes no game"
    await alice.press("enter")
    await alice.wait_for("waiting for players")
    assert list(server.lobby.rooms) == ["1"]
    await alice.close()


async def test_the_form_asked_for_jet_lag_last_shows_jet_lag(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """A Jet Lag game asked for last: the form opens on Jet Lag, its seats fixed at 2 and its
    bots' field taking the keys."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.jetlag_form()
    await alice.fill("Bots among them", "0")
    await alice.press("enter")
    await alice.wait_for("waiting for players")
    await alice.press("escape")
    await alice.lobby()
    await alice.press("n")
    text = await alice.wait_for("Seats (2)")
    assert "Game Jet Lag" in text and "Hubs" not in text
    await alice.fill("Bots among them", "1")  # the keys reach the bots' field
    await alice.press("enter")
    await alice.wait_for("Round 1 of 4")
    assert server.lobby.rooms["2"].game == "jetlag"
    await alice.close()


async def test_bots_typed_before_choosing_jet_lag_stay_typed(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """Two colleagues: alice types 0 bots, then picks Jet Lag on the Game line; the form keeps
    her 0 (a play test saw it put back to 1, and the game made with a bot in the friend's seat).
    Untouched, the bots follow the game: Jet Set's 3 become Jet Lag's 1."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.lobby()
    await alice.press("n")
    await alice.wait_for("Bots among them")
    await alice.press("tab")
    await alice.fill("Bots among them", "0")
    await alice.press("shift+tab", "shift+tab", "enter")
    await alice.wait_for("Jet Lag")
    await alice.press("down", "enter")
    text = await alice.wait_for("Seats (2)")
    assert re.search(r"Bots among them\s+0\s", text), text
    await alice.press("enter")
    await alice.wait_for("seat 2: (open)")
    room = server.lobby.rooms["1"]
    assert room.game == "jetlag" and [s.is_bot for s in room.table.seats] == [False, False]
    await alice.close()


def test_the_bots_field_follows_the_game_unless_typed() -> None:
    assert bots_for_new_game("3", "jetset", "jetlag") == "1"  # Jet Set's default: Jet Lag's
    assert bots_for_new_game("0", "jetset", "jetlag") == "0"  # typed, and fits
    assert bots_for_new_game("2", "jetset", "jetlag") == "1"  # typed, but no seat left
    assert bots_for_new_game("1", "jetlag", "jetset") == "3"
    assert bots_for_new_game("x", "jetset", "jetlag") == "1"


async def until_gone(server: GameServer, game: str) -> None:
    """Until the lobby no longer lists ``game``."""
    for _ in range(200):
        if game not in server.lobby.rooms:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game} is still listed")


async def test_every_list_of_the_form_shows_its_arrow_at_80x24_in_italian(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """A play test's Italian form at 80x24 cut the Cards list after "le carte di volo del
    gioco base", its ▼ out of sight: the list now takes the row's room."""
    alice = await connect(
        server, "alice", alice_key, width=80, height=24, env={"LANG": "it_IT.UTF-8"}
    )
    await alice.wait_for("Nuova partita")  # the lobby, in Italian
    await alice.press("n")
    text = await alice.wait_for("Moduli")
    cards = next(line for line in text.splitlines() if "Carte " in line and "gioco base" in line)
    assert "▼" in cards, text
    await alice.close()
