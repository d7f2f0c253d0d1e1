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
        self, *args: str, width: int = 100, height: int = 30, env: Mapping[str, str] = {}
    ) -> None:
        main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        environ = {**os.environ, "TERM": "xterm-256color", **env}
        self.proc = subprocess.Popen(
            [*JETSET, *args], stdin=side, stdout=side, stderr=side, env=environ
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
