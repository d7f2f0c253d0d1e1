"""Only the game is served, with limits: refused exec, SFTP and forwarding, no PTY, unknown keys,
broken handshakes, a client that stops reading, idle players, too many sessions."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncssh
import pytest

from jetset_tui.ssh.server import GameServer
from netcode.seatcode import spaced
from tests.ssh.helpers import Term, client_key, connect, start_server


async def open_conn(server: GameServer, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="eve",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
    )


async def test_exec_sftp_and_forwarding_are_refused(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    async with await open_conn(server, alice_key) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd")
    async with await open_conn(server, alice_key) as conn:
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError)):
            await conn.start_sftp_client()
    assert not server.sessions


async def test_a_session_without_a_terminal_gets_one_line(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    async with await open_conn(server, alice_key) as conn:
        process = await conn.create_process(encoding="utf-8")  # a shell, no PTY
        out = await asyncio.wait_for(process.stdout.read(), 5)
        await process.wait()
        assert out.strip() == "Jet Set needs a terminal: connect with `ssh -t`."
        assert process.exit_status == 1


async def test_only_authorized_keys_and_bad_handshakes_leave_others_alone(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    (tmp_path / "authorized").write_bytes(alice_key.export_public_key())
    server = await start_server(tmp_path, authorized_keys=tmp_path / "authorized")
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, "bob", bob_key)
        for junk in (b"", b"SSH-2.0-broken\r\n" + bytes(range(256)) * 4, b"GET / HTTP/1.0\r\n\r\n"):
            _reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(junk)
            await writer.drain()
            writer.close()
        await asyncio.sleep(0.8)
        await alice.press("n")
        await alice.wait_for("Bots among them")
        assert len(server.sessions) == 1
        await alice.close()
    finally:
        await server.close()


async def test_a_client_that_stops_reading_is_bounded_then_dropped(tmp_path: Path) -> None:
    server = await start_server(tmp_path, stall_timeout=2.0, output_high_water=16 * 1024)
    try:
        key = client_key(tmp_path, "slow")
        slow = await connect(server, "slow", key, window=8 * 1024, max_pktsize=4096)
        await slow.lobby()
        other = await connect(server, "other", client_key(tmp_path, "other"))
        await other.lobby()
        assert slow.chan is not None
        slow.chan.pause_reading()
        (session,) = [s for s in server.sessions if s.connection.username == "slow"]
        for i in range(60):  # every resize repaints the whole screen
            slow.chan.change_terminal_size(100 + i % 20, 30 + i % 10)
            await asyncio.sleep(0.02)
        assert session.paused and session.dropped > 0
        assert session.chan is not None
        assert session.chan.get_write_buffer_size() < 16 * 1024 + 64 * 1024
        await asyncio.wait_for(session.finished.wait(), 10)
        assert session not in server.sessions
        await other.press("n")
        await other.wait_for("Bots among them")
        await other.close()
    finally:
        await server.close()


async def test_idle_players_are_disconnected(tmp_path: Path, alice_key: asyncssh.SSHKey) -> None:
    server = await start_server(tmp_path, idle_timeout=1.0)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        await asyncio.wait_for(alice.closed.wait(), 5)
        assert "Nothing typed for 1 second: disconnected." in alice.text()
    finally:
        await server.close()


async def test_the_goodbye_is_said_in_the_language_the_player_chose(
    tmp_path: Path,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Bob chose Italian in the lobby (key i), Alice's terminal says LANG=it: each is told why
    the session ended in Italian; the server's log says it in English."""
    caplog.set_level(logging.INFO, logger="jetset.ssh")
    server = await start_server(tmp_path, idle_timeout=3.0)
    try:
        alice = await connect(server, "alice", alice_key, env={"LANG": "it_IT.UTF-8"})
        bob = await connect(server, "bob", bob_key)
        await alice.wait_for("Ancora nessuna partita")
        await bob.lobby()
        await bob.press("i")
        await bob.wait_for("Ancora nessuna partita")
        for term in (alice, bob):
            await asyncio.wait_for(term.closed.wait(), 10)
            assert "Niente digitato per 3 secondi: disconnesso." in term.text(), term.text()
            assert "Nothing typed" not in term.text()
        ended = [r.getMessage() for r in caplog.records if "session ended" in r.getMessage()]
        assert len(ended) == 2, ended
        assert all(m.endswith("(Nothing typed for 3 seconds: disconnected.)") for m in ended)
    finally:
        await server.close()


async def test_session_and_address_limits(tmp_path: Path, alice_key: asyncssh.SSHKey) -> None:
    server = await start_server(tmp_path, max_sessions=1, max_per_address=2)
    try:
        first = await connect(server, "alice", alice_key)
        await first.lobby()
        second = await connect(server, "bob", client_key(tmp_path, "bob"))
        await asyncio.wait_for(second.closed.wait(), 5)
        assert "server is full" in second.text()
        await asyncio.sleep(0.8)
        conns = [await open_conn(server, alice_key)]
        with pytest.raises((asyncssh.Error, OSError)):
            conns.append(await open_conn(server, alice_key))
        for conn in conns:
            conn.close()
        await first.press("n")
        await first.wait_for("Bots among them")
        await first.close()
    finally:
        await server.close()


async def test_a_terminal_type_never_forges_a_line_of_the_servers_log(
    server: GameServer, alice_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    """The client names its terminal type, and the server logged it raw: a type holding a line
    break wrote a line of the attacker's choosing into the server's log (the red team's)."""
    forged = "xterm-256color\r\n2026-12-04 12:00:00 INFO jetset.ssh: 10.0.0.1: root authenticated"
    caplog.set_level("INFO", logger="jetset.ssh")
    term = await connect(server, "alice", alice_key, term=forged)
    await term.lobby()
    said = [r.getMessage() for r in caplog.records if r.name == "jetset.ssh"]
    assert any("session for alice, xterm 120x40" in line for line in said), said
    assert not any("root authenticated" in line or "\n" in line for line in said), said
    await term.close()


async def test_an_idle_open_mode_player_is_told_their_seat_code_again(tmp_path: Path) -> None:
    """--open: a play test's player dropped for idling read only "Nothing typed for 25 seconds:
    disconnected."; their seat's code had been shown once, in a notice that fades, and without
    it the seat could not be taken back. The goodbye says it again."""
    from tests.ssh.helpers import open_game_code

    server = await start_server(tmp_path, idle_timeout=3.0, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        code = await open_game_code(alice)
        await asyncio.wait_for(alice.closed.wait(), 10)
        text = alice.text()
        assert "Nothing typed for 3 seconds: disconnected." in text
        said = f"Your seat in game 1 is yours again with your name and its code {spaced(code)}."
        assert said in " ".join(text.split()), text
    finally:
        await server.close()


async def test_a_second_key_under_a_name_in_use_gets_a_name_of_its_own(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """Key mode: a play test's second key logged in as `alice` while alice played, and its
    lobby chat and its game read as hers. A name goes with the first key to use it (in this run,
    or in a seat it holds); another key, under that name or one that reads the same (`Alice`),
    is `alice-2`, and told so. alice's own key keeps `alice` when she comes back."""
    server = await start_server(tmp_path)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.new_game_against_bots()
        eve = await connect(server, "Alice", bob_key)
        told = "Alice is another key's name here, so the lobby calls you"  # then Alice-2, wrapped
        text = await eve.wait_for(lambda t: told in " ".join(t.split()))
        assert (
            "Alice-2; log in with that key to be Alice." in " ".join(text.split())
            and "Alice-2" in text.splitlines()[0]
        )
        await eve.press("t")
        await eve.type("this is alice")
        await eve.press("enter")
        await eve.wait_for("Alice-2: this is alice")
        await eve.close()
        await alice.close()
        again = await connect(server, "alice", alice_key)  # a new run of her key: hers still
        text = await again.lobby()
        assert "lobby calls you" not in text and "alice" in text.splitlines()[0], text
        await again.close()
    finally:
        await server.close()


async def test_a_name_an_authorized_keys_comment_gives_is_that_keys_whoever_comes_first(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """A play test: after a restart bob's key logged in as ``ann`` before ann did, kept her name
    for the whole run and chatted as her; ann was ``ann-2``. A key's comment in the authorized
    keys (``alice@laptop``) names its holder: another key under that name is ``alice-2``, even
    first, and alice's key is ``alice`` whenever she comes."""

    def line(key: asyncssh.SSHKey, comment: str) -> str:
        kind, data = key.export_public_key("openssh").decode().split()[:2]
        return f"{kind} {data} {comment}"

    keys = tmp_path / "authorized_keys"
    keys.write_text(line(alice_key, "alice@laptop") + "\n" + line(bob_key, "bob") + "\n")
    server = await start_server(tmp_path, authorized_keys=keys)
    try:
        assert sorted(server.lobby.key_names.reserved.values()) == sorted(
            f"key:{k.get_fingerprint()}" for k in (alice_key, bob_key)
        )
        bob = await connect(server, "alice", bob_key)  # alice has not come yet
        told = "alice is another key's name here, so the lobby calls you"
        text = await bob.wait_for(lambda t: told in " ".join(t.split()))
        assert "alice-2" in text.splitlines()[0], text
        alice = await connect(server, "Alice", alice_key)  # hers, as it reads
        text = await alice.lobby()
        assert "lobby calls you" not in text and "Alice" in text.splitlines()[0], text
        await bob.close()
        await alice.close()
    finally:
        await server.close()


async def test_a_name_a_key_went_by_stays_its_own_after_a_restart(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """The same play test without a comment to go by: alice's key went by ``alice`` before the
    restart, and bob's, first after it, is ``alice-2`` (the names are kept in the games folder,
    ``names.json``, 0600)."""
    server = await start_server(tmp_path)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        await alice.close()
    finally:
        await server.close()
    kept = tmp_path / "games" / "names.json"
    assert kept.stat().st_mode & 0o777 == 0o600
    server = await start_server(tmp_path)
    try:
        bob = await connect(server, "alice", bob_key)
        told = "alice is another key's name here, so the lobby calls you"
        text = await bob.wait_for(lambda t: told in " ".join(t.split()))
        assert "alice-2" in text.splitlines()[0], text
        await bob.close()
    finally:
        await server.close()


async def test_an_error_in_a_players_app_is_logged_and_the_player_told(
    server: GameServer, alice_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    """A play test: an error in one player's screen closed their connection with nothing said
    to them, and the server's log said only "session ended" (the traceback went to the
    console). The log has it now, and the player reads that their seat is kept. The error is
    raised the way Textual meets one in a handler (``_handle_exception``)."""
    caplog.set_level("INFO", logger="jetset.ssh")
    term = await connect(server, "alice", alice_key)
    await term.lobby()
    (session,) = server.sessions
    assert session.app is not None
    try:
        raise RuntimeError("a handler's bug")
    except RuntimeError as exc:  # as Textual's message loop meets it
        session.app._handle_exception(exc)
    await asyncio.wait_for(term.closed.wait(), 10)
    text = " ".join(term.text().split())
    assert "Something went wrong on the server, and it closed this window." in text, text
    failed = [r for r in caplog.records if r.getMessage().endswith(": the app failed")]
    assert failed and failed[0].exc_info is not None
    assert "a handler's bug" in caplog.text


async def test_an_open_mode_player_who_quits_the_lobby_is_told_their_seat_code(
    tmp_path: Path,
) -> None:
    """--open: a play test's player left a game for the lobby, then q quit it: nothing was said,
    and the seat's code, shown once in a notice that fades, was lost with it. The goodbye says
    it again, as for a player dropped for idling."""
    from tests.ssh.helpers import in_lobby, open_game_code

    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        code = await open_game_code(alice)
        await leave_then_quit(alice)
        said = f"Your seat in game 1 is yours again with your name and its code {spaced(code)}."
        assert said in " ".join(alice.text().split()), alice.text()
        kept = "A game is kept 30 minutes once no one is connected to it."  # --keep-games
        assert kept in " ".join(alice.text().split()), alice.text()
        # back with the code typed in lower case, spaced: the goodbye writes it as shown
        again = await connect(server, "alice", None)
        await again.wait_for(in_lobby)
        await again.press("j")
        await again.wait_for("The code of your seat")
        await again.press(*f"{code[:4].lower()} {code[4:].lower()}", "enter")
        await again.wait_for("Back in your seat")
        await leave_then_quit(again)
        assert said in " ".join(again.text().split()), again.text()
    finally:
        await server.close()


async def leave_then_quit(term: Term) -> None:
    """From a seat: q and y to the lobby (the seat kept), then q there, until disconnected."""
    from tests.ssh.helpers import in_lobby

    await term.press("q")
    await term.wait_for("Leave")
    await term.press("y")
    await term.wait_for(in_lobby)
    await term.press("q")
    await asyncio.wait_for(term.closed.wait(), 10)


async def test_an_open_mode_player_can_have_their_seat_code_said_again(tmp_path: Path) -> None:
    """--open: the seat's code is said once, in a notice that fades; a play test's player whose
    terminal was then killed had no way back to the seat. At the table, the palette's "Your
    seat code" says it again."""
    from tests.ssh.helpers import open_game_code
    from tests.ssh.test_play_again import notices

    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        code = await open_game_code(alice)
        said = f"Your seat code is {spaced(code)}"
        await alice.wait_for(lambda text: notices(text).count(said) == 1)
        await alice.press("ctrl+p")
        await alice.wait_for("Search for commands", settle=0.3)
        await alice.type("seat code")
        await alice.wait_for("Your seat code", settle=0.3)
        await alice.press("enter")
        await alice.wait_for(lambda text: notices(text).count(said) == 2)  # said once more
        await alice.close()
    finally:
        await server.close()


async def test_one_key_cannot_push_a_players_name_out_of_the_names_kept(
    tmp_path: Path,
    alice_key: asyncssh.SSHKey,
    bob_key: asyncssh.SSHKey,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A red team's one key logged in under 4,100 throwaway names in a minute, pushed ``alice``
    out of the names kept (the oldest went first) and then went by it. A key is remembered by
    at most ``NAMES_PER_KEY`` names (a new one lets go of its own oldest), and one address gets
    ``NEW_NAMES_PER_HOUR`` new names remembered; past that a name is gone by for the session
    only. The numbers are made small here (2 a key, 3 an address) to be reached for real."""
    from jetset_tui.ssh import key_names

    monkeypatch.setattr(key_names, "NAMES_PER_KEY", 2)
    monkeypatch.setattr(key_names, "NEW_NAMES_PER_HOUR", 3.0)
    server = await start_server(tmp_path)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        await alice.close()
        names = server.lobby.key_names
        alice_is = names.owner("alice")
        assert alice_is is not None
        for name in ("m1", "m2", "m3", "m4"):  # bob's key is the stranger's, from elsewhere
            term = await connect(server, name, bob_key, local_addr=("127.0.0.2", 0))
            await term.lobby()
            await term.close()
        mallory = names.owner("m2")
        assert mallory is not None and mallory != alice_is
        kept = [n for n in ("m1", "m2", "m3", "m4") if names.owner(n) == mallory]
        assert kept == ["m2", "m3"], kept  # m1 let go for m3, m4 not remembered (the address)
        assert sum(1 for who in names.taken.values() if who == mallory) == 2
        assert names.owner("alice") == alice_is, "alice's name is still hers"
        term = await connect(server, "alice", bob_key, local_addr=("127.0.0.2", 0))
        text = await term.lobby()
        assert "alice-2" in text.splitlines()[0], text
        await term.close()
    finally:
        await server.close()


def test_a_names_file_that_is_not_what_the_server_wrote_is_read_as_no_names(
    tmp_path: Path,
) -> None:
    """``names.json`` is the server's own file; a broken or foreign one costs the names it
    held, never the start, and the next name taken writes it whole again."""
    from jetset_tui.ssh.key_names import NAMES_FILE, KeyNames

    path = tmp_path / NAMES_FILE
    for broken in ("{", "[1, 2]", '{"names": [["a"], [1, 2], ["ann", "key:x", "more"]]}'):
        path.write_text(broken)
        assert KeyNames(tmp_path).taken == {}
    names = KeyNames(tmp_path)
    names.take("Ann", "key:SHA256:abc")
    assert KeyNames(tmp_path).owner("ann") == "key:SHA256:abc"  # read back, as it reads
    assert KeyNames(tmp_path).owner("bob") is None
