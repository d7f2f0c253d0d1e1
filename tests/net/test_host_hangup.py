"""``jetset host`` whose terminal is gone (the window closed): it pauses its game in good order
and ends, though nothing more can be written where it was started."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from netcode.logfile import LogFormatError, read_log
from netcode.loglock import LogLock
from tests.net.procs import start_join
from tests.terminal import Terminal


@pytest.mark.parametrize("headless", [False, True], ids=["screen", "headless"])
@pytest.mark.parametrize("begun", [False, True], ids=["before the game", "mid-game"])
def test_a_host_whose_terminal_closed_pauses_and_ends_without_a_traceback(
    tmp_path: Path, headless: bool, begun: bool
) -> None:
    """A fix's check closed a host's terminal window: the host paused, then died printing how
    the game continues ("OSError: [Errno 5] Input/output error" in its log file)."""
    home = tmp_path / "home"
    log = tmp_path / "g.jetset"
    flags = ["--headless"] * headless
    args = ["host", "--players", "2", "--port", "0", "--log", str(log)]
    terminal = Terminal(*args, *flags, env={"JETSET_HOME": str(home)})
    joiners = []
    try:
        port = listening_port(terminal)
        if begun:  # the seats not the host's taken by bots of jetset join: the game under way
            joiners += begin_game(port, log, 1 + headless)
        terminal.settle(quiet=0.5)
        os.close(terminal.main)  # the window closed: writing there fails from now on
        terminal.proc.send_signal(signal.SIGHUP)
        assert terminal.proc.wait(30) == 0
    finally:
        kill_left(terminal.proc, *joiners)
    logged = (home / "logs" / "host.log").read_text()
    assert "Traceback" not in logged and "host failed" not in logged, logged[-2000:]
    if begun:
        assert "paused; continue it with" in logged, "the log file says how it continues"


def test_a_host_hung_up_as_its_turn_clock_ticks_ends_and_lets_go_of_its_game(
    tmp_path: Path,
) -> None:
    """A play test: ``tmux kill-server`` under a game hosted with a turn clock left ``jetset
    host`` running, deaf to SIGTERM, its game's log locked (it could not be resumed). The hangup
    comes with SIGCONT, on which Textual started its screen again on the closed terminal; its
    writes, those of the clock's frames and of closing the app filled the writer's queue, whose
    thread had died at the first write refused (jetset_tui/terminal_driver.py): the event loop
    blocked for good. Here the frames of two ticks come between SIGCONT and SIGHUP."""
    home = tmp_path / "home"
    log = tmp_path / "g.jetset"
    args = ["host", "--players", "2", "--port", "0", "--log", str(log), "--turn-time", "30"]
    terminal = Terminal(*args, env={"JETSET_HOME": str(home)})
    joiners = []
    try:
        # dealt: the host's turn, its clock ticking
        joiners += begin_game(listening_port(terminal), log, 1)
        terminal.settle(quiet=0.5)
        os.close(terminal.main)  # the window closed
        terminal.proc.send_signal(signal.SIGCONT)  # the hangup's
        time.sleep(2.5)  # the clock's frames
        terminal.proc.send_signal(signal.SIGHUP)
        assert terminal.proc.wait(10) == 0
    finally:
        kill_left(terminal.proc, *joiners)
    assert_paused(home, log)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc/PID/stat")
def test_a_host_whose_terminal_is_gone_with_no_hangup_pauses_and_ends(tmp_path: Path) -> None:
    """With its terminal gone, Textual's input thread read the end of file it gives again and
    again, a core at 100%, and the host served on for ever where no SIGHUP came (a program in no
    session of that terminal: setsid, disown -h), its game's log locked. It stops reading, and the
    host pauses its game as on a hangup (jetset_tui/terminal_driver.py)."""
    home = tmp_path / "home"
    log = tmp_path / "g.jetset"
    args = ["host", "--players", "2", "--port", "0", "--log", str(log)]
    terminal = Terminal(*args, env={"JETSET_HOME": str(home)}, own_session=True)
    joiners = []
    try:
        joiners += begin_game(listening_port(terminal), log, 1)
        terminal.settle(quiet=0.5)
        os.close(terminal.main)  # the window closed, and no SIGHUP comes
        time.sleep(0.5)
        assert terminal.cpu_share(2) < 0.2, "the input thread spins on the closed terminal"
        assert terminal.proc.wait(30) == 0
    finally:
        kill_left(terminal.proc, *joiners)
    assert_paused(home, log)


def kill_left(*procs: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Kill those of ``procs`` still running (the test failed)."""
    for proc in procs:
        if proc.poll() is None:
            proc.kill()


def assert_paused(home: Path, log: Path) -> None:
    """The host paused its game, its log file says how it continues, and let go of it."""
    LogLock.acquire(log, "the test").release()  # the log let go of: the game can be resumed
    logged = (home / "logs" / "host.log").read_text()
    assert "paused; continue it with" in logged, logged[-2000:]


def listening_port(terminal: Terminal) -> int:
    """The port the host in ``terminal`` says it listens on."""
    said = terminal.read_until(b"listening on", 30)
    port = re.search(r"listening on [\d.]+:(\d+)", said)
    assert port is not None, said
    return int(port.group(1))


def begin_game(port: int, log: Path, bots: int) -> list[subprocess.Popen[str]]:
    """``bots`` bots of jetset join at the host on ``port``, once the game (``log``) is dealt."""
    bot = ["--bot", "greedy", "--delay", "0.2", "--reconnect-for", "1"]
    joiners = [start_join(port, *bot) for _ in range(bots)]
    deadline = time.monotonic() + 30
    while entries_in(log) < 3:  # dealt
        assert time.monotonic() < deadline, "the game never began"
        time.sleep(0.1)
    return joiners


def entries_in(log: Path) -> int:
    """The entries written so far (none while the file is not there, or not yet a log)."""
    try:
        return len(read_log(log).records)
    except (OSError, LogFormatError):
        return 0
