"""Frames: a 4-byte big-endian length, then that many bytes of one msgpack map.

Every message is a map with a string ``t`` (its type). A receiver refuses a length over its
limit before reading the payload (``FrameTooLarge``) and a payload that is not one msgpack map
with a ``t`` (``MalformedFrame``); neither reads past the frame, so the stream stays in step
after a malformed frame, and only an oversized one forces a disconnect. ``recv_paced`` also
bounds the time: the first byte within a wait, then the whole frame at a minimum byte rate.
"""

from __future__ import annotations

import asyncio
import math
import struct
from typing import Any

import msgpack

from netcode.transport import Transport

HEADER = struct.Struct(">I")
CLIENT_FRAME_LIMIT = 64 * 1024
"""The host's limit on a frame from a peer: actions and chat are small."""
HOST_FRAME_LIMIT = 16 * 1024 * 1024
"""A peer's limit on a frame from the host: the end of a game carries the whole log."""

Message = dict[str, Any]


class FrameError(ValueError):
    """A frame the receiver refuses."""


class FrameTooLarge(FrameError):
    """The length prefix is over the limit: the stream cannot be trusted after it."""


class MalformedFrame(FrameError):
    """The payload is not a msgpack map with a string ``t``; the stream is still in step."""


class FrameTooSlow(FrameError):
    """A frame began but did not arrive in time (a peer trickling bytes to hold a connection)."""


def encode(message: Message) -> bytes:
    """One frame: length prefix and payload."""
    payload: bytes = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(payload)) + payload


def msgpack_problem(exc: Exception) -> str:
    """What msgpack's ``exc`` says of a payload, in words a client's author can search for."""
    if isinstance(exc, msgpack.ExtraData):
        return "more than one value in the frame"
    if isinstance(exc, msgpack.StackError):
        return "nested too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return "a string that is not UTF-8"
    if "incomplete input" in str(exc):
        return "the frame ends inside its value (or is empty)"
    if "map key" in str(exc):
        return "a map key that is not a string or a number"
    return "bytes that are no msgpack value"


def decode(payload: bytes) -> Message:
    """The message in ``payload``, or MalformedFrame saying why not."""
    try:
        message = msgpack.unpackb(payload, raw=False, strict_map_key=True, use_list=True)
    except Exception as exc:  # msgpack raises several unrelated exception types
        raise MalformedFrame(f"not msgpack: {msgpack_problem(exc)}") from None
    if not isinstance(message, dict):
        raise MalformedFrame("a message is a map")
    kind = message.get("t")
    if not isinstance(kind, str):
        raise MalformedFrame("a message needs a string 't' (its type)")
    return message


async def read_frame(transport: Transport, limit: int) -> bytes:
    """The payload of the next frame (ConnectionClosed at end of stream)."""
    (length,) = HEADER.unpack(await transport.read_exactly(HEADER.size))
    if length > limit:
        raise FrameTooLarge(f"a frame of {length} bytes is over the limit of {limit}")
    return await transport.read_exactly(length) if length else b""


async def read_frame_paced(
    transport: Transport,
    limit: int,
    *,
    wait: float,
    grace: float,
    min_rate: float,
    finish_by: float = math.inf,
) -> bytes:
    """The payload of the next frame, in time: its first byte within ``wait`` seconds
    (TimeoutError otherwise), then the rest of it within ``grace + length / min_rate`` seconds
    and before the loop time ``finish_by`` (FrameTooSlow otherwise)."""
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(max(wait, 0.0)):
        first = await transport.read_exactly(1)
    start = loop.time()
    try:
        async with asyncio.timeout_at(min(start + grace, finish_by)) as deadline:
            (length,) = HEADER.unpack(first + await transport.read_exactly(HEADER.size - 1))
            if length > limit:
                raise FrameTooLarge(f"a frame of {length} bytes is over the limit of {limit}")
            deadline.reschedule(min(start + grace + length / min_rate, finish_by))
            return await transport.read_exactly(length) if length else b""
    except TimeoutError:
        raise FrameTooSlow(f"a frame must arrive at {min_rate:g} bytes a second or more") from None


class FramedConnection:
    """Messages over a transport: ``send`` one, ``recv`` the next."""

    def __init__(self, transport: Transport, limit: int) -> None:
        self.transport = transport
        self.limit = limit

    async def recv(self) -> Message:
        """The next message; MalformedFrame, FrameTooLarge or ConnectionClosed otherwise."""
        return decode(await read_frame(self.transport, self.limit))

    async def recv_paced(
        self, *, wait: float, grace: float, min_rate: float, finish_by: float = math.inf
    ) -> Message:
        """The next message, in time (``read_frame_paced``)."""
        payload = await read_frame_paced(
            self.transport,
            self.limit,
            wait=wait,
            grace=grace,
            min_rate=min_rate,
            finish_by=finish_by,
        )
        return decode(payload)

    async def send(self, message: Message) -> None:
        self.transport.write(encode(message))
        await self.transport.drain()

    def close(self) -> None:
        self.transport.close()
