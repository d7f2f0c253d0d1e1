"""Fixtures for the app's tests: an app on a fixed seed, saving into a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.seating import GamePlan


def make_app(tmp_path: Path, kinds: list[str], seed: str = "tui-test", **kw: object) -> JetSetApp:
    names = ["Ann", "Amelia", "Wilbur", "Bessie", "Charles", "Beryl"][: len(kinds)]
    plan = GamePlan(kinds, names, seed=seed, path=tmp_path / "game.jetset")
    kw.setdefault("bot_delay", 0)
    return JetSetApp(plan=plan, fsync=False, saves=tmp_path, **kw)  # type: ignore[arg-type]


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path
