"""The TCP host's admission under load (issue 16): its read path, and a seat holder in a flood.

1. Messages a second through one connection's read path (pings answered by pongs, 20,000 sent
   at once, best of three): every frame now meets a first-byte deadline and a byte-rate deadline.
2. A flood of silent sockets from 13 loopback addresses takes every place it can; then a dropped
   player's reconnect with its token, five times, more strangers arriving between the tries: how
   long from connecting to seated.

Run: ``python benchmarks/bench_admission.py``. Loopback only.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from engine import Options
from netcode.framing import FramedConnection, encode
from netcode.host import Host, HostSettings
from netcode.protocol import hello_message
from netcode.table import Table
from netcode.transport import TcpTransport

LOOPBACK = "127.0.0.1"
PINGS = 20_000


async def connect(port: int, address: str = LOOPBACK) -> FramedConnection:
    reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(address, 0))
    return FramedConnection(TcpTransport(reader, writer), 1 << 24)


async def until(conn: FramedConnection, kind: str) -> dict[str, object]:
    while True:
        message = await conn.recv()
        if message["t"] == kind:
            return message


async def hosted(settings: HostSettings) -> tuple[Host, asyncio.Server, int]:
    table = Table.create(
        Options(players=2), ["random"], Path(tempfile.mkdtemp()) / "g.jetset", fsync=False
    )
    host = Host(table, settings)
    server = await host.serve_tcp(LOOPBACK, 0)
    host.start_bots()
    return host, server, server.sockets[0].getsockname()[1]


async def read_path() -> float:
    host, server, port = await hosted(HostSettings(rate=1e9, burst=1e9))
    conn = await connect(port)
    await conn.send(hello_message("bench"))
    await conn.send({"t": "spectate", "have": 0})
    await until(conn, "seated")
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        conn.transport.write(b"".join(encode({"t": "ping", "n": i}) for i in range(PINGS)))
        for _ in range(PINGS):
            await until(conn, "pong")
        best = min(best, time.perf_counter() - start)
    server.close()
    await host.close()
    return PINGS / best


async def flood() -> tuple[int, list[float]]:
    host, server, port = await hosted(HostSettings())
    player = await connect(port)
    await player.send(hello_message("bench"))
    await player.send({"t": "join", "name": "p"})
    token = (await until(player, "seated"))["token"]
    player.close()
    await asyncio.sleep(0.2)
    strangers = [await connect(port, f"127.0.1.{n % 13 + 1}") for n in range(100)]
    await asyncio.sleep(0.3)
    held = len(host.conns)
    times = []
    for i in range(5):
        start = time.perf_counter()
        back = await connect(port, "127.0.2.1")
        await back.send(hello_message("bench"))
        await back.send({"t": "reconnect", "token": token, "have": 0})
        await until(back, "seated")
        times.append(time.perf_counter() - start)
        strangers.extend([await connect(port, f"127.0.3.{i * 10 + n + 1}") for n in range(10)])
    server.close()
    await host.close()
    return held, times


async def main() -> None:
    print(f"read path: {await read_path():,.0f} messages a second (best of 3)")
    held, times = await flood()
    shown = ", ".join(f"{t * 1000:.1f} ms" for t in times)
    print(f"flood: {held} connections held; the seat holder's reconnects seated in {shown}")


if __name__ == "__main__":
    asyncio.run(main())
