"""A hostile host reaches no joiner's terminal: a real `jetset join` process prints the names,
chat, errors and farewells a raw fake host sends as visible text, never as escape sequences."""

from __future__ import annotations

import asyncio
import subprocess

from netcode.client import ChatMessage, ClientEvent, Problem
from netcode.peer import NetPeer
from netcode.transport import open_tcp

from .fakehost import EVIL, EVIL_NAME, FakeHost, fake_host
from .helpers import LOOPBACK
from .procs import JETSET

SHOWN = "\\x1b]52;c;cHduZWQ=\\x07\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202e"
"""EVIL as a joiner prints it."""
NAME = "\\x1b]0;pwned\\x07\\x1b[2J\\x9b1m"
"""EVIL_NAME as a joiner prints it."""

SCRIPT = [
    {"t": "chat", "seat": 1, "name": EVIL_NAME, "text": f"hello {EVIL} there"},
    {"t": "error", "code": f"x{EVIL_NAME}", "message": f"refused {EVIL}", "fatal": False},
    {"t": "paused", "message": f"paused {EVIL}"},
    {"t": "bye", "reason": f"gone {EVIL}"},
]
SEATS = [
    {"name": EVIL_NAME, "kind": "human", "connected": True},
    {"name": f"[red]{EVIL_NAME}", "kind": EVIL_NAME, "connected": True},
]


async def run_join(port: int, *args: str) -> str:
    """`jetset join` in plain mode (its output is a pipe): everything it printed."""
    proc = await asyncio.create_subprocess_exec(
        *JETSET, "join", f"{LOOPBACK}:{port}", "--reconnect-for", "0", *args,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return out.decode() + err.decode()


async def test_jetset_join_prints_a_hostile_hosts_text_as_text() -> None:
    host = FakeHost(seat_name=EVIL_NAME, seats=SEATS, script=SCRIPT)
    async with fake_host(host):
        watching, playing = await asyncio.gather(
            run_join(host.port, "--spectate"), run_join(host.port, "--bot", "random")
        )
    assert sorted(r["t"] for r in host.requests) == ["join", "spectate"]
    for printed in (watching, playing):
        for char in "\x1b\x07\x9b\u202e":
            assert char not in printed, (char, printed)
        assert f"refused {SHOWN}" in printed  # the error code is for the log, not the player
        assert f"the host closed the connection: gone {SHOWN}" in printed
        assert f"jetset join: paused {SHOWN}" in printed
    assert f"<{NAME}> hello {SHOWN} there" in watching
    assert f"in seat 0 as {NAME}; token {SHOWN}" in playing


async def test_a_peer_hands_its_listeners_text_without_escapes() -> None:
    """The TUI and every other listener get names, chat and problems already made visible."""
    host = FakeHost(seat_name=EVIL_NAME, seats=SEATS, script=SCRIPT, hold=5)
    async with fake_host(host):
        peer = await NetPeer.connect(await open_tcp(LOOPBACK, host.port), name="me")
        events: list[ClientEvent] = []
        peer.add_listener(events.append)
        for _ in range(100):
            if any(isinstance(e, Problem) and "gone" in e.message for e in events):
                break
            await asyncio.sleep(0.02)
        await peer.close()
    chat = [e for e in events if isinstance(e, ChatMessage)]
    assert [(c.name, c.text) for c in chat] == [(NAME, f"hello {SHOWN} there")]
    assert peer.name == NAME and [s.name for s in peer.seats] == [NAME, f"[red]{NAME}"]
    problems = [e.message for e in events if isinstance(e, Problem)]
    assert f"the host says: refused {SHOWN}" in problems
    assert all(text.isprintable() for text in problems)
