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
import logging
import shlex
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import textual_serve
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from jetset_tui.ssh.server import GameServer
from jetset_tui.web import GATE_PORT, TICKET
from jetset_tui.web.gate import LobbyGate, WebTickets

log = logging.getLogger("jetset.web")

TEMPLATES = Path(__file__).with_name("templates")
STATICS = Path(textual_serve.__file__).with_name("static")
FULL = "The Jet Set server is full; try again later."


@dataclass
class WebConfig:
    """What ``jetset web`` and ``jetset ssh-server --web`` are told."""

    bind: str = "127.0.0.1"
    port: int = 8000
    max_sessions: int = 16
    """Browser sessions at once: each is a process of about 50 MB."""
    max_per_address: int = 4


def session_command() -> str:
    """What textual-serve runs for each browser tab."""
    return f"{shlex.quote(sys.executable)} -m jetset_tui.web.session"


class TicketedService(AppService):
    """textual-serve's app process, told where the gate is and its ticket."""

    def __init__(self, command: str, *, gate_port: int, ticket: str, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.gate_port = gate_port
        self.ticket = ticket

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[GATE_PORT] = str(self.gate_port)
        environment[TICKET] = self.ticket
        return environment


class WebServer(Server):
    """textual-serve's server with Jet Set's own page, caps, and a gate to the lobby."""

    def __init__(self, config: WebConfig, games: GameServer) -> None:
        super().__init__(
            session_command(),
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
        self.sessions: Counter[str] = Counter()
        """Browser sessions running, per address."""
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None

    # -- life, inside the caller's event loop ----------------------------------------------

    async def start(self) -> None:
        await self.gate.start()
        self._runner = web.AppRunner(await self._make_app(), handle_signals=False)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.config.bind, self.config.port)
        await self._site.start()
        self.port = int(self._runner.addresses[0][1])  # the one picked, for port 0
        log.info("serving browsers on %s:%d", self.config.bind, self.port)

    async def close(self) -> None:
        await self.gate.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its logo here; the command says where it listens.)"""

    # -- the page and the sessions ---------------------------------------------------------

    def refusal(self, address: str) -> str | None:
        """Why a new browser session from ``address`` is refused now, or None."""
        if self.games.admission.penalty(address) > 0:
            return "penalised"
        if sum(self.sessions.values()) >= self.config.max_sessions:
            return "full"
        if self.sessions[address] >= self.config.max_per_address:
            return "too many sessions from one address"
        return None

    async def handle_index(self, request: web.Request) -> Any:
        if self.refusal(request.remote or "?") is not None:
            raise web.HTTPServiceUnavailable(text=FULL)
        # the page's links name the address the browser used (a server on 0.0.0.0 has none);
        # textual-serve reads it before its first await, so requests do not mix
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = request.remote or "?"
        why = self.refusal(address)
        if why is not None:
            log.warning("%s: browser session refused (%s)", address, why)
            raise web.HTTPServiceUnavailable(text=FULL)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        width, height = _size(request)
        ticket = self.tickets.issue(address)
        self.sessions[address] += 1
        service: TicketedService | None = None
        log.info("%s: browser session started", address)
        try:
            await websocket.prepare(request)
            service = TicketedService(
                self.command,
                gate_port=self.gate.port,
                ticket=ticket,
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
            self.gate.revoke(ticket)
            self.sessions[address] -= 1
            if self.sessions[address] <= 0:
                del self.sessions[address]
            log.info("%s: browser session ended", address)
        return websocket


def _size(request: web.Request) -> tuple[int, int]:
    """The terminal size the page asks for, within the SSH server's bounds."""
    from jetset_tui.ssh.driver import clamp_size

    def number(key: str, default: int) -> int:
        text = request.query.get(key, "")
        return int(text) if text.isdigit() and len(text) < 5 else default

    return clamp_size(number("width", 80), number("height", 24))
