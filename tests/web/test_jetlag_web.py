"""Jet Lag in a browser tab's app: the tab's own app (``WebSessionApp``, driven by Pilot, as
textual-serve's process would run it) reaches the lobby through the real gate on 127.0.0.1,
makes a Jet Lag game in the lobby's form and sits at the Jet Lag table, the bot's seat taken by
the server's lobby; a second tab watches it, is shown no hand, and q asks before it leaves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.pilot import Pilot

from jetset_tui.ssh.server import GameServer
from jetset_tui.web.gate import LobbyGate, WebTickets
from jetset_tui.web.session import Gate, WebLobbyScreen, WebSessionApp


async def until(pilot: Pilot[None], test: Callable[[], bool], timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("never happened")


def screen_name(app: WebSessionApp) -> str:
    return type(app.screen).__name__


def listed(app: WebSessionApp) -> list[str]:
    """The games the lobby screen lists, by the game each plays."""
    screen = app.screen
    assert isinstance(screen, WebLobbyScreen)
    return [line.game for line in screen.games]


async def arrive(pilot: Pilot[None], app: WebSessionApp, name: str) -> None:
    await until(pilot, lambda: screen_name(app) == "NameScreen")
    await pilot.press(*name, "enter")
    await until(pilot, lambda: screen_name(app) == "WebLobbyScreen")


async def test_a_browser_makes_a_jetlag_game_and_another_watches_it(server: GameServer) -> None:
    gate = LobbyGate(server, WebTickets())
    await gate.start()
    try:
        bea = WebSessionApp(Gate(gate.port, gate.tickets.issue("127.0.0.1")))
        async with bea.run_test(size=(100, 32)) as pilot:
            await arrive(pilot, bea, "bea")
            where = str(bea.screen.query_one("#where").render())
            assert where == "Jet Set: you are bea; Enter joins", where  # not 'at this server'
            await pilot.press("n")
            await until(pilot, lambda: screen_name(bea) == "NewGameScreen")
            await pilot.pause(0.2)
            await pilot.press("shift+tab", "enter", "down", "enter")  # the Game line: Jet Lag
            await until(pilot, lambda: bea.screen.query_one("#seats").disabled)
            await pilot.press("enter")  # two seats, one of them the greedy bot
            await until(pilot, lambda: screen_name(bea) == "JetLagScreen")
            room = server.lobby.rooms["1"]
            assert room.game == "jetlag" and [s.bot_kind for s in room.table.seats] == [
                "",
                "greedy",
            ]
            assert bea.peer is not None and bea.peer.seat == 0
            assert bea.peer.rules.name == "jetlag"

            eve = WebSessionApp(Gate(gate.port, gate.tickets.issue("127.0.0.2")))
            async with eve.run_test(size=(100, 32)) as watching:
                await arrive(watching, eve, "eve")
                await until(watching, lambda: listed(eve) == ["jetlag"])
                await watching.press("w")
                await until(watching, lambda: screen_name(eve) == "JetLagScreen")
                assert eve.peer is not None and eve.peer.seat is None and room.watchers == 1
                table = eve.screen
                assert getattr(table, "viewer", 0) is None  # a spectator: no hand is drawn
                await watching.press("q")  # the browser's question, as at Jet Set's table
                await until(watching, lambda: screen_name(eve) == "WebStopScreen")
                assert eve.is_running
            await asyncio.sleep(0)
    finally:
        await gate.close()
