"""A disk that fills up: the host pauses the game, tells everyone, and goes on once it can write.

The disk is a real tmpfs where the test may mount one (CI runs as root), else a log writer that
fails with ENOSPC (tests/net/disk.py). Either way the final log must equal an uninterrupted game's
of the same seed: the same entries, the same digest.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import IllegalAction
from netcode.client import ClientEvent, Problem
from netcode.host import HostSettings
from netcode.logfile import read_log, whole_records_length
from netcode.peer import NetPeer
from netcode.transport import Transport

from .disk import Disk, full_tmpfs
from .helpers import Served, assert_all_agree, finish, serve
from .procs import JETSET

PAUSED = "the host cannot save the game (disk full); the game is paused"
GOES_ON = "the host can save the game again; the game continues"


def heard(peers: list[NetPeer]) -> list[list[str]]:
    """What each peer is told (its Problems), as it is told."""
    told: list[list[str]] = [[] for _ in peers]
    for peer, mine in zip(peers, told, strict=True):

        def listener(event: ClientEvent, mine: list[str] = mine) -> None:
            if isinstance(event, Problem):
                mine.append(event.message)

        peer.add_listener(listener)
    return told


async def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    async def loop() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(loop(), timeout)


async def play_out(served: Served, players: int, delay: float = 0.0) -> list[NetPeer]:
    return [await served.bot("greedy", f"p{i}", delay=delay) for i in range(players)]


async def uninterrupted(tmp_path: Path, seed: str) -> list[tuple[int, int, str, str]]:
    """The records of the same game on a disk that never fills."""
    async with serve(tmp_path / "plain", 3, seed=seed) as served:
        await finish(await play_out(served, 3))
    return read_log(tmp_path / "plain" / "game.jetset").records


async def test_a_full_disk_mid_game_pauses_it_and_it_goes_on(disk: Disk, tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    seed = "full-disk"
    table = disk.table(3, seed)
    settings = HostSettings(retry_first=0.1, retry_most=0.2)
    async with serve(disk.folder, 3, table=table, settings=settings) as served:
        peers = await play_out(served, 3, delay=0.002)
        told = heard(peers)
        await until(lambda: len(served.table.game.entries) >= 30)
        disk.fill()
        await until(lambda: served.host.paused is not None)
        assert served.host.paused == "disk full"
        await until(lambda: all(PAUSED in mine for mine in told), 5)
        for peer in peers:  # said for as long as it lasts, not only once
            assert peer.presence is not None and peer.presence.paused == PAUSED
            assert peer.presence.by_itself
        held = len(read_log(table.log_path).records)
        raw = table.log_path.read_bytes()
        assert whole_records_length(raw) == len(raw)  # the failed write was cut back off
        mover = served.table.game.to_move()
        other = next(peer for peer in peers if peer.seat != mover)
        assert other.seat is not None
        with pytest.raises(IllegalAction, match="paused"):
            await other.submit(other.seat, other.notation.parse_action("income"))
        await asyncio.sleep(0.5)  # several retries fail meanwhile
        # nothing applied past what is on disk: not by the host, not by any peer
        assert len(read_log(table.log_path).records) == held
        assert len(served.table.game.entries) == held
        assert all(len(peer.game.entries) <= held for peer in peers)
        disk.free()
        await finish(peers)
        assert_all_agree(served, peers)
        assert all(GOES_ON in mine for mine in told)
        assert all(peer.presence is None or peer.presence.paused is None for peer in peers)
        assert not any("internal" in line for mine in told for line in mine)
    assert read_log(table.log_path).records == await uninterrupted(tmp_path, seed)


async def test_a_full_disk_at_the_start_tries_once_then_waits(
    disk: Disk, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The header write fails: one try, one log line; a peer that reconnects meanwhile does not
    start the game again; once the disk has room the game starts and plays to the end."""
    (tmp_path / "plain").mkdir()
    seed = "full-at-start"
    table = disk.table(3, seed)
    disk.fill()
    settings = HostSettings(retry_first=1.0, retry_most=1.0)
    caplog.set_level(logging.INFO, logger="jetset.host")
    async with serve(disk.folder, 3, table=table, settings=settings) as served:

        async def connector() -> Transport:
            return await served.connect()

        first = await served.bot("greedy", "p0", connector=connector, reconnect_for=10)
        peers = [first, *[await served.bot("greedy", f"p{i}") for i in (1, 2)]]
        told = heard(peers)
        await until(lambda: served.host.paused is not None, 5)
        await until(lambda: all(PAUSED in mine for mine in told), 5)
        assert first._conn is not None
        first._conn.transport.abort()  # reconnects, and the seats are full again
        await until(lambda: told[0].count("reconnected") == 1, 5)
        await asyncio.sleep(0.3)
        tries = [r for r in caplog.records if "cannot save the game" in r.getMessage()]
        assert len(tries) == 1, [r.getMessage() for r in caplog.records]
        assert not any(r.exc_info for r in caplog.records)
        assert not served.table.started and not served.table.game.entries
        disk.free()
        await finish(peers)
        assert_all_agree(served, peers)
    assert read_log(table.log_path).records == await uninterrupted(tmp_path, seed)


async def test_reconnect_for_is_one_deadline_whatever_the_host_answers(tmp_path: Path) -> None:
    """A host that seats every reconnect and then fails (``internal``) at once, as a host whose
    disk failed at the start did: the peer stops after ``reconnect_for`` seconds in all."""
    from netcode.framing import FramedConnection
    from netcode.protocol import PROTOCOL, error_message
    from netcode.transport import TcpTransport, open_tcp

    welcome = {
        "t": "welcome",
        "proto": PROTOCOL,
        "game": {"options": {"players": 2}, "commitment": "c" * 64, "started": False},
        "password": False,
        "ping": 10.0,
        "seats": [],
    }
    connections = 0

    async def failing_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        conn = FramedConnection(TcpTransport(reader, writer), 1 << 16)
        try:
            await conn.recv()  # hello
            await conn.send(welcome)
            await conn.recv()  # join or reconnect
            await conn.send({"t": "seated", "seat": 0, "token": "t" * 32, "from": 0})
            await conn.send(error_message("internal", "the host failed", fatal=True))
        finally:
            conn.close()

    server = await asyncio.start_server(failing_host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]

    async def connector() -> Transport:
        return await open_tcp("127.0.0.1", port)

    loop = asyncio.get_running_loop()
    began = loop.time()
    peer = await NetPeer.connect(await connector(), connector=connector, reconnect_for=2)
    try:
        await peer.wait_over(6)
        took = loop.time() - began
    finally:
        await peer.close()
        server.close()
    assert peer.lost is not None and "could not reconnect" in peer.lost
    assert took < 4.5, took  # 2 s in all (a deadline per try: 2 s each, three tries or more)
    assert connections > 2  # it did reconnect, and was cut off again each time


def test_host_on_a_disk_already_full_says_so(tmp_path: Path) -> None:
    """No game files can be written at all: one sentence, exit 1, no traceback."""
    with full_tmpfs(tmp_path / "disk") as folder:
        command = ["host", "--headless", "--players", "2", "--bots", "greedy", "--port", "0"]
        done = subprocess.run(
            [*JETSET, *command, "--log", str(folder / "game.jetset")],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1, done
    assert "jetset host: cannot save the game" in done.stderr and "(disk full)" in done.stderr
    assert "Traceback" not in done.stderr
