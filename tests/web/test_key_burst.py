"""A burst of keys into a browser session's process, as textual-serve passes a page's keys on:
each key its own ``D`` packet on the process's stdin, many in one write when they come faster
than the app takes them (a browser under load). What the process draws is read back by pyte.

Textual runs a text field's bound keys (Backspace, the arrows, Enter) only once the key has
bubbled up to the app, while the next letter goes straight to the field: without
``jetset_tui.key_order`` the letters of a burst land before the Backspaces typed ahead of them
(``qqsh er2l`` became ``qqs er2l``, issue seen in test_browser.py)."""

from __future__ import annotations

import asyncio
import json
from asyncio.subprocess import Process

import pyte
import pytest

from jetset_tui.web import SessionStart
from jetset_tui.web.server import Spares

WIDTH, HEIGHT = 100, 30


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of textual-serve's stdin protocol (``AppService.encode_packet``)."""
    return kind + len(payload).to_bytes(4, "big") + payload


def keys(text: str) -> bytes:
    """``text`` as a page sends it: a ``D`` packet a key."""
    return b"".join(packet(b"D", key.encode()) for key in text)


class Screen:
    """The session's terminal, drawn from its stdout's ``D`` packets."""

    def __init__(self, process: Process) -> None:
        self.process = process
        self.screen = pyte.Screen(WIDTH, HEIGHT)
        self.stream = pyte.ByteStream(self.screen)

    async def read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while await stdout.readline() != b"__GANGLION__\n":
            pass
        while True:
            kind = await stdout.readexactly(1)
            size = int.from_bytes(await stdout.readexactly(4), "big")
            payload = await stdout.readexactly(size)
            if kind == b"D":
                self.stream.feed(payload)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, what: str, timeout: float = 10.0) -> None:
        async def shown() -> None:
            while what not in self.text():
                await asyncio.sleep(0.02)

        try:
            await asyncio.wait_for(shown(), timeout)
        except TimeoutError:
            raise AssertionError(f"never shown: {what!r}\n{self.text()}") from None


@pytest.mark.asyncio
async def test_a_burst_of_keys_reaches_the_field_in_the_order_typed() -> None:
    process = await Spares._spawn()
    assert process.stdin is not None and process.stdout is not None
    reader: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(process.stdout.readline(), 60)  # loaded: READY
        process.stdin.write(SessionStart(0, "x" * 32, WIDTH, HEIGHT).encode())
        screen = Screen(process)
        reader = asyncio.ensure_future(screen.read())
        await screen.wait_for("Your name at the tables", 30)
        process.stdin.write(keys("wrongname"))
        await screen.wait_for(" wrongname ")
        # Backspaces, a letter, the arrows and Home, as fast as a page sends them
        burst = "\x7f" * 12 + "qsh" + "\x1b[D" * 2 + "q" + "\x1b[H" + "kay" + "\x1b[F" + "2"
        process.stdin.write(b"".join(packet(b"D", key.encode()) for key in split(burst)))
        await screen.wait_for(" kayqqsh2 ")
        await asyncio.sleep(0.3)  # nothing more comes
        assert " kayqqsh2 " in screen.text()
    finally:
        if process.returncode is None:
            process.stdin.write(packet(b"M", json.dumps({"type": "quit"}).encode()))
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()
        if reader is not None:
            reader.cancel()


def split(burst: str) -> list[str]:
    """The keys of ``burst``: a character, or an escape sequence of three."""
    out, i = [], 0
    while i < len(burst):
        size = 3 if burst[i] == "\x1b" else 1
        out.append(burst[i : i + size])
        i += size
    return out
