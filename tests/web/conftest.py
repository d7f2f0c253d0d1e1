"""Fixtures for the browser tests: the SSH tests' game server (127.0.0.1, a temporary folder),
shared so the lobby the browsers reach is the one the SSH tests check."""

from __future__ import annotations

import importlib.util
import os

import pytest

from tests.ssh.conftest import alice_key, server
from tests.web.browser import chromium

__all__ = ["alice_key", "server"]


def missing() -> str | None:
    """What this machine lacks for the browser tests, or None."""
    if chromium() is None:
        return "no chromium (apt-get install chromium; JETSET_CHROMIUM names another)"
    if importlib.util.find_spec("playwright") is None:
        return "no Playwright for Python (pip install playwright; the system's chromium is used)"
    return None


@pytest.fixture
def need_browser() -> None:
    """Skips a browser test where the machine has no browser to drive; fails it in CI, which
    must run it."""
    why = missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser test: {why}")
        pytest.skip(why)
