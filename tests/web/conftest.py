"""Fixtures for the browser tests: the SSH tests' game server (127.0.0.1, a temporary folder),
shared so the lobby the browsers reach is the one the SSH tests check."""

from __future__ import annotations

from tests.ssh.conftest import server

__all__ = ["server"]
