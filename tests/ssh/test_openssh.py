"""End to end with the real OpenSSH client inside tmux: connect, see the lobby, create a game
against bots, make a move."""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import client_key

# .ci/run installs both, and under CI (CI=true) these tests run or fail: they are skipped only on
# a developer's machine without the real ssh client or tmux.
pytestmark = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux")) and not os.environ.get("CI"),
    reason="needs openssh-client and tmux (.ci/run installs them)",
)


async def tmux(*args: str) -> str:
    proc = await asyncio.create_subprocess_exec(
        "tmux", *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    return out.decode("utf-8", "replace")


class Pane:
    """A tmux session running a command, read with capture-pane."""

    def __init__(self, name: str) -> None:
        self.name = name

    async def text(self) -> str:
        return await tmux("capture-pane", "-p", "-t", self.name)

    async def wait_for(self, what: str | Callable[[str], bool], timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        test = (lambda t: what in t) if isinstance(what, str) else what
        while True:
            text = await self.text()
            if test(text):
                await asyncio.sleep(0.2)
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the pane never showed {what!r}:\n{text}")
            await asyncio.sleep(0.1)

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await tmux("send-keys", "-t", self.name, key)
            await asyncio.sleep(0.15)


@pytest.fixture
async def pane(server: GameServer, tmp_path: Path) -> AsyncIterator[Pane]:
    client_key(tmp_path, "openssh")
    key = tmp_path / "openssh_ed25519"
    name = f"jetset-ssh-test-{os.getpid()}"
    command = (
        f"ssh -F /dev/null -p {server.port} -o StrictHostKeyChecking=no "
        f"-o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR "
        f"-i {key} ann@127.0.0.1"
    )
    await tmux("new", "-d", "-s", name, "-x", "120", "-y", "40", command)
    try:
        yield Pane(name)
    finally:
        await tmux("kill-session", "-t", name)


async def test_openssh_in_tmux_plays_a_move(server: GameServer, pane: Pane) -> None:
    text = await pane.wait_for("No games yet")
    assert "ann" in text and "Lobby chat" in text
    await pane.keys("n")
    await pane.wait_for("Bots among them")
    await pane.keys("Enter")
    await pane.wait_for(lambda t: ": Type" in t.rstrip().splitlines()[-1])
    text = await pane.text()
    assert "Amelia" in text and "ann's Final Flights" in text
    game = server.lobby.rooms["1"].table.game
    before = len(game.entries)
    await pane.keys(":")
    await pane.wait_for(lambda t: ": Type" not in t.rstrip().splitlines()[-1])
    await pane.keys("income", "Enter")
    await pane.wait_for("✓ income")
    assert game.entries[before].actor == 0
    assert "income" in str(game.entries[before].action).lower()
