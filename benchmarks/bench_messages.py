"""The cost of one message through its definition (netcode/messages.py), best of five.

What the host does for every decision: check the peer's ``action`` (``parse_client``), build and
encode its ``entry`` and the actor's ``done``; and what every peer does for every entry: check
it (``parse_host``). Run: ``python benchmarks/bench_messages.py``.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable

from netcode import messages as m
from netcode.framing import encode

ACTION = {"t": "action", "id": 1, "at": 10, "seat": 0, "x": "buy MIL-ROM 2"}
JOIN = {"t": "join", "name": "Ann", "contribution": "0" * 32}
ENTRY = {"t": "entry", "i": 5, "a": 1, "x": "buy MIL-ROM 2", "d": "0" * 32}
PRESENCE = [m.SeatPresence(True, None, None, None, 12.34)] * 4

CASES: list[tuple[str, Callable[[], object]]] = [
    ("host: check an action", lambda: m.parse_client(ACTION)),
    ("host: check a join", lambda: m.parse_client(JOIN)),
    ("host: build and encode a done", lambda: encode(m.to_wire(m.Done(ref=1, i=2)))),
    (
        "host: build and encode an entry",
        lambda: encode(m.to_wire(m.EntryMessage(i=5, a=1, x="buy MIL-ROM 2", d="0" * 32))),
    ),
    (
        "host: build and encode a presence of 4 seats",
        lambda: encode(m.to_wire(m.presence_message(PRESENCE, 30))),
    ),
    ("peer: check an entry", lambda: m.parse_host(ENTRY)),
]


def main() -> None:
    for name, case in CASES:
        number = 50_000
        best = min(timeit.repeat(case, number=number, repeat=5)) / number
        print(f"{name}: {best * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
