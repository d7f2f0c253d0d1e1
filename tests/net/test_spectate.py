"""``jetset join --spectate``: at a terminal the game screen, read-only; in a script, the entries
printed and one JSON result. The terminal is a real tmux pane."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .procs import JETSET, json_result, start_host, start_join

# .ci/run installs tmux; under CI (CI=true) this runs or fails, elsewhere it needs tmux.
pytestmark = pytest.mark.skipif(
    not shutil.which("tmux") and not os.environ.get("CI"), reason="needs tmux (.ci/run installs it)"
)


class Pane:
    def __init__(self, name: str) -> None:
        self.name = name

    def text(self) -> str:
        out = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return out.stdout

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = 30) -> str:
        test = (lambda t: what in t) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the pane never showed {what!r}:\n{text}")
            time.sleep(0.1)


@pytest.fixture
def pane_running() -> Iterator[Callable[[list[str]], Pane]]:
    names: list[str] = []

    def start(command: list[str]) -> Pane:
        name = f"jetset-watch-{os.getpid()}-{len(names)}"
        names.append(name)
        # started at once in a pane made from a test process, the app read 80×24 and never got the
        # resize; a moment's wait first gives it the pane's real size. The sleep after the command
        # keeps its last screen readable.
        # a tmux server already running gives a new pane its own environment, not this
        # process's: the pane is told where the session keeps the user's files
        here = [f"{name}={os.environ[name]}" for name in ("JETSET_HOME", "HOME")]
        line = "sleep 1; " + shlex.join(["env", *here, *command]) + "; sleep 60"
        subprocess.run(["tmux", "new", "-d", "-s", name, "-x", "120", "-y", "40", line], check=True)
        return Pane(name)

    yield start
    for name in names:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def test_a_spectator_watches_in_the_tui_and_a_script_gets_the_entries(
    pane_running: Callable[[list[str]], Pane],
) -> None:
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--seed", "watch")
    try:
        pane = pane_running([*JETSET, "join", f"127.0.0.1:{port}", "--spectate"])
        text = pane.wait_for("you are watching")
        assert "waiting for every seat to be taken" in text
        text = pane.wait_for("(open seat)")  # the players panel: right after the first frame
        assert "Buy" not in text.splitlines()[-1], "a spectator has no action keys"
        assert "types an action" not in text, "nor a command line to type one"
        script = start_join(port, "--spectate")  # --json, output to a pipe: no TUI
        player = start_join(port, "--bot", "greedy", "--delay", "0.01")
        played = json_result(player, timeout=120)
        watched = json_result(script, timeout=60)
        assert played["ok"] and watched["ok"] and watched["seat"] is None
        assert watched["digest"] == played["digest"]
        text = pane.wait_for("Game over", timeout=60)
        names = ["greedy-bot", "Amelia"]  # the joining bot sits first, the host's bot second
        winners = " and ".join(names[seat] for seat in played["winners"])  # a tie names both
        assert f"{winners} win" in text, text
    finally:
        host.kill()
        host.wait()


def test_a_piped_spectator_is_told_it_joined_without_a_token(tmp_path: Path) -> None:
    """A spectator holds no token: its first line read "...as a spectator; token None"."""
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", "piped",  # waits
        "--log", str(tmp_path / "piped.jetset"),
    )  # fmt: skip
    watcher = subprocess.Popen(
        [*JETSET, "join", f"127.0.0.1:{port}", "--spectate"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert watcher.stdout is not None
        first = watcher.stdout.readline()
        assert first == f"jetset join: joined 127.0.0.1:{port} as a spectator\n", first
    finally:
        for proc in (watcher, host):
            proc.kill()
            proc.communicate()


async def test_a_piped_spectator_marks_the_moves_a_bot_made_for_a_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Piped, ``--spectate`` prints the entries; the ones a stand-in made for Ann (she dropped)
    end with ``{bot}``, the table's own bot's moves do not."""
    import asyncio

    from jetset_tui.commands.join import print_event
    from netcode.client import ClientEvent
    from netcode.host import HostSettings
    from netcode.peer import NetPeer

    from .helpers import serve

    settings = HostSettings(reconnect_window=0.1, standin_kind="random")
    async with serve(tmp_path, 3, ["greedy"], seed="piped", settings=settings) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        steady = await served.bot("greedy", "steady", delay=0.02)
        watcher = await NetPeer.connect(await served.connect(), spectate=True)

        def printed(event: ClientEvent) -> None:
            print_event(watcher, event, verbose=True)

        watcher.add_listener(printed)
        assert ann._conn is not None
        ann._conn.transport.abort()
        await asyncio.wait_for(steady.wait_over(60), 60)
        await watcher.wait_over(10)
        lines = capsys.readouterr().out.splitlines()
    seats = {int(line.split()[1]) for line in lines if line.endswith("  {bot}")}
    assert seats == {ann.seat}, lines  # the stand-in's, for Ann
    assert any(line.split()[1] == "2" and "{bot}" not in line for line in lines), lines


async def test_a_spectators_screen_offers_no_plans(tmp_path: Path) -> None:
    """A play test's spectator pressed h (the footer offered "h Help") and got a whole screen
    that said only "Nobody's plans to show.": a spectator has no h; F1 is the rules."""
    from jetset_tui.app import JetSetApp
    from jetset_tui.screens.game import GameScreen
    from jetset_tui.screens.plan import PlanScreen
    from jetset_tui.screenshot import screen_text
    from netcode.peer import NetPeer

    from .helpers import serve

    async with serve(tmp_path, 2, ["greedy"], seed="watch-h") as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        watcher = await NetPeer.connect(await served.connect(), spectate=True)
        app = JetSetApp(session=watcher)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(200):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.pause(0.02)
            await pilot.pause(0.2)
            assert " h Hint " not in screen_text(app).splitlines()[-1]
            await pilot.press("h")
            await pilot.pause(0.2)
            assert not isinstance(app.screen, PlanScreen)
        await watcher.close()
        await ann.close()
