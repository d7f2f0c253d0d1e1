"""How a server command learns it should stop: SIGTERM sets an event (Ctrl+C raises
KeyboardInterrupt in the caller instead)."""

from __future__ import annotations

import asyncio
import contextlib
import signal


def stop_on_sigterm() -> asyncio.Event:
    """An event set by SIGTERM. Where the loop takes no signal handler it is never set: Windows'
    loops have none (NotImplementedError), and a loop off the main thread, as a test may run a
    server, refuses one (RuntimeError); Ctrl+C and closing the process still stop it."""
    stopped = asyncio.Event()
    with contextlib.suppress(NotImplementedError, RuntimeError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    return stopped
