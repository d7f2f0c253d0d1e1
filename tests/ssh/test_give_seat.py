"""Over SSH, a player who leaves a table may give their seat to the next person who joins that
game, as at a LAN table (`jetset join`'s q, o): a play party's bob went home and carol, who just
arrived, could only watch, his seat his for good. Real SSH clients on 127.0.0.1, the real app."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.refusals import problem_words
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from jetset_tui.table_end import LOBBY
from netcode.client import ClientEvent, Problem
from netcode.peer import NetPeer
from netcode.peer_words import host_says
from tests.net.hosting import leave_giving_the_seat
from tests.ssh.helpers import (
    client_key,
    connect,
    in_lobby,
    open_game_code,
    opener,
    ssh_peer,
    start_server,
    tcp_peer_at,
    two_players_and_a_bot,
)
from tests.ssh.test_play_again import notices


async def test_q_o_gives_the_seat_to_whoever_joins_that_game_next(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """bob's q offers o; after it his seat is open in the lobby (he no longer holds it there), the
    table says it goes to the next person who joins, carol's j takes it under her own name, and
    the game goes on: alice's move, then carol's in it. Alice is told who took it (a play
    test's table saw the roster change without a word)."""
    alice, bob = await two_players_and_a_bot(server, alice_key, bob_key)
    room = server.lobby.rooms["1"]
    bob_id = f"key:{bob_key.get_fingerprint()}"
    await bob.wait_for("alice")  # the table, alice to move
    await bob.press("q")
    text = await bob.wait_for("Leave the game?")
    assert "o  Leave, and give my seat to the next person who joins" in text, text
    assert "with y, your seat stays yours" in text, text
    await bob.press("o")
    text = await bob.wait_for(lambda t: in_lobby(t) and "goes to the next" in notices(t))
    assert "Your seat in game 1 goes to the next person who joins it." in notices(text), text
    assert "You hold a seat in game 1" not in text and "(open)" in text, text
    assert server.lobby.seat_of(bob_id) is None and room.open_seats == 1
    await alice.wait_for("bob's seat goes to the next person who joins")

    carol_key = client_key(tmp_path, "carol")
    carol = await connect(server, "carol", carol_key, width=100, height=30)
    text = await carol.lobby()
    assert "(open)" in text and "bob" not in text.split("Game 1")[0], text
    await carol.press("j")
    await carol.wait_for(lambda t: "alice" in t and "Lobby" not in t.splitlines()[-1])
    assert room.table.sitter(1) == "carol" and room.open_seats == 0
    assert room.members[f"key:{carol_key.get_fingerprint()}"].seat == 1
    await alice.wait_for("carol takes bob's seat")  # said, not only the roster changed
    game = room.table.game
    before = len(game.entries)
    await alice.command("income")
    await alice.wait_for(lambda _: len(game.entries) > before, settle=0)
    await carol.wait_for(lambda t: "carol  your turn" in t)
    before = len(game.entries)
    await carol.command("income")
    await carol.wait_for(lambda _: len(game.entries) > before, settle=0)
    assert game.entries[before].actor == 1
    text = await bob.wait_for(lambda t: in_lobby(t) and "carol" in t)
    assert "You hold a seat in game 1" not in text
    for term in (alice, bob, carol):
        await term.close()


async def test_an_open_servers_seat_given_away_leaves_no_code_to_take_it_back(
    tmp_path: Path,
) -> None:
    """--open: the notice of the seat's code ("with your name it takes this seat back") goes
    with the gift (it stayed up, beside the one saying the seat went), and so does the code
    the goodbye would have said again."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        ann = await connect(server, "ann", None, width=100, height=30)
        await open_game_code(ann)
        await ann.press("q")
        await ann.wait_for("Leave the game?")
        await ann.press("o")
        text = await ann.wait_for(lambda t: in_lobby(t) and "goes to the next" in notices(t))
        assert "Your seat code is" not in notices(text), text
        assert server.lobby.rooms["1"].members == {}
        await ann.close()
    finally:
        await server.close()


@contextlib.asynccontextmanager
async def alice_over_ssh_and_eve_over_tcp(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> AsyncIterator[tuple[GameServer, Room, NetPeer, NetPeer]]:
    """A server with --tcp, and a game of two seats: alice's SSH session's peer in one, eve's
    `jetset join` peer at its TCP port in the other (the server, the game, alice's, eve's)."""
    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        alice = Player(f"key:{alice_key.get_fingerprint()}", "alice", "127.0.0.1")
        room = server.lobby.create(alice, 2, [], None)
        peer, _code = await server.lobby.join(room, alice, None)
        eve = await tcp_peer_at(server, room.id, "eve")
        yield server, room, peer, eve
        await peer.close()
        await eve.close()
    finally:
        await server.close()


async def test_a_tcp_players_gift_opens_the_seat_in_the_lobby(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """A `jetset join` player at a game's --tcp port who gives the seat (q, o there) leaves it
    open in the SSH lobby too, for an SSH player's j."""
    async with alice_over_ssh_and_eve_over_tcp(tmp_path, alice_key) as (server, room, peer, eve):
        await peer.started_game.wait()
        eve.gives_seat = True
        await eve.close()
        term = await connect(server, "alice", alice_key, width=100, height=30)
        await peer.close()
        text = await term.wait_for(lambda t: "(open)" in t)
        assert room.open_seats == 1 and room.table.given_open(1), text
        await term.close()


async def test_a_server_says_its_refusals_and_a_host_its_own(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """Too much chat at an SSH table: "the server says", where nobody hosts the game; a `jetset
    join` player at the same game's TCP port still reads "the host says"."""
    async with alice_over_ssh_and_eve_over_tcp(tmp_path, alice_key) as (_server, _room, peer, eve):
        heard: dict[str, list[str]] = {"ssh": [], "tcp": []}
        for where, who in (("ssh", peer), ("tcp", eve)):

            def listener(event: ClientEvent, where: str = where) -> None:
                if isinstance(event, Problem):
                    heard[where].append(event.message)

            who.add_listener(listener)
            for n in range(30):
                await who.chat(f"hi {n}")
        await _until(lambda: heard["ssh"] and heard["tcp"])
        assert heard["ssh"][0] == "the server says: too much chat; slow down", heard
        assert heard["tcp"][0] == "the host says: too much chat; slow down", heard


async def _until(condition: object, timeout: float = 10.0) -> None:
    async def loop() -> None:
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.02)

    await asyncio.wait_for(loop(), timeout)


def test_the_server_says_it_in_the_players_language() -> None:
    """A table's screen says a refusal's sentence in the player's language, the host's own words
    in it as they came (Italian: the server's, and the host's for `jetset join HOST:PORT`)."""
    with use_language("it"):
        assert problem_words(host_says("too much chat", served=True)) == (
            "il server dice: too much chat"
        )
        assert problem_words(host_says("too much chat", served=False)) == (
            "chi ospita dice: too much chat"
        )
    assert problem_words(host_says("x", served=True)) == "the server says: x"


async def test_a_jetset_join_ssh_players_q_o_gives_the_seat_too(
    server: GameServer, alice_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """`jetset join ssh://` (its own engine over an SSH channel, back to the lobby after the
    game): its q offered no o (a server's lobby held the seat for good); now it gives the seat
    as a plain `ssh` session's does: the lobby lists it open and carol's j takes it."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.open_game(seats=3, bots=1)
    dave_key = client_key(tmp_path, "dave")
    dave = await ssh_peer(opener(server, tmp_path, "dave", "1"), name="dave")
    assert dave.seat == 1
    room = server.lobby.rooms["1"]
    await alice.wait_for("your turn")
    app = JetSetApp(session=dave, joined_at=f"ssh://dave@127.0.0.1:{server.port}/1")
    app.from_lobby = True
    async with app.run_test(size=(120, 40)) as pilot:
        await leave_giving_the_seat(pilot, app)
    assert dave.gives_seat and app.then == LOBBY, "back to the server's lobby"
    await dave.close()
    for _ in range(200):
        if room.open_seats == 1:
            break
        await asyncio.sleep(0.05)
    assert room.open_seats == 1
    assert server.lobby.seat_of(f"key:{dave_key.get_fingerprint()}") is None
    await alice.wait_for("dave's seat goes to the next person who joins")
    carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=100, height=30)
    text = await carol.lobby()
    assert "(open)" in text, text
    await carol.press("j")
    await carol.wait_for(lambda t: "alice" in t and "Lobby" not in t.splitlines()[-1])
    assert room.table.sitter(1) == "carol" and room.open_seats == 0
    for term in (alice, carol):
        await term.close()


async def test_a_server_games_lost_connection_names_the_server_not_a_host(
    server: GameServer, alice_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """A play test: `jetset join ssh://`'s dropped connection read "the host closed the
    connection; reconnecting" (Italian "chi ospita": a person), where only a server is. A
    server's game says the server; a `jetset join HOST:PORT` game still says the host."""
    from netcode.peer_words import lost_sentence, reconnecting

    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.open_game(seats=2, bots=0)
    # as `jetset join ssh://` makes it (commands/join.py: ``served``)
    dave = await ssh_peer(opener(server, tmp_path, "dave", "1"), name="dave", served=True)
    said: list[str] = []

    def heard(event: ClientEvent) -> None:
        if isinstance(event, Problem):
            said.append(event.message)

    dave.add_listener(heard)
    assert dave._conn is not None
    dave._conn.transport.abort()
    for _ in range(200):
        if "reconnected" in said:
            break
        await asyncio.sleep(0.05)
    assert said[0].startswith("the server ") and said[0].endswith("; reconnecting"), said
    assert not any("host" in line for line in said), said
    assert "host" in reconnecting("the host closed the connection", served=False)
    assert "server" in lost_sentence(watching=False, served=True)
    assert "host" in lost_sentence(watching=True, served=False)
    await dave.close()
    await alice.close()


async def test_ctrl_q_at_a_table_says_the_seat_is_kept_and_a_gift_is_not(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """A play test's Ctrl+Q (or the palette's Quit) at a table closed the window with nothing
    said: the goodbye now says the seat is kept for the key and how long a game with no one
    connected is kept. A seat given away (q, o) is not said to be kept."""
    alice, bob = await two_players_and_a_bot(server, alice_key, bob_key)
    await bob.wait_for("alice")
    await bob.press("ctrl+q")
    await asyncio.wait_for(bob.closed.wait(), 10)
    said = " ".join(bob.text().split())
    assert "Your seat in game 1 is kept: connect again with this key to play on." in said, said
    assert "A game is kept 30 minutes once no one is connected to it." in said, said
    await alice.press("q")
    await alice.wait_for("Leave the game?")
    await alice.press("o")
    await alice.wait_for(lambda t: in_lobby(t) and "goes to the next" in notices(t))
    await alice.press("q")
    await asyncio.wait_for(alice.closed.wait(), 10)
    assert "is kept: connect again" not in " ".join(alice.text().split()), alice.text()


async def test_a_closed_ssh_window_is_not_logged_as_the_host_closing(
    server: GameServer,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A play test read "connection lost (the host closed the connection)" in the server's log
    when a player's ssh window closed: the session's own peer closing loses nothing, and says
    nothing at INFO."""
    import logging

    caplog.set_level(logging.INFO, logger="jetset.peer")
    _alice, bob = await two_players_and_a_bot(server, alice_key, bob_key)
    await bob.wait_for("alice")
    await bob.close()
    room = server.lobby.rooms["1"]
    for _ in range(200):
        if 1 not in room.host.seat_conns:
            break
        await asyncio.sleep(0.02)
    assert 1 not in room.host.seat_conns
    lost = [r.getMessage() for r in caplog.records if "connection lost" in r.getMessage()]
    assert not lost, lost
