"""Strangers on the SSH server (issue 16): seats no one can steal, private games that stay private,
input no one can use to stall the others, sizes clamped, a broken input closed quietly. Each a real
server on 127.0.0.1 with asyncssh clients (other loopback addresses stand for other machines)."""

from __future__ import annotations

import asyncio
import logging
import statistics
import time
from pathlib import Path

import asyncssh
import pytest

from jetset_tui.ssh.seating import LobbyError, Player, WrongSecret
from jetset_tui.ssh.server import GameServer
from netcode.protocol import MAX_CHAT
from netcode.seatcode import CODE_ALPHABET, CODE_LENGTH
from tests.ssh.helpers import (
    Term,
    client_key,
    connect,
    jetlag_played_to_its_end,
    open_game_code,
    start_server,
)

CODE_HINT = "8 letters and digits, shown when you sat down"
"""What the seat code's empty answer field shows (as in ``jetset join ssh://``'s lobby)."""


def answer_line(text: str, question: str) -> str:
    """The line of the answer field below ``question`` on a question's box."""
    lines = text.splitlines()
    i = next(n for n, line in enumerate(lines) if question in line)
    return lines[i + 2]


async def test_open_mode_a_seat_code_is_seen_only_by_its_holder(tmp_path: Path) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        code = await open_game_code(alice)
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert len(CODE_ALPHABET) ** CODE_LENGTH >= 2**40

        # mallory connects as "alice" while alice plays: asked for the code, never shown it
        mallory = await connect(server, "alice", None, local_addr=("127.0.0.2", 0))
        text = await mallory.held_seat_asked()
        assert code not in text
        assert answer_line(text, "The code of your seat").strip(" ┃") == CODE_HINT  # and empty
        for left in (4, 3, 2, 1):
            await mallory.type("WRONGCDE")
            await mallory.press("enter")
            await mallory.wait_for(f"not the seat's code ({left} ")  # the question stays
        await mallory.type("WRONGCDE")
        await mallory.press("enter")
        text = await mallory.wait_for("too many wrong tries")
        await mallory.wait_for(lambda t: "The code of your seat" not in t)  # back in the lobby
        await mallory.press("j")
        await mallory.wait_for("The code of your seat")
        await mallory.type(code)  # the right code, during the lock-out
        await mallory.press("enter")
        await mallory.wait_for("too many wrong tries: wait")
        text = await mallory.wait_for(lambda t: "The code of your seat" not in t)
        assert "your turn" not in text and "Final Flights" not in text
        room = server.lobby.rooms["1"]
        assert 0 in room.host.seat_conns and alice.chan is not None and not alice.closed.is_set()

        # the seat is locked for every address that used up its tries at it, and mallory's address
        # for every secret; strangers' wrong tries never lock out the player who knows the code,
        # even after a mistype (the red team kept alice out for up to an hour so)
        private = server.lobby.create(Player("key:c", "carol", "127.0.0.4"), 2, ["greedy"], "pw")
        with pytest.raises(LobbyError, match="too many wrong tries"):
            await server.lobby.join(private, Player("name:m", "m", "127.0.0.2"), "pw")
        other = Player("name:alice", "alice", "127.0.0.3")  # alice, who mistypes once
        with pytest.raises(WrongSecret, match="4 tries left"):
            await server.lobby.rejoin(room, other, "WRONGCDE")  # its own count, not the seat's
        guesser = Player("name:alice", "alice", "127.0.0.6")  # a fresh address buys its 5 tries
        for left in (4, 3, 2, 1):
            with pytest.raises(WrongSecret, match=f"{left} tr"):
                await server.lobby.rejoin(room, guesser, "WRONGCDE")
        with pytest.raises(LobbyError, match="not the seat's code; too many wrong tries"):
            await server.lobby.rejoin(room, guesser, "WRONGCDE")
        with pytest.raises(LobbyError, match="too many wrong tries: wait"):
            await server.lobby.rejoin(room, guesser, code)  # then waits out the seat's lock too
        back = await server.lobby.rejoin(room, other, code)  # one mistype never holds alice
        assert back.seat == 0
        await back.close()
        alice_elsewhere = Player("name:alice", "alice", "127.0.0.5")
        with pytest.raises(WrongSecret, match="4 tries left"):
            await server.lobby.join(private, alice_elsewhere, "guess")
        await mallory.close()
        await alice.close()
    finally:
        await server.close()


async def back_by_name(server: GameServer, name: str) -> Term:
    """``name`` made a game against bots and left; back on an open server under that name, j
    asks for the seat's code."""
    first = await connect(server, name, None)
    await first.new_game_against_bots()
    await first.close()
    again = await connect(server, name, None)
    await again.held_seat_asked()
    return again


async def test_the_key_that_opens_the_question_is_not_its_answer(tmp_path: Path) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        again = await back_by_name(server, "alice")
        await again.press("escape")
        await again.wait_for(lambda t: "The code of your seat" not in t)  # back in the lobby
        await again.press("j", pause=0)
        await again.type("x")  # typed at once, before the question is drawn: its answer's first
        question = "The code of your seat"
        text = await again.wait_for(
            lambda t: question in t and answer_line(t, question).strip(" ┃") not in ("", CODE_HINT)
        )
        assert answer_line(text, question).strip(" ┃") == "x", "not the j, nor dropped"
        await again.close()
    finally:
        await server.close()


async def test_an_esc_the_server_was_too_busy_to_resolve_is_still_an_esc(tmp_path: Path) -> None:
    """Esc, then a key after the Esc's wait has run out but before the server's loop checked
    it (stalled here for 0.3 s): the Esc closes the question, and the key is its own (not
    Alt+x, which closed nothing)."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        again = await back_by_name(server, "alice")
        assert again.chan is not None
        again.chan.write(b"\x1b")
        await asyncio.sleep(0.05)  # the server has the Esc, and waits 0.1 s for more
        time.sleep(0.3)  # the loop (the server's too) stalls past that wait
        again.chan.write(b"x")  # on the wire at once: read before the overdue check runs
        await again.wait_for(lambda t: "The code of your seat" not in t, timeout=5)
        await again.close()
    finally:
        await server.close()


async def test_a_private_game_shows_no_port_and_needs_its_password_to_watch(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        owner = Player("key:x", "carol", "127.0.0.1")
        server.lobby.create(owner, 2, ["greedy"], "hush")
        server.lobby.create(owner, 2, ["greedy"], None)
        await alice.wait_for("Game 1: waiting for")  # the private game, chosen
        port = server.lobby.rooms["2"].tcp_port
        assert port is not None and server.lobby.rooms["1"].tcp_port is None  # none to guess at
        await alice.press("down")
        text = await alice.wait_for(f"jetset join 127.0.0.1:{port}")  # the public one's
        assert "Game 2: waiting for" in text and "tcp" not in text
        await alice.press("up")
        text = await alice.wait_for("Game 1: waiting for 1")
        assert "jetset join" not in text and "tcp" not in text
        await alice.press("w")
        text = await alice.wait_for("Its password, to watch it")
        assert "the password the game was made with" in text  # the empty field says what
        await alice.type("guess")
        await alice.press("enter")
        await alice.wait_for("wrong password (4 tries left)")
        await alice.type("hush")
        await alice.press("enter")
        await alice.wait_for("Game 1: waiting for players")  # watching, until it starts
        assert server.lobby.rooms["1"].watchers == 1
        await alice.close()
    finally:
        await server.close()


async def test_one_session_typing_fast_is_held_back_not_the_others(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    server = await start_server(tmp_path)
    try:
        flood = await connect(server, "flood", alice_key)
        await flood.lobby()
        await flood.press("t")
        other = await connect(server, "other", bob_key)
        await other.lobby()
        await other.press("t")
        assert flood.chan is not None
        flood.chan.write(b"x" * 200_000)  # keystrokes, not a paste
        await asyncio.sleep(0.5)
        (session,) = [s for s in server.sessions if s.connection.username == "flood"]
        assert session.throttled > 0
        assert len(session.inbox) <= server.config.window
        times = await key_to_screen(other, "abcdefgh")
        assert statistics.median(times) < 1.0, times  # the benchmark's figure: 150 ms
        said = session.app.screen.query_one("#say").value
        assert said and len(said) <= MAX_CHAT
        await flood.close()
        await other.close()
    finally:
        await server.close()


async def test_terminal_sizes_are_clamped(tmp_path: Path, alice_key: asyncssh.SSHKey) -> None:
    server = await start_server(tmp_path)
    try:
        huge = await connect(server, "huge", alice_key, width=1000, height=300)
        await huge.wait_for("n New game")
        (session,) = server.sessions
        assert session.size == (400, 200) and session.app.size == (400, 200)
        huge.resize(1, 1)
        await huge.wait_for(lambda _: session.app.size == (20, 5))
        assert huge.chan is not None
        huge.chan.change_terminal_size(100_000, 100_000)
        await huge.wait_for(lambda _: session.app.size == (400, 200))
        await huge.close()
    finally:
        await server.close()


async def test_a_flood_of_window_size_changes_is_laid_out_once_then_closed(
    tmp_path: Path, alice_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    """A red team's client sent 15,000 window-change requests a second: SSH requests, outside
    the input budget, each laid the screen out on the loop every session shares, and every other
    player waited seconds. A burst is now laid out once, at its last size, and a client past
    ``resize_burst`` changes is closed and penalised; another session goes on."""
    server = await start_server(tmp_path, resizes_per_second=50.0, resize_burst=200.0)
    try:
        caplog.set_level(logging.INFO, logger="jetset")
        bob = await connect(server, "bob", client_key(tmp_path, "bob"))
        await bob.lobby()
        term = await connect(server, "alice", alice_key)
        await term.lobby()
        session = next(s for s in server.sessions if s.connection.given.name == "alice")
        assert term.chan is not None and session.app is not None
        driver = session.driver
        assert driver is not None
        laid_out: list[tuple[int, int]] = []
        resize = driver.resize

        def counted(width: int, height: int) -> None:
            laid_out.append((width, height))
            resize(width, height)

        driver.resize = counted  # type: ignore[method-assign]
        for width in range(100, 150):  # a window dragged: 50 changes at once
            term.chan.change_terminal_size(width, 30)
        await term.wait_for(lambda _: session.app is not None and session.app.size == (149, 30))
        await asyncio.sleep(0.3)
        assert laid_out[-1] == (149, 30) and len(laid_out) <= 5, laid_out
        for _ in range(400):  # no terminal's
            term.chan.change_terminal_size(120, 40)
        await asyncio.wait_for(term.closed.wait(), 5)
        assert "changed its size too often" in term.text()
        assert server.admission.penalty("127.0.0.1") > 0
        lines = [r for r in caplog.records if "window size changed too often" in r.getMessage()]
        assert len(lines) == 1 and not [r for r in caplog.records if r.exc_info]
        assert bob.chan is not None
        await bob.wait_for(lambda _: len(server.sessions) == 1)
        bob.chan.write(b"?")  # bob's session still answers
        await bob.close()
    finally:
        await server.close()


async def test_a_connection_asking_for_session_after_session_is_said_once_then_closed(
    tmp_path: Path, alice_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    """One session a connection: a red team's client asked for 20,000 more in five seconds,
    each refusal a line in the server's log (1.9 MB, rotating its history away). The first
    refusal is said; at ``REFUSED_CHANNELS`` the connection is closed and penalised."""
    from jetset_tui.ssh.connection import REFUSED_CHANNELS

    server = await start_server(tmp_path)
    try:
        caplog.set_level(logging.INFO, logger="jetset")
        term = await connect(server, "alice", alice_key)
        await term.lobby()
        assert term.conn is not None
        for _ in range(REFUSED_CHANNELS + 5):
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.Error, OSError)):
                await term.conn.create_session(asyncssh.SSHClientSession)
        await asyncio.wait_for(term.closed.wait(), 5)
        said = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
        assert len(said) == 2 and "a second session" in said[0], said
        assert "disconnected" in said[1]
        assert server.admission.penalty("127.0.0.1") > 0
    finally:
        await server.close()


async def test_unreadable_input_closes_the_session_once_quietly(
    tmp_path: Path, alice_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    server = await start_server(tmp_path)
    try:
        caplog.set_level(logging.INFO, logger="jetset")
        term = await connect(server, "alice", alice_key)
        await term.lobby()
        assert term.chan is not None
        term.chan.write(b"\x1b[1114112u")  # a key code past the last Unicode character
        for _ in range(20):  # more packets, sent before the server could answer
            term.chan.write(b"more keys\x1b[A")
        await asyncio.wait_for(term.closed.wait(), 5)
        assert "could not read your terminal's input" in term.text()
        lines = [r for r in caplog.records if "unreadable terminal input" in r.getMessage()]
        assert len(lines) == 1
        assert not [r for r in caplog.records if r.exc_info], "no traceback"
        assert server.admission.penalty("127.0.0.1") > 0
        assert not server.sessions
    finally:
        await server.close()


async def key_to_screen(term: Term, keys: str) -> list[float]:
    """Type ``keys`` one by one into the focused chat line; the seconds each took to show."""
    loop = asyncio.get_running_loop()
    times = []
    for n in range(1, len(keys) + 1):
        assert term.chan is not None
        start = loop.time()
        term.chan.write(keys[n - 1].encode())
        await term.wait_for(lambda t, n=n: keys[:n] in t.splitlines()[-2], settle=0)
        times.append(loop.time() - start)
    return times


async def test_a_session_whose_seat_another_session_took_goes_back_to_the_lobby(
    tmp_path: Path,
) -> None:
    """alice plays in one terminal, logs in again in another and gives her seat code there:
    the first session went on showing a board that took no move and no chat; now it goes
    back to the lobby, saying why."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        first = await connect(server, "alice", None)
        code = await open_game_code(first)
        second = await connect(server, "alice", None)
        await second.held_seat_asked()
        await second.type(code)
        await second.press("enter")
        await second.wait_for("your turn")
        await first.wait_for("Another session of yours took your seat in game 1")
        await first.wait_for(lambda t: "your turn" not in t and "Final Flights" not in t)
        assert server.lobby.rooms["1"].host.seat_conns[0] is not None
        await second.close()
        await first.close()
    finally:
        await server.close()


async def test_joining_a_game_that_is_over_says_so(tmp_path: Path) -> None:
    """Enter on a finished game in the lobby said "every seat is taken: watch instead"; it
    says the game is over, and how to see its end."""
    server = await start_server(tmp_path)
    try:
        room, _carol = await jetlag_played_to_its_end(server, Player("key:c", "carol"))
        with pytest.raises(LobbyError, match="game 1 is over: w shows how it ended"):
            await server.lobby.join(room, Player("key:d", "dave"), None)
    finally:
        await server.close()


async def test_the_help_over_ssh_sends_no_one_to_a_tutorial_they_do_not_have(
    tmp_path: Path,
) -> None:
    """F1 at a table over SSH said "Tutorial on the start screen (or `jetset tutorial`)",
    neither of which an SSH player has; the rest of the page is there."""
    from jetset_tui.screens.help import help_page, without_tutorial

    page = without_tutorial(help_page("en"))
    assert "jetset tutorial" not in page and "**Your turn.**" in page
    assert "jetset tutorial" in help_page("en") and "jetset tutorial" in help_page("it")
    assert "jetset tutorial" not in without_tutorial(help_page("it"))
    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        await alice.new_game_against_bots()
        await alice.press("\x1bOP")  # F1, as xterm sends it
        text = await alice.wait_for("Jet Set in brief")
        assert "Tutorial" not in text and "score the most points" in text, text
        await alice.close()
    finally:
        await server.close()


async def test_the_wait_for_players_says_how_friends_join_with_jetset(
    tmp_path: Path, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """A server with ``--tcp``: alice, waiting in the game she opened, reads the address a
    friend types into `jetset join` (as the lobby shows it); bob, waiting in his private
    game, reads none (a private game's port is not shown)."""
    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.open_game(seats=2, bots=0)
        port = server.lobby.rooms["1"].tcp_port
        assert port is not None
        text = await alice.wait_for(f"jetset join 127.0.0.1:{port}")
        assert "Friends join from the lobby, or with:" in text, text
        bob = await connect(server, "bob", bob_key)
        await bob.form_filled(seats=2, bots=0)
        await bob.press("tab", "tab")  # past the bots' kind to the password: a private game
        await bob.type("hush")
        await bob.press("enter")
        text = await bob.wait_for("waiting for players")
        assert "jetset join" not in text and server.lobby.rooms["2"].private
        await alice.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_keyless_tcp_joiner_never_goes_by_a_key_holders_name(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """A red team's client with no key came to a game's ``--tcp`` port on a server with keys
    and sat as ``ann``; the real ann, with her key, became ``ann-2``. A TCP joiner goes by its
    name with ``@tcp`` after it there (no key can: an SSH name has no ``@``), in the seats, the
    lobby and the chat; the key holder keeps hers. With ``--open`` names stay as typed."""
    from netcode.peer import NetPeer
    from tests.ssh.helpers import tcp_peer_at

    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        owner = Player("key:bob", "bob", "127.0.0.1")
        server.lobby.create(owner, 3, [], None)
        stranger: NetPeer = await tcp_peer_at(server, "1", "ann")
        assert stranger.name == "ann@tcp"
        ann = await connect(server, "ann", alice_key)
        await ann.lobby()
        assert next(s for s in server.sessions).connection.player.name == "ann"
        await ann.press("j")
        await ann.wait_for("ann@tcp")
        room = server.lobby.rooms["1"]
        names = [slot.name for slot in room.table.seats]
        assert "ann@tcp" in names and "ann" in names and "ann-2" not in names, names
        await stranger.chat("it's ann, give me your seat code")
        await ann.wait_for("ann@tcp: it's ann")
        await stranger.close()
        await ann.close()
    finally:
        await server.close()
    server = await start_server(tmp_path / "open", tcp_bind="127.0.0.1", open_mode=True)
    try:
        server.lobby.create(Player("name:bob", "bob", "127.0.0.1"), 2, [], None)
        stranger = await tcp_peer_at(server, "1", "ann")
        assert stranger.name == "ann"  # --open: a name is anyone's, said in docs/security.md
        await stranger.close()
    finally:
        await server.close()


async def test_the_tcp_ports_take_no_private_game_and_cap_an_address_across_games(
    tmp_path: Path,
) -> None:
    """A red team found a private game's port listening though the lobby showed none, taking
    password guesses sixty times faster than the lobby does, and one address watching eleven
    games at once through the ports (the lobby's cap is four). A private game has no port, a
    port that leads on to a private next game turns everyone away, and one address holds
    ``tcp_per_address`` connections across every game's port."""
    from netcode.peer import NetPeer
    from netcode.peer_words import JoinRefused, NoWelcome
    from netcode.transport import open_tcp

    server = await start_server(tmp_path, tcp_bind="127.0.0.1")
    try:
        for n, password in enumerate((None, None, None, "hush")):
            owner = Player(f"key:o{n}", f"o{n}", "127.0.0.1")
            server.lobby.create(owner, 2, ["greedy"], password)
        await asyncio.sleep(0.3)
        rooms = server.lobby.rooms
        assert rooms["4"].tcp_port is None, "a private game listens on no port"
        ports = [rooms[g].tcp_port for g in ("1", "2", "3")]
        assert all(port is not None for port in ports)
        cap = server.lobby.limits.tcp_per_address
        watching: list[NetPeer] = []
        refused = None
        for i in range(cap + 1):
            port = ports[i % 3]
            assert port is not None
            try:
                peer = await NetPeer.connect(
                    await open_tcp("127.0.0.1", port), name=f"w{i}", spectate=True
                )
            except (JoinRefused, NoWelcome) as exc:
                refused = (i, str(exc))
                break
            watching.append(peer)
        assert refused is not None and refused[0] == cap, refused
        assert "too many connections from your address" in refused[1]
        await watching.pop().close()  # one goes: another may come
        await asyncio.sleep(0.2)
        again = await NetPeer.connect(await open_tcp("127.0.0.1", ports[0] or 0), spectate=True)
        watching.append(again)
        rooms["1"].host.successor = rooms["4"].host  # the port now leads to a private game
        with pytest.raises((JoinRefused, NoWelcome), match="private"):
            await NetPeer.connect(await open_tcp("127.0.0.1", ports[0] or 0), spectate=True)
        for peer in watching:
            await peer.close()
    finally:
        await server.close()
