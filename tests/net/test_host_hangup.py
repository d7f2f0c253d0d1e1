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


def entries_in(log: Path) -> int:
    """The entries written so far (none while the file is not there, or not yet a log)."""
    try:
        return len(read_log(log).records)
    except (OSError, LogFormatError):
        return 0
