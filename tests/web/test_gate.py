"""The browsers' way into the lobby (``jetset_tui.web``): the gate on 127.0.0.1, its tickets,
one lobby shared with SSH players, and the caps on browser sessions. The real server in this
process, real sockets; the gate's clients are the browser sessions' own ``Gate``."""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from jetset_tui.ssh.driver import MAX_SIZE
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from jetset_tui.web import SessionStart
from jetset_tui.web.gate import LobbyGate
from jetset_tui.web.server import WebConfig, WebServer
from jetset_tui.web.session import Gate
from netcode import lobbyproto as lp
from netcode.framing import FramedConnection, encode
from netcode.lobbyclient import LobbyClient, LobbyRefused
from netcode.peer import NetPeer
from netcode.peer_words import JoinRefused
from netcode.seatcode import seat_code_of, spaced
from netcode.transport import ConnectionClosed, Transport
from tests.ssh.helpers import ssh_opener
from tests.web.tabs import lobby_gate


@pytest.fixture
async def gate(server: GameServer) -> AsyncIterator[LobbyGate]:
    async with lobby_gate(server) as door:
        yield door


CARL = Player("key:SHA256:creator", "carl", "192.0.2.1")
"""Someone at an SSH terminal, who makes a game."""


def arrive(gate: LobbyGate, name: str, address: str = "192.0.2.7") -> Gate:
    """A browser session from ``address``, its name chosen."""
    client = Gate(gate.port, gate.tickets.issue(address))
    client.name = name
    return client


@contextlib.asynccontextmanager
async def serving(server: GameServer, **config: Any) -> AsyncIterator[WebServer]:
    """A web server on a free port of 127.0.0.1 before ``server``'s lobby (``WebConfig``'s
    ``config``), closed at the end."""
    web = WebServer(WebConfig(port=0, **config), server)
    await web.start()
    try:
        yield web
    finally:
        await web.close()


async def sessions_ended(web: WebServer) -> None:
    """Until no browser session runs (10 s at most)."""
    for _ in range(200):
        if not web.sessions:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"sessions still running: {dict(web.sessions)}")


class Listener:
    """A lobby channel read in the background: the chat it hears, the games it is told."""

    def __init__(self, framed: FramedConnection) -> None:
        self.chat: list[tuple[str, str]] = []
        self.games: tuple[lp.GameLine, ...] = ()
        self.client = LobbyClient(framed, on_games=self.told, on_chat=self.said)
        self.task = asyncio.ensure_future(self.client.run())

    def told(self, games: lp.Games) -> None:
        self.games = games.games

    def said(self, line: lp.LobbyChatLine) -> None:
        self.chat.append((line.name, line.text))

    async def heard(self, name: str, text: str) -> None:
        for _ in range(200):
            if (name, text) in self.chat:
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"never heard <{name}> {text}: {self.chat}")

    def stop(self) -> None:
        self.task.cancel()


def listen(channel: tuple[Transport, FramedConnection]) -> Listener:
    return Listener(channel[1])


async def closed_at_once(port: int, first: bytes) -> bool:
    """Send ``first`` to the gate: is the connection closed without a word?"""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(first)
    try:
        return await asyncio.wait_for(reader.read(), 5) == b""
    finally:
        writer.close()


async def test_no_ticket_no_lobby(server: GameServer, gate: LobbyGate) -> None:
    gate.tickets.issue("192.0.2.7")
    hellos = [
        encode({"t": "web", "ticket": "0" * 32, "name": "eve"}),  # a guess
        encode({"t": "web", "name": "eve"}),  # none
        encode({"t": "hello", "app": "jetset", "proto": 5}),  # the subsystem's hello
        b"\xff\xff\xff\xff",  # a frame too large to wait for
        b"\x00\x00\x00\x03abc",  # not msgpack
    ]
    for first in hellos:
        assert await closed_at_once(gate.port, first), first
    assert not gate.links and not server.lobby.rooms


async def test_one_lobby_for_browsers_and_ssh(
    server: GameServer, gate: LobbyGate, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A game made in a browser is in the SSH player's list; chat crosses both ways. The
    server's log names the browser as the lobby does (a play test's read "as bea", the name
    of a key holder, not "bea@web")."""
    caplog.set_level(logging.INFO)
    bea = arrive(gate, "bea")
    web = listen(await bea.channel())
    assert server.host_key_path is not None
    alice = ssh_opener(server.port, server.host_key_path, tmp_path, "alice")
    ssh = listen(await alice.channel())
    try:
        game = await web.client.create(lp.Create(players=3, bots=("greedy",)))
        await web.client.say("hello from a browser")
        await ssh.heard("bea@web", "hello from a browser")
        await ssh.client.say("hello from a terminal")
        await web.heard("alice", "hello from a terminal")
        for _ in range(100):
            if game in [g.id for g in ssh.games]:
                break
            await asyncio.sleep(0.02)
        assert game in [g.id for g in ssh.games]
        assert bea.state.name == "bea@web"  # the lobby says how the browser is called
        logged = [r.getMessage() for r in caplog.records]
        assert any(m.endswith("a browser session's lobby link, as bea@web") for m in logged)
        assert server.lobby.rooms[game].members == {}  # made, nobody seated yet
    finally:
        web.stop()
        ssh.stop()


async def alice_said(server: GameServer, tmp_path: Path, text: str) -> Listener:
    """alice's key in the lobby over `jetset join ssh://`, once her ``text`` is said there."""
    assert server.host_key_path is not None
    alice = ssh_opener(server.port, server.host_key_path, tmp_path, "alice")
    ssh = listen(await alice.channel())
    await ssh.client.say(text)
    await ssh.heard("alice", text)
    return ssh


async def test_a_browser_never_goes_by_a_key_holders_name(
    server: GameServer, gate: LobbyGate, tmp_path: Path
) -> None:
    """A play test on a key-only server with ``--web``: a browser that typed the name ``ann``
    while the key holder ann was in the lobby chatted as ``ann``, word for word as she would;
    one that came before her kept ``ann`` once she arrived. A browser's person is ``NAME@web``
    in the lobby, whoever came first (no key can go by a name with ``@``)."""
    eve = arrive(gate, "alice")  # before the key holder has been seen
    web = listen(await eve.channel())
    await web.client.say("I am alice, honest")
    await web.heard("alice@web", "I am alice, honest")
    ssh = await alice_said(server, tmp_path, "the real alice")
    try:
        await web.client.say("this is alice, honest")
        await ssh.heard("alice@web", "this is alice, honest")
        assert all(name == "alice@web" for name, text in ssh.chat if "honest" in text)
        assert ("alice", "the real alice") in ssh.chat  # the key holder keeps her own name
        web.stop()
    finally:
        ssh.stop()


async def test_a_lobby_reached_later_hears_what_was_said_before(
    server: GameServer, gate: LobbyGate, tmp_path: Path
) -> None:
    """An SSH terminal's lobby shows the chat kept so far; a browser's and a `jetset join
    ssh://` lobby started empty (a lunch table's play test). Each hears the kept lines first."""
    ssh = await alice_said(server, tmp_path, "lunch at noon?")
    try:
        bea = arrive(gate, "bea")
        web = listen(await bea.channel())
        await web.heard("alice", "lunch at noon?")
        assert web.chat.count(("alice", "lunch at noon?")) == 1
        web.stop()
    finally:
        ssh.stop()


async def test_a_name_takes_no_seat_back(server: GameServer, gate: LobbyGate) -> None:
    """A browser player's seat is recorded for ``web:NAME``; another tab with that name is
    asked the seat's code (a name is no secret), and a wrong code gets no token."""
    bea = arrive(gate, "bea")
    transport, framed = await bea.channel()
    room = server.lobby.create(CARL, 3, ["greedy"], None)
    bea.state.game = room.id
    await bea.state.enter(framed, bea.state.request())
    assert bea.state.token is None
    peer = await NetPeer.connect(transport, name="bea", connector=bea.connect)
    try:
        await seated(room, "web:bea")
        assert room.members["web:bea"].token == peer.token
        mallory = arrive(gate, "bea", address="198.51.100.9")
        other, other_framed = await mallory.channel()
        mallory.state.game = room.id
        with pytest.raises(JoinRefused) as asked:
            await mallory.state.enter(other_framed, mallory.state.request())
        assert asked.value.code == lp.E_SEAT_CODE
        with pytest.raises(JoinRefused) as wrong:
            await mallory.state.enter(other_framed, lp.JoinGame(game=room.id, code="AAAA AAAA"))
        assert wrong.value.code == "password" and "4 tries left" in wrong.value.message
        assert mallory.state.token is None
        other.close()
    finally:
        await peer.close()


async def seated(room: Room, identity: str) -> None:
    for _ in range(100):
        if identity in room.members:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{identity} never seated")


async def test_a_closed_tab_comes_back_to_its_seat_with_the_code(
    server: GameServer, gate: LobbyGate
) -> None:
    """Bea closes her tab mid-game; a new tab (another browser, another address) named bea,
    given the code her first tab showed her, is handed her seat's token and sits in it again.
    Wrong codes are limited: five, then even the right code waits."""
    bea = arrive(gate, "bea")
    transport, framed = await bea.channel()
    room = server.lobby.create(CARL, 3, ["greedy"], None)
    bea.state.game = room.id
    await bea.state.enter(framed, bea.state.request())
    peer = await NetPeer.connect(transport, name="bea", connector=bea.connect)
    await seated(room, "web:bea")
    seat, token = peer.seat, peer.token
    assert seat is not None and token is not None
    code = spaced(seat_code_of(token))  # what her tab showed her
    await peer.close()  # the tab is closed
    for _ in range(100):
        if seat not in room.host.seat_conns:
            break
        await asyncio.sleep(0.02)
    again = arrive(gate, "bea", address="203.0.113.4")
    transport, framed = await again.channel()
    await again.state.enter(framed, lp.JoinGame(game=room.id, code=code.lower()))
    assert again.state.token == token
    back = await NetPeer.connect(transport, name="bea", token=token, connector=again.connect)
    try:
        assert back.seat == seat
    finally:
        await back.close()

    guesser = arrive(gate, "bea", address="198.51.100.9")
    _, framed = await guesser.channel()
    for _ in range(5):
        with pytest.raises(JoinRefused):
            await guesser.state.enter(framed, lp.JoinGame(game=room.id, code="ZZZZ ZZZZ"))
    with pytest.raises(JoinRefused) as locked:
        await guesser.state.enter(framed, lp.JoinGame(game=room.id, code=code))
    assert "too many wrong tries" in locked.value.message
    assert guesser.state.token is None


async def test_a_private_game_wants_its_password(server: GameServer, gate: LobbyGate) -> None:
    room = server.lobby.create(CARL, 3, ["greedy"], "sesame")
    web = listen(await arrive(gate, "bea").channel())
    try:
        with pytest.raises(LobbyRefused) as refused:
            await web.client.enter(lp.JoinGame(game=room.id, password="guess"))
        assert refused.value.code == "password"
        with pytest.raises(LobbyRefused):
            await web.client.enter(lp.WatchGame(game=room.id))
        joining = await web.client.enter(lp.JoinGame(game=room.id, password="sesame"))
        assert joining.game == room.id
    finally:
        web.stop()


async def test_a_revoked_ticket_closes_its_links(server: GameServer, gate: LobbyGate) -> None:
    bea = arrive(gate, "bea")
    web = listen(await bea.channel())
    gate.revoke(bea.ticket)
    await asyncio.wait_for(web.task, 5)
    assert web.client.lost is not None
    with pytest.raises((ConnectionClosed, OSError)):
        await bea.channel()
    assert not gate.links


async def test_browser_sessions_are_capped(server: GameServer) -> None:
    """One session at most: the page and a second session are refused while it runs."""
    web = WebServer(WebConfig(port=0, max_sessions=1, spares=0), server)
    await web.start()
    url = f"http://127.0.0.1:{web.port}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{url}/") as page:
                assert page.status == 200
            async with http.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                await ws.receive(timeout=20)  # the app's first bytes: its process runs
                assert sum(web.sessions.values()) == 1
                async with http.get(f"{url}/") as page:
                    assert page.status == 503
                    assert "full" in await page.text()
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await http.ws_connect(f"{url}/ws")
            for _ in range(200):
                if not web.sessions:
                    break
                await asyncio.sleep(0.05)
            assert not web.sessions
            async with http.get(f"{url}/") as page:
                assert page.status == 200
    finally:
        with contextlib.suppress(Exception):
            await web.close()


async def test_a_plain_request_for_the_websocket_is_refused_quietly(
    server: GameServer, caplog: pytest.LogCaptureFixture
) -> None:
    """A play test's ``curl http://…/ws`` (any crawler's) put a whole aiohttp traceback on the
    server's screen and log. It is answered 400 in a sentence, and no session starts."""
    caplog.set_level(logging.INFO)
    async with serving(server, spares=0) as web, aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{web.port}/ws") as page:
            assert page.status == 400 and "websocket" in await page.text()
        assert not web.sessions
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
    assert not [r for r in caplog.records if "Unhandled" in r.getMessage()]


async def test_the_page_speaks_the_browsers_language(server: GameServer) -> None:
    """The page's own words (its language, the dialog when the session is over, the answer
    when the server is full) follow the browser's Accept-Language, as the game does."""
    italian, english = {"Accept-Language": "it-IT,it;q=0.9"}, {"Accept-Language": "en-GB"}
    async with (
        serving(server, max_sessions=1, spares=0) as web,
        aiohttp.ClientSession() as http,
    ):
        url = f"http://127.0.0.1:{web.port}/"
        async with http.get(url, headers=italian) as page:
            shown = html.unescape(await page.text())
        assert '<html lang="it">' in shown and "Questa sessione è finita." in shown, shown
        assert "Torna alla sala d'attesa" in shown and "This session" not in shown
        async with http.get(url, headers=english) as page:
            shown = await page.text()
        assert '<html lang="en">' in shown and "This session is over." in shown
        assert "Back to the lobby" in shown
        web.sessions["127.0.0.1"] = 1  # the one session there is room for
        async with http.get(url, headers=italian) as page:
            assert page.status == 503
            assert "Il server di Jet Set è pieno" in await page.text()
        web.sessions.clear()


async def test_an_idle_browser_session_ends(server: GameServer) -> None:
    """Pings keep the page's connection, not its session: nothing typed, it ends."""
    async with serving(server, spares=0, idle_timeout=1.5) as web:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{web.port}/ws?width=80&height=24"
            async with http.ws_connect(url) as ws:
                await ws.receive(timeout=20)
                started = asyncio.get_running_loop().time()
                while not ws.closed:
                    await ws.send_json(["ping", "1"])
                    with contextlib.suppress(TimeoutError):
                        await ws.receive(timeout=0.3)
                    assert asyncio.get_running_loop().time() - started < 15
        await sessions_ended(web)


async def test_an_idle_session_ends_though_its_page_answers_every_ping(server: GameServer) -> None:
    """A play test: a page that typed nothing for 13 minutes under ``--idle-timeout 20`` was
    still served. The server's pings come every 15 s and the page's pongs restarted the wait
    (aiohttp's ``receive`` times each message, a pong among them), so the time never ran out;
    the test above ended before the first ping. Here the pings come twice a second, and the
    page (aiohttp's client) answers each, as a browser does."""
    async with serving(server, spares=0, idle_timeout=2.0, heartbeat=0.3) as web:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{web.port}/ws?width=80&height=24"
            async with http.ws_connect(url, autoping=True) as ws:
                started = asyncio.get_running_loop().time()
                while not ws.closed:
                    with contextlib.suppress(TimeoutError):
                        await ws.receive(timeout=0.5)  # the pings answered meanwhile
                    assert asyncio.get_running_loop().time() - started < 12, "never ended"
        await sessions_ended(web)


def test_a_start_line_is_checked() -> None:
    start = SessionStart(8123, "ab" * 16, 120, 40)
    assert SessionStart.decode(start.encode().strip()) == start
    for line in (
        b"",
        b"[]",
        b'{"port": 1}',
        b'{"port": "1", "ticket": "", "width": 1, "height": 1}',
    ):
        with pytest.raises(ValueError):
            SessionStart.decode(line)


async def test_a_stranger_named_like_a_browser_player_uses_none_of_their_games(
    server: GameServer, gate: LobbyGate
) -> None:
    """Games per player count per ``web:NAME`` and address, even on a key-mode server: a
    browser name is no proof, so a tab elsewhere calling itself bea neither uses up bea's
    games nor escapes its own count."""
    bea = listen(await arrive(gate, "bea").channel())
    stranger = listen(await arrive(gate, "bea", address="198.51.100.9").channel())
    try:
        quota = server.lobby.limits.games_per_player
        for _ in range(quota):
            await stranger.client.create(lp.Create(players=2, bots=("random",)))
        with pytest.raises(LobbyRefused, match=f"already started {quota} games"):
            await stranger.client.create(lp.Create(players=2, bots=("random",)))
        game = await bea.client.create(lp.Create(players=2, bots=("random",)))
        assert server.lobby.rooms[game].created_from == "192.0.2.7"
    finally:
        bea.stop()
        stranger.stop()


MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")
"""A cursor move in what the session draws: row;column, from 1."""


async def whole_screen(ws: aiohttp.ClientWebSocketResponse, other_than: int = 0) -> tuple[int, int]:
    """The rows and the farthest column of the next whole screen the session draws (a message
    that moves to every row from the first: its cursor's blinks and a field's repaints are not)
    with a number of rows other than ``other_than``: a repaint after a resize."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 20
    while loop.time() < end:
        message = await ws.receive(timeout=end - loop.time())
        if message.type != aiohttp.WSMsgType.BINARY:
            continue
        moves = MOVE.findall(message.data)
        rows = {int(row) for row, _ in moves}
        if len(rows) > 1 and rows == set(range(1, max(rows) + 1)) and max(rows) != other_than:
            return max(rows), max(int(column) for _, column in moves)
    raise AssertionError(f"no whole screen of other than {other_than} rows in 20 s")


async def test_a_page_cannot_ask_for_a_terminal_beyond_the_bounds(server: GameServer) -> None:
    """The size in the page's address and in its resize messages is clamped as over SSH
    (``MAX_SIZE``, 400×200): a page asking for a billion rows gets a session drawn on 200 at
    most, and one asking for none the 80×24 default."""
    most = MAX_SIZE[1]
    async with (
        serving(server, max_sessions=1, spares=0) as web,
        aiohttp.ClientSession() as http,
    ):
        url = f"http://127.0.0.1:{web.port}/ws?width=9999&height=9999"
        async with http.ws_connect(url) as ws:
            rows, columns = await whole_screen(ws)
            assert rows == most and columns <= MAX_SIZE[0], (rows, columns)
            await ws.send_json(["resize", {"width": 0, "height": -5}])
            assert await whole_screen(ws, other_than=rows) == (24, 80)
            await ws.send_json(["resize", {"width": 10**9, "height": 10**9}])
            rows, columns = await whole_screen(ws, other_than=24)
            assert rows == most and columns <= MAX_SIZE[0], (rows, columns)


async def test_a_page_s_strange_or_huge_messages_change_nothing_or_end_its_session(
    server: GameServer,
) -> None:
    """Only textual-serve's five kinds, well formed, reach the session's app: anything else is
    dropped and the session goes on (the keys typed after it still arrive); a message over
    64 KiB ends the session, and its process with it."""
    async with serving(server, max_sessions=1, spares=0) as web:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{web.port}/ws?width=80&height=24"
            async with http.ws_connect(url) as ws:
                await whole_screen(ws)
                for strange in (
                    '["evil", "x"]',
                    '["stdin", 5]',
                    '["resize", {"width": "9", "height": null}]',
                    '["stdin"]',
                    "[1, 2]",
                    "not json",
                    '{"stdin": "q"}',
                ):
                    await ws.send_str(strange)
                await ws.send_bytes(b"\x00\xff" * 100)
                await ws.send_json(["stdin", "zed"])
                drawn = b""
                for _ in range(100):
                    message = await ws.receive(timeout=20)
                    assert message.type == aiohttp.WSMsgType.BINARY, message
                    drawn += message.data
                    if b"zed" in drawn:
                        break
                assert b"zed" in drawn, "the keys after the strange messages arrive"
                assert sum(web.sessions.values()) == 1
                await ws.send_str('["stdin", "' + "a" * 70_000 + '"]')
                closed = await ws.receive(timeout=20)
                while closed.type == aiohttp.WSMsgType.BINARY:
                    closed = await ws.receive(timeout=20)
                assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await sessions_ended(web)


async def test_sessions_from_one_address_are_capped(server: GameServer) -> None:
    """Two sessions from one address at most here (4 by default): the page and a third
    session are refused while both run, though the server has room for more."""
    async with serving(server, max_sessions=8, max_per_address=2, spares=0) as web:
        url = f"http://127.0.0.1:{web.port}"
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(f"{url}/ws?width=80&height=24") as first,
            http.ws_connect(f"{url}/ws?width=80&height=24") as second,
        ):
            await first.receive(timeout=20)
            await second.receive(timeout=20)
            assert web.sessions["127.0.0.1"] == 2
            async with http.get(f"{url}/") as page:
                assert page.status == 503
                said = await page.text()  # not "full": the server has room (a play test)
                assert "2 Jet Set windows are open from your address" in said, said
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{url}/ws")
            assert refused.value.status == 503


async def test_an_address_the_ssh_server_penalised_gets_no_browser_session(
    server: GameServer,
) -> None:
    """A connection to the SSH port that never authenticates earns its address a penalty
    (OpenSSH's 1 s for no authentication, added up); while it lasts, that address's page and session
    are refused, and once it is over they are served."""
    async with serving(server, max_sessions=4, spares=0) as web:
        url = f"http://127.0.0.1:{web.port}"
        for _ in range(200):  # a second a probe, added up: a few to have time to look
            if server.admission.penalty("127.0.0.1") > 2:
                break
            _reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"SSH-2.0-prober\r\n")
            await writer.drain()
            writer.close()
            await asyncio.sleep(0.02)
        assert server.admission.penalty("127.0.0.1") > 2
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{url}/") as page:
                assert page.status == 503
                said = await page.text()  # not "full": a play test's office read it so
                assert "failed attempts" in said and "full" not in said, said
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(f"{url}/ws")
            while server.admission.penalty("127.0.0.1") > 0:
                await asyncio.sleep(0.1)
            async with http.get(f"{url}/") as page:
                assert page.status == 200
        assert not web.sessions


async def test_behind_a_trusted_proxy_the_page_is_https_and_each_player_their_own_address(
    server: GameServer,
) -> None:
    """Behind a TLS proxy (as README advises) the page named ``http://`` and ``ws://``
    addresses an https page may not load, and every player counted as the proxy's one address
    (four tabs for everyone). From a ``--trusted-proxy`` its forwarding headers are believed:
    the page names the browser's https address and its wss socket, and each forwarded address
    has its own count. From anyone else they are ignored."""
    proxy = {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "game.example.org",
        "X-Forwarded-For": "203.0.113.9, 198.51.100.4",  # the last one: what the proxy saw
    }
    async with (
        serving(server, spares=0, max_per_address=1, trusted_proxies=("127.0.0.1",)) as web,
        aiohttp.ClientSession() as http,
    ):
        url = f"http://127.0.0.1:{web.port}/"
        async with http.get(url, headers=proxy) as page:
            shown = html.unescape(await page.text())
        assert "https://game.example.org/static/" in shown, shown
        assert "wss://game.example.org/ws" in shown and "http://game" not in shown, shown
        web.sessions["127.0.0.1"] = 1  # the proxy's own address is full...
        async with http.get(url, headers=proxy) as page:
            assert page.status == 200  # ...but the player behind it is 198.51.100.4
        web.sessions["198.51.100.4"] = 1
        async with http.get(url, headers=proxy) as page:
            assert page.status == 503
        web.sessions.clear()
        hostile = {**proxy, "X-Forwarded-Host": 'x"><script>'}
        async with http.get(url, headers=hostile) as page:
            assert '<script>"' not in await page.text() and 'x"><' not in await page.text()
    async with (
        serving(server, spares=0) as web,  # no proxy trusted: the headers are anyone's words
        aiohttp.ClientSession() as http,
    ):
        async with http.get(f"http://127.0.0.1:{web.port}/", headers=proxy) as page:
            shown = html.unescape(await page.text())
        assert "game.example.org" not in shown and f"ws://127.0.0.1:{web.port}/ws" in shown
