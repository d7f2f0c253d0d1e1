"""`jetset web` stopped while a tab's player sits at a table and a stand-in plays for a player
who is gone: the tabs close after the lobby knows it stops, so the tab's player is not read as
leaving the table, and the stand-in stays the log's, to play again once the games come back
(as the SSH server's ``test_a_server_stopped_with_players_logged_in_keeps_its_stand_ins``).
The real web server and its gate on 127.0.0.1, a tab's app driven by Pilot, a `jetset join`
peer at the game's TCP port, the log on disk."""

from __future__ import annotations

import asyncio
from pathlib import Path

from jetset_tui.commands.web import stop_serving
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from jetset_tui.web.server import WebConfig, WebServer
from netcode.host import HostSettings
from netcode.logfile import read_log
from tests.ssh.helpers import make_config, tcp_peer_at
from tests.web.tabs import screen_name, tab_in_lobby, until


async def test_a_web_server_stopped_with_a_tab_at_a_table_keeps_its_stand_ins(
    tmp_path: Path,
) -> None:
    games = GameServer(make_config(tmp_path, open_mode=True, tcp_bind="127.0.0.1"))
    games.lobby.host_settings = HostSettings(reconnect_window=0.1, standin_kind="random")
    games.lobby.start()  # as `jetset web` starts it: no SSH
    web = WebServer(WebConfig(port=0, spares=0), games)
    await web.start()
    stopped = False
    try:
        room = games.lobby.create(Player("web:eve", "eve", "127.0.0.1"), 2, [], None)
        async with tab_in_lobby(web.gate, "ann") as (ann, pilot):
            await pilot.press("j")
            await until(pilot, lambda: screen_name(ann) == "GameScreen", 10)
            bob = await tcp_peer_at(games, room.id, "bob")
            host = room.host
            await asyncio.wait_for(bob.started_game.wait(), 10)
            seat = bob.seat
            assert seat is not None
            await bob.close()  # his terminal gone: a stand-in plays for him
            await until(pilot, lambda: host.seat_conns.get(seat) is not None, 10)
            assert host.seat_conns[seat].standin == "random"
            log = room.table.log_path
            await stop_serving(games, web)  # the tab still at the table
            stopped = True
            await games.lobby.close()
    finally:
        if not stopped:
            await web.close()
            await games.lobby.close()
    standins = [n.fields for n in read_log(log).notes if n.kind == "standin"]
    assert standins and standins[-1] == {"seat": seat, "bot": "random"}, standins
