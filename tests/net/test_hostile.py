"""Bad input at a live host: each gets a clear error or a disconnect, and changes nothing."""

from __future__ import annotations

import asyncio
import struct
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest

from netcode.framing import FramedConnection, encode
from netcode.host import HostSettings
from netcode.peer import NetPeer
from netcode.peer_words import JoinRefused
from netcode.protocol import hello_message
from netcode.transport import memory_pipe

from .helpers import Served, assert_all_agree, closed, codes, finish, recv_until, serve

FAST = HostSettings(hello_timeout=0.5, idle_timeout=1.0, rate=50, burst=20, max_errors=5)


async def seated(served: Served, name: str = "x") -> tuple[FramedConnection, int]:
    conn = await served.raw()
    await conn.send({"t": "join", "name": name})
    msg = await recv_until(conn, "seated")
    return conn, int(msg["seat"])


async def test_oversize_frame_disconnects(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=FAST) as served:
        conn = await served.raw()
        conn.transport.write(struct.pack(">I", 10_000_000) + b"x" * 100)
        assert "too-large" in codes(await closed(conn))


async def test_malformed_frames_get_errors_then_a_disconnect(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=FAST) as served:
        conn = await served.raw()
        for payload in (b"\xc1", msgpack.packb([1, 2]), msgpack.packb({"t": 5}), b""):
            conn.transport.write(struct.pack(">I", len(payload)) + payload)
        said = [await recv_until(conn, "error") for _ in range(4)]
        assert {e["code"] for e in said} == {"malformed"}
        # in words a client's author can search for, not Python's exception names
        assert said[0]["message"] == "not msgpack: bytes that are no msgpack value"
        assert said[3]["message"] == "not msgpack: the frame ends inside its value (or is empty)"
        assert not any("Error" in e["message"] for e in said), said
        await conn.send({"t": "ping", "n": 7})  # the stream is still in step
        assert (await recv_until(conn, "pong"))["n"] == 7
        for _ in range(3):
            conn.transport.write(struct.pack(">I", 1) + b"\xc1")
        assert "errors" in codes(await closed(conn))


async def test_unknown_and_out_of_order_messages(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=FAST) as served:
        conn = await served.raw()
        await conn.send({"t": "teleport"})
        assert (await recv_until(conn, "error"))["code"] == "unknown"
        await conn.send({"t": "action", "id": 1, "at": 0, "seat": 0, "x": "income"})
        said = await recv_until(conn, "error")  # in the protocol's words, not the host's stages
        assert (said["code"], said["message"]) == (
            "order",
            "take a seat first: join, reconnect or spectate",
        )
        await conn.send({"t": "hello", "app": "jetset", "proto": 1})
        said = await recv_until(conn, "error")
        assert (said["code"], said["message"]) == (
            "order",
            "hello comes once, and this connection has said it",
        )
        await conn.send({"t": "join", "name": 17})
        assert (await recv_until(conn, "error"))["code"] == "malformed"


async def test_wrong_version_and_wrong_app(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=FAST) as served:
        conn = await served.raw(hello=False)
        await conn.send({"t": "hello", "app": "jetset", "proto": 99})
        assert codes(await closed(conn)) == ["version"]
        conn = await served.raw(hello=False)
        await conn.send({"t": "hello", "app": "http", "proto": 1})
        assert codes(await closed(conn)) == ["version"]


async def test_actions_out_of_turn_for_another_seat_stale_and_illegal(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=HostSettings(max_errors=50)) as served:
        a, seat_a = await seated(served, "a")
        await a.send({"t": "action", "id": 1, "at": 0, "seat": 0, "x": "income"})
        assert (await recv_until(a, "error"))["code"] == "not-started"
        b, seat_b = await seated(served, "b")
        game = served.table.game
        await asyncio.sleep(0.1)
        n = len(game.entries)
        mover, other = (a, b) if game.to_move() == seat_a else (b, a)
        other_seat = seat_b if mover is a else seat_a
        mover_seat = seat_a if mover is a else seat_b
        before = game.digest()
        cases = [
            (other, {"seat": other_seat, "at": n, "x": "income"}, "turn"),
            (other, {"seat": mover_seat, "at": n, "x": "income"}, "seat"),
            (mover, {"seat": mover_seat, "at": n - 1, "x": "income"}, "stale"),
            (mover, {"seat": mover_seat, "at": n + 5, "x": "income"}, "stale"),
            (mover, {"seat": mover_seat, "at": n, "x": "fly to the moon"}, "notation"),
            (mover, {"seat": mover_seat, "at": n, "x": "buy MIL-ROM 99"}, "illegal"),
        ]
        for i, (conn, fields, code) in enumerate(cases):
            await conn.send({"t": "action", "id": 100 + i, **fields})
            error = await recv_until(conn, "error")
            assert (error["code"], error["ref"]) == (code, 100 + i), error
        assert game.digest() == before and len(game.entries) == n


async def test_spectator_cannot_act(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["random", "random"]) as served:
        conn = await served.raw()
        await conn.send({"t": "spectate", "have": 0})
        await recv_until(conn, "seated")
        await conn.send({"t": "action", "id": 3, "at": 0, "seat": 0, "x": "income"})
        assert (await recv_until(conn, "error"))["code"] == "spectator"


async def test_flood_disconnects(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=FAST) as served:
        conn = await served.raw()
        for n in range(200):
            conn.transport.write(encode({"t": "ping", "n": n}))
        assert "flood" in codes(await closed(conn))


async def test_half_open_connections_time_out(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=FAST) as served:
        silent = await served.raw(hello=False)  # never says hello
        assert codes(await closed(silent)) == ["idle"]
        quiet = await served.raw()  # says hello, then nothing, not even pings
        assert codes(await closed(quiet)) == ["idle"]
        partial = await served.raw()
        partial.transport.write(struct.pack(">I", 50) + b"\x81")  # half a frame, then silence
        assert codes(await closed(partial)) == ["slow"]


async def test_bad_token_wrong_password_and_full_table(tmp_path: Path) -> None:
    # the back-off has its own tests; the game after the refusals is played by a bot that sends
    # nothing between its moves, so FAST's 1 s of silence could drop it on a loaded machine
    no_wait = replace(FAST, password_backoff=0.0, idle_timeout=30.0)
    async with serve(tmp_path, 2, ["random"], password="pw", settings=no_wait) as served:
        with pytest.raises(JoinRefused) as refused:
            await NetPeer.connect(await served.connect(), token="0" * 32)
        assert refused.value.code == "token"
        with pytest.raises(JoinRefused) as refused:
            await NetPeer.connect(await served.connect(), name="x", password="nope")
        assert refused.value.code == "password"
        ok = await served.bot("random", "ok", password="pw")
        with pytest.raises(JoinRefused) as refused:
            await NetPeer.connect(await served.connect(), name="late", password="pw")
        assert refused.value.code == "full"
        await finish([ok])
        assert_all_agree(served, [ok])


async def test_a_peer_that_stops_reading_is_dropped(tmp_path: Path) -> None:
    settings = HostSettings(max_queued=4096)
    async with serve(tmp_path, 3, ["greedy", "greedy"], settings=settings) as served:
        tcp = await served.raw()
        await tcp.send({"t": "spectate", "have": 0})  # then never reads
        host_end, stuck = memory_pipe("stuck", high_water=1024)
        attached = asyncio.create_task(served.host.attach(host_end))
        stuck.write(encode(hello_message("stuck")) + encode({"t": "spectate", "have": 0}))
        player = await served.bot("greedy", "p")
        await finish([player])
        assert_all_agree(served, [player])
        await asyncio.wait_for(attached, 5)  # the host let go of the peer that never reads
        tcp.close()


async def test_too_many_connections(tmp_path: Path) -> None:
    settings = HostSettings(max_connections=2, reserved_for_seats=0)
    async with serve(tmp_path, 2, settings=settings) as served:
        keep = [await served.raw(), await served.raw()]
        extra = await served.raw(hello=False)
        assert codes(await closed(extra)) == ["busy"]
        for conn in keep:
            conn.close()
