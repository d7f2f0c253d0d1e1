"""Fixtures for the app's tests: an app on a fixed seed, saving into a temporary folder."""

from __future__ import annotations

import gc
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.seating import GamePlan


def make_app(tmp_path: Path, kinds: list[str], seed: str = "tui-test", **kw: object) -> JetSetApp:
    names = ["Ann", "Amelia", "Wilbur", "Bessie", "Charles", "Beryl"][: len(kinds)]
    plan = GamePlan(kinds, names, seed=seed, path=tmp_path / "game.jetset")
    kw.setdefault("bot_delay", 0)
    return JetSetApp(plan=plan, fsync=False, saves=tmp_path, **kw)  # type: ignore[arg-type]


@contextmanager
def unawaited_coroutines() -> Iterator[list[str]]:
    """What Python said of coroutines never awaited while the block ran (its RuntimeWarning,
    given when such a coroutine is collected: collected here at the block's end)."""
    said: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield said
        gc.collect()
    said.extend(str(w.message) for w in caught if "never awaited" in str(w.message))


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path
