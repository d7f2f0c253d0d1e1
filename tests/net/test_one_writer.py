"""One game, one writer: a log that `jetset host` is playing cannot be opened anywhere else to
play (the commands say who holds it; the app's Load offers to watch it), and nothing else writes
to it or shows a seat's cards. Two real processes, the real app driven by Pilot."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.screens.load import LoadScreen
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.screenshot import screen_text
from netcode.local import LocalSession
from netcode.logfile import read_log
from netcode.loglock import LogLock, LogLocked, lock_holder, lock_path
from netcode.table import Table
from netcode.tablefiles import secrets_path

from .procs import JETSET, start_host, start_join, wait_for_entries


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """`jetset host --headless` playing a game stalled on a joiner who thinks for a minute."""
    log = tmp_path / "hosted.jetset"
    host, port = start_host("--players", "2", "--bots", "greedy", "--port", "0", "--log", str(log))
    joiner = start_join(port, "--bot", "greedy", "--delay", "60", "--name", "Ann")
    try:
        wait_for_entries(log, 3)  # the setup and both deals
        yield host, log
    finally:
        for proc in (joiner, host):
            proc.kill()
            proc.communicate(timeout=10)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*JETSET, *args], capture_output=True, text=True, timeout=60, check=False)


def secret_cards(log: Path) -> set[str]:
    """The Final Flight cards dealt in the host's log (every seat's: the host sees them all)."""
    return {card for _, _, text, _ in read_log(log).records for card in re.findall(r"F-\d\d", text)}


def test_the_commands_say_who_plays_it_and_change_nothing(
    hosted: tuple[subprocess.Popen[str], Path],
) -> None:
    host, log = hosted
    before = log.read_bytes(), secrets_path(log).read_bytes()
    holder = lock_holder(log)
    assert holder is not None and holder.startswith(f"jetset host, pid {host.pid} on ")
    for command in (["host", "--headless", "--port", "0"], ["play"]):
        done = run(*command, "--resume", str(log))
        assert done.returncode == 1, done
        assert f"is being played by jetset host, pid {host.pid}" in done.stderr
        assert "Traceback" not in done.stderr
    with pytest.raises(LogLocked, match="jetset host"):
        Table.resume(log)
    with pytest.raises(LogLocked, match="jetset host"):
        LocalSession.resume(log)  # the hot-seat fork of issue 15, item 3
    assert (log.read_bytes(), secrets_path(log).read_bytes()) == before
    host.kill()  # the lock dies with its process: the game can be continued now
    host.wait(10)
    assert lock_holder(log) is None
    table = Table.resume(log)
    table.close()
    assert not lock_path(log).exists()


async def test_load_offers_to_watch_it_without_secrets(
    hosted: tuple[subprocess.Popen[str], Path], tmp_path: Path
) -> None:
    host, log = hosted
    before = log.read_bytes()
    cards = secret_cards(log)
    assert len(cards) == 4
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen(folder=tmp_path))
        await pilot.pause()
        await pilot.click("#saved")
        await pilot.press("enter")  # the hosted game is the only one in the list
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        shown = screen_text(app)
        assert f"is being played by jetset host, pid {host.pid}" in shown
        assert "Watch it" in shown
        await pilot.press("enter")  # the offer has the focus
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        for key in ("end", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
            shown = screen_text(app)
            assert not any(card in shown for card in cards), shown
    assert log.read_bytes() == before


def test_the_lock_says_who_holds_it_and_goes_with_its_holder(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    assert lock_holder(log) is None
    lock = LogLock.acquire(log, "jetset host")
    holder = lock_holder(log)
    assert holder is not None and holder.startswith(f"jetset host, pid {os.getpid()} on ")
    with pytest.raises(LogLocked, match=r"game.jetset is being played by jetset host, pid"):
        LogLock.acquire(log, "the jetset app")  # another open file: refused in-process too
    lock.release()
    assert lock_holder(log) is None and not lock_path(log).exists()
    again = LogLock.acquire(log, "the jetset app")
    assert (lock_holder(log) or "").startswith("the jetset app, pid")
    again.release()


async def test_a_new_game_is_never_saved_over_a_game_being_played(tmp_path: Path) -> None:
    """`jetset play --save FILE` (a plan with a path) where FILE is another game's live log."""
    from jetset_tui.screens.start import StartScreen
    from jetset_tui.seating import quick_plan

    log = tmp_path / "live.jetset"
    log.write_bytes(b"another game")
    lock = LogLock.acquire(log, "jetset host")
    try:
        plan = quick_plan()
        plan.path = log
        app = JetSetApp(plan=plan, fsync=False)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await pilot.pause()
            await pilot.pause(0.2)
            assert isinstance(app.screen, StartScreen)
            shown = " ".join(screen_text(app).replace("▌", " ").split())
            assert "live.jetset is being played by jetset host" in shown
        assert log.read_bytes() == b"another game"
        assert not secrets_path(log).exists()
    finally:
        lock.release()
