"""What a local game has loaded when its first frame is drawn, looked at in a fresh interpreter
(the tests' own has loaded everything for other tests): tests/tui/test_lazy_network.py and
tests/tui/test_lazy_panels.py.

``first_frame`` runs this module as a script: the real app, a game against two greedy bots opened
as ``jetset play`` opens it (the garbage collector held, jetset_tui/startup.py), each watched
module looked for in ``sys.modules`` when the game screen is first drawn, and again once the
table is mounted and the bots have played. The script imports nothing of the game before the
collector is held, and nothing that loads a bot (tests/tui/play.py does: it asks for ``BOTS``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def first_frame(watch: Sequence[str], folder: Path) -> dict[str, Any]:
    """Play the start of a game in a fresh interpreter, saving to ``folder``; what it saw:

    ``first``: the watched modules loaded at the first frame; ``your_turn``: that frame's turn
    bar says so; ``after``: the watched modules loaded once the bots played; ``played``: the
    game's entries by then; ``rows``: the rows panel as drawn; ``collecting``: whether the
    collector ran at the first frame and at the end; ``frozen``: what ``gc.freeze`` set aside.
    """
    out = subprocess.run(
        [sys.executable, "-m", __name__, str(folder), *watch],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _main(folder: Path, watch: list[str]) -> None:
    """The script: run the game, print what it saw as one line of JSON."""
    from jetset_tui import startup

    startup.hold()  # as `jetset play` does

    import asyncio
    import gc

    from jetset_tui.app import JetSetApp
    from jetset_tui.screens.game import GameScreen
    from jetset_tui.seating import GamePlan

    seen: list[tuple[list[str], bool, bool]] = []
    render = GameScreen.render

    def first_render(self: GameScreen) -> Any:
        if not seen:
            bar = str(self.query_one("#turn-bar").render())
            loaded = [m for m in watch if m in sys.modules]
            seen.append((loaded, "your turn" in bar, gc.isenabled()))
        return render(self)

    GameScreen.render = first_render  # type: ignore[method-assign]

    async def play() -> dict[str, Any]:
        kinds = ["human", "bot:greedy", "bot:greedy"]
        plan = GamePlan(kinds, ["Ann", "Amelia", "Wilbur"], seed="lazy", path=folder / "g.jetset")
        app = JetSetApp(plan=plan, fsync=False, saves=folder, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(300):
                await pilot.pause(0.02)
                screen = app.screen
                if isinstance(screen, GameScreen) and screen.table_ready:
                    break
            else:
                raise AssertionError("the table never came")
            await pilot.press("i", "enter")  # Take income: the bots move after it
            for _ in range(300):
                await pilot.pause(0.02)
                if screen.my_turn() and len(screen.session.game.entries) > 4:
                    break
            first, your_turn, collecting = seen[0]
            return {
                "first": first,
                "your_turn": your_turn,
                "after": [m for m in watch if m in sys.modules],
                "played": len(screen.session.game.entries),
                "rows": str(screen.query_one("RowsPanel").render()),
                "collecting": [collecting, gc.isenabled()],
                "frozen": gc.get_freeze_count(),
            }

    print(json.dumps(asyncio.run(play())))


if __name__ == "__main__":
    _main(Path(sys.argv[1]), sys.argv[2:])
