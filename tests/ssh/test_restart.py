"""`jetset ssh-server` stopped (SIGTERM) or killed, and started again on the same folder: the
unfinished game comes back from its log, a `jetset join ssh://` peer reconnects by itself within
its window (a spectator too, watching again), and a terminal SSH player who logs in again lands
in their seat. Real server processes on 127.0.0.1, real clients."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from engine import Income
from jetset_tui.ssh.saved import SavedRoom, saved_path
from netcode.logfile import read_log
from netcode.peer import NetPeer
from tests.net.procs import JETSET
from tests.ssh.helpers import connect, ssh_opener, ssh_peer


class ServerProcess:
    """`jetset ssh-server` in its own process, on a fixed folder and host key."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.host_key = tmp / "host_key"
        if not self.host_key.exists():
            key = asyncssh.generate_private_key("ssh-ed25519")
            key.write_private_key(self.host_key)
        self.games = tmp / "games"
        self.port = 0
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> int:
        args = [
            *("ssh-server", "--bind", "127.0.0.1", "--port", str(self.port)),
            *("--host-key", str(self.host_key), "--games-dir", str(self.games)),
            *("--bot-delay", "0", "--log", str(self.tmp / "server.log")),
        ]
        env = {**os.environ, "HOME": str(self.tmp / "home")}
        for _ in range(50):  # the port just let go of may take a moment
            self.proc = await asyncio.create_subprocess_exec(
                *JETSET, *args, stdout=-1, stderr=-1, env=env
            )
            assert self.proc.stdout is not None
            line = (await asyncio.wait_for(self.proc.stdout.readline(), 30)).decode()
            found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
            if found is not None:
                self.port = int(found.group(1))
                return self.port
            await self.proc.wait()
            await asyncio.sleep(0.1)
        raise AssertionError("the server did not start again on its port")

    async def stop(self, how: signal.Signals) -> tuple[int, str]:
        assert self.proc is not None and self.proc.stdout is not None
        self.proc.send_signal(how)
        out = await asyncio.wait_for(self.proc.stdout.read(), 30)
        code = await asyncio.wait_for(self.proc.wait(), 30)
        return code, out.decode()


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[ServerProcess]:
    srv = ServerProcess(tmp_path)
    await srv.start()
    try:
        yield srv
    finally:
        if srv.proc is not None and srv.proc.returncode is None:
            srv.proc.kill()
            await srv.proc.wait()


async def until(test: object, timeout: float = 15.0) -> None:
    """Until ``test()`` is true (checked every 20 ms)."""
    assert callable(test)
    for _ in range(int(timeout / 0.02)):
        if test():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never happened")


async def move_when_my_turn(peer: NetPeer) -> None:
    """Once the peer's replica says it is its turn: income (the host must seat it to accept)."""
    assert peer.seat is not None
    seat = peer.seat
    await until(lambda: peer.game.to_move() == seat)
    await peer.submit(seat, Income())


async def test_a_game_comes_back_after_a_restart_and_its_players_get_their_seats(
    server: ServerProcess, tmp_path: Path
) -> None:
    alice_key = asyncssh.generate_private_key("ssh-ed25519")
    alice = await connect(server.port, "alice", alice_key)
    await alice.open_game(seats=3, bots=1)
    bob_opener = ssh_opener(server.port, server.host_key, tmp_path, "bob", "1")
    bob = await ssh_peer(bob_opener, name="bob", reconnect_for=30)
    assert bob.seat == 1
    carol_opener = ssh_opener(server.port, server.host_key, tmp_path, "carol", "1", spectate=True)
    carol = await ssh_peer(carol_opener, spectate=True, reconnect_for=30)
    carol.wait_out_pauses = True  # as `jetset join ssh://` at a screen (a play test's spectator)
    await alice.wait_for("your turn")
    await alice.command("income")
    await move_when_my_turn(bob)
    dave = await connect(server.port, "dave", asyncssh.generate_private_key("ssh-ed25519"))
    await dave.lobby()
    await dave.press("w")
    await dave.wait_for("you are watching")
    (log_path,) = server.games.glob("*.jetset")
    kept = SavedRoom.from_json(saved_path(log_path).read_text())
    assert kept.id == "1" and sorted(s.seat for s in kept.members.values()) == [0, 1]
    assert oct(saved_path(log_path).stat().st_mode & 0o777) == "0o600"

    for how in (signal.SIGTERM, signal.SIGKILL):
        entries = len(bob.game.entries)
        code, out = await server.stop(how)
        if how == signal.SIGTERM:
            assert code == 0 and "unfinished games come back" in out
            # the player is told their game comes back (a play test read only "shutting down")
            await alice.wait_for("comes back, and you to your seat", timeout=10)
            await alice.closed.wait()
            said = " ".join(alice.text().split())  # nothing that reads as the game going away
            assert "once no one is connected" not in said and "is kept:" not in said, said
            # a watcher holds no seat: not told of one (a play test's watcher was)
            said = await dave.wait_for("comes back when it starts again", timeout=10)
            assert "your seat" not in said
        await alice.closed.wait()
        assert bob.lost is None  # still trying, in its seat
        await server.start()
        # the terminal player logs in again and lands in their seat, in the same game
        alice = await connect(server.port, "alice", alice_key)
        text = await alice.wait_for("your turn", timeout=20)
        assert "bob" in text
        await alice.command("income")
        # the ssh:// peer came back by itself: its seat accepts its move
        await move_when_my_turn(bob)
        assert len(bob.game.entries) > entries and bob.desync is None and bob.lost is None
        # and so did the spectator, watching
        await until(lambda: len(carol.game.entries) >= len(bob.game.entries), timeout=20)
        assert carol.lost is None and carol.seat is None and carol.desync is None
        await until(lambda: len(read_log(log_path).records) >= len(bob.game.entries))
        records = read_log(log_path).records
        assert records[len(bob.game.entries) - 1][3] == bob.game.digest()
        assert bob_opener.game == "1"

    await bob.close()
    await carol.close()
    with contextlib.suppress(Exception):
        await alice.close()
    code, _ = await server.stop(signal.SIGTERM)
    assert code == 0


def test_only_started_games_the_lobby_did_not_close_come_back(tmp_path: Path) -> None:
    """``saved_games``: a game with no log (it never started), one the lobby closed (abandoned,
    say) and an unreadable file are left alone; the rest come in lobby-id order."""
    from jetset_tui.ssh.saved import SavedSeat, save, saved_games

    def game(name: str, room_id: str, *, log: bool, closed: bool = False) -> Path:
        log_path = tmp_path / f"{name}.jetset"
        if log:
            log_path.write_bytes(b"")
        members = {"key:SHA256:x": SavedSeat(0, b"\x01" * 32)}
        save(log_path, SavedRoom(room_id, "t", "key:SHA256:x", 1.0, members, closed))
        return log_path

    ten, two = game("a", "10", log=True), game("b", "2", log=True)
    game("c", "3", log=False)
    game("d", "4", log=True, closed=True)
    (tmp_path / "e.jetset").write_bytes(b"")
    saved_path(tmp_path / "e.jetset").write_text("{not json")
    found = saved_games(tmp_path)
    assert [(path, room.id) for path, room in found] == [(two, "2"), (ten, "10")]
    assert found[0][1].members["key:SHA256:x"] == SavedSeat(0, b"\x01" * 32)
    with pytest.raises(ValueError):
        SavedRoom.from_json('{"id": "1", "members": {"k": {"seat": -1, "code": ""}}}')


async def test_a_game_the_lobby_closed_stays_closed_after_a_restart(tmp_path: Path) -> None:
    """In this process: alice's game is abandoned and closed, bob's is open when the server
    stops; the next server on the folder serves bob's alone, his seat kept for his key."""
    from jetset_tui.ssh.lobby_limits import LobbyLimits
    from jetset_tui.ssh.seating import Player
    from tests.ssh.helpers import start_server

    alice_key = asyncssh.generate_private_key("ssh-ed25519")
    bob_key = asyncssh.generate_private_key("ssh-ed25519")
    server = await start_server(tmp_path, lobby=LobbyLimits(abandoned_after=0.5))
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.new_game_against_bots()
        await alice.close()
        bob = await connect(server, "bob", bob_key)
        await bob.new_game_against_bots()
        await until(lambda: list(server.lobby.rooms) == ["2"], 10)
        closed = SavedRoom.from_json(
            saved_path(server.lobby.games_dir.glob("*ssh1-*.jetset").__next__()).read_text()
        )
        assert closed.closed
        bob_identity = next(iter(server.lobby.rooms["2"].members))
        await bob.close()
    finally:
        await server.close()
    again = await start_server(tmp_path)
    try:
        assert list(again.lobby.rooms) == ["2"]
        room = again.lobby.rooms["2"]
        assert list(room.members) == [bob_identity] and room.table.started
        assert room.members[bob_identity].token == room.table.seats[0].token
        made = again.lobby.create(Player("key:c", "carol"), 2, [], None)
        assert made.id == "3"
    finally:
        await again.close()


async def test_after_a_restart_a_stand_in_that_played_plays_again_once_someone_is_back(
    tmp_path: Path,
) -> None:
    """Alice dropped and a stand-in played her seat while bob played on; then the server
    restarted. Bob is back: her stand-in plays again at once, the same kind (bob waited its
    whole window again, two minutes, for a bot that had played there before the restart), not
    while nobody is back; alice's key takes her seat back as always."""
    from jetset_tui.ssh.seating import Player
    from jetset_tui.ssh.server import GameServer
    from netcode.botplayer import play_bot
    from netcode.host import HostSettings
    from tests.ssh.helpers import make_config

    alice, bob = Player("key:SHA256:alice", "alice"), Player("key:SHA256:bob", "bob")
    first = GameServer(make_config(tmp_path))
    first.lobby.host_settings = HostSettings(reconnect_window=0.1, standin_kind="random")
    await first.start()
    try:
        room = first.lobby.create(alice, 3, ["greedy"], None)
        hers, _ = await first.lobby.join(room, alice, None)
        his, _ = await first.lobby.join(room, bob, None)
        assert (hers.seat, his.seat) == (0, 1)
        playing = [asyncio.create_task(play_bot(p, "greedy", "x", delay=0.05)) for p in (hers, his)]
        game, host = room.table.game, room.host
        await until(lambda: len(game.entries) > 12, 30)
        playing[0].cancel()
        await hers.close()
        await until(lambda: 0 in host.seat_conns and host.seat_conns[0].standin == "random", 30)
        since = len(game.entries)
        await until(lambda: sum(e.actor == 0 for e in game.entries[since:]) >= 2, 30)
        assert not game.over
    finally:
        await first.close()  # the server stops with bob at the table
        for task in playing:
            task.cancel()
    again = GameServer(make_config(tmp_path))
    again.lobby.host_settings = HostSettings(reconnect_window=60, standin_kind="greedy")
    await again.start()
    try:
        room = again.lobby.rooms["1"]
        host, game = room.host, room.table.game
        entries = len(game.entries)
        await asyncio.sleep(0.5)  # nobody is back: no bot plays
        assert 0 not in host.seat_conns and len(game.entries) == entries
        back, _ = await again.lobby.join(room, bob, None)
        assert back.seat == 1
        await until(lambda: 0 in host.seat_conns, 20)  # at once, not after a minute's window
        assert host.seat_conns[0].standin == "random", "the kind that played before"
        hers, _ = await again.lobby.join(room, alice, None)
        await until(lambda: host.seat_conns[0].standin is None, 20)  # her seat is hers again
        assert hers.seat == 0
        await hers.close()
        await back.close()
    finally:
        await again.close()


async def test_after_a_restart_a_player_who_is_not_back_gets_a_stand_in(tmp_path: Path) -> None:
    """The server restarts during alice and bob's game. Nobody is back: both seats are said
    away and nothing moves (bots never play out a game no person is at). Bob is back, alice is
    not: her reconnect window starts then, and once it is over a bot plays her seat, so bob is
    not kept waiting for ever (the table waited, saying nothing); alice's key takes it back."""
    from jetset_tui.ssh.seating import Player
    from jetset_tui.ssh.server import GameServer
    from netcode.host import HostSettings
    from tests.ssh.helpers import make_config, start_server

    alice_key = asyncssh.generate_private_key("ssh-ed25519")
    bob = Player("key:SHA256:bob", "bob")
    server = await start_server(tmp_path)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.open_game(seats=2, bots=0)
        peer, _ = await server.lobby.join(server.lobby.rooms["1"], bob, None)
        await alice.wait_for("your turn")  # the game has started: alice first
        await peer.close()
        await alice.close()
    finally:
        await server.close()
    again = GameServer(make_config(tmp_path))
    again.lobby.host_settings = HostSettings(bot_delay=0, reconnect_window=0.3)
    await again.start()
    try:
        room = again.lobby.rooms["1"]
        host, game = room.host, room.table.game
        entries = len(game.entries)
        assert game.to_move() == 0 and not host.table.seats[0].is_bot
        for seat in (0, 1):
            away = host.presence_message().seats[seat]
            assert away.away is not None and away.bot_in is None, "away; no bot while no one is"
        await asyncio.sleep(0.8)  # past the window: still nobody plays
        assert not host.seat_conns and len(game.entries) == entries
        back, _ = await again.lobby.join(room, bob, None)
        assert back.seat == 1
        assert host.presence_message().seats[0].bot_in is not None, "alice's window starts"
        await until(lambda: 0 in host.seat_conns and len(game.entries) > entries, 10)
        assert host.seat_conns[0].standin == "greedy", "a stand-in played her turn"
        assert room.seat_line().startswith("alice*,"), "the lobby: her seat waits for her"
        alice = await connect(again, "alice", alice_key)
        await until(lambda: host.seat_conns[0].standin is None, 20)  # her seat is hers again
        await alice.close()
        await back.close()
    finally:
        await again.close()


async def test_a_server_stopped_with_players_logged_in_keeps_its_stand_ins(
    tmp_path: Path,
) -> None:
    """A play test: bob's ssh died, a stand-in played his seat, and the server was stopped with
    alice still at the table over ssh. Her session ended before the games were told the server
    stopped, so it read as the last person leaving and ended the stand-in in the log; after the
    restart bob's seat waited its two minutes again. Now the lobby knows first that it stops:
    the log still names the stand-in, and alice back over ssh has it play again at once."""
    from jetset_tui.ssh.server import GameServer
    from netcode.host import HostSettings
    from tests.ssh.helpers import client_key, make_config, two_players_and_a_bot

    alice_key, bob_key = client_key(tmp_path, "alice"), client_key(tmp_path, "bob")
    first = GameServer(make_config(tmp_path))
    first.lobby.host_settings = HostSettings(reconnect_window=0.1, standin_kind="random")
    await first.start()
    try:
        alice, bob = await two_players_and_a_bot(first, alice_key, bob_key)
        host = first.lobby.rooms["1"].host
        await bob.close()  # his terminal gone, no q
        await until(lambda: 1 in host.seat_conns and host.seat_conns[1].standin == "random")
        log = first.lobby.rooms["1"].table.log_path
    finally:
        await first.close()  # alice still logged in, at the table
    standins = [n.fields for n in read_log(log).notes if n.kind == "standin"]
    assert standins and standins[-1] == {"seat": 1, "bot": "random"}, standins
    again = GameServer(make_config(tmp_path))
    again.lobby.host_settings = HostSettings(reconnect_window=60, standin_kind="greedy")
    await again.start()
    try:
        alice = await connect(again, "alice", alice_key, width=100, height=30)
        await alice.wait_for("alice")  # back in her seat, or the lobby
        host = again.lobby.rooms["1"].host
        if 0 not in host.seat_conns:
            await alice.press("j")
        await until(lambda: 1 in host.seat_conns, 20)  # at once, not after a minute's window
        assert host.seat_conns[1].standin == "random", "the kind that played before"
        await alice.close()
    finally:
        await again.close()
