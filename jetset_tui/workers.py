"""Work in a Textual worker, handed over as a function to call, never as a coroutine already made.

A worker cancelled before it runs (a screen closed at once; an ``exclusive`` worker started
just after it, as two Enters handled in one go start) never awaits what it was handed: a
coroutine made for it is then left never awaited, and Python says so (a RuntimeWarning). Handed
the function (``partial(self.enter, request)``), the worker makes the coroutine only when it
runs."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.worker import Worker

Work = Callable[[], Coroutine[Any, Any, None]]
"""An async function of no arguments (a bound method, or a ``functools.partial`` of one)."""


def start_worker(
    node: DOMNode, work: Work, *, group: str = "default", exclusive: bool = False, name: str = ""
) -> Worker[None]:
    """``node.run_worker(work, ...)``, its result typed (Textual's overloads infer none for a
    coroutine function)."""
    worker: Worker[None] = node.run_worker(work, name=name, group=group, exclusive=exclusive)
    return worker
