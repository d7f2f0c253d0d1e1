"""A LAN party's play test: the host's terminal closed by accident, the host opened the app and
loaded the game from the list, and it went on as hot-seat, showing Bob's Final Flights on the
host's screen and writing a move into the network game's log. A game hosted for players at
other screens is now listed as such and refused by Load (and ``jetset play --resume``), with the
command that hosts it again; the file is not touched. A game made at one keyboard still opens."""

from __future__ import annotations

import contextlib
import stat
from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.saves import saved_games
from netcode.client import SeatInfo
from netcode.local import HostedForOthers, LocalSession
from netcode.peer import NetPeer
from netcode.seatkind import SeatKind
from tests.net.helpers import serve
from tests.net.test_reconnect import wait_for


async def test_load_refuses_a_game_hosted_for_other_screens_and_says_how(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, seed="lan") as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        bob = await NetPeer.connect(await served.connect(), name="Bob")
        await wait_for(lambda: served.table.started, 5)
        log = served.table.log_path
        await ann.close()
        await bob.close()
    before = log.read_bytes()
    # the host's alone: it holds every hand dealt (a lunch server's play test read everyone's
    # Final Flights from ssh-games/*.jetset as another user of the machine: it was 0644)
    assert stat.S_IMODE(log.stat().st_mode) & 0o077 == 0, oct(log.stat().st_mode)
    [listed] = [g for g in saved_games(log.parent) if g.path == log]
    assert "hosted on the network" in listed.describe()
    app = JetSetApp(fsync=False, saves=log.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = app.open_log(log)
        assert said is not None and f"jetset host --resume {log}" in said, said
        assert said.startswith(f"{log.name} was hosted for players on other machines"), said
        assert type(app.screen).__name__ == "StartScreen"  # no hot-seat hand-off
    assert log.read_bytes() == before


async def test_a_game_made_at_one_keyboard_is_not_hosted(tmp_path: Path) -> None:
    from engine import Options

    seats = [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Wilbur", SeatKind.of_bot("greedy"))]
    path = tmp_path / "hotseat.jetset"
    session = LocalSession(Options(players=3), seats, seed="hot", path=path, bot_delay=0)
    await session.start()
    await session.close()
    [listed] = saved_games(tmp_path)
    assert "hosted" not in listed.describe() and not listed.hosted
    again = LocalSession.resume(path, bot_delay=0)
    assert [s.name for s in again.seats] == ["Ann", "Bob", "Wilbur"]
    await again.close()


async def test_a_host_whose_terminal_closed_keeps_the_resume_command_in_its_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The same play test: the host's window closed (SIGHUP), printing the resume command
    failed with "Input/output error" after the pause, as a traceback in host.log, and the
    command was lost with the terminal. A real pseudo-terminal whose other end has closed
    stands for that window: the log file keeps the command, and nothing is raised."""
    import logging
    import os
    import sys

    from jetset_tui.commands.host_words import paused

    async with serve(tmp_path, 2, seed="sighup") as served:
        log = served.table.log_path
        command = f"jetset host --resume {log} --bind 127.0.0.1 --port 47999 --turn-time 10"
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        bob = await NetPeer.connect(await served.connect(), name="Bob")
        await wait_for(lambda: served.table.started, 5)
        master, slave = os.openpty()
        os.close(master)  # the window is gone
        closed = os.fdopen(slave, "w")
        stdout, sys.stdout = sys.stdout, closed
        try:
            with caplog.at_level(logging.INFO, logger="jetset.host"):
                paused(served.host, command, as_json=False)
        finally:
            sys.stdout = stdout
            with contextlib.suppress(OSError):
                closed.close()
        await ann.close()
        await bob.close()
    assert any(command in r.getMessage() for r in caplog.records), caplog.records
    # and the app's Load names that very command (its address and clock: a fix's check found
    # a bare ``--resume FILE``, which would have served the game on the default port)
    with pytest.raises(HostedForOthers) as refused:
        LocalSession.resume(served.table.log_path, bot_delay=0)
    assert refused.value.command == command
