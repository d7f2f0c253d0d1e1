"""The next game over the lobby's protocol (``next``, docs/protocol.md): what r at a game's end
asks for from `jetset join ssh://` and from a browser tab. Its players get a seat in the game
that follows it (the first to ask opens it, like the finished one; the others are seated in
it); nobody else can open it. Real SSH channels, as `jetset join ssh://` opens them."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from engine.jetlag.bots import greedy_choice
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from netcode import lobbyproto as lp
from netcode.client import ClientEvent, NextGameOpened, Problem
from netcode.host import NO_NEXT_HERE
from netcode.messages import Error, to_wire
from netcode.peer import NetPeer
from netcode.peer_words import JoinRefused
from netcode.sshclient import SshOpener
from netcode.transport import open_tcp
from tests.ssh.helpers import (
    answer,
    lobby_channel,
    opener,
    ssh_peer,
    start_server,
    tcp_peer_at,
    trusted_hosts,
)


async def until_heard(heard: list[ClientEvent], event: ClientEvent) -> None:
    for _ in range(250):
        if event in heard:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{event} never came: {heard}")


async def played_out(peers: list[NetPeer]) -> None:
    """Each seat plays greedy's choice until the game is over."""
    game = peers[0].game
    for _ in range(2000):
        if game.over:
            return
        for peer in peers:
            seat = peer.seat
            if seat is not None and peer.game.to_move() == seat:
                await peer.submit(seat, greedy_choice(peer.view(seat), seat))
        await asyncio.sleep(0.01)
    raise AssertionError("the game never ended")


async def ann_and_ben_at_a_private_game(
    server: GameServer, tmp: Path
) -> tuple[Room, SshOpener, SshOpener, list[NetPeer]]:
    """hal's Jet Lag game for two, password "pw", and ann and ben seated in it over SSH
    channels: the room, their openers and their peers."""
    first = server.lobby.create(Player("key:h", "hal"), 2, [], "pw", game="jetlag")
    ann = opener(server, tmp, "ann", first.id, password="pw")
    ben = opener(server, tmp, "ben", first.id, password="pw")
    peers = [
        await ssh_peer(ann, name="ann", password="pw"),
        await ssh_peer(ben, name="ben", password="pw"),
    ]
    return first, ann, ben, peers


async def test_next_seats_the_players_of_a_finished_game_in_one_game_like_it(
    tmp_path: Path,
) -> None:
    server = await start_server(tmp_path)
    try:
        first, ann, ben, peers = await ann_and_ben_at_a_private_game(server, tmp_path)
        await played_out(peers)
        await peers[0].close()  # ben stays at the end: the host tells him who opened the next
        heard: list[ClientEvent] = []
        peers[1].add_listener(heard.append)

        stranger = await lobby_channel(server, tmp_path, "cy")  # held no seat there
        await stranger.send(to_wire(lp.NextGame(game=first.id, password="pw")))
        refusal = await answer(stranger)
        assert isinstance(refusal, Error) and not refusal.fatal
        assert refusal.message == "only its players open a game's next game, once it is over"
        assert list(server.lobby.rooms) == [first.id] and first.next_game is None

        ann.next_after(first.id)
        again = [await ssh_peer(ann, name="ann", password=ann.password)]
        following = server.lobby.rooms[first.next_game or ""]
        assert following.title == "ann's game" and ann.game == following.id != first.id
        assert following.game == "jetlag" and len(following.table.seats) == 2
        assert following.password == "pw" and following.open_seats == 1
        for _ in range(250):
            if NextGameOpened(following.id, peers[0].seat or 0) in heard:
                break
            await asyncio.sleep(0.02)
        assert NextGameOpened(following.id, peers[0].seat or 0) in heard, heard
        await peers[1].close()
        ben.next_after(first.id)
        again.append(await ssh_peer(ben, name="ben", password=ben.password))
        assert ben.game == following.id and len(server.lobby.rooms) == 2  # none made for ben
        assert sorted(peer.seat for peer in again) == [0, 1]
        for _ in range(500):  # every seat taken: the game is dealt
            if again[0].game.entries:
                break
            await asyncio.sleep(0.02)
        assert again[0].game.entries
        # a reconnection asks for the seat in the new game, not for another next game
        assert ann.request() == lp.JoinGame(game=following.id, password="pw", code=ann.seat_code())
        for peer in again:
            await peer.close()
    finally:
        await server.close()


async def test_both_players_pressing_r_at_once_sit_in_one_next_game(tmp_path: Path) -> None:
    """Two `next` requests over two channels at the same moment: one game is made, and both sit
    in it (the lobby decides each `next` without waiting in between: the second finds the
    game the first made, waiting for its players)."""
    server = await start_server(tmp_path)
    try:
        first = server.lobby.create(Player("key:h", "hal"), 2, [], None, game="jetlag")
        ann = opener(server, tmp_path, "ann", first.id)
        ben = opener(server, tmp_path, "ben", first.id)
        peers = [await ssh_peer(ann, name="ann"), await ssh_peer(ben, name="ben")]
        await played_out(peers)
        for peer in peers:
            await peer.close()
        ann.next_after(first.id)
        ben.next_after(first.id)
        again = await asyncio.gather(ssh_peer(ann, name="ann"), ssh_peer(ben, name="ben"))
        assert len(server.lobby.rooms) == 2, "one next game, not one each"
        assert ann.game == ben.game == first.next_game != first.id
        assert sorted(peer.seat for peer in again) == [0, 1]
        for peer in again:
            await peer.close()
    finally:
        await server.close()


async def test_a_tcp_joiner_follows_to_the_next_game_at_the_same_port(tmp_path: Path) -> None:
    """A server with ``--tcp``: a `jetset join HOST:PORT` player hears who opened the next game
    and, connecting again to the finished game's port (what their r does), sits in the next
    one, beside the SSH player who opened it."""
    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        first = server.lobby.create(Player("key:h", "hal"), 2, [], None, game="jetlag")
        ann = opener(server, tmp_path, "ann", first.id)
        peers = [await ssh_peer(ann, name="ann"), await tcp_peer_at(server, first.id, "kim")]
        port = first.tcp_port
        await played_out(peers)
        heard: list[ClientEvent] = []
        peers[1].add_listener(heard.append)
        await peers[1].ask_next()  # r before anyone opened it: the lobby opens games here
        refused = Problem(f"the host says: {NO_NEXT_HERE}")
        await until_heard(heard, refused)
        await peers[0].close()
        ann.next_after(first.id)
        again = [await ssh_peer(ann, name="ann")]
        following = server.lobby.rooms[first.next_game or ""]
        opened = NextGameOpened(following.id, peers[0].seat or 0)
        await until_heard(heard, opened)
        heard.clear()
        await peers[1].ask_next()  # r now: the game ann opened, said to kim alone
        await until_heard(heard, opened)
        await peers[1].close()
        assert port is not None
        again.append(await NetPeer.connect(await open_tcp("127.0.0.1", port), name="kim"))
        assert [seat.name for seat in following.table.seats] == ["ann", "kim@tcp"]  # no key
        assert again[1].commitment == following.table.commitment != first.table.commitment
        for peer in again:
            await peer.close()
    finally:
        await server.close()


async def test_next_asks_the_finished_games_password(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        first = server.lobby.create(Player("key:h", "hal"), 2, ["greedy"], "pw", game="jetlag")
        ann = opener(server, tmp_path, "ann", first.id, password="pw")
        peer = await ssh_peer(ann, name="ann", password=ann.password)
        await played_out([peer])
        await peer.close()
        for given, said in ((None, "is private: it needs its password"), ("no", "wrong password")):
            ann.next_after(first.id)
            ann.password = given
            try:
                await ssh_peer(ann, name="ann", password=ann.password)
            except JoinRefused as exc:
                assert said in exc.message, exc.message
            else:
                raise AssertionError("a private game's next game opened without its password")
        assert first.next_game is None and len(server.lobby.rooms) == 1
    finally:
        await server.close()


def ssh_home(server: GameServer, tmp: Path, user: str) -> dict[str, str]:
    """The environment of a `jetset join ssh://` process of ``user``: a home with a key of
    theirs and ``server``'s host key known, and a data folder of its own."""
    from tests.ssh.test_subsystem import home_with_key

    env = home_with_key(tmp, user)
    env["JETSET_HOME"] = str(tmp / "jetset-home")
    assert server.host_key_path is not None
    known = trusted_hosts(server.port, server.host_key_path, tmp)
    shutil.copy(known, Path(env["HOME"]) / ".ssh" / "known_hosts")
    return env


async def test_r_in_jetset_join_ssh_plays_the_next_game_in_the_same_command(
    tmp_path: Path,
) -> None:
    """`jetset join ssh://erin@HOST:PORT/1` at a terminal, a Jet Lag game against greedy (a
    short turn clock lets the stand-in play erin's decisions): at its end the footer offers r,
    and r, in the same command, seats erin in game 2, like game 1; once that is over, q ends
    the command."""
    from tests.terminal import Terminal

    server = await start_server(tmp_path, turn_time=0.3)
    try:
        lobby = await lobby_channel(server, tmp_path, "maker")
        await lobby.send(to_wire(lp.Create(game="jetlag", players=2, bots=("greedy",))))
        assert await answer(lobby) == lp.Created(game="1")
        env = ssh_home(server, tmp_path, "erin")
        base = f"ssh://erin@127.0.0.1:{server.port}"
        terminal = Terminal("join", f"{base}/1", env=env)
        try:
            await asyncio.to_thread(terminal.read_until, b"Play again", 90)
            first = server.lobby.rooms["1"]
            assert first.table.over and first.next_game is None
            start = len(terminal.out)
            terminal.type("r")
            await asyncio.to_thread(terminal.read_until, f"{base}/2".encode(), 20, start)
            assert first.next_game == "2" and server.lobby.rooms["2"].title == "erin's game"
            following = server.lobby.rooms["2"]
            assert following.game == "jetlag"
            assert [s.kind.bot for s in following.table.seats] == [None, "greedy"]
            assert following.table.seats[0].name == "erin"
            for _ in range(900):
                if following.table.over:
                    break
                await asyncio.sleep(0.1)
            assert following.table.over
            await asyncio.to_thread(terminal.settle, 1.0)
            start = len(terminal.out)
            terminal.type("\x1b")  # the end's Esc: the server's lobby again, in the same command
            await asyncio.to_thread(terminal.read_until, b"you are erin", 20, start)
            start = len(terminal.out)
            terminal.type("q")  # the lobby's q (its Esc leaves only the chat line): it ends
            await asyncio.to_thread(terminal.read_until, b"you left the lobby", 20, start)
            assert await asyncio.to_thread(terminal.close) == 0
            said = terminal.out.decode(errors="replace")
            assert said.count("jetset join: joined") == 2, said[-800:]
        finally:
            if terminal.proc.poll() is None:
                terminal.proc.kill()
    finally:
        await server.close()


async def test_a_spectator_in_jetset_join_ssh_watches_the_next_game_with_r(
    tmp_path: Path,
) -> None:
    """`jetset join ssh://cy@HOST:PORT/1 --spectate` at a terminal watches ann and ben's
    private game. Once ann opens the next game (her r: ``next`` in the lobby), cy's end says
    so and r, in the same command, watches game 2 with the same password: the command says
    where, and game 2 counts cy among its spectators, not its players."""
    from tests.terminal import Terminal

    server = await start_server(tmp_path)
    try:
        first, ann, _, peers = await ann_and_ben_at_a_private_game(server, tmp_path)
        env = ssh_home(server, tmp_path, "cy")
        base = f"ssh://cy@127.0.0.1:{server.port}"
        terminal = Terminal("join", f"{base}/1", "--spectate", "--password", "pw", env=env)
        try:
            await asyncio.to_thread(terminal.read_until, b"Round 1 of 4", 30)
            assert first.watchers == 1
            start = len(terminal.out)
            await played_out(peers)
            await asyncio.to_thread(terminal.read_until, b"Lobby", 30, start)
            await asyncio.to_thread(terminal.settle, 0.5)
            assert b"Watch the next game" not in terminal.out  # none opened yet
            start = len(terminal.out)
            ann.next_after(first.id)
            peers.append(await ssh_peer(ann, name="ann", password="pw"))
            await asyncio.to_thread(terminal.read_until, b"Watch the next game", 20, start)
            said = b"ann opened the next game: r watches"  # its last word may wrap
            await asyncio.to_thread(terminal.read_until, said, 20, start)
            start = len(terminal.out)
            terminal.type("r")
            await asyncio.to_thread(terminal.read_until, f"{base}/2".encode(), 20, start)
            following = server.lobby.rooms["2"]
            for _ in range(250):
                if following.watchers == 1:
                    break
                await asyncio.sleep(0.02)
            assert following.watchers == 1 and first.watchers == 0
            assert len(following.members) == 1  # ann's seat; cy holds none
            start = len(terminal.out)
            terminal.type("q")  # asked, as at any table watched
            await asyncio.to_thread(terminal.read_until, b"Stop watching?", 20, start)
            await asyncio.to_thread(terminal.settle, 0.5)
            terminal.type("y")
            await asyncio.to_thread(terminal.read_until, b"you stopped watching", 20, start)
            await asyncio.to_thread(terminal.read_until, b"Lobby chat", 20, start)  # as over ssh
            terminal.type("q")
            await asyncio.to_thread(terminal.read_until, b"you left the lobby", 20, start)
            assert await asyncio.to_thread(terminal.close) == 0
            out = terminal.out.decode(errors="replace")
            assert f"watching the game at {base}/2" in out, out[-800:]
        finally:
            if terminal.proc.poll() is None:
                terminal.proc.kill()
        for peer in peers:
            await peer.close()
    finally:
        await server.close()


async def test_leaving_a_game_in_jetset_join_ssh_goes_back_to_the_lobby(tmp_path: Path) -> None:
    """A lunch table's play test: q, y in a game reached with `jetset join ssh://` ended the
    whole command, where an SSH terminal and a browser go back to the lobby. It says how the
    seat is taken back, and shows the server's lobby again; there q ends the command."""
    from tests.terminal import Terminal

    server = await start_server(tmp_path)
    try:
        lobby = await lobby_channel(server, tmp_path, "maker")
        await lobby.send(to_wire(lp.Create(game="jetlag", players=2, bots=("greedy",))))
        assert await answer(lobby) == lp.Created(game="1")
        env = ssh_home(server, tmp_path, "erin")
        terminal = Terminal("join", f"ssh://erin@127.0.0.1:{server.port}/1", env=env)
        try:
            await asyncio.to_thread(terminal.read_until, b"Round 1 of 4", 60)
            await asyncio.to_thread(terminal.settle, 0.5)
            start = len(terminal.out)
            terminal.type("q")
            await asyncio.to_thread(terminal.read_until, b"Leave the game", 20, start)
            await asyncio.to_thread(terminal.settle, 0.5)
            start = len(terminal.out)
            terminal.type("y")
            await asyncio.to_thread(terminal.read_until, b"you left the game", 30, start)
            await asyncio.to_thread(terminal.read_until, b"Lobby chat", 30, start)
            assert terminal.proc.poll() is None, "the command ended"
            assert server.lobby.rooms["1"].members, "the seat stays erin's"
            start = len(terminal.out)
            terminal.type("q")
            await asyncio.to_thread(terminal.read_until, b"you left the lobby", 20, start)
            assert await asyncio.to_thread(terminal.close) == 0
        finally:
            if terminal.proc.poll() is None:
                terminal.proc.kill()
    finally:
        await server.close()
