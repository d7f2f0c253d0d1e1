"""``jetset host`` run in this process with the real app under Pilot as the host's screen, and
real ``jetset join`` processes over TCP on 127.0.0.1."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.cli import build_parser
from jetset_tui.commands.host import make_table, serve
from jetset_tui.screens.game import GameScreen
from jetset_tui.screenshot import screen_text
from netcode.client import GameClient
from netcode.hosting import HostedGame

Script = Callable[[JetSetApp, Pilot[None], GameClient], Awaitable[None]]
"""What the host does at its screen."""


def host_args(*args: str) -> argparse.Namespace:
    return build_parser().parse_args(
        ["host", "--bind", "127.0.0.1", "--no-fsync", "--name", "Hal", *args]
    )


async def host_with_screen(args: argparse.Namespace, script: Script) -> int:
    """``jetset host ARGS`` whose screen is the app, driven by ``script``; the exit code."""
    table = make_table(args)

    async def runner(client: GameClient) -> None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(120, 40)) as pilot:
            await script(app, pilot, client)

    return await serve(table, args, runner)


def hosting_of(client: GameClient) -> HostedGame:
    hosting = client.hosting
    assert isinstance(hosting, HostedGame)
    return hosting


async def until(pilot: Pilot[None], done: Callable[[], bool], timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.02)


def game_shown(app: JetSetApp) -> bool:
    """The game screen is up with its whole table (the players, the roster: it mounts them
    right after its first frame, jetset_tui/screens/game.py)."""
    screen = app.screen
    return isinstance(screen, GameScreen) and screen.table_ready


def my_turn(app: JetSetApp) -> bool:
    screen = app.screen
    return game_shown(app) and isinstance(screen, GameScreen) and screen.my_turn()


async def type_line(pilot: Pilot[None], line: str) -> None:
    await pilot.press("colon", *line, "enter")


def records(log: Path) -> list[tuple[int, str, str]]:
    from netcode.logfile import read_log

    return [(actor, text, digest) for _, actor, text, digest in read_log(log).records]


async def play(app: JetSetApp, pilot: Pilot[None], client: GameClient, line: str) -> None:
    """On the host's next turn, type ``line``; until its entries are in."""
    await until(pilot, lambda: my_turn(app))
    before = len(client.game.entries)
    await type_line(pilot, line)
    await until(pilot, lambda: len(client.game.entries) > before)


async def leave_giving_the_seat(pilot: Pilot[None], app: JetSetApp) -> None:
    """At a joined game's table: q, the leave dialog offering o, and o (the app then ends)."""
    from jetset_tui.screens.leave import StopScreen

    await until(pilot, lambda: game_shown(app))
    await pilot.press("q")
    await until(pilot, lambda: isinstance(app.screen, StopScreen))
    text = screen_text(app)
    assert "o  Leave, and give my seat to the next person who joins" in text, text
    await pilot.press("o")
    await until(pilot, lambda: app._exit)


async def until_shown(
    pilot: object, app: JetSetApp, test: Callable[[str], bool], seconds: float
) -> str:
    """The screen's text once ``test`` holds of it (within ``seconds``)."""
    text = ""
    for _ in range(int(seconds / 0.05)):
        await pilot.pause(0.05)  # type: ignore[attr-defined]
        text = screen_text(app)
        if test(text):
            return text
    raise AssertionError(f"never seen on the screen:\n{text}")
