"""What a play test of the SSH server found (task fix25b), each over a real SSH connection to a
server on 127.0.0.1: q at a table asks before leaving, and an open server's seat comes back in
the same session without its code typed again."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import asyncssh

from engine.jetset.options import MODULES
from jetset_tui.i18n import _, use_language
from jetset_tui.ssh.screens.lobby import full_title
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import connect, in_lobby, open_game_code, start_server


async def test_open_mode_q_asks_and_shows_the_code_and_j_needs_no_code_in_the_session(
    tmp_path: Path,
) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        code = await open_game_code(alice)
        await alice.press("q")  # on her own turn: asked, not gone
        text = await alice.wait_for("Leave the game?")
        assert f"Your seat code: {code[:4]} {code[4:]}" in text, text
        assert "with y, your seat stays yours: j" in text
        await alice.press("g")
        await alice.wait_for(lambda t: "Leave the game?" not in t and "your turn" in t)
        await alice.press("q")
        await alice.wait_for("Leave the game?")
        await alice.press("y")
        await alice.lobby()
        await alice.press("j")  # the same session: the seat comes back, no code asked
        text = await alice.wait_for("Back in your seat in game 1")
        assert "The code of your seat" not in text
        await alice.wait_for("your turn")
        await alice.close()
    finally:
        await server.close()


async def test_with_a_key_q_asks_and_says_how_the_seat_comes_back(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    await alice.new_game_against_bots()
    await alice.press("q")
    text = await alice.wait_for("Leave the game?")
    assert "with y, your seat stays yours: j" in text and "seat code" not in text
    await alice.press("y")
    text = await alice.wait_for(in_lobby)
    assert "← your seat" in text or "You hold a seat in game 1" in text
    await alice.close()


LONG_LINE = " ".join(f"{letter * 4}{n}" for n, letter in enumerate("ABCDEFGHIJKLMN", start=1))
"""AAAA1 BBBB2 … NNNN14: longer than the lobby chat's panel at 80 to 120 columns."""


def chat_words(text: str) -> list[str]:
    """The words of the lobby chat's panel (right of the games' border), top to bottom."""
    found: list[str] = []
    for line in text.splitlines()[2:-1]:
        if "│" in line:
            found += line.rsplit("│", 1)[1].split()
    return found


def shows_in_order(said: list[str], words: list[str]) -> bool:
    """``words`` are among ``said``, one after the other, none missing."""
    starts = [i for i, word in enumerate(said) if word == words[0]]
    return any(said[i : i + len(words)] == words for i in starts)


async def test_a_long_lobby_chat_line_wraps_whole_in_its_panel_and_again_on_resize(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    cleo = await connect(server, "cleo", alice_key, width=100, height=30)
    await cleo.lobby()
    await cleo.press("t", pause=0.3)
    await cleo.type(LONG_LINE)
    await cleo.press("enter")
    words = ["cleo:", *LONG_LINE.split()]
    for width in (100, 120, 80, 100):
        cleo.resize(width, 30)
        await cleo.wait_for(lambda t: shows_in_order(chat_words(t), words))
    await cleo.close()


async def test_an_accented_name_is_kept_in_either_unicode_form(tmp_path: Path) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        for typed in ("émile", "e\u0301mile"):  # NFC, and NFD as some systems type it
            emile = await connect(server, typed, None)
            text = await emile.lobby()
            assert "lobby   émile" in text and "mile" not in text.replace("émile", "")
            await emile.close()
        zoe = await connect(server, "Zoë_Ørsted-Łukasz", None)  # 17 characters: one too many
        text = await zoe.wait_for("cut to 16 characters")
        assert "Zoë_Ørsted-Łukas" in text
        await zoe.close()
    finally:
        await server.close()


async def test_a_long_or_invisible_laden_name_is_said_and_mixed_alphabets_are_refused(
    tmp_path: Path,
) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        long = await connect(server, "a" * 300, None)
        text = await long.wait_for("Your name is cut to 16 characters")
        assert "a" * 16 + "." in text
        await long.close()
        hidden = await connect(server, "al ice!", None)  # a space, a "!"
        text = await hidden.wait_for("calls you alice")
        await hidden.close()
        trick = await connect(server, "p\u0430ypal", None)  # a Cyrillic а among Latin letters
        await trick.closed.wait()
        assert "mixes Latin, Cyrillic or Greek letters" in trick.text()
        assert not server.lobby.rooms and "pаypal" not in str(server.sessions)
        stars = await connect(server, "\u2605\u2605", None)  # no letter: "player", anyone's
        await stars.closed.wait()
        assert "Your name has no letter or digit" in stars.text()
        assert not server.sessions
    finally:
        await server.close()


async def test_a_name_of_no_letter_is_refused_only_where_names_are_identities(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """With keys, a player is their key: a user name of no letter or digit (``★★``) is let in
    as "player" (the table tells two such players apart). With ``--open`` a name is who you
    are, and "player" would be everyone's: refused there (the test above)."""
    stars = await connect(server, "\u2605\u2605", alice_key)
    text = await stars.lobby()
    assert "lobby   player" in text, text
    await stars.close()


def games_box_words(text: str) -> set[str]:
    """The words of the lobby's games table (left of the chat's border, above the line under
    the table)."""
    lines = text.splitlines()[3:]
    ends = [i for i, line in enumerate(lines) if "Game 1:" in line or "Partita 1:" in line]
    return {word for line in lines[: ends[0] if ends else 0] for word in line.split("│")[0].split()}


def lists_all(wanted: set[str], text: str) -> bool:
    """The games table shows every word of ``wanted`` (a name's ``*`` and a list's commas aside)."""
    return wanted <= {word.strip(",*") for word in games_box_words(text)}


async def test_the_lobby_list_keeps_status_seats_and_your_seat_in_sight(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """A game whose title runs long with its modules: the status, the seats and "← your seat"
    stay in the table at 80, 100 and 120 columns, in English and in Italian; the title wraps.
    (A seat is kept in the lobby once its game has begun: one left in the wait is open again.)"""
    alice = Player(f"key:{alice_key.get_fingerprint()}", "alice", "127.0.0.1")
    bob = Player("key:bob", "bob", "127.0.0.2")
    modules = {"extra_cards": True, "modules": MODULES}
    room = server.lobby.create(alice, 3, ["greedy"], None, options=modules)
    peer, _code = await server.lobby.join(room, alice, None)
    await peer.close()
    term = await connect(server, "alice", alice_key, width=80, height=24)
    text = await term.wait_for("waiting for players")  # her seat, waiting
    assert "extra cards · Distant Lands, Hubs, Business cards, Investors" in text, text
    bob_peer, _code = await server.lobby.join(room, bob, None)  # the last seat: it begins
    for language, env, sizes in (
        ("en", {}, ((80, 24), (100, 30), (120, 40))),
        ("it", {"LANG": "it_IT.UTF-8"}, ((80, 24),)),
    ):
        width, height = sizes[0]
        if language != "en":
            term = await connect(server, "alice", alice_key, width=width, height=height, env=env)
        await term.wait_for(lambda t: not in_lobby(t) and "Amelia" in t)  # the table, hers
        await term.wait_for(lambda _: room.table.started)
        await term.press("q")
        await term.wait_for("Leave the game?" if language == "en" else "Lasciare la partita?")
        await term.press("y")
        with use_language(language):
            mine = [room.status, _("← your seat"), room.seat_line()]
        wanted = {word.strip(",*") for said in mine for word in said.split()}
        for width, height in sizes:
            term.resize(width, height)
            await term.wait_for(partial(lists_all, wanted))
        await term.close()
    await bob_peer.close()


def table_rows(text: str) -> list[str]:
    """The lobby's games table alone: its rows, left of the chat's border (a game's number or
    a cell's next line), to the line under the table (the chosen game's title)."""
    rows = []
    for line in text.splitlines()[3:]:
        left = line.split("│")[0]
        if not re.match(r" (\d|   +\S)", left):
            break
        rows.append(left)
    return rows


async def test_a_long_title_takes_the_room_the_status_and_seats_leave_it(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """At 120 columns a game being played with every module on has its title whole in the
    table: it had a quarter of the room and ended in "…" after four lines ("Business cards,…")
    while the seats beside it left a third of theirs empty."""
    alice = Player(f"key:{alice_key.get_fingerprint()}", "alice", "127.0.0.1")
    room = server.lobby.create(alice, 3, ["greedy"] * 2, None, options={"modules": MODULES})
    peer, _code = await server.lobby.join(room, alice, None)
    await peer.close()
    term = await connect(server, "alice", alice_key, width=120, height=40)
    await term.wait_for(lambda t: "Amelia" in t and "your turn" in t)  # her seat: leave it
    await term.press("q")
    await term.wait_for("Leave the game?", timeout=30)  # a map of every module on a busy box
    await term.press("y")
    text = await term.wait_for(lambda t: in_lobby(t) and "← your seat" in t, timeout=30)
    rows = table_rows(text)
    words = {word.strip(",") for row in rows for word in row.split()}
    assert {word.strip(",") for word in full_title(room).split()} <= words, text
    assert "…" not in "".join(rows), text
    await term.close()


async def test_q_at_a_jetlag_table_says_the_seat_stays_and_it_does(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """Not "it is not saved": the game goes on in the lobby with the seat, which j takes back."""
    alice = Player(f"key:{alice_key.get_fingerprint()}", "alice", "127.0.0.1")
    room = server.lobby.create(alice, 2, ["greedy"], None, game="jetlag")
    peer, _code = await server.lobby.join(room, alice, None)
    await peer.close()
    term = await connect(server, "alice", alice_key)
    await term.wait_for("Round 1 of 4")  # her seat, from the lobby
    await term.press("q")
    text = await term.wait_for("Leave the game?")
    assert "with y, your seat stays yours: j" in text and "not saved" not in text
    await term.press("y")
    text = await term.wait_for(lambda t: in_lobby(t) and "← your seat" in t)
    assert server.lobby.seat_of(alice.identity) is not None
    await term.press("j")
    await term.wait_for("Round 1 of 4")
    await term.close()


async def test_six_seats_are_all_listed_at_80_columns(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """At 80 columns the seats cell of a six-seat game ended in "…" (the line under the table
    showed them all): it takes the lines its names need."""
    alice = Player(f"key:{alice_key.get_fingerprint()}", "alice", "127.0.0.1")
    bob = Player("key:bob", "bob", "127.0.0.2")  # waits in it, while alice looks at the list
    room = server.lobby.create(alice, 6, ["greedy"] * 4, None, options={"modules": MODULES})
    peer, _code = await server.lobby.join(room, bob, None)
    wanted = {word.strip(",*") for word in room.seat_line().split()}
    assert len(wanted) == 6, wanted  # five names and "(open)"
    term = await connect(server, "alice", alice_key, width=80, height=24)
    await term.wait_for(partial(lists_all, wanted))  # the title may end in "…", not the seats
    await peer.close()
    await term.close()


async def test_a_jetlag_table_offers_one_chat_key(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """Jet Lag's chat is c (t plays a tourist): once t was pressed, the footer also offered the
    server's own "t Chat", and t then opened the chat."""
    alice = Player(f"key:{alice_key.get_fingerprint()}", "alice", "127.0.0.1")
    room = server.lobby.create(alice, 2, ["greedy"], None, game="jetlag")
    peer, _code = await server.lobby.join(room, alice, None)
    await peer.close()
    term = await connect(server, "alice", alice_key)
    await term.wait_for(lambda t: "Your turn" in t and "t Tourist" in t.splitlines()[-1])
    await term.press("t")
    footer = (await term.wait_for(lambda t: "Play it" in t.splitlines()[-1])).splitlines()[-1]
    assert "c Chat" in footer and "t Chat" not in footer, footer
    await term.close()
