"""Who gets in (issue 16, item 4): silent sockets cannot lock people out for long, a source that
keeps failing is kept out for a while, asyncssh checks the authorized keys (with their options),
and the lobby's own limits (games per player, spectators, abandoned games). Other loopback
addresses (127.0.0.x) stand for other machines."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

import asyncssh
import pytest

from jetset_tui.ssh.limits import AdmissionRules
from jetset_tui.ssh.lobby import CHAT_KEPT
from jetset_tui.ssh.lobby_limits import LobbyLimits
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import LobbyError, Player
from jetset_tui.ssh.server import GameServer
from netcode.protocol import MAX_CHAT
from tests.ssh.helpers import connect, jetlag_played_to_its_end, start_server


async def silent_socket(port: int, address: str) -> asyncio.StreamWriter:
    """A connection that says nothing (not even the SSH version line)."""
    _reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    return writer


async def test_silent_sockets_fill_only_their_own_cap_and_only_for_the_grace(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    rules = AdmissionRules(unauth_start=4, unauth_rate=100, unauth_full=4, unauth_per_address=2)
    server = await start_server(tmp_path, login_timeout=1.5, admission=rules)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        loop = asyncio.get_running_loop()
        start = loop.time()
        silent = [await silent_socket(server.port, f"127.0.0.{10 + i}") for i in range(4)]
        await asyncio.sleep(0.2)
        assert sum(server.admission.unauth.values()) == 4
        with pytest.raises((asyncssh.Error, OSError)):  # the unauthenticated cap is full
            await connect(server, "bob", bob_key, local_addr=("127.0.0.20", 0))
        await alice.press("n")  # a player already in is not held up
        await alice.wait_for("Bots among them")
        await asyncio.sleep(max(0.0, start + 1.5 - loop.time()))  # the login grace is over
        for _ in range(50):
            if not server.admission.unauth:
                break
            await asyncio.sleep(0.1)
        assert not server.admission.unauth
        # a source that let the grace run out carries a penalty (20 s: over the 15 s threshold;
        # checked at once, as it wears off with time)
        assert server.admission.refusal("127.0.0.10") == "penalised"
        bob = await connect(server, "bob", bob_key, local_addr=("127.0.0.20", 0))
        await bob.lobby()
        for writer in silent:
            writer.close()
        await bob.close()
        await alice.close()
    finally:
        await server.close()


async def session_channel_with_no_request(conn: asyncssh.SSHClientConnection) -> None:
    """Open a ``session`` channel and ask for nothing on it: no pty, shell, exec or subsystem
    (asyncssh's own client always asks for one, so its channel is opened by hand)."""
    from asyncssh.channel import SSHClientChannel

    loop = asyncio.get_running_loop()
    chan = SSHClientChannel(conn, loop, "strict", None, "strict", 2 * 1024 * 1024, 32768)
    await chan._open(b"session")


async def lurking_from(
    address: str, server: GameServer, key: asyncssh.SSHKey
) -> asyncssh.SSHClientConnection:
    """An authenticated connection of the user ``lurker`` from ``address``."""
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="lurker",
        local_addr=(address, 0),
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        password=None,
    )


async def test_an_authenticated_connection_with_no_game_session_is_closed_after_the_grace(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """Neither a connection that opens no channel nor one whose session channel never asks for
    a shell or the subsystem (the red team held the server full with 70 of these) outlives the
    grace; a player who does open a game session is kept."""
    server = await start_server(tmp_path, login_timeout=1.0)
    try:
        bare = await lurking_from("127.0.0.40", server, bob_key)
        half_open = await lurking_from("127.0.0.40", server, bob_key)
        await session_channel_with_no_request(half_open)
        assert not half_open.is_closed(), "the channel is opened: only the grace closes it"
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        for _ in range(100):
            if bare.is_closed() and half_open.is_closed():
                break
            await asyncio.sleep(0.05)
        assert bare.is_closed() and half_open.is_closed()
        # and the address that did so is kept out for a while, as for a login grace run out
        assert server.admission.refusal("127.0.0.40") == "penalised"
        assert server.admission.refusal("127.0.0.1") is None
        await alice.press("n")  # the player who opened a game is still there
        await alice.wait_for("Bots among them")
        await alice.close()
    finally:
        await server.close()


async def test_a_game_channel_that_never_says_hello_is_closed_and_its_address_kept_out(
    tmp_path: Path, bob_key: asyncssh.SSHKey
) -> None:
    """A `jetset` subsystem channel that asks for the game and then says nothing was closed
    after the grace with no penalty, so a lurker came straight back (the red team's); now its
    address earns the grace's penalty, as a session that asks for nothing does."""
    server = await start_server(tmp_path, login_timeout=0.5)
    try:
        lurker = await lurking_from("127.0.0.41", server, bob_key)
        _writer, reader, _ = await lurker.open_session(subsystem="jetset", encoding=None)
        said = await asyncio.wait_for(reader.read(), 10)  # to the end: the channel is closed
        assert b"nothing said for too long" in said
        assert server.admission.refusal("127.0.0.41") == "penalised"
        assert server.admission.refusal("127.0.0.1") is None
        lurker.close()
    finally:
        await server.close()


async def test_a_game_channel_that_sends_rubbish_before_hello_is_closed_at_once(
    tmp_path: Path, bob_key: asyncssh.SSHKey
) -> None:
    """The red team's third pass: a channel that wrote a malformed frame every 9 s before any
    hello earned a non-fatal error each time, which began the grace again: it stayed 171 s.
    Anything but hello first is out of order, and fatal."""
    server = await start_server(tmp_path, login_timeout=5)
    try:
        lurker = await lurking_from("127.0.0.42", server, bob_key)
        writer, reader, _ = await lurker.open_session(subsystem="jetset", encoding=None)
        writer.write(b"\x00\x00\x00\x01\xc0")  # one frame: msgpack nil, no message
        said = await asyncio.wait_for(reader.read(), 3)  # to the end, well before the grace
        assert b"say 'hello' first" in said
        lurker.close()
    finally:
        await server.close()


async def test_one_address_cannot_take_every_unauthenticated_slot(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    rules = AdmissionRules(unauth_per_address=3)
    server = await start_server(tmp_path, admission=rules)
    try:
        silent = [await silent_socket(server.port, "127.0.0.30") for _ in range(6)]
        await asyncio.sleep(0.3)
        assert server.admission.unauth["127.0.0.30"] == 3
        alice = await connect(server, "alice", alice_key, local_addr=("127.0.0.31", 0))
        await alice.lobby()
        for writer in silent:
            writer.close()
        await alice.close()
    finally:
        await server.close()


async def test_failed_logins_earn_a_penalty_for_their_source_only(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    (tmp_path / "authorized").write_bytes(alice_key.export_public_key())
    server = await start_server(tmp_path, authorized_keys=tmp_path / "authorized")
    try:
        for _ in range(4):  # 5 s each: past the 15 s threshold
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(server, "bob", bob_key, local_addr=("127.0.0.40", 0))
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        assert server.admission.penalty("127.0.0.40") > 15
        with pytest.raises((asyncssh.Error, OSError)):  # even with a good key, for a while
            await connect(server, "alice", alice_key, local_addr=("127.0.0.40", 0))
        alice = await connect(server, "alice", alice_key, local_addr=("127.0.0.41", 0))
        await alice.lobby()
        await alice.close()
    finally:
        await server.close()


async def test_asyncssh_checks_authorized_keys_with_their_options(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    line = b'from="127.0.0.1" ' + alice_key.export_public_key()
    (tmp_path / "authorized").write_bytes(b"# players\n" + line)
    server = await start_server(tmp_path, authorized_keys=tmp_path / "authorized")
    try:
        alice = await connect(server, "alice", alice_key)
        text = await alice.lobby()
        (session,) = server.sessions
        fingerprint = alice_key.get_fingerprint()
        assert session.connection.player.identity == f"key:{fingerprint}"
        assert fingerprint[:20] in text
        with pytest.raises(asyncssh.PermissionDenied):  # the right key from elsewhere
            await connect(server, "alice", alice_key, local_addr=("127.0.0.50", 0))
        await alice.close()
    finally:
        await server.close()


async def test_an_authorized_keys_line_cannot_make_its_key_pass_for_another(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """A key line handed to the server's owner ("here is my public key") with options that
    name another player's key: Alice's key in a quoted option before Bob's own, or an environment
    option with Alice's fingerprint. asyncssh lets Bob's key in; he must be Bob, never Alice
    (whose seats a key identity takes back)."""
    alice_fp, bob_fp = alice_key.get_fingerprint(), bob_key.get_fingerprint()
    alice_public = alice_key.export_public_key().decode().strip()
    bob_public = bob_key.export_public_key().decode().strip()
    lines = [
        f'environment="NOTE=from {alice_public} too" {bob_public}',
        f'environment="NOTE=a \\" {alice_public} b" {bob_public}',  # an escaped quote
        f'environment="JETSET_KEY={alice_fp}" {bob_public}',
        f'no-agent-forwarding,environment="JETSET_KEY={alice_fp}",from="127.0.0.1" {bob_public}',
    ]
    for line in lines:
        (tmp_path / "authorized").write_text(line + "\n")
        server = await start_server(tmp_path, authorized_keys=tmp_path / "authorized")
        try:
            bob = await connect(server, "bob", bob_key)
            await bob.lobby()
            (session,) = server.sessions
            assert session.connection.player.identity == f"key:{bob_fp}", line
            await bob.close()
            with pytest.raises(asyncssh.PermissionDenied):  # only Bob's key is in the file
                await connect(server, "alice", alice_key)
        finally:
            await server.close()


async def test_a_certificate_authority_line_lets_no_one_in(
    tmp_path: Path,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A ``cert-authority`` line would let in every key its CA signed under one identity, the
    CA's (the fingerprint tag names the line's key): Bob's certificate would take Alice's
    seats. Such lines are left out (said in the server's log); the file's plain keys work."""
    ca = asyncssh.generate_private_key("ssh-ed25519")
    certificates = {
        name: ca.generate_user_certificate(key, name, principals=[name])
        for name, key in (("alice", alice_key), ("bob", bob_key))
    }
    ca_line = b"cert-authority " + ca.export_public_key()
    (tmp_path / "authorized").write_bytes(ca_line + alice_key.export_public_key())
    server = await start_server(tmp_path, authorized_keys=tmp_path / "authorized")
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="bob",
                client_keys=[(bob_key, certificates["bob"])],
                known_hosts=None,
                agent_path=None,
            )
        assert "authorized:1: a cert-authority line is not supported" in caplog.text
        alice = await connect(server, "alice", alice_key)  # her own key, listed
        await alice.lobby()
        (session,) = server.sessions
        assert session.connection.player.identity == f"key:{alice_key.get_fingerprint()}"
        await alice.close()
    finally:
        await server.close()


async def test_games_per_player_and_spectators_are_capped(tmp_path: Path) -> None:
    limits = LobbyLimits(games_per_player=2, watchers_per_game=2, watchers_per_address=2)
    server = await start_server(tmp_path, lobby=limits)
    try:
        lobby = server.lobby
        alice = Player("key:a", "alice", "127.0.0.1")
        first = lobby.create(alice, 2, ["greedy"], None)
        lobby.create(alice, 2, ["greedy"], None)
        with pytest.raises(LobbyError, match="already started 2 games"):
            lobby.create(alice, 2, ["greedy"], None)
        lobby.create(Player("key:b", "bob", "127.0.0.1"), 2, ["greedy"], None)  # others may
        watchers = [Player(f"key:w{i}", f"w{i}", f"127.0.0.{60 + i}") for i in range(3)]
        await lobby.watch(first, watchers[0])
        await lobby.watch(first, watchers[1])
        with pytest.raises(LobbyError, match="as many spectators"):
            await lobby.watch(first, watchers[2])
        await lobby.watch(lobby.rooms["2"], watchers[0])
        with pytest.raises(LobbyError, match="you watch as many games"):
            await lobby.watch(lobby.rooms["3"], watchers[0])
    finally:
        await server.close()


async def test_open_mode_a_stranger_under_your_name_does_not_use_up_your_games(
    tmp_path: Path,
) -> None:
    """In ``--open`` mode a name is anyone's: the red team's impostor "alice" created games
    until the real alice could create none. There the count is by name and address."""
    limits = LobbyLimits(games_per_player=2)
    server = await start_server(tmp_path, lobby=limits, open_mode=True)
    try:
        lobby = server.lobby
        impostor = Player("name:alice", "alice", "127.0.0.31")
        lobby.create(impostor, 2, ["greedy"], None)
        lobby.create(impostor, 2, ["greedy"], None)
        with pytest.raises(LobbyError, match="already started 2 games"):
            lobby.create(impostor, 2, ["greedy"], None)
        alice = Player("name:alice", "alice", "127.0.0.30")
        lobby.create(alice, 2, ["greedy"], None)
        lobby.create(alice, 2, ["greedy"], None)
        with pytest.raises(LobbyError, match="already started 2 games"):
            lobby.create(alice, 2, ["greedy"], None)
    finally:
        await server.close()


async def test_many_creators_cannot_open_more_games_than_the_server_runs(tmp_path: Path) -> None:
    """Strangers from many addresses, each under the per-player cap, hit the server's cap; a
    game the lobby closes (abandoned) makes room again."""
    limits = LobbyLimits(max_games=4, games_per_player=2)
    server = await start_server(tmp_path, lobby=limits)
    try:
        lobby = server.lobby
        makers = [Player(f"key:{i}", f"p{i}", f"127.0.0.{20 + i}") for i in range(4)]
        rooms = [lobby.create(maker, 2, ["greedy"], None) for maker in makers]
        for i in range(4, 8):
            with pytest.raises(LobbyError, match="as many games as it may"):
                lobby.create(Player(f"key:{i}", f"p{i}", f"127.0.0.{20 + i}"), 2, ["greedy"], None)
        with pytest.raises(LobbyError, match="as many games as it may"):
            lobby.create(makers[0], 2, ["greedy"], None)
        assert len(lobby.rooms) == 4
        lobby._close_room(rooms[0])  # as the reaper closes an abandoned game
        lobby.create(makers[0], 2, ["greedy"], None)
        assert len(lobby.rooms) == 4
    finally:
        await server.close()


async def test_one_address_cannot_fill_the_server_under_new_names_or_keys(tmp_path: Path) -> None:
    """A play test's stranger made all 32 games in ten seconds from one address, under new
    names (``--open``) or new keys, three games each: everyone else was told the server was
    full. Unfinished games made from one address are capped whatever the identities; another
    address still makes games, and a game over frees a place."""
    limits = LobbyLimits(games_per_player=3, games_per_address=4)
    server = await start_server(tmp_path, lobby=limits)
    try:
        lobby = server.lobby
        made: list[Room] = []
        refusals: list[str] = []
        for i in range(6):
            stranger = Player(f"key:SHA256:stranger{i}", f"s{i}", "127.0.0.80")
            for _ in range(3):
                try:
                    made.append(lobby.create(stranger, 2, ["random"], None))
                except LobbyError as exc:
                    refusals.append(str(exc))
        assert len(made) == 4 and len(refusals) == 14, refusals
        assert "4 games not over yet were started from your address" in refusals[0]
        lobby.create(Player("key:SHA256:bob", "bob", "127.0.0.81"), 2, ["random"], None)
        lobby._close_room(made[0])
        lobby.create(Player("key:SHA256:stranger9", "s9", "127.0.0.80"), 2, ["random"], None)
    finally:
        await server.close()


async def test_an_abandoned_game_is_closed_its_log_kept_its_memory_returned(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    limits = LobbyLimits(abandoned_after=0.5)
    server = await start_server(tmp_path, lobby=limits)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.new_game_against_bots()
        room = server.lobby.rooms["1"]
        log_path = room.table.log_path
        host = weakref.ref(room.host)
        await asyncio.sleep(1.0)
        assert "1" in server.lobby.rooms, "a game with a player connected stays"
        await alice.close()
        del room
        for _ in range(50):
            await asyncio.sleep(0.1)
            if "1" not in server.lobby.rooms:
                break
        assert "1" not in server.lobby.rooms
        await asyncio.sleep(0.2)
        gc.collect()
        assert host() is None, "the closed game's host is not kept in memory"
        assert log_path.stat().st_size > 0
        again = await connect(server, "alice", alice_key)
        text = await again.wait_for("No games yet")
        assert "your seat" not in text
        await again.close()
    finally:
        await server.close()


async def test_a_finished_game_leaves_the_list_once_kept_and_nobody_is_connected(
    tmp_path: Path,
) -> None:
    """A game that is over stays listed for ``finished_kept`` (10 minutes; half a second
    here) and while anyone is still connected to it, then leaves the list and memory; its log
    stays on disk."""
    server = await start_server(tmp_path, lobby=LobbyLimits(finished_kept=0.5))
    try:
        room, peer = await jetlag_played_to_its_end(server, Player("key:c", "carol"))
        await asyncio.sleep(1.5)
        assert room.id in server.lobby.rooms, "carol is still at the table: the game stays"
        await peer.close()
        for _ in range(50):
            await asyncio.sleep(0.1)
            if room.id not in server.lobby.rooms:
                break
        assert room.id not in server.lobby.rooms
        assert room.table.log_path.stat().st_size > 0
    finally:
        await server.close()


async def test_an_authenticated_connection_without_a_session_is_not_kept(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    server = await start_server(tmp_path, login_timeout=0.5)
    try:
        conn = await asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="idle",
            client_keys=[alice_key],
            known_hosts=None,
            agent_path=None,
        )
        await asyncio.wait_for(conn.wait_closed(), 5)
        assert not server.admission.connected
    finally:
        await server.close()


async def test_a_seat_is_never_taken_by_its_name(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        lobby = server.lobby
        alice = Player("key:a", "alice", "127.0.0.1")
        room = lobby.create(alice, 3, ["greedy"], "pw")
        peer, _code = await lobby.join(room, alice, "pw")
        await peer.close()  # alice drops: her seat waits for her
        with pytest.raises(LobbyError, match="someone called alice sits there"):
            await lobby.join(room, Player("key:m", "alice", "127.0.0.2"), "pw")
        assert room.members.keys() == {"key:a"}
    finally:
        await server.close()


@pytest.mark.parametrize(
    "other",
    [
        "Alice",
        "ALICE",
        "AIice",
        "a1ice",
        "alice\u1160",
        "ali\u034fce",
        "\u1d00\u029f\u026a\u1d04\u1d07",  # Latin small capitals
        "\ua4ee\ua4e1\ua4f2\ua4da\ua4f0",  # Lisu
        "\u13aa\u13de\u13a5\u13df\u13ac",  # Cherokee
    ],
)
async def test_a_name_that_looks_like_a_seated_players_does_not_sit(
    tmp_path: Path, other: str
) -> None:
    """Another case, I and 1 for l, small capitals, or another script's letters that Unicode's
    confusables table gives as Latin ones: nobody at the table could tell the two apart."""
    server = await start_server(tmp_path)
    try:
        lobby = server.lobby
        alice = Player("key:a", "alice", "127.0.0.1")
        room = lobby.create(alice, 3, ["greedy"], None)
        peer, _code = await lobby.join(room, alice, None)
        with pytest.raises(LobbyError, match="someone called alice sits there already"):
            await lobby.join(room, Player("key:m", other, "127.0.0.2"), None)
        assert room.members.keys() == {"key:a"} and room.open_seats == 1
        bob, _ = await lobby.join(room, Player("key:b", "bob", "127.0.0.3"), None)
        assert [s.name for s in room.table.seats] == ["alice", "bob", "Amelia"]
        await bob.close()
        await peer.close()
    finally:
        await server.close()


async def test_the_lobby_chat_keeps_its_last_100_lines(tmp_path: Path) -> None:
    """docs/security.md: the lobby keeps its last 100 chat lines. 105 players, each from an
    address of its own (one line a second an address), say a line each: the lobby holds lines
    5 to 104, in order, and a line cut to the table chat's length."""
    assert CHAT_KEPT == 100, "docs/security.md says 100"
    server = await start_server(tmp_path)
    try:
        lobby = server.lobby
        said = [f"line {i}" for i in range(CHAT_KEPT + 5)]
        for i, text in enumerate(said):
            lobby.say(Player(f"key:{i}", f"p{i}", f"127.0.{i // 200}.{1 + i % 200}"), text)
        assert [line.text for line in lobby.chat] == said[-CHAT_KEPT:]
        lobby.say(Player("key:long", "long", "127.0.9.9"), "x" * (MAX_CHAT + 50))
        assert len(lobby.chat) == CHAT_KEPT and lobby.chat[-1].text == "x" * MAX_CHAT
    finally:
        await server.close()


async def test_a_create_may_name_a_bot_by_the_word_players_read(tmp_path: Path) -> None:
    """The new-game form and the lobby's list call Jet Set's search bot "search"; a client's
    ``create`` naming it so was refused ("Jet Set has no bot 'search'"). Both words seat it."""
    server = await start_server(tmp_path)
    try:
        ann = Player("key:SHA256:ann", "ann", "127.0.0.1")
        for word in ("search", "mcts", "Search"):
            room = server.lobby.create(ann, 2, [word], None)
            assert room.table.seats[1].bot_kind == "mcts", word
            server.lobby._close_room(room)
    finally:
        await server.close()
