"""`jetset join ssh://USER@HOST:PORT` (no /GAME) on an ``--open`` server: the remote lobby
screen gives a seat back to the client that keeps its token, with the seat's code worked out
from it, rather than asking its player for a code the `ssh://` player was never shown. The real
Textual app driven by Pilot, against a real server on 127.0.0.1, over real SSH channels."""

from __future__ import annotations

import asyncio
from pathlib import Path

from jetset_tui.ssh.screens.ask import AskScreen
from netcode import lobbyproto as lp
from netcode.messages import to_wire
from netcode.peer import NetPeer
from netcode.seatkeys import SeatKeys
from netcode.transport import Transport
from tests.ssh.helpers import answer, lobby_channel, opener, ssh_peer, start_server
from tests.ssh.test_remote_lobby import lobby_app, rows, until


async def test_open_mode_enter_on_a_game_with_your_kept_seat_takes_it_back(
    tmp_path: Path,
) -> None:
    """erin sat in game 1 with `jetset join ssh://erin@HOST:PORT/1` and left it. Then
    `jetset join ssh://erin@HOST:PORT` (no game): Enter on game 1, which shows her name, sits her
    in her seat again, asking nothing (it asked "Its seat code:", a code never shown to her)."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        maker = await lobby_channel(server, tmp_path, "maker")
        await maker.send(to_wire(lp.Create(players=2, bots=("greedy",))))
        assert await answer(maker) == lp.Created(game="1")
        keys = SeatKeys(tmp_path / "seats")  # erin's, one holder of this process's locks
        first = opener(server, tmp_path, "erin", "1", keys=keys)
        erin = await ssh_peer(first, name="erin", keys=keys)
        seat = erin.seat
        assert seat is not None and erin.token is not None
        await asyncio.wait_for(erin.started_game.wait(), 10)
        await erin.close()
        room = server.lobby.rooms["1"]
        for _ in range(250):
            if seat not in room.host.seat_conns:
                break
            await asyncio.sleep(0.02)

        o = opener(server, tmp_path, "erin", keys=keys)  # ssh://erin@127.0.0.1:PORT
        app = await lobby_app(o)
        async with app.run_test(size=(120, 36)) as pilot:
            await until(pilot, lambda: len(rows(app)) == 1 and "erin" in rows(app)[0][3])
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running or isinstance(app.screen, AskScreen))
            assert not isinstance(app.screen, AskScreen), "asked for a seat code"
            await until(pilot, lambda: not app.is_running)
        chosen = app.return_value
        assert isinstance(chosen, Transport) and o.game == "1" and o.token == erin.token
        again = await NetPeer.connect(
            chosen, name="erin", token=o.token, connector=o.connect, keys=keys
        )
        assert again.seat == seat
        assert [s.name for s in room.table.seats].count("erin") == 1
        await again.close()
    finally:
        await server.close()


async def test_open_mode_a_join_without_a_game_takes_the_kept_seat_back(tmp_path: Path) -> None:
    """`jetset join ssh://erin@HOST:PORT --bot greedy` (no game, no lobby screen: the opener's
    own ``join``) where erin's seat is kept: the lobby would seat her in it but wants its code,
    so the opener names that game and sends the code (it was refused "give its code")."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        maker = await lobby_channel(server, tmp_path, "maker")
        await maker.send(to_wire(lp.Create(players=2, bots=("greedy",))))
        assert await answer(maker) == lp.Created(game="1")
        keys = SeatKeys(tmp_path / "seats")
        erin = await ssh_peer(opener(server, tmp_path, "erin", "1", keys=keys), keys=keys)
        seat = erin.seat
        await asyncio.wait_for(erin.started_game.wait(), 10)
        await erin.close()
        o = opener(server, tmp_path, "erin", keys=keys)  # ssh://erin@127.0.0.1:PORT
        again = await ssh_peer(o, name="greedy-bot", keys=keys)
        assert again.seat == seat and o.game == "1" and again.token == erin.token
        await again.close()
    finally:
        await server.close()
