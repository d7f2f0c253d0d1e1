"""The web server (``jetset_tui.web.server``): its page and the browser sessions it starts on
127.0.0.1, their caps (in all, per address, an address the SSH server penalised), their idle
time, what a page may send and ask for, and a trusted proxy's headers. The real server in this
process, real sockets, aiohttp as the browser (the gate and its lobby: test_gate.py)."""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from jetset_tui.ssh.driver import MAX_SIZE
from jetset_tui.ssh.server import GameServer
from jetset_tui.web import SessionStart
from jetset_tui.web.server import RETRY_AFTER, WebConfig, WebServer


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
                # a tab reloaded at the cap is refused while its old session ends (a browser
                # play test's F5 went refused and let in, in turn): the page asks again itself
                assert page.headers["Retry-After"] == str(RETRY_AFTER)
                assert f'<meta http-equiv="refresh" content="{RETRY_AFTER}">' in said, said
                assert "tries again by itself" in said and page.content_type == "text/html"
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
                assert "refresh" not in said, "a penalty's minutes are not asked again so"
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


async def test_a_stranger_reads_no_folder_and_no_server_software(server: GameServer) -> None:
    """A browser play test found ``/static/`` listing its folders and the ``Server`` header
    naming aiohttp's version: the page's files are served, no listing, no software named."""
    async with serving(server, spares=0) as web, aiohttp.ClientSession() as http:
        url = f"http://127.0.0.1:{web.port}"
        async with http.get(f"{url}/static/js/textual.js") as script:
            assert script.status == 200
            assert "aiohttp" not in script.headers.get("Server", "")
        for folder in ("/static/", "/static/js/", "/static"):
            async with http.get(f"{url}{folder}") as listing:
                assert listing.status in (403, 404), folder
                assert "textual.js" not in await listing.text(), folder
        async with http.get(f"{url}/") as page:
            assert "aiohttp" not in page.headers.get("Server", "")
            assert "Python" not in page.headers.get("Server", "")


async def test_the_server_closes_at_once_with_a_browser_session_open(server: GameServer) -> None:
    """A browser play test's server, stopped with SIGTERM while a tab was open, kept its port
    for about a minute: aiohttp waited for the tab's websocket (60 s by default). It closes the
    sessions' sockets now and waits a few seconds at most."""
    web = WebServer(WebConfig(port=0, spares=0), server)
    await web.start()
    url = f"http://127.0.0.1:{web.port}"
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(f"{url}/ws?width=80&height=24") as ws,
    ):
        await ws.receive(timeout=20)  # the app's first bytes: its process runs
        loop = asyncio.get_running_loop()
        start = loop.time()
        await asyncio.wait_for(web.close(), timeout=50)
        took = loop.time() - start
    assert took < 15, f"the server took {took:.1f} s to close"


def test_a_size_that_is_no_number_is_the_default_not_a_traceback() -> None:
    """A red team's ``/ws?width=²`` answered 500 and printed a traceback a request:
    ``"²".isdigit()`` is true and ``int("²")`` fails. Only ASCII digits are a size."""
    from aiohttp.test_utils import make_mocked_request

    from jetset_tui.web.server import _size

    asked = _size(make_mocked_request("GET", "/ws?width=%C2%B2&height=%D9%A3%D9%A0"))
    assert asked == _size(make_mocked_request("GET", "/ws"))
    assert _size(make_mocked_request("GET", "/ws?width=100&height=30")) == (100, 30)
