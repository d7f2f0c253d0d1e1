"""Random and mutated frames thrown at a live host, while a game goes on beside them.

Short by default; ``JETSET_SLOW=1`` runs the long form. The host must never crash, never log an
internal error, and the real players must still finish with equal digests.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import struct
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from netcode.framing import MalformedFrame, decode, encode
from netcode.protocol import ProtocolError, hello_message, parse_client
from netcode.transport import ConnectionClosed

from .helpers import Served, assert_all_agree, finish, serve

SLOW = os.environ.get("JETSET_SLOW") == "1"

VALID: list[dict[str, Any]] = [
    hello_message("fuzz"),
    {"t": "join", "name": "mallory"},
    {"t": "join", "name": "mallory", "password": "x"},
    {"t": "reconnect", "token": "0" * 32, "have": 3},
    {"t": "spectate", "have": 0},
    {"t": "action", "id": 1, "at": 10, "seat": 0, "x": "income"},
    {"t": "action", "id": 2, "at": 10, "seat": 1, "x": "buy MIL-ROM 2"},
    {"t": "chat", "text": "hi"},
    {"t": "ping", "n": 1},
    {"t": "leave"},
]

scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=12) | st.binary(max_size=8)
values = scalars | st.lists(scalars, max_size=3)


@given(st.dictionaries(st.sampled_from(["t", "id", "at", "seat", "x", "name", "n"]), values))
def test_parse_client_refuses_cleanly(message: dict[str, Any]) -> None:
    message.setdefault("t", "action")
    if not isinstance(message["t"], str):
        return
    with contextlib.suppress(ProtocolError):
        parse_client(message)


@given(st.binary(max_size=200))
def test_decode_refuses_cleanly(payload: bytes) -> None:
    with contextlib.suppress(MalformedFrame):
        decode(payload)


def mutate(rng: random.Random) -> bytes:
    """One hostile chunk of bytes: a valid frame bent out of shape, or noise."""
    frame = bytearray(encode(rng.choice(VALID)))
    how = rng.randrange(7)
    if how == 0:
        for _ in range(rng.randint(1, 4)):
            frame[rng.randrange(len(frame))] ^= 1 << rng.randrange(8)
    elif how == 1:
        frame = frame[: rng.randrange(len(frame))]
    elif how == 2:
        frame[0:4] = struct.pack(">I", rng.choice([0, 1, 3, 70_000, 2**32 - 1, len(frame)]))
    elif how == 3:
        frame = bytearray(struct.pack(">I", 40) + rng.randbytes(40))
    elif how == 4:
        payload = msgpack.packb({"t": rng.choice(["action", "join", "x" * 9]), "x": [[[]]] * 9})
        frame = bytearray(struct.pack(">I", len(payload)) + payload)
    elif how == 5:
        frame = bytearray(rng.randbytes(rng.randint(1, 64)))
    return bytes(frame)


async def fuzz_connection(served: Served, rng: random.Random, frames: int) -> int:
    """Send ``frames`` hostile chunks (reconnecting when the host hangs up); how many were sent."""
    sent = 0
    while sent < frames:
        try:
            transport = await served.connect()
        except ConnectionClosed:
            continue
        reader = asyncio.create_task(_drain(transport))
        try:
            if rng.random() < 0.5:
                transport.write(encode(hello_message("fuzz")))
            for _ in range(rng.randint(1, 40)):
                transport.write(mutate(rng))
                sent += 1
                if rng.random() < 0.2:
                    await transport.drain()
                    await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        finally:
            await asyncio.sleep(0.001)
            if rng.random() < 0.5:
                transport.abort()
            else:
                transport.close()
            reader.cancel()
    return sent


async def _drain(transport: Any) -> None:
    try:
        while True:
            await transport.read_exactly(1)
    except ConnectionClosed:
        return


@pytest.mark.slow
async def test_fuzz_a_live_host(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="jetset.host")
    frames = 20_000 if SLOW else 600
    async with serve(tmp_path, 3, ["greedy"], seed="fuzz") as served:
        delay = 0.02 if SLOW else 0.002
        players = [await served.bot("greedy", f"p{i}", delay=delay) for i in range(2)]
        before = len(served.table.game.entries)
        rng = random.Random(4)
        sent = await asyncio.gather(
            *(fuzz_connection(served, random.Random(rng.random()), frames // 4) for _ in range(4))
        )
        assert sum(sent) >= frames - 4
        assert len(served.table.game.entries) > before  # the game went on beside the fuzzers
        await finish(players, timeout=60)
        assert_all_agree(served, players)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
