"""A bot that carries no rules, over a raw socket: the protocol is all it knows. Written with
nothing but the standard library and msgpack, so it reads as a recipe for any language.

    jetset host --headless --players 2 --bots greedy --port 7777   # in one terminal
    python examples/bots/socket_bot.py 127.0.0.1:7777            # in another

It says ``legal: true`` in its hello, so the host sends it a ``turn`` message whenever its seat is
to move: the seat's legal actions in notation and its view of the table as plain data (cash,
rows, airlinks, cards; docs/bots.md, "The position"). It answers with one of the actions
(docs/protocol.md). It plays legally, not well: the strategy is yours to write in ``pick``.
It pings at the interval the ``welcome`` names, or a host that heard nothing for a while (a
game still waiting for players, say) would drop it.
"""

from __future__ import annotations

import asyncio
import struct
import sys
from typing import Any

import msgpack

PROTOCOL = 5


async def send(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    """One frame: a 4-byte big-endian length, then a msgpack map."""
    body = msgpack.packb(message)
    writer.write(struct.pack(">I", len(body)) + body)
    await writer.drain()


async def receive(reader: asyncio.StreamReader) -> dict[str, Any]:
    (length,) = struct.unpack(">I", await reader.readexactly(4))
    message: dict[str, Any] = msgpack.unpackb(await reader.readexactly(length))
    return message


async def keep_alive(writer: asyncio.StreamWriter, every: float) -> None:
    """A ``ping`` every ``every`` seconds (the ``welcome``'s ``ping``) while the bot waits."""
    n = 0
    while True:
        await asyncio.sleep(every)
        n += 1
        await send(writer, {"t": "ping", "n": n})


def pick(legal: list[str], view: dict[str, Any], seat: int) -> str:
    """Claim a card or fly a Final Flight when it can; else buy an airlink with one plane (the
    lists are in canonical order, so this is the first in the list) while it has €15 or more;
    else take income."""
    for line in legal:
        if line.startswith(("claim ", "final ", "plane")):
            return line
    buys = [line for line in legal if line.startswith("buy ") and line.endswith(" 1")]
    if buys and view["seats"][seat]["cash"] >= 15:
        return buys[0]
    return "income" if "income" in legal else legal[0]


async def play(host: str, port: int, name: str = "socket-bot") -> tuple[int, list[dict[str, Any]]]:
    """Take a seat and play it to the end; the seat and every turn message the host sent."""
    reader, writer = await asyncio.open_connection(host, port)
    hello = {"t": "hello", "app": "jetset", "proto": PROTOCOL, "client": name, "legal": True}
    await send(writer, hello)
    await send(writer, {"t": "join", "name": name})
    seat, turns = -1, []
    pinging: asyncio.Task[None] | None = None
    try:
        while True:
            msg = await receive(reader)
            if msg["t"] == "welcome":
                pinging = asyncio.ensure_future(keep_alive(writer, float(msg["ping"])))
            elif msg["t"] == "seated":
                seat = msg["seat"]
            elif msg["t"] == "turn":
                turns.append(msg)
                action = {"t": "action", "id": len(turns), "at": msg["i"], "seat": seat}
                await send(writer, {**action, "x": pick(msg["legal"], msg["view"], seat)})
            elif msg["t"] == "error":
                print(f"the host says: {msg['message']}", file=sys.stderr)
                if msg.get("fatal"):
                    raise ConnectionError(msg["message"])
            elif msg["t"] in ("end", "bye"):
                return seat, turns
    finally:
        if pinging is not None:
            pinging.cancel()
        writer.close()


def main() -> None:
    address = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1:7777"
    host, _, port = address.rpartition(":")
    if len(sys.argv) > 2 or not host or not port.isdigit():
        sys.exit(f"usage: python {sys.argv[0]} [HOST:PORT]   (default 127.0.0.1:7777)")
    seat, turns = asyncio.run(play(host, int(port)))
    print(f"played seat {seat}: {len(turns)} turns")


if __name__ == "__main__":
    main()
