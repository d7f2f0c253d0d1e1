"""How a program learns it should stop: a signal calls back in its event loop (Ctrl+C raises
KeyboardInterrupt in the caller instead, unless caught too).

Where the loop takes no signal handler nothing is caught: Windows' loops have none
(NotImplementedError), and a loop off the main thread, as a test may run a server, refuses one
(RuntimeError); Ctrl+C and closing the process still stop the program there.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterable


def signals_named(*names: str) -> list[signal.Signals]:
    """The signals of ``names`` that this system has (no SIGHUP on Windows)."""
    found = (getattr(signal, name, None) for name in names)
    return [signum for signum in found if signum is not None]


def catch_signals(signums: Iterable[signal.Signals], callback: Callable[[], object]) -> None:
    """``callback`` in the running loop on each of ``signums``, where the loop can catch them."""
    loop = asyncio.get_running_loop()
    for signum in signums:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # the module's note
            loop.add_signal_handler(signum, callback)


def release_signals(signums: Iterable[signal.Signals]) -> None:
    """``signums`` act as they did before ``catch_signals`` (SIGTERM and SIGHUP kill again)."""
    loop = asyncio.get_running_loop()
    for signum in signums:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # the module's note
            loop.remove_signal_handler(signum)


def stop_on_sigterm() -> asyncio.Event:
    """An event set by SIGTERM (never set where the loop catches no signal)."""
    stopped = asyncio.Event()
    catch_signals([signal.SIGTERM], stopped.set)
    return stopped
