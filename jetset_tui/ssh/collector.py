"""When the SSH server collects cyclic garbage in full: not in the middle of arrivals, but soon
after sessions start or end.

Python walks its oldest generation (every object of every session) once it has grown by a
quarter. Each app that starts adds megabytes of long-lived objects, so while 24 sessions started at
once a full collection ran every few starts, ~170 ms each on the one event loop: a third of the
start-up CPU (BENCHMARKS.md). The server raises that generation's threshold while it runs and
instead collects in full once, ``delay`` seconds after a session has started or ended (one
collection for many that start or end together), so what starting apps left behind and the
memory of closed sessions are still returned. The young generations are collected as Python
always does.
"""

from __future__ import annotations

import asyncio
import gc

FULL_AFTER = 1000
"""Collections of the middle generation before a full one (Python's default: 10)."""

_running = 0
_saved: tuple[int, int, int] | None = None


class Collector:
    """The server's garbage-collection policy (process-wide while any server runs)."""

    def __init__(self, delay: float = 5.0) -> None:
        self.delay = delay
        self.collections = 0
        """Full collections made so far (``soon``)."""
        self._later: asyncio.TimerHandle | None = None
        self._started = False

    def start(self) -> None:
        global _running, _saved
        if self._started:
            return
        self._started = True
        if _running == 0:
            _saved = gc.get_threshold()
            young, middle, _ = _saved
            gc.set_threshold(young, middle, max(FULL_AFTER, _saved[2]))
        _running += 1

    def stop(self) -> None:
        global _running
        if self._later is not None:
            self._later.cancel()
            self._later = None
        if not self._started:
            return
        self._started = False
        _running -= 1
        if _running == 0 and _saved is not None:
            gc.set_threshold(*_saved)

    def soon(self) -> None:
        """A session started or ended: collect in full ``delay`` seconds from now (one collection
        for every session that starts or ends meanwhile)."""
        if self._started and self._later is None:
            self._later = asyncio.get_running_loop().call_later(self.delay, self._collect)

    def _collect(self) -> None:
        self._later = None
        gc.collect()
        self.collections += 1
