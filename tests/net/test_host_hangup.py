"""``jetset host`` whose terminal is gone (the window closed): it pauses its game in good order
and ends, though nothing more can be written where it was started."""

from __future__ import annotations

import os
import re
import signal
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
        said = terminal.read_until(b"listening on", 30)
        port = re.search(r"listening on [\d.]+:(\d+)", said)
        assert port is not None, said
        if begun:  # the seats not the host's taken by bots of jetset join: the game under way
            for _ in range(1 + headless):
                bot = ["--bot", "greedy", "--delay", "0.2", "--reconnect-for", "1"]
                joiners.append(start_join(int(port.group(1)), *bot))
            deadline = time.monotonic() + 30
            while entries_in(log) < 3:  # dealt
                assert time.monotonic() < deadline, "the game never began"
                time.sleep(0.1)
        terminal.settle(quiet=0.5)
        os.close(terminal.main)  # the window closed: writing there fails from now on
        terminal.proc.send_signal(signal.SIGHUP)
        assert terminal.proc.wait(30) == 0
    finally:
        for proc in [terminal.proc, *joiners]:
            if proc.poll() is None:
                proc.kill()
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
    joiner = None
    try:
        said = terminal.read_until(b"listening on", 30)
        port = re.search(r"listening on [\d.]+:(\d+)", said)
        assert port is not None, said
        bot = ["--bot", "greedy", "--delay", "0.2", "--reconnect-for", "1"]
        joiner = start_join(int(port.group(1)), *bot)
        deadline = time.monotonic() + 30
        while entries_in(log) < 3:  # dealt: the host's turn, its clock ticking
            assert time.monotonic() < deadline, "the game never began"
            time.sleep(0.1)
        terminal.settle(quiet=0.5)
        os.close(terminal.main)  # the window closed
        terminal.proc.send_signal(signal.SIGCONT)  # the hangup's
        time.sleep(2.5)  # the clock's frames
        terminal.proc.send_signal(signal.SIGHUP)
        assert terminal.proc.wait(10) == 0
    finally:
        for proc in [terminal.proc, joiner]:
            if proc is not None and proc.poll() is None:
                proc.kill()
    LogLock.acquire(log, "the test").release()  # the log let go of: the game can be resumed
    logged = (home / "logs" / "host.log").read_text()
    assert "paused; continue it with" in logged, logged[-2000:]


def entries_in(log: Path) -> int:
    """The entries written so far (none while the file is not there, or not yet a log)."""
    try:
        return len(read_log(log).records)
    except (OSError, LogFormatError):
        return 0
