"""Fixtures for the SSH tests: a server on 127.0.0.1 (ephemeral port) in a temporary folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import client_key, start_server


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    srv = await start_server(tmp_path)
    try:
        yield srv
    finally:
        await srv.close()


@pytest.fixture
def alice_key(tmp_path: Path) -> asyncssh.SSHKey:
    return client_key(tmp_path, "alice")


@pytest.fixture
def bob_key(tmp_path: Path) -> asyncssh.SSHKey:
    return client_key(tmp_path, "bob")
