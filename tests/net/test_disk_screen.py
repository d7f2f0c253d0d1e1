"""A full disk as the host's player sees it: the app on the host's screen (under Pilot) says that
the game cannot be saved for as long as that lasts, and plays on once it can, with nothing lost."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from engine.jetlag.bots import greedy_choice
from jetset_tui.app import JetSetApp
from jetset_tui.commands.host import make_table, serve
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.widgets.presence import WAITING_FOR_THE_DISK, PresencePanel
from jetset_tui.widgets.turn_bar import TurnBar
from netcode.client import GameClient
from netcode.host import Host
from netcode.hosting import HostedGame
from netcode.logfile import read_log
from tests.tui.jetlag_keys import guided_keys

from .disk import COMPILED, Disk
from .hosting import host_args, my_turn, play, type_line, until

CANNOT_SAVE = "the host cannot save the game (disk full); the game is paused"
NOT_YET = "your last move is not played yet: wait for it"


@pytest.fixture
def pretend_disk(tmp_path: Path) -> Disk:
    """A log writer that fails like a full disk. On a real tmpfs (tests/net/test_storage.py) a
    write that fits in the log's last page still succeeds, so the move that meets the full disk
    could be anyone's; here it is the one the test plays."""
    if COMPILED:
        pytest.skip("the compiled LogWriter ignores an interpreted override (see test_storage)")
    return Disk(tmp_path, real=False)


def bar(app: JetSetApp) -> str:
    return str(app.screen.query_one(TurnBar).render())


def presence_line(app: JetSetApp) -> str:
    return str(app.screen.query_one(PresencePanel).render())


Script = Callable[[JetSetApp, Pilot[None], GameClient, Host], Awaitable[None]]


async def host_on(disk: Disk, script: Script, *options: str) -> None:
    """``jetset host --bots greedy OPTIONS`` with its log on ``disk`` and the app on the host's
    screen, driven by ``script`` to its end (a screen that hung would be closed unseen)."""
    log = str(disk.log)
    args = host_args("--port", "0", "--bots", "greedy", "--log", log, *options)
    args.headless = False
    table = disk.holds(make_table(args))
    done: list[bool] = []

    async def runner(client: GameClient) -> None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(100, 30)) as pilot:
            assert isinstance(client.hosting, HostedGame)
            await script(app, pilot, client, client.hosting.host)
            done.append(True)

    await serve(table, args, runner)
    assert done, "the script ran to its end"


async def test_the_hosts_screen_says_the_game_cannot_be_saved_until_it_can(
    pretend_disk: Disk,
) -> None:
    disk = pretend_disk

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient, host: Host) -> None:
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

    await host_on(disk, script, "--players", "2")
    records = read_log(disk.log).records
    assert len(records) >= 3 and records[-1][1] is not None


async def test_the_jet_lag_table_says_the_game_cannot_be_saved_and_answers_keys_meanwhile(
    pretend_disk: Disk,
) -> None:
    """The same at a Jet Lag table: the play made as the disk fills is held, the screen says why
    and still answers the keys (a second play is refused, not frozen on), and the held play
    counts once the disk has room again."""
    disk = pretend_disk

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient, host: Host) -> None:
        await until(pilot, lambda: jetlag_turn(app))
        screen = app.screen
        assert isinstance(screen, JetLagScreen)
        [seat] = client.local_seats
        view = client.view(seat)
        held = len(client.game.entries)
        disk.fill()
        await pilot.press(*guided_keys(list(view.hands[seat] or []), greedy_choice(view, seat)))
        await until(pilot, lambda: host.paused is not None)
        await until(pilot, lambda: CANNOT_SAVE in turn_line(screen))
        await pilot.press("enter")  # the same play again, while the first is held
        await until(pilot, lambda: NOT_YET in str(screen.hint()))
        await pilot.pause(1.0)
        assert CANNOT_SAVE in turn_line(screen), "said for as long as it lasts"
        assert len(client.game.entries) == held, "nothing played without being saved"
        disk.free()
        await until(pilot, lambda: host.paused is None, timeout=20)
        await until(pilot, lambda: len(client.game.entries) > held)
        await until(pilot, lambda: CANNOT_SAVE not in turn_line(screen))
        assert client.game.entries[held].seat == seat, "the play made meanwhile counts"
        assert sum(e.seat == seat for e in client.game.entries[held:]) == 1, "and once"

    await host_on(disk, script, "--game", "jetlag")
    assert read_log(disk.log).records, "the log on the disk holds the game so far"


def jetlag_turn(app: JetSetApp) -> bool:
    screen = app.screen
    return isinstance(screen, JetLagScreen) and screen.my_turn()


def turn_line(screen: JetLagScreen) -> str:
    return str(screen.query_one("#jl-turn", Static).render())
