"""A server whose games folder's disk is full: a new game asked for over the `jetset` subsystem
is refused in a sentence that names the problem and no path of the server's, the channel stays
open, and no game or file is left behind (a real full tmpfs under the games folder)."""

from __future__ import annotations

from pathlib import Path

from netcode import lobbyproto as lp
from netcode.messages import to_wire
from netcode.protocol import Error
from tests.net.disk import full_tmpfs

from .helpers import answer, games, lobby_channel, start_server


async def test_a_new_game_on_a_full_disk_is_refused_in_words(tmp_path: Path) -> None:
    with full_tmpfs(tmp_path / "games") as folder:
        before = sorted(p.name for p in folder.iterdir())
        server = await start_server(tmp_path, games_dir=folder)
        try:
            framed = await lobby_channel(server, tmp_path, "alice")
            await framed.send(to_wire(lp.Create(players=2, bots=("greedy",), game="jetlag")))
            refusal = await answer(framed)
            assert isinstance(refusal, Error) and not refusal.fatal, refusal
            assert refusal.code == "refused", refusal
            assert refusal.message == (
                "the server cannot save a new game now (disk full); try again later"
            )
            assert str(tmp_path) not in refusal.message
            assert server.lobby.rooms == {}
            assert sorted(p.name for p in folder.iterdir()) == before, "no file left behind"
            assert (await games(framed)).games == (), "the channel is still open"
        finally:
            await server.close()
