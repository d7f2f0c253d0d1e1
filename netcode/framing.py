"""Frames: a 4-byte big-endian length, then that many bytes of one msgpack map.

Every message is a map with a string ``t`` (its type). A receiver refuses a length over its
limit before reading the payload (``FrameTooLarge``) and a payload that is not one msgpack map
with a ``t`` (``MalformedFrame``); neither reads past the frame, so the stream stays in step
after a malformed frame, and only an oversized one forces a disconnect.
"""

from __future__ import annotations

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


def encode(message: Message) -> bytes:
    """One frame: length prefix and payload."""
    payload: bytes = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(payload)) + payload


def decode(payload: bytes) -> Message:
    """The message in ``payload``, or MalformedFrame saying why not."""
    try:
        message = msgpack.unpackb(payload, raw=False, strict_map_key=True, use_list=True)
    except Exception as exc:  # msgpack raises several unrelated exception types
        raise MalformedFrame(f"not msgpack: {type(exc).__name__}") from None
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


class FramedConnection:
    """Messages over a transport: ``send`` one, ``recv`` the next."""

    def __init__(self, transport: Transport, limit: int) -> None:
        self.transport = transport
        self.limit = limit

    async def recv(self) -> Message:
        """The next message; MalformedFrame, FrameTooLarge or ConnectionClosed otherwise."""
        return decode(await read_frame(self.transport, self.limit))

    async def send(self, message: Message) -> None:
        self.transport.write(encode(message))
        await self.transport.drain()

    def close(self) -> None:
        self.transport.close()
