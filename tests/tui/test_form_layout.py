"""The new-game form at 80×24 has its small layout (``-slim``, ``-low``: narrower fields, rows
closer together) from its first frame: Textual gives a pushed screen its breakpoint classes only
once it has been laid out, and under load the form was seen drawn without them."""

from __future__ import annotations

from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.screens.new_game import NewGameScreen


@pytest.mark.parametrize(
    ("size", "classes"), [((80, 24), {"-slim", "-low"}), ((120, 40), {"-wide", "-tall"})]
)
async def test_the_form_has_its_layout_before_its_first_frame(
    tmp_path: Path, size: tuple[int, int], classes: set[str]
) -> None:
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        form = NewGameScreen()
        app.push_screen(form)
        assert classes <= set(form.classes), "before Textual has laid it out"
        await pilot.pause()
        assert classes <= set(form.classes)
