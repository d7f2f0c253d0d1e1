"""A browser tab's app for tests, without the browser: ``WebSessionApp`` driven by Pilot, as
textual-serve's process would run it, reaching the lobby through the real gate on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from textual.pilot import Pilot

from jetset_tui.ssh.server import GameServer
from jetset_tui.web.gate import LobbyGate, WebTickets
from jetset_tui.web.session import Gate, WebSessionApp


async def until(pilot: Pilot[None], test: Callable[[], bool], timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("never happened")


def screen_name(app: WebSessionApp) -> str:
    return type(app.screen).__name__


async def arrive(pilot: Pilot[None], app: WebSessionApp, name: str) -> None:
    await until(pilot, lambda: screen_name(app) == "NameScreen")
    await pilot.press(*name, "enter")
    await until(pilot, lambda: screen_name(app) == "WebLobbyScreen")


@asynccontextmanager
async def lobby_gate(server: GameServer) -> AsyncIterator[LobbyGate]:
    """The gate ``jetset web`` opens into ``server``'s lobby, on 127.0.0.1."""
    gate = LobbyGate(server, WebTickets())
    await gate.start()
    try:
        yield gate
    finally:
        await gate.close()


@asynccontextmanager
async def tab_in_lobby(
    gate: LobbyGate, name: str, address: str = "127.0.0.1"
) -> AsyncIterator[tuple[WebSessionApp, Pilot[None]]]:
    """A tab from ``address`` (100×32), its player named ``name``, in the lobby."""
    app = WebSessionApp(Gate(gate.port, gate.tickets.issue(address)))
    async with app.run_test(size=(100, 32)) as pilot:
        await arrive(pilot, app, name)
        yield app, pilot


async def new_game_form(pilot: Pilot[None], app: WebSessionApp) -> None:
    """From the lobby: n, until the form takes keys."""
    await pilot.press("n")
    await until(pilot, lambda: screen_name(app) == "NewGameScreen")
    await pilot.pause(0.2)
