"""`jetset join ssh://`: the protocol over the server's `jetset` subsystem, on 127.0.0.1.

The real server in this process; clients as `jetset join` processes and as asyncssh channels
(the same `SshOpener` the command uses). Raw channels sending hand-made frames, and OpenSSH's
own client: test_subsystem_frames.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
from pathlib import Path

import asyncssh
import pytest

from engine import Deal, Income
from jetset_tui.ssh.server import GameServer
from netcode import lobbyproto as lp
from netcode.logfile import read_log
from netcode.messages import to_wire
from netcode.peer import NetPeer
from netcode.peer_words import JoinRefused
from netcode.sshclient import (
    ChangedHostKey,
    SshAddress,
    UnknownHost,
    parse_ssh_url,
    trust_host,
)
from netcode.transport import ConnectionClosed
from tests.net.procs import JETSET
from tests.ssh.helpers import (
    after_the_lobby_asks,
    answer,
    client_key,
    connect,
    lobby_channel,
    opener,
    ssh_peer,
    start_server,
    trusted_hosts,
)


def trusted(server: GameServer, tmp: Path) -> Path:
    """A known_hosts file that trusts ``server``'s host key."""
    assert server.host_key_path is not None
    return trusted_hosts(server.port, server.host_key_path, tmp)


def home_with_key(tmp: Path, name: str) -> dict[str, str]:
    """An environment whose HOME has ``~/.ssh/id_ed25519`` and no agent, for a `jetset join`."""
    home = tmp / f"home-{name}"
    (home / ".ssh").mkdir(parents=True, exist_ok=True)
    client_key(home / ".ssh", "id")
    return {**os.environ, "HOME": str(home), "SSH_AUTH_SOCK": ""}


async def run_join(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        *JETSET, "join", *args, env=env, stdout=-1, stderr=-1, stdin=asyncio.subprocess.DEVNULL
    )
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


# -- the address ----------------------------------------------------------------------------


def test_ssh_urls() -> None:
    assert parse_ssh_url("ssh://example.org") == SshAddress("example.org")
    assert parse_ssh_url("ssh://ann@10.0.0.5:2222/7") == SshAddress("10.0.0.5", 2222, "ann", "7")
    assert parse_ssh_url("ssh://[::1]:2222") == SshAddress("::1", 2222)
    for bad in ("ssh://", "ssh://a@b@c", "ssh://host:0", "ssh://host:99999", "ssh://h/a b"):
        with pytest.raises(ValueError):
            parse_ssh_url(bad)


# -- whole games ----------------------------------------------------------------------------


async def test_four_ssh_bots_play_a_whole_game(tmp_path: Path) -> None:
    """Four `jetset join ssh://` processes, arriving at once, fill one game and finish it; every
    replica ends on the host's digest, and the commitment checks out."""
    server = await start_server(tmp_path)
    try:
        url = f"ssh://127.0.0.1:{server.port}"
        args = ("--bot", "greedy", "--json", "--accept-new-host-key")
        runs = [run_join(home_with_key(tmp_path, f"b{i}"), url, *args) for i in range(4)]
        results = await asyncio.gather(*runs)
        assert list(server.lobby.rooms) == ["1"]
        table = server.lobby.rooms["1"].table
        assert table.over
        seats = []
        for code, out, err in results:
            assert code == 0, err
            summary = json.loads(out.splitlines()[-1])
            assert summary["ok"] and summary["commitment_ok"] and summary["replay_ok"], summary
            assert summary["digest"] == table.game.digest()
            assert summary["entries"] == len(table.game.entries)
            seats.append(summary["seat"])
            assert "Permanently added" in err
        assert sorted(seats) == [0, 1, 2, 3]
        last = read_log(table.log_path).records[-1]
        assert last[3] == table.game.digest()  # (index, actor, text, digest)
    finally:
        await server.close()


async def test_a_terminal_player_and_an_ssh_peer_at_one_table(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    server = await start_server(tmp_path)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.open_game(seats=3, bots=1)
        bob = await ssh_peer(opener(server, tmp_path, "bob", "1"), name="bob")
        assert bob.seat is not None
        text = await alice.wait_for("your turn")
        assert "bob" in text
        game = server.lobby.rooms["1"].table.game
        await alice.command("income")
        for _ in range(300):
            if game.to_move() == bob.seat and bob.game.to_move() == bob.seat:
                break
            await asyncio.sleep(0.02)
        before = len(game.entries)
        await bob.submit(bob.seat, Income())
        assert game.entries[before].actor == bob.seat
        await alice.wait_for(lambda text: re.search(r"B\s+income", text) is not None)
        assert bob.desync is None
        assert bob.game.digest() == game.digests[len(bob.game.entries) - 1]
        await bob.close()
        await alice.close()
    finally:
        await server.close()


async def test_a_dropped_client_comes_back_to_its_seat_by_key(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        ann = await ssh_peer(opener(server, tmp_path, "ann", players=2), name="ann")
        bob = await ssh_peer(opener(server, tmp_path, "bob"), name="bob", reconnect_for=10)
        room = server.lobby.rooms["1"]
        assert (ann.seat, bob.seat) == (0, 1)
        await asyncio.wait_for(bob.started_game.wait(), 5)
        # the connection drops: the peer reopens a channel and is back in its seat
        old = room.host.seat_conns[1]
        assert bob._conn is not None
        bob._conn.transport.abort()
        for _ in range(250):
            if room.host.seat_conns.get(1) not in (None, old):
                break
            await asyncio.sleep(0.02)
        assert room.host.seat_conns.get(1) not in (None, old)
        assert bob.lost is None and bob.seat == 1
        # its screen names the server, not a host (a play test read "reach the host again")
        assert bob.presence is not None and bob.presence.served
        await bob.close()
        # a new process with the same key, no token: the server hands the seat back
        again = opener(server, tmp_path, "bob")
        back = await ssh_peer(again, name="someone")
        assert again.token is not None and (again.game, back.seat, back.name) == ("1", 1, "bob")
        # another key gets no seat in the full game, and never bob's token
        other = opener(server, tmp_path, "eve", "1")
        with pytest.raises(JoinRefused, match="every seat is taken"):
            await other.connect()
        assert other.token is None
        await back.close()
        await ann.close()
    finally:
        await server.close()


async def test_open_mode_a_dropped_ssh_peer_comes_back_to_its_seat_with_its_code(
    tmp_path: Path,
) -> None:
    """``--open``: a name is no secret, so the lobby wants the seat's code; the peer works it out
    from the token it holds and sends it when it reconnects by itself (it was refused
    ``seat-code`` and gave up). Another channel with the same name and no code gets nothing."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        ann = await ssh_peer(opener(server, tmp_path, "ann", players=2), name="ann")
        bob_opener = opener(server, tmp_path, "bob")
        bob = await ssh_peer(bob_opener, name="bob", reconnect_for=10)
        room = server.lobby.rooms["1"]
        assert (ann.seat, bob.seat) == (0, 1) and bob_opener.token == bob.token
        await asyncio.wait_for(bob.started_game.wait(), 5)
        old = room.host.seat_conns[1]
        assert bob._conn is not None
        bob._conn.transport.abort()
        for _ in range(250):
            if room.host.seat_conns.get(1) not in (None, old) or bob.lost is not None:
                break
            await asyncio.sleep(0.02)
        assert bob.lost is None, bob.lost
        assert room.host.seat_conns.get(1) not in (None, old) and bob.seat == 1
        stranger = opener(server, tmp_path, "bob", "1")  # bob's name, not bob's token
        with pytest.raises(JoinRefused, match="give its code"):
            await stranger.connect()
        await bob.close()
        await ann.close()
    finally:
        await server.close()


@pytest.mark.parametrize("own_key", [False, True], ids=["default key", "-i FILE"])
async def test_open_mode_the_command_a_joiner_is_told_on_leaving_takes_its_seat_back(
    tmp_path: Path, own_key: bool
) -> None:
    """Play-tested: on an ``--open`` server, `jetset join ssh://erin@HOST:PORT/1` at a terminal,
    q: "jetset join ssh://erin@127.0.0.1:PORT/1 takes your seat back". That very command was
    refused ("your seat in game 1 waits for you: give its code"): the joiner kept the seat's
    token but never gave the lobby the code it derives. Now it sits erin in her seat again.
    A joiner who logged in with ``-i FILE`` is told the command with it (a play test's lacked
    it: without the key, ssh refused the command it was told)."""
    from tests.terminal import Terminal

    server = await start_server(tmp_path, open_mode=True)
    try:
        lobby = await lobby_channel(server, tmp_path, "maker")
        await lobby.send(to_wire(lp.Create(players=2, bots=("greedy",))))
        assert await answer(lobby) == lp.Created(game="1")
        env = home_with_key(tmp_path, "erin")  # ~/.ssh/id_ed25519: the command needs no -i
        keys: list[str] = []
        if own_key:  # the key elsewhere, and none where ssh looks by itself
            (tmp_path / "keys").mkdir()
            client_key(tmp_path / "keys", "erin")
            keys = ["-i", str(tmp_path / "keys" / "erin_ed25519")]
            (Path(env["HOME"]) / ".ssh" / "id_ed25519").unlink()
        env["JETSET_HOME"] = str(tmp_path / "jetset-home")  # erin's seat keys, hers alone
        assert server.host_key_path is not None
        known = trusted_hosts(server.port, server.host_key_path, tmp_path)
        shutil.copy(known, Path(env["HOME"]) / ".ssh" / "known_hosts")
        url = f"ssh://erin@127.0.0.1:{server.port}/1"

        async def play_and_leave(terminal: Terminal) -> tuple[str, str]:
            """At the game screen: q, y. The seat it joined, and what it said on leaving."""
            try:
                said = await asyncio.to_thread(terminal.read_until, b"your turn", 30)
                joined = re.search(rf"joined {re.escape(url)} as erin (\(player \d\))", said)
                assert joined is not None, said[-800:]
                start = len(terminal.out)
                terminal.type("q")
                await asyncio.to_thread(terminal.read_until, b"Leave the game?", 20, start)
                terminal.type("y")
                await asyncio.to_thread(terminal.read_until, b"you left the game", 20, start)
                start = terminal.out.index(b"you left the game", start)
                await asyncio.to_thread(terminal.read_until, b"takes your seat back", 20, start)
                # then the server's lobby again (as over ssh), where q ends the command
                await asyncio.to_thread(terminal.read_until, b"Lobby chat", 20, start)
                terminal.type("q")
                await asyncio.to_thread(terminal.read_until, b"you left the lobby", 20, start)
                assert await asyncio.to_thread(terminal.close) == 0
                return joined.group(1), terminal.out[start:].decode(errors="replace")
            finally:
                if terminal.proc.poll() is None:
                    terminal.proc.kill()

        seat, said = await play_and_leave(Terminal("join", url, *keys, env=env))
        told = re.search(r"(jetset join \S+(?: -i \S+)?) takes your seat back", said)
        assert told is not None and told.group(1) == " ".join(["jetset", "join", url, *keys]), said
        # exactly the command told: erin is in her seat again, nobody typed a code
        seat_again, said = await play_and_leave(Terminal(*told.group(1).split()[1:], env=env))
        assert seat_again == seat
        assert [s.name for s in server.lobby.rooms["1"].table.seats].count("erin") == 1
    finally:
        await server.close()


# -- who may connect ------------------------------------------------------------------------


async def test_an_unknown_key_is_refused(tmp_path: Path, alice_key: asyncssh.SSHKey) -> None:
    (tmp_path / "authorized").write_bytes(alice_key.export_public_key())
    server = await start_server(tmp_path, authorized_keys=tmp_path / "authorized")
    try:
        with pytest.raises(ConnectionClosed, match=r"(?i)permission denied|auth"):
            await opener(server, tmp_path, "mallory").connect()
        peer = await ssh_peer(opener(server, tmp_path, "alice", players=2), name="alice")
        assert peer.seat == 0
        await peer.close()
    finally:
        await server.close()


async def test_host_keys_unknown_and_changed(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        o = opener(server, tmp_path, "ann")
        o.known_hosts = tmp_path / "empty" / "known_hosts"
        with pytest.raises(UnknownHost) as unknown:
            await o.connect()
        assert f"The authenticity of host '[127.0.0.1]:{server.port}'" in str(unknown.value)
        assert "ED25519 key fingerprint is SHA256:" in str(unknown.value)
        assert not o.known_hosts.exists()  # nothing trusted without a yes
        other = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
        changed = tmp_path / "changed_hosts"
        trust_host(changed, f"[127.0.0.1]:{server.port} {' '.join(other.split()[:2])}")
        o.known_hosts = changed
        with pytest.raises(ChangedHostKey, match="REMOTE HOST IDENTIFICATION HAS CHANGED"):
            await o.connect()
        assert not server.lobby.rooms  # refused before the lobby
        # the command: no terminal to ask and no --accept-new-host-key: refused, exit 1 (the
        # join failed; 2 is for a wrong command line)
        env = home_with_key(tmp_path, "cli")
        code, _, err = await run_join(env, f"ssh://127.0.0.1:{server.port}", "--bot", "greedy")
        assert code == 1 and "can't be established" in err and "--accept-new-host-key" in err
        known = Path(env["HOME"]) / ".ssh" / "known_hosts"
        trust_host(known, f"[127.0.0.1]:{server.port} {' '.join(other.split()[:2])}")
        code, _, err = await run_join(
            env, f"ssh://127.0.0.1:{server.port}", "--bot", "greedy", "--accept-new-host-key"
        )
        assert code == 1 and "WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!" in err
        assert not server.lobby.rooms
    finally:
        await server.close()


async def test_only_the_jetset_subsystem(tmp_path: Path, alice_key: asyncssh.SSHKey) -> None:
    server = await start_server(tmp_path)
    try:
        for how in ({"subsystem": "sftp"}, {"subsystem": "jetset2"}, {"command": "jetset"}):
            async with asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="alice",
                client_keys=[alice_key],
                known_hosts=None,
                agent_path=None,
            ) as conn:
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_session(encoding=None, **how)  # type: ignore[arg-type]
    finally:
        await server.close()


# -- what a peer sees and holds up ----------------------------------------------------------


async def test_watch_a_private_game_over_ssh(tmp_path: Path) -> None:
    """A spectator needs the password, sees the public game and no one's Final Flights."""
    server = await start_server(tmp_path)
    try:
        maker = opener(server, tmp_path, "ann")
        transport, framed = await maker.channel()
        await framed.send({"t": "create", "players": 2, "bots": ["greedy"], "password": "pw"})
        assert (await framed.recv())["t"] == "created"
        transport.close()
        wrong = opener(server, tmp_path, "eve", "1", spectate=True, password="nope")
        with pytest.raises(JoinRefused, match="wrong password"):
            await wrong.connect()
        with pytest.raises(JoinRefused, match="wrong password"):
            await opener(server, tmp_path, "eve", "1", password="nope").connect()
        for _ in range(8):  # no password is told so, and is no try: never locked out by it
            with pytest.raises(JoinRefused, match="game 1 is private: it needs its password"):
                await opener(server, tmp_path, "eve", "1", spectate=True).connect()
        ann = await ssh_peer(opener(server, tmp_path, "ann", "1", password="pw"), password="pw")
        o = opener(server, tmp_path, "eve", "1", spectate=True, password="pw")
        eve = await ssh_peer(o, spectate=True, password="pw")
        room = server.lobby.rooms["1"]
        assert eve.seat is None and room.watchers == 1
        await asyncio.wait_for(ann.started_game.wait(), 5)
        for _ in range(100):
            if len(eve.game.entries) == len(room.table.game.entries) > 0:
                break
            await asyncio.sleep(0.02)
        assert eve.game.digest() == room.table.game.digest()
        deals = [e.action for e in eve.game.entries if isinstance(e.action, Deal)]
        assert len(deals) == 2 and all(d.cards is None and d.salt is None for d in deals)
        await eve.close()
        for _ in range(100):
            if room.watchers == 0:
                break
            await asyncio.sleep(0.02)
        assert room.watchers == 0
        await ann.close()
    finally:
        await server.close()


async def test_the_wire_shows_no_chat_token_or_notation(tmp_path: Path) -> None:
    """A capture of the TCP stream between an ssh:// peer and the server: nothing readable."""
    server = await start_server(tmp_path)
    captured = bytearray()

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(65536):
                captured.extend(data)
                writer.write(data)
                await writer.drain()
        writer.close()

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", server.port)
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    proxy = await asyncio.start_server(relay, "127.0.0.1", 0)
    try:
        o = opener(server, tmp_path, "ann", players=2)
        proxy_port = proxy.sockets[0].getsockname()[1]
        o.address = SshAddress("127.0.0.1", proxy_port, "ann")
        trust_host(
            o.known_hosts,
            (o.known_hosts.read_text().split("\n")[0]).replace(
                f"[127.0.0.1]:{server.port}", f"[127.0.0.1]:{proxy_port}"
            ),
        )
        ann = await ssh_peer(o, name="ann")
        bob = await ssh_peer(opener(server, tmp_path, "bob", "1"), name="bob")
        await asyncio.wait_for(ann.started_game.wait(), 5)
        await ann.chat("meet-me-at-the-SECRET-gate")
        for _ in range(100):
            if game_over_or(ann, 3):
                break
            await asyncio.sleep(0.02)
        if ann.game.to_move() == ann.seat:
            assert ann.seat is not None
            await ann.submit(ann.seat, Income())
        await asyncio.sleep(0.3)
        assert ann.token is not None and len(captured) > 2000
        wire = bytes(captured)
        own = next(
            e.action for e in ann.game.entries if isinstance(e.action, Deal) and e.action.cards
        )
        assert own.cards is not None  # ann's own Final Flights, in the clear at her end
        readable = ("meet-me-at-the-SECRET-gate", ann.token, "income", "deal", "hello", *own.cards)
        for secret in readable:
            assert secret.encode() not in wire, secret
        await bob.close()
        await ann.close()
    finally:
        proxy.close()
        await server.close()


def game_over_or(peer: NetPeer, entries: int) -> bool:
    return peer.game.over or len(peer.game.entries) >= entries


async def test_a_name_of_mixed_alphabets_is_refused_over_the_subsystem_too(
    tmp_path: Path,
) -> None:
    """A terminal session named ``pаypal`` (a Cyrillic а) was refused, a `jetset join ssh://`
    program of the same name was let in: now the lobby refuses it after hello, with the same
    words, and it takes no seat."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        with pytest.raises(JoinRefused, match="mixes Latin, Cyrillic or Greek letters"):
            await ssh_peer(opener(server, tmp_path, "p\u0430ypal", players=2), name="x")
        assert not server.lobby.rooms
        with pytest.raises(JoinRefused, match="Your name has no letter or digit"):
            await ssh_peer(opener(server, tmp_path, "\u2605\u2605", players=2), name="x")
        assert not server.lobby.rooms
        peer = await ssh_peer(opener(server, tmp_path, "paypal", players=2), name="paypal")
        assert peer.seat == 0, "one alphabet: welcome"
        await peer.close()
    finally:
        await server.close()


async def test_the_host_grants_only_what_the_lobby_let_in(tmp_path: Path) -> None:
    """The red team joined in the lobby (under its seat caps) and then asked the game's host to
    watch, past the lobby's spectator caps: 32 watched a game capped at 16, one address 6 games
    capped at 4. A channel the lobby let in to play may only take a seat, one let in to watch
    may only watch; the other request is refused at the host and the channel closed."""
    server = await start_server(tmp_path)
    try:
        ann = await lobby_channel(server, tmp_path, "ann")
        await ann.send(to_wire(lp.Create(players=3, bots=("greedy",))))
        assert await answer(ann) == lp.Created(game="1")
        eve = await lobby_channel(server, tmp_path, "eve")
        await eve.send(to_wire(lp.JoinGame(game="1")))
        said = await after_the_lobby_asks(eve, {"t": "spectate", "have": 0, "name": "eve"})
        assert said["t"] == "error" and said["code"] == "order" and said["fatal"], said
        assert "let you in to play" in said["message"]
        host = server.lobby.rooms["1"].host
        assert not any(c.spectator for c in host.conns)
        mal = await lobby_channel(server, tmp_path, "mal")
        await mal.send(to_wire(lp.WatchGame(game="1")))
        said = await after_the_lobby_asks(mal, {"t": "join", "name": "mal"})
        assert said["t"] == "error" and said["code"] == "order", said
        assert "let you in to watch" in said["message"]
        assert [s.name for s in server.lobby.rooms["1"].table.seats][:2] == [None, None]
        # what the lobby did let in is granted
        bob = await lobby_channel(server, tmp_path, "bob")
        await bob.send(to_wire(lp.WatchGame(game="1")))
        said = await after_the_lobby_asks(bob, {"t": "spectate", "have": 0, "name": "bob"})
        assert said["t"] == "seated" and said["seat"] is None
    finally:
        await server.close()


async def test_a_seat_that_stays_and_never_moves_holds_no_table_up(tmp_path: Path) -> None:
    """A `jetset join ssh://` peer answers pings and never moves: no idle limit ends it (it is
    not idle), so it held every SSH game it sat at for good (the red team's). A server's games
    have a turn clock (`--turn-time`, 300 s unless told): past it a bot decides for the seat."""
    server = await start_server(tmp_path, turn_time=0.5)
    try:
        ann = await ssh_peer(opener(server, tmp_path, "ann", players=2), name="ann")
        bob = await ssh_peer(opener(server, tmp_path, "bob"), name="bob")
        game = server.lobby.rooms["1"].table.game

        def moves() -> list[int]:
            return [entry.actor for entry in game.entries if entry.actor >= 0]  # not chance's

        for _ in range(300):
            if len(moves()) >= 3 and len(ann.game.entries) == len(game.entries):
                break
            await asyncio.sleep(0.02)
        assert len(moves()) >= 3 and set(moves()) <= {ann.seat, bob.seat}, "played for them"
        assert ann.desync is None and bob.desync is None
        await ann.close()
        await bob.close()
    finally:
        await server.close()
