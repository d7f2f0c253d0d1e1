"""Many players arriving at once: what a session's start costs the server (BENCHMARKS.md, issue
16): a warm-up app before the first player, the lobby as the app's only screen, and full garbage
collections that wait until sessions end."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path
from typing import Any

import asyncssh

from jetset_tui.ssh.app import SshApp
from jetset_tui.ssh.collector import FULL_AFTER
from jetset_tui.ssh.screens.lobby import LobbyScreen
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import client_key, connect, start_server


def lobby_shown(text: str) -> bool:
    return "n New game" in text.splitlines()[-1]


def the_app(server: GameServer) -> SshApp:
    (session,) = server.sessions
    assert isinstance(session.app, SshApp)
    return session.app


async def test_the_lobby_is_the_only_screen_a_session_starts_with(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    stack = the_app(server).screen_stack
    assert len(stack) == 1 and isinstance(stack[0], LobbyScreen), stack
    await alice.press("n")
    await alice.wait_for("Bots among them")
    await alice.press("escape")
    await alice.lobby()
    await alice.close()


async def test_sessions_opened_at_once_all_reach_the_lobby(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        keys = [client_key(tmp_path, f"p{i}") for i in range(6)]
        terms = await asyncio.gather(
            *(
                connect(server, f"p{i}", k, local_addr=(f"127.0.1.{i + 1}", 0))
                for i, k in enumerate(keys)
            )
        )
        texts = await asyncio.gather(*(t.wait_for(lobby_shown, timeout=30) for t in terms))
        for i, text in enumerate(texts):
            assert f"p{i}" in text.splitlines()[0]
        for term in terms:
            await term.close()
    finally:
        await server.close()


async def test_no_full_collection_while_sessions_start(tmp_path: Path) -> None:
    before = gc.get_threshold()
    server = await start_server(tmp_path, collect_after=60)  # not the one after they start
    full: list[int] = []

    def counted(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    try:
        assert gc.get_threshold()[2] >= FULL_AFTER
        gc.collect()
        gc.callbacks.append(counted)
        keys = [client_key(tmp_path, f"p{i}") for i in range(8)]
        terms = await asyncio.gather(
            *(
                connect(server, f"p{i}", k, local_addr=(f"127.0.1.{i + 1}", 0))
                for i, k in enumerate(keys)
            )
        )
        await asyncio.gather(*(t.wait_for(lobby_shown, timeout=30) for t in terms))
        gc.callbacks.remove(counted)
        assert not full, f"{len(full)} full collections while 8 sessions started"
        for term in terms:
            await term.close()
    finally:
        if counted in gc.callbacks:
            gc.callbacks.remove(counted)
        await server.close()
    assert gc.get_threshold() == before, "the server leaves Python's thresholds as it found them"


async def test_a_closed_sessions_memory_is_returned_soon_after(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    server = await start_server(tmp_path, collect_after=0.3)
    try:
        alice = await connect(server, "alice", alice_key)
        await alice.lobby()
        app = weakref.ref(the_app(server))
        gc.collect()  # what the test itself left, so that only the server collects from here
        await alice.close()
        for _ in range(50):  # no gc.collect() here: the server's own collection frees the app
            await asyncio.sleep(0.1)
            if app() is None:
                break
        assert app() is None, "a closed session's app is not kept in memory"
        assert server.collector.collections >= 1
    finally:
        await server.close()


async def test_the_server_warms_up_before_the_first_player(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    server = await start_server(tmp_path, warm_up=True)
    try:
        assert server.warmed, "a lobby app was started and drew its screen before listening"
        assert not server.lobby._listeners, "and it is gone: nothing of it stays in the lobby"
        assert not server.sessions
        alice = await connect(server, "alice", alice_key)
        text = await alice.lobby()
        assert "alice" in text.splitlines()[0] and "warm-up" not in text
        await alice.close()
    finally:
        await server.close()
