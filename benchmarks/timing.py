"""What the engine benchmarks share and that must not import the engine: msgpack's decode of a
log file (issue 2's baseline) and timing two things in turn (``replay_ratio`` imports the engine
of another revision after this module)."""

from __future__ import annotations

import importlib.machinery
import statistics
import time
from collections.abc import Callable

import msgpack


def decode(raw: bytes) -> list[object]:
    """What msgpack alone does with a log file: every record decoded."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(raw)
    return list(unpacker)


def alternate_times(
    first: Callable[[], object],
    second: Callable[[], object],
    repeat: int,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, float]:
    """Median seconds of each, run in turn so that both meet the same load and the same caches.
    ``clock``: the wall clock, or ``time.process_time`` (this process's CPU time, which a
    loaded machine's time slices given to other processes do not stretch)."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        for fn, times in ((first, a), (second, b)):
            start = clock()
            fn()
            times.append(clock() - start)
    return statistics.median(a), statistics.median(b)


def engine_build() -> str:
    """Which engine this process runs: "compiled" (mypyc's extension modules, ``python3 tasks.py
    compiled``) or "pure" (Python source). Imports the engine: call it only after choosing one."""
    import engine.jetset.state

    loader = engine.jetset.state.__loader__
    return "compiled" if isinstance(loader, importlib.machinery.ExtensionFileLoader) else "pure"
