"""The build and install tools these tests run (pip, uv, pipx, and a compiler's toolchain behind a
build) keep caches and settings in ``HOME``: each test gives them a home of their own, so the
suite's guard on ``HOME`` (tests/conftest.py) checks what Jet Set writes, not what they do."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def tools_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("tools-home")))
