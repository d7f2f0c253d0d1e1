"""The line under the command line that says what your move did, at a networked table: it
goes once another player has moved (``DONE_KEPT`` after it was said), however soon they move.
The real app, as a peer of a real host over TCP on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Income
from jetset_tui.app import JetSetApp
from jetset_tui.widgets import command
from tests.net.helpers import serve
from tests.net.hosting import until_shown
from tests.net.test_tui_bot_moves import me_and_ann


async def test_the_done_line_goes_when_another_player_moves_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play test's host typed income and Jo answered within two seconds: the "✓ income" line
    stayed through the next turns (the other player's move came while it was young, and the
    line was kept for good)."""
    monkeypatch.setattr(command, "DONE_KEPT", 1.0)
    async with serve(tmp_path, 2, seed="done-line-net") as served:
        me, ann = await me_and_ann(served)
        game = served.table.game
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40)) as pilot:
            await until_shown(pilot, app, lambda _: game.to_move() == 0, 10)
            await pilot.press(":", *"income", "enter")
            await until_shown(pilot, app, lambda t: "✓ income" in t, 10)
            await until_shown(pilot, app, lambda _: ann.game.to_move() == 1, 10)
            await ann.submit(1, Income())  # at once: well within DONE_KEPT
            await until_shown(pilot, app, lambda t: "✓ income" not in t, 10)
        await ann.close()
        await me.close()
