"""A local game's first frame comes before its network code loads (BENCHMARKS.md, "TUI"): the
deal is drawn from the session's table, and the host, its peers and the protocol's messages,
which the game runs over in memory, load when the session starts, right after that frame. The
garbage collector held while the app starts (jetset_tui/startup.py) runs again after it.

Checked in a fresh interpreter (this one has loaded them for other tests): the real app, a game
against bots opened as ``jetset play`` opens it, each module looked for in ``sys.modules`` when
the game screen is first drawn, and again once the bots play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

NETWORK = (
    "netcode.messages",
    "netcode.protocol",
    "netcode.host",
    "netcode.peer",
    "netcode.admission",
    "netcode.seatkeys",
    "netcode.standins",
    "netcode.botplayer",
)

SCRIPT = """
import asyncio, gc, json, sys
from pathlib import Path

from jetset_tui import startup

startup.hold()  # as `jetset play` does

from jetset_tui.screens.game import GameScreen
from tests.tui.conftest import make_app
from tests.tui.play import game_screen

NETWORK = {network!r}
seen = []
render = GameScreen.render


def first_render(self):
    if not seen:
        bar = str(self.query_one("#turn-bar").render())
        seen.append(([m for m in NETWORK if m in sys.modules], "your turn" in bar,
                     gc.isenabled()))
    return render(self)


GameScreen.render = first_render


async def main():
    app = make_app(Path({folder!r}), ["human", "bot:greedy", "bot:greedy"])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("i", "enter")  # Take income: the bots move after it
        for _ in range(200):
            await pilot.pause(0.02)
            if screen.my_turn() and len(screen.session.game.entries) > 4:
                break
        played = len(screen.session.game.entries)
    loaded, your_turn, collecting = seen[0]
    after = [m for m in NETWORK if m in sys.modules]
    print(json.dumps({{"first": loaded, "your_turn": your_turn, "after": after,
                       "played": played, "collecting": [collecting, gc.isenabled()],
                       "frozen": gc.get_freeze_count()}}))


asyncio.run(main())
"""


def test_the_first_frame_comes_before_the_network_code_loads(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    script = SCRIPT.format(network=NETWORK, folder=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=root, timeout=120
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["your_turn"], "the first frame says whose turn it is"
    assert result["first"] == [], "network code loaded before the first frame"
    assert {"netcode.messages", "netcode.host", "netcode.peer"} <= set(result["after"])
    assert result["played"] > 4, "the bots played once the session started"
    assert result["collecting"] == [False, True], "the collector runs after the first frame"
    assert result["frozen"] > 0, "what the start made is set aside"
