"""Jet Lag in a browser tab's app: the tab's own app (``WebSessionApp``, driven by Pilot, as
textual-serve's process would run it) reaches the lobby through the real gate on 127.0.0.1,
makes a Jet Lag game in the lobby's form and sits at the Jet Lag table, the bot's seat taken by
the server's lobby; a second tab watches it, is shown no hand, and q asks before it leaves."""

from __future__ import annotations

import asyncio

from jetset_tui.ssh.server import GameServer
from jetset_tui.web.session import WebLobbyScreen, WebSessionApp
from tests.web.tabs import lobby_gate, new_game_form, screen_name, tab_in_lobby, until


def listed(app: WebSessionApp) -> list[str]:
    """The games the lobby screen lists, by the game each plays."""
    screen = app.screen
    assert isinstance(screen, WebLobbyScreen)
    return [line.game for line in screen.games]


async def test_a_browser_makes_a_jetlag_game_and_another_watches_it(server: GameServer) -> None:
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        where = str(bea.screen.query_one("#where").render())
        assert where == "Jet Set: you are bea@web; Enter joins", where  # not 'at this server'
        await new_game_form(pilot, bea)
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

        async with tab_in_lobby(gate, "eve", "127.0.0.2") as (eve, watching):
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
