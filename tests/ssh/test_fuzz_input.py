"""Random terminal input over real SSH sessions: keys, escape sequences, mouse reports, pastes and
bytes that are not UTF-8. The server must never fail: each session either takes the input or is
closed quietly, and a player beside them keeps playing. Short by default; ``JETSET_SLOW=1`` runs
the long form."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
from pathlib import Path

import asyncssh
import pytest

from tests.ssh.helpers import client_key, connect, start_server

SLOW = os.environ.get("JETSET_SLOW") == "1"
SESSIONS = 12 if SLOW else 3
CHUNKS = 400 if SLOW else 40

PIECES = [
    b"\x1b",
    b"[",
    b"O",
    b"\x1b[",
    b"\x1b[<",
    b"\x1b]",
    b"\x1b[200~",
    b"\x1b[201~",
    b"\x1bP",
    b"\x07",
    b";",
    b"M",
    b"m",
    b"u",
    b"~",
    b"\r",
    b"\t",
    b"\x7f",
    b"\x03",
    b"\x11",
    b"\xff",
    b"\xc3",
    b"\xe2\x9c",
    b"0",
    b"1",
    b"9",
    b"99999",
    b"q",
    b"n",
    b"j",
    b"w",
    b"t",
    b"x",
    " ✈ ".encode(),
    "²③٣".encode(),  # digits to str.isdigit, no numbers to int (a French keyboard's ² key)
    b"b",
    b"\x1b[C",
]


def garbage(rng: random.Random) -> bytes:
    return b"".join(rng.choice(PIECES) for _ in range(rng.randint(1, 200)))


async def test_random_terminal_input_never_fails_the_server(
    tmp_path: Path, alice_key: asyncssh.SSHKey, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="jetset")
    server = await start_server(tmp_path)
    try:
        steady = await connect(server, "steady", alice_key)
        await steady.lobby()
        await steady.press("t")
        rng = random.Random(1606)
        fuzzers = [
            await connect(
                server, f"f{i}", client_key(tmp_path, f"f{i}"), local_addr=(f"127.0.2.{i + 1}", 0)
            )
            for i in range(SESSIONS)
        ]
        for _ in range(CHUNKS):
            for term in fuzzers:
                if term.chan is not None and not term.closed.is_set():
                    with contextlib.suppress(OSError):
                        term.chan.write(garbage(rng))
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        assert steady.chan is not None
        steady.chan.write(b"still here")
        await steady.wait_for("still here", timeout=20)
        for term in fuzzers:
            await term.close()
        failures = [r for r in caplog.records if r.exc_info or "failed" in r.getMessage()]
        assert not failures, [r.getMessage() for r in failures]
        await steady.close()
    finally:
        await server.close()
