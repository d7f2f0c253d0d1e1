"""A ``jetset`` command in a pseudo-terminal, as a person runs it: what it wrote, keys typed."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping

JETSET = [sys.executable, "-m", "jetset_tui"]


class Terminal:
    """``jetset ARGS`` in a pseudo-terminal of ``width``×``height``; what it wrote."""

    def __init__(
        self,
        *args: str,
        width: int = 100,
        height: int = 30,
        env: Mapping[str, str] = {},
        own_session: bool = False,
    ) -> None:
        """``own_session``: the program runs in a session of its own, with no controlling
        terminal: no SIGHUP reaches it when this terminal closes (as after ``setsid``, or for a
        job its shell was told not to pass the hangup to: ``disown -h``)."""
        main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        environ = {**os.environ, "TERM": "xterm-256color", **env}
        self.proc = subprocess.Popen(
            [*JETSET, *args],
            stdin=side,
            stdout=side,
            stderr=side,
            env=environ,
            start_new_session=own_session,
        )
        os.close(side)
        self.main = main
        self.out = b""

    def read_until(self, wanted: bytes, timeout: float = 20, start: int = 0) -> str:
        """Everything written, once ``wanted`` is (after the first ``start`` bytes)."""
        deadline = time.monotonic() + timeout
        while wanted not in self.out[start:]:
            assert time.monotonic() < deadline, f"never written: {wanted!r} in {self.out[-400:]!r}"
            ready, _, _ = select.select([self.main], [], [], 0.05)
            if ready:
                try:
                    self.out += os.read(self.main, 65536)
                except OSError:  # the program ended and closed the terminal
                    break
        return self.out.decode(errors="replace")

    def settle(self, quiet: float = 1.0, timeout: float = 20) -> None:
        """Read until the program has written nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.main], [], [], quiet)
            if not ready:
                return
            try:
                self.out += os.read(self.main, 65536)
            except OSError:
                return
        raise AssertionError("the program never went quiet")

    def type(self, keys: str) -> None:
        os.write(self.main, keys.encode())

    def close(self) -> int:
        code = self.proc.wait(20)
        os.close(self.main)
        return code

    def cpu_share(self, seconds: float) -> float:
        """The share of one core the program used over the next ``seconds`` (Linux)."""
        before, start = cpu_ticks(self.proc.pid), time.monotonic()
        time.sleep(seconds)
        used = (cpu_ticks(self.proc.pid) - before) / os.sysconf("SC_CLK_TCK")
        return used / (time.monotonic() - start)


def cpu_ticks(pid: int) -> int:
    """The CPU time process ``pid`` has used, in clock ticks (/proc/PID/stat: utime + stime)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()  # after the command's name
    return int(fields[11]) + int(fields[12])
