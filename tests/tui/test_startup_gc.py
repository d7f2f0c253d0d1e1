"""jetset_tui/startup.py: the collector held while the app starts, and released once."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from jetset_tui import startup
from jetset_tui.app import JetSetApp
from jetset_tui.screens.start import StartScreen
from tests.tui.play import settled


@pytest.fixture
def collector() -> Iterator[None]:
    """This test process's collector as it was, afterwards."""
    yield
    startup.release()
    gc.unfreeze()
    gc.enable()


@pytest.mark.usefixtures("collector")
def test_hold_stops_the_collector_and_release_sets_the_start_aside() -> None:
    gc.unfreeze()
    startup.hold()
    startup.hold()  # twice: still one hold
    assert not gc.isenabled()
    kept = [[i] for i in range(1000)]  # made while held
    startup.release()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(kept)
    gc.unfreeze()
    startup.release()  # nothing held: nothing frozen
    assert gc.isenabled() and gc.get_freeze_count() == 0


@pytest.mark.usefixtures("collector")
def test_release_without_hold_leaves_the_collector_alone() -> None:
    gc.unfreeze()
    gc.disable()  # someone else's choice: not ours to undo
    startup.release()
    assert not gc.isenabled() and gc.get_freeze_count() == 0


@pytest.mark.usefixtures("collector")
async def test_the_start_screen_lets_the_collector_run_again(tmp_path: Path) -> None:
    startup.hold()  # as `jetset` does
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot, gc.isenabled)
        assert isinstance(app.screen, StartScreen)
        assert gc.isenabled()
