"""A full disk as the host's player sees it: the app on the host's screen (under Pilot) says that
the game cannot be saved for as long as that lasts, and plays on once it can, with nothing lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.commands.host import make_table, serve
from jetset_tui.widgets.presence import WAITING_FOR_THE_DISK, PresencePanel
from jetset_tui.widgets.turn_bar import TurnBar
from netcode.client import GameClient
from netcode.hosting import HostedGame
from netcode.logfile import read_log

from .disk import COMPILED, Disk, RefusingWriter
from .hosting import host_args, my_turn, play, type_line, until

CANNOT_SAVE = "the host cannot save the game (disk full); the game is paused"


def bar(app: JetSetApp) -> str:
    return str(app.screen.query_one(TurnBar).render())


def presence_line(app: JetSetApp) -> str:
    return str(app.screen.query_one(PresencePanel).render())


@pytest.mark.skipif(COMPILED, reason="the compiled LogWriter ignores an interpreted override")
async def test_the_hosts_screen_says_the_game_cannot_be_saved_until_it_can(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jetset"
    args = host_args("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    args.headless = False
    table = make_table(args)
    disk = Disk(tmp_path, real=False)

    class OnThisDisk(RefusingWriter):
        pass

    OnThisDisk.disk = disk
    table.writer_type = OnThisDisk

    done: list[bool] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        assert isinstance(client.hosting, HostedGame)
        host = client.hosting.host
        await play(app, pilot, client, "income")
        await until(pilot, lambda: my_turn(app))
        held = len(client.game.entries)
        disk.fill()
        await type_line(pilot, "income")  # returns: the screen does not wait for the host
        await until(pilot, lambda: host.paused is not None)
        await until(pilot, lambda: CANNOT_SAVE in bar(app))
        assert WAITING_FOR_THE_DISK in presence_line(app)
        await pilot.pause(1.5)  # a notice fades; the turn bar keeps saying it
        assert CANNOT_SAVE in bar(app)
        assert len(client.game.entries) == held, "nothing played without being saved"
        disk.free()
        await until(pilot, lambda: host.paused is None, timeout=20)
        await until(pilot, lambda: CANNOT_SAVE not in bar(app))
        assert WAITING_FOR_THE_DISK not in presence_line(app)
        await until(pilot, lambda: len(client.game.entries) > held)
        assert client.game.entries[held].actor == client.seat, "the move made meanwhile counts"
        done.append(True)

    async def runner(client: GameClient) -> None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(120, 40)) as pilot:
            await script(app, pilot, client)

    await serve(table, args, runner)
    assert done, "the script ran to its end (a screen that hung would be closed unseen)"
    records = read_log(log).records
    assert len(records) >= 3 and records[-1][1] is not None
