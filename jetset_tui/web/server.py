"""``jetset web``: the game in a browser, through textual-serve.

textual-serve (Textualize's own server: aiohttp, xterm.js in the page) starts one process a
browser tab, the app drawing through Textual's web driver on its pipes. Here each of those
processes is ``python -m jetset_tui.web.session``, a client of the one lobby through the gate
(``gate.LobbyGate``, 127.0.0.1 only) with a ticket of its own. Before a process starts, the
browser sessions are counted, in all and per address (docs/security.md, "Browsers"), and an
address the SSH server penalised waits here too.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import inspect
import json
import logging
import os
import sys
import time
from asyncio.subprocess import Process
from collections import Counter, deque
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from jetset_tui.i18n import N_, _, language_from_accept, use_language
from jetset_tui.ssh.server import GameServer
from jetset_tui.web import SessionStart
from jetset_tui.web.forwarded import seen
from jetset_tui.web.gate import LobbyGate, WebTickets

log = logging.getLogger("jetset.web")

TEMPLATES = Path(__file__).with_name("templates")
STATICS = Path(textual_serve.__file__).with_name("static")
SHUTDOWN_WAIT = 3.0
"""Seconds the server waits at shutdown for a page's session to end once its websocket is
closed (aiohttp's own default is 60)."""
FULL = N_("The Jet Set server is full; try again later.")
MANY = N_(
    "{n} Jet Set windows are open from your address, the most this server allows one address:"
    " close one and try again."
)
TOO_MANY = "too many sessions from one address"
WAIT = N_("Too many failed attempts to connect came from your address: try again in a few minutes.")
PENALISED = "penalised"


def page_words(accept: str, per_address: int = 4) -> dict[str, str]:
    """The page's own words in the language of a browser's ``Accept-Language``: its ``lang``,
    the dialog shown when the session is over, the answer when the server is full, and when
    the address has ``per_address`` windows open (friends behind one router were told "full")."""
    language = language_from_accept(accept)
    with use_language(language):
        return {
            "lang": language,
            "over": _("This session is over."),
            "back": _("Back to the lobby"),
            "full": _(FULL),
            "many": _(MANY).format(n=per_address),
            "wait": _(WAIT),
        }


RETRY_AFTER = 5
"""Seconds after which a refused page asks again by itself: a tab reloaded at its address's
cap was refused while its own old session was still ending (a browser play test's F5 went
refused, then let in, in turn)."""
AGAIN = N_("This page tries again by itself every few seconds.")


def refused_page(words: str, accept: str, again: bool) -> str:
    """The page a refused browser reads: ``words``, in a page of the browser's language that
    asks again by itself (``again``: a full server or an address at its cap, which a closing
    window frees) every ``RETRY_AFTER`` seconds."""
    language = language_from_accept(accept)
    with use_language(language):
        later = _(AGAIN) if again else ""
    refresh = f'<meta http-equiv="refresh" content="{RETRY_AFTER}">' if again else ""
    return (
        f'<!DOCTYPE html><html lang="{html.escape(language)}"><head><meta charset="utf-8">'
        f"{refresh}<title>Jet Set</title></head>"
        '<body style="font-family: monospace; background: #1e1e1e; color: #e0e0e0;'
        ' padding: 2em; max-width: 40em">'
        f"<p>{html.escape(words)}</p><p>{html.escape(later)}</p></body></html>"
    )


@dataclass
class WebConfig:
    """What ``jetset web`` and ``jetset ssh-server --web`` are told."""

    bind: str = "127.0.0.1"
    port: int = 8000
    max_sessions: int = 16
    """Browser sessions at once: each is a process of about 50 MB."""
    max_per_address: int = 4
    spares: int = 1
    """Session processes kept started ahead (each counts as a session's memory)."""
    idle_timeout: float = 1800.0
    """Seconds without a key from the page before its session ends."""
    heartbeat: float = 15.0
    """Seconds between the server's pings to a page (a dead connection goes within two)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of reverse proxies whose forwarding headers are believed (``forwarded``)."""


SESSION = (sys.executable, "-m", "jetset_tui.web.session")
"""A browser tab's process."""


class Spares:
    """Browser-session processes started ahead, their code loaded, each waiting on its stdin
    for the session it will be (``session.read_start``): a tab's game appears without waiting
    for Python to import it."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._ready: deque[Process] = deque()
        self._starting: set[asyncio.Task[None]] = set()
        self._unused: set[Process] = set()
        """Started and not handed to a session yet (ready or not): ended on ``close``."""

    async def take(self) -> Process:
        """A process ready for a session: a spare, or the one being started (a new one costs
        no less), or a new one; and another started ahead."""
        if not self._ready and self._starting:
            await asyncio.wait(set(self._starting), return_when=asyncio.FIRST_COMPLETED)
        process = None
        while self._ready and process is None:
            candidate = self._ready.popleft()
            if candidate.returncode is None:
                process = candidate
        if process is None:
            process = await self._spawn()  # its ready line is a prelude textual-serve skips
        self._unused.discard(process)
        self.refill()
        return process

    def refill(self) -> None:
        while len(self._ready) + len(self._starting) < self.count:
            task = asyncio.ensure_future(self._start_one())
            self._starting.add(task)
            task.add_done_callback(self._starting.discard)

    async def _start_one(self) -> None:
        process = await self._spawn()
        self._unused.add(process)
        assert process.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            await process.stdout.readline()  # READY: loaded and warmed up
        self._ready.append(process)

    @staticmethod
    async def _spawn() -> Process:
        environment = {
            **os.environ,
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "TERM_PROGRAM_VERSION": version("textual-serve"),
        }
        return await asyncio.create_subprocess_exec(
            *SESSION,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
        )

    async def close(self) -> None:
        for task in list(self._starting):
            task.cancel()
        self._ready.clear()
        for process in list(self._unused):
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
        self._unused.clear()


class TicketedService(AppService):
    """textual-serve's app process, from the spares, told its session: the gate's port, its
    ticket and its size, in one line on its stdin."""

    def __init__(self, spares: Spares, start: SessionStart, **kwargs: Any) -> None:
        super().__init__(" ".join(SESSION), **kwargs)
        self.spares = spares
        self.start_line = start

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await self.spares.take()
        assert process.stdin is not None
        self._stdin = process.stdin
        process.stdin.write(self.start_line.encode())
        return process

    async def reap(self) -> None:
        """After ``stop``: the process is gone (killed if it lingers)."""
        process = self._process
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), 5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


class WebServer(Server):
    """textual-serve's server with Jet Set's own page, caps, and a gate to the lobby."""

    def __init__(self, config: WebConfig, games: GameServer) -> None:
        super().__init__(
            " ".join(SESSION),
            host=config.bind,
            port=config.port,
            title="Jet Set",
            statics_path=STATICS,
            templates_path=TEMPLATES,
        )
        self.config = config
        self.games = games
        self.tickets = WebTickets()
        self.gate = LobbyGate(games, self.tickets)
        self.spares = Spares(config.spares)
        self.sessions: Counter[str] = Counter()
        """Browser sessions running, per address."""
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._pages: set[web.WebSocketResponse] = set()
        """The pages' websockets open now (closed at shutdown)."""

    # -- life, inside the caller's event loop ----------------------------------------------

    async def start(self) -> None:
        await self.gate.start()
        self.spares.refill()
        self._runner = web.AppRunner(
            await self._make_app(), handle_signals=False, shutdown_timeout=SHUTDOWN_WAIT
        )
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.config.bind, self.config.port)
        await self._site.start()
        self.port = int(self._runner.addresses[0][1])  # the one picked, for port 0
        log.info("serving browsers on %s:%d", self.config.bind, self.port)

    async def close(self) -> None:
        await self.gate.close()
        await self.spares.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, but its files served without listing their folders, the
        icon answered, no server software named, and the pages closed at shutdown (a
        browser play test found ``/static/`` listed, and aiohttp's version in every answer)."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
                web.get("/favicon.ico", no_favicon),
            ]
        )
        app.on_response_prepare.append(name_no_software)
        app.on_shutdown.append(self.close_pages)
        return app

    async def close_pages(self, app: web.Application) -> None:
        """At shutdown, every page's websocket closed ("going away"), so that each session ends
        now: aiohttp would wait a minute for them (a stopped server kept its port so long)."""
        for page in list(self._pages):
            with contextlib.suppress(Exception):
                await page.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its logo here; the command says where it listens.)"""

    # -- the page and the sessions ---------------------------------------------------------

    def refusal(self, address: str) -> str | None:
        """Why a new browser session from ``address`` is refused now, or None."""
        if self.games.admission.penalty(address) > 0:
            return PENALISED
        if sum(self.sessions.values()) >= self.config.max_sessions:
            return "full"
        if self.sessions[address] >= self.config.max_per_address:
            return TOO_MANY
        return None

    def refused_words(self, why: str, accept: str) -> str:
        """What a refused page or session reads: the address's own cap, its penalty (a play
        test's office was told "full" after one wrong SSH key from behind its router), else
        "full"."""
        words = page_words(accept, self.config.max_per_address)
        return words[{TOO_MANY: "many", PENALISED: "wait"}.get(why, "full")]

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> Any:
        accept = request.headers.get("Accept-Language", "")
        words = page_words(accept)
        browser = seen(request, self.config.trusted_proxies)
        why = self.refusal(browser.address)
        if why is not None:
            raise web.HTTPServiceUnavailable(
                text=refused_page(self.refused_words(why, accept), accept, why != PENALISED),
                content_type="text/html",
                headers={"Retry-After": str(RETRY_AFTER)},
            )
        # the page's links name the address the browser used (a server on 0.0.0.0 has none;
        # through a trusted proxy, the proxy's https one); textual-serve reads it before its
        # first await, so requests do not mix
        self.public_url = f"{browser.scheme}://{browser.host}"
        # textual-serve's handler renders its context at once: take the context unrendered,
        # add the page's words, and render it here
        context: dict[str, Any] = await inspect.unwrap(Server.handle_index)(self, request)
        context["page"] = words
        return context

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """The page's messages to its app, until it goes or types nothing for the idle time
        (its pings keep the connection, not the session)."""
        last_key = time.monotonic()
        while True:
            wait = last_key + self.config.idle_timeout - time.monotonic()
            if wait <= 0:
                log.info(
                    "a browser session typed nothing for %.0f s: ended", self.config.idle_timeout
                )
                return
            try:  # the deadline is the idle time's, not receive's own: that one starts again
                # at each pong to the heartbeat's pings, so a page typing nothing never ended
                async with asyncio.timeout(wait):
                    message = await websocket.receive()
            except TimeoutError:
                continue
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if isinstance(envelope, list) and len(envelope) == 2 and isinstance(envelope[0], str):
                if envelope[0] == "stdin":
                    last_key = time.monotonic()
                await forward(envelope, websocket, app_service)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = seen(request, self.config.trusted_proxies).address
        why = self.refusal(address)
        if why is not None:
            log.warning("%s: browser session refused (%s)", address, why)
            accept = request.headers.get("Accept-Language", "")
            raise web.HTTPServiceUnavailable(text=self.refused_words(why, accept))
        websocket = web.WebSocketResponse(heartbeat=self.config.heartbeat, max_msg_size=64 * 1024)
        if not websocket.can_prepare(request).ok:  # a crawler's plain GET: said, not a traceback
            raise web.HTTPBadRequest(text="this address takes a Jet Set window's websocket")
        width, height = _size(request)
        ticket = self.tickets.issue(address)
        self.sessions[address] += 1
        service: TicketedService | None = None
        log.info("%s: browser session started", address)
        self._pages.add(websocket)
        try:
            await websocket.prepare(request)
            language = language_from_accept(request.headers.get("Accept-Language", ""))
            start = SessionStart(self.gate.port, ticket, width, height, language)
            service = TicketedService(
                self.spares,
                start,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("%s: the browser session failed", address)
        finally:
            if service is not None:
                await service.stop()
                await service.reap()
            self._pages.discard(websocket)
            self.gate.revoke(ticket)
            self.sessions[address] -= 1
            if self.sessions[address] <= 0:
                del self.sessions[address]
            log.info("%s: browser session ended", address)
        return websocket


async def name_no_software(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer's ``Server`` header says Jet Set, not aiohttp's and Python's versions."""
    response.headers["Server"] = "Jet Set"


async def no_favicon(request: web.Request) -> web.Response:
    """The icon browsers ask for on every page: none, said at once (no 404 in their console),
    nothing read, and remembered a day."""
    return web.Response(status=204, headers={"Cache-Control": "max-age=86400"})


async def forward(message: list[Any], page: web.WebSocketResponse, service: AppService) -> None:
    """One message from the page, as textual-serve passes them on; anything else is dropped."""
    kind, data = message
    if kind == "stdin" and isinstance(data, str):
        await service.send_bytes(data.encode("utf-8"))
    elif kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if isinstance(width, int) and isinstance(height, int):
            from jetset_tui.ssh.driver import clamp_size

            await service.set_terminal_size(*clamp_size(width, height))
    elif kind == "ping" and isinstance(data, str):
        await page.send_json(["pong", data[:64]])
    elif kind == "blur":
        await service.blur()
    elif kind == "focus":
        await service.focus()


def _size(request: web.Request) -> tuple[int, int]:
    """The terminal size the page asks for, within the SSH server's bounds."""
    from jetset_tui.ssh.driver import clamp_size

    def number(key: str, default: int) -> int:
        text = request.query.get(key, "")
        return int(text) if text.isascii() and text.isdigit() and len(text) < 5 else default

    return clamp_size(number("width", 80), number("height", 24))
