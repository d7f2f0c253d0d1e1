"""The next game of a server's table: at a game's end, r opens a game like it (its game,
seats, bots, options, password) for its players; the others are told and r seats them in it.
Two real SSH terminals at a Jet Lag game played to its end."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from engine import CHANCE
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import (
    Term,
    client_key,
    connect,
    in_lobby,
    jetlag_for_two,
    jetlag_play,
    start_server,
)


async def test_r_at_the_end_opens_the_next_game_seats_the_other_player_and_the_spectator_watches(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """alice and bob play, carol watches from the lobby. At the end carol has no r (no next
    game yet). alice's r opens the next game like this one; bob is told and his r seats him in
    it; carol is told too, and her r watches it: its wait for bob, then its first round, as a
    spectator (no hand), in the same session."""
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=100, height=30)
    await carol.wait_for(lambda text: in_lobby(text) and "Jet Lag" in text)
    await carol.press("w")
    await carol.wait_for("Round 1 of 4")
    await played_to_its_end(alice, bob, room)
    footer = await carol.wait_for(lambda text: "esc Lobby" in text.splitlines()[-1])
    assert "r " not in footer.splitlines()[-1], footer.splitlines()[-1]
    await alice.press("r")
    await alice.wait_for("waiting for players")
    assert room.next_game == "2" and server.lobby.rooms["2"].title == "alice's game"
    following = server.lobby.rooms["2"]
    assert following.game == "jetlag" and following.open_seats == 1
    assert following.table.seats[1].kind.bot is None  # bob's seat, for a person as before
    said = "alice opened the next game for these seats: r takes a seat in it."
    await bob.wait_for(lambda text: said in notices(text))
    watch = "alice opened the next game: r watches it."
    shown = await carol.wait_for(lambda text: watch in notices(text))
    assert "r Watch the next game" in shown.splitlines()[-1], shown.splitlines()[-1]
    await carol.press("r", "r", pause=0)  # pressed twice, fast: one game watched, once
    await carol.wait_for("waiting for players")
    assert following.watchers == 1 and room.watchers == 0
    await bob.press("r")
    for term in (alice, bob, carol):
        await term.wait_for("Round 1 of 4")
    assert "Your hand" not in carol.text()
    assert sorted(m.seat for m in following.members.values()) == [0, 1]  # carol took none
    assert len(server.lobby.rooms) == 2  # bob sat in alice's game: none made for him
    for term in (alice, bob, carol):
        await term.close()


SCROLLBAR = "▁▂▃▄▅▆▇█▔▏▕▐"
"""What a scrollbar right of a notice may draw (the end screen's, when it overflows)."""


def notices(text: str) -> str:
    """What the screen's notices say: the text right of each notice's bar, its lines joined
    (the table beside them, and a scrollbar right of them, left out)."""
    said = [
        line.split("▌", 1)[1].rstrip(" " + SCROLLBAR) for line in text.splitlines() if "▌" in line
    ]
    return " ".join(" ".join(said).split())


async def test_the_tables_chat_goes_on_at_its_end(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """At the end screen the table's chat goes on (t, and c as at Jet Lag's table): bob's
    "gg" reaches alice, who is still at her end screen, as a notice; one notice a line, there
    and during the game (the table screens show their own: the session shows none more)."""
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    await bob.press("c")
    await bob.wait_for("say something; Enter sends", settle=0.3)
    await bob.type("good luck")
    await bob.press("enter", "escape")
    shown = await alice.wait_for(lambda text: "bob: good luck" in notices(text), settle=0.5)
    assert notices(shown).count("bob: good luck") == 1, notices(shown)
    await played_to_its_end(alice, bob, room)
    footer = bob.text().splitlines()[-1]
    assert "t Chat" in footer and "esc Lobby" in footer and "Menu" not in footer, footer
    await bob.press("c")
    await bob.wait_for("say something; Enter sends", settle=0.3)
    await bob.type("gg, again?")
    await bob.press("enter")
    shown = await alice.wait_for(lambda text: "bob: gg, again?" in notices(text), settle=0.5)
    assert notices(shown).count("bob: gg, again?") == 1, notices(shown)  # one notice a line
    await alice.close()
    await bob.close()


async def played_to_its_end(alice: Term, bob: Term, room: Room) -> None:
    """alice (seat 0) and bob (seat 1) play greedy's moves until the game is over and both
    ends offer r."""
    game, players = room.table.game, {0: alice, 1: bob}
    while not game.over:
        seat = game.to_move()
        if seat == CHANCE or seat is None:
            before = len(game.entries)
            await alice.wait_for(lambda _, b=before: game.over or len(game.entries) > b)
            continue
        await jetlag_play(players[seat], room, seat)
    for term in (alice, bob):
        await term.wait_for(lambda text: "r Play again" in text.splitlines()[-1])


async def test_t_at_a_jet_set_games_end_opens_the_tables_chat(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """Jet Set's end screen has two t's: the tutorial's last chapter (not here) and the table's
    chat, which t opens at a server's table. A short turn clock lets the stand-in play alice's
    game against greedy to its end."""
    server = await start_server(tmp_path, turn_time=0.02)
    try:
        alice = await connect(server, "alice", alice_key, width=100, height=30)
        await alice.form_filled(seats=2, bots=1)
        await alice.press("enter")  # every seat taken: the game begins at once
        await alice.wait_for(lambda text: "r Play again" in text.splitlines()[-1], timeout=120)
        assert "t Chat" in alice.text().splitlines()[-1]
        await alice.press("t")
        await alice.wait_for("say something; Enter sends", settle=0.3)
        await alice.close()
    finally:
        await server.close()


async def test_the_next_game_keeps_its_seats_for_the_tables_players_not_a_bystander(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """alice's r opens the next game, which keeps bob's seat for him. carol, in the lobby and
    no player of that table, sees it kept: her j on it is refused in words and her f opens a
    game of her own instead of sitting in bob's seat (a play test's bystander did). bob goes
    back to the lobby with Esc: the end's notice, whose r the lobby has not, goes, the lobby
    says f takes his kept seat, and it does."""
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=100, height=30)
    await carol.wait_for(lambda text: in_lobby(text) and "Jet Lag" in text)
    await played_to_its_end(alice, bob, room)
    await alice.press("r")
    await alice.wait_for("waiting for players")
    following = server.lobby.rooms["2"]
    bob_identity = next(who for who, m in room.members.items() if m.seat == 1)
    assert following.kept_for == {bob_identity} and following.open_seats == 1
    await bob.wait_for(lambda text: "r takes a seat in it" in notices(text))
    await carol.wait_for("waiting for 1, kept")
    await carol.press("down", "j")  # the cursor from game 1 (over) to game 2
    refused = "the seats left in game 2 are kept for the players of the game before it"
    await carol.wait_for(lambda text: refused in notices(text))
    await carol.press("f")
    said = "Game 2 keeps its seats for the players of the game before it: f opened game 3"
    await carol.wait_for(lambda text: said in notices(text))  # not "no game was waiting"
    await carol.wait_for("Game 3: waiting for players")
    assert following.open_seats == 1 and len(following.members) == 1
    await bob.press("escape")
    shown = await bob.wait_for(lambda text: in_lobby(text) and "keeps a seat" in notices(text))
    assert "r takes a seat" not in notices(shown), notices(shown)
    assert "Game 2, the next game of your table, keeps a seat for you: f takes it." in notices(
        shown
    )
    await bob.press("f")
    for term in (alice, bob):
        await term.wait_for("Round 1 of 4")
    assert sorted(m.seat for m in following.members.values()) == [0, 1]
    await bob.wait_for(lambda text: "keeps a seat" not in notices(text))  # taken: it goes
    for term in (alice, bob, carol):
        await term.close()


def test_a_next_games_seats_are_kept_only_for_a_while(tmp_path: Path) -> None:
    """``Room.free_for``: a kept seat is free for the identities it is kept for, and for
    anyone once ``kept_until`` has passed or they have all sat down."""
    from engine import Options
    from netcode.host import Host
    from netcode.table import Table

    table = Table.create(Options(players=2), [], tmp_path / "g.jetset", seed="s", fsync=False)
    room = Room("2", "ann's game", Host(table), None, 0.0, kept_for=frozenset({"bob"}))
    room.kept_until = 100.0
    assert room.seats_kept(99.0) == 1 and room.open_seats == 2
    assert room.free_for("bob", 99.0) and room.free_for("carol", 99.0)  # two open, one kept
    assert room.free_for("carol", 100.0) and room.seats_kept(100.0) == 0
    room.kept_for = frozenset({"bob", "dan"})  # both open seats kept
    assert not room.free_for("carol", 99.0) and room.free_for("dan", 99.0)
    assert room.free_for("carol", 100.0)


async def test_a_terminal_that_goes_away_is_a_lost_connection_not_a_player_leaving(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """bob's SSH connection closes without his q (a killed terminal, a dropped network): the
    table hears that he lost his connection and will be back, not that he left (a play test's
    table read "eve has left the table" for a killed terminal)."""
    alice, bob, room = await jetlag_for_two(server, alice_key, bob_key)
    await bob.close()
    text = await alice.wait_for("bob has lost their connection")
    assert "has left" not in text
    presence = room.host.presence()[1]
    assert not presence.connected and not presence.left and presence.away is not None
    await alice.close()


async def test_a_name_alone_keeps_no_seat_in_the_next_game(tmp_path: Path) -> None:
    """With ``--open`` a name is anyone's: a play test's stranger typed ``bob`` and sat in the
    seat the next game kept for bob, with no code, and the real bob's r then opened an empty
    game. A next game keeps seats only for key holders; there its seats are anyone's, and the
    lobby says none is kept for bob."""
    from tests.ssh.helpers import start_server

    open_server: GameServer = await start_server(tmp_path, open_mode=True)
    try:
        alice, bob, room = await jetlag_for_two(open_server, None, None)  # type: ignore[arg-type]
        await played_to_its_end(alice, bob, room)
        await alice.press("r")
        await alice.wait_for("waiting for players")
        following = open_server.lobby.rooms["2"]
        assert following.kept_for == frozenset() and following.open_seats == 1
        assert "kept" not in following.status
        for term in (alice, bob):
            await term.close()
    finally:
        await open_server.close()
