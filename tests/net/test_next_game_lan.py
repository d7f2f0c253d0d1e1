"""r at the end of a game ``jetset host`` serves: the host's own screen opens the next game of
its seats at the same address; a ``jetset join`` player still at the end is told, and their r
seats them in it (the real ``serve`` and ``join`` commands, over TCP on 127.0.0.1, each screen
the real app under Pilot)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.cli import build_parser
from jetset_tui.commands.host import make_table, serve
from jetset_tui.commands.join import join
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.jetlag_end import JetLagEndScreen
from netcode.client import GameClient
from netcode.logfile import read_log
from netcode.replay import replay

from .hosting import host_args, hosting_of, until


def notices(app: JetSetApp) -> list[str]:
    """What the app's notices say (each posted as a message: it shows a moment later)."""
    return [str(n.message) for n in app._notifications]


def offered(app: JetSetApp, key: str) -> str | None:
    """What ``key`` does on the screen now, as its footer says (None: nothing)."""
    active = app.active_bindings.get(key)
    return active.binding.description if active is not None and active.enabled else None


def at_the_end(app: JetSetApp) -> bool:
    return isinstance(app.screen, JetLagEndScreen)


def seated(app: JetSetApp, names: list[str]) -> bool:
    """Jet Lag's table is up with ``names`` in its seats."""
    session = app.launch_session
    return (
        isinstance(app.screen, JetLagScreen)
        and session is not None
        and [seat.name for seat in session.seats] == names
    )


async def test_the_host_opens_the_next_game_and_a_joiner_follows_it(tmp_path: Path) -> None:
    """Two Jet Lag games at one ``jetset host`` address, both played by the turn clock's bots:
    at the first end the joiner is offered no r until the host's r opens game 2; then they
    are told who opened it, r seats them, and game 2 has its own log, dealt anew, beside the
    first; Kim's first game is still in its log, whole."""
    first_log = tmp_path / "first.jetset"
    args = host_args(
        "--game", "jetlag", "--port", "0", "--log", str(first_log), "--turn-time", "0.03"
    )
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    games: list[GameClient] = []
    told: list[str] = []
    before_r: list[str | None] = []
    looked = asyncio.Event()  # the joiner looked at its first end's keys

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        games.append(client)
        async with app.run_test(size=(100, 30)) as pilot:
            if not port.done():
                port.set_result(hosting_of(client).port)
                await until(pilot, lambda: seated(app, ["Hal", "Kim"]))
                await until(pilot, lambda: at_the_end(app), timeout=60)
                assert offered(app, "r") == "Play again", "the host opens the next game"
                await until(pilot, looked.is_set)
                await pilot.press("r")
            else:
                assert hosting_of(client).number == 2
                await until(pilot, lambda: seated(app, ["Hal", "Kim"]))
                await until(pilot, lambda: at_the_end(app), timeout=60)
                await pilot.press("q")
            await pilot.pause()
        return app.then

    async def join_runner(
        client: GameClient, *, joined_at: str, from_lobby: bool = False
    ) -> str | None:
        app = JetSetApp(session=client, joined_at=joined_at)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: at_the_end(app), timeout=60)
            if len(before_r) == 0:
                await pilot.pause(0.2)
                before_r.append(offered(app, "r"))
                looked.set()
                await until(pilot, lambda: any("opened the next game" in n for n in notices(app)))
                told.extend(notices(app))
                await until(pilot, lambda: offered(app, "r") == "Play again")
                await pilot.press("r")
            else:
                before_r.append(offered(app, "r"))
                await pilot.press("q")
            await pilot.pause()
        return app.then

    async def joiner() -> int:
        at = f"127.0.0.1:{await port}"
        joined = build_parser().parse_args(["join", at, "--name", "Kim"])
        return await join(("127.0.0.1", await port), joined, join_runner)

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(120):
        assert await joiner() == 0
        assert await hosted == 0
    assert before_r[0] is None, "a joiner opens no game at the host: r waits for the host's"
    assert "Hal opened the next game for these seats: r takes a seat in it." in told
    assert before_r[1] is None, "no next game was opened after the second"
    second_log = tmp_path / "first-2.jetset"
    assert sorted(tmp_path.glob("*.jetset")) == [second_log, first_log]
    first, second = read_log(first_log), read_log(second_log)
    assert replay(first).ok and replay(second).ok
    assert [s.name for s in first.header.seats] == [s.name for s in second.header.seats]
    assert [s.name for s in second.header.seats] == ["Hal", "Kim"]
    assert first.header.rules_of_game.name == second.header.rules_of_game.name == "jetlag"
    assert first.records != second.records, "the next game is dealt anew"


async def test_the_next_game_is_made_like_the_first_and_said_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``HostedGame.next_game``: a new table like the finished one (its game, options, bots
    and their names, password, host's seat), logged beside it as ``NAME-2``, then ``NAME-3``
    (a new name if that file is taken); the address leads to the newest; with ``--json`` the
    host says each in a line."""
    from engine.games import game_rules
    from jetset_tui.commands.host import announce_next
    from netcode.host import Host
    from netcode.hosting import HostedGame
    from netcode.table import Table

    first = Table.create(
        {},
        ["greedy"],
        tmp_path / "evening.jetset",
        password="pw",
        fsync=False,
        host_name="Hal",
        rules=game_rules("jetlag"),
        bot_names=["Amelia"],
    )
    hosting = HostedGame(Host(first), bind="127.0.0.1", port=7777)
    second = hosting.next_game()
    (tmp_path / "evening-3.jetset").write_bytes(b"")  # taken: the third gets a new name
    third = second.next_game()
    try:
        assert second.log_path == tmp_path / "evening-2.jetset" and second.number == 2
        assert third.log_path.parent == tmp_path and third.log_path.name.startswith("2")
        assert hosting.host.current() is second.host.current() is third.host
        for made in (second.host.table, third.host.table):
            assert made.rules.name == "jetlag" and made.keys.password == "pw"
            assert [slot.name for slot in made.seats] == ["Hal", "Amelia"]
            assert [slot.bot_kind for slot in made.seats] == ["", "greedy"]
            assert made.keys.host_seat == 0 and made.keys.seed != first.keys.seed
        announce_next(second, as_json=True)
        said = json.loads(capsys.readouterr().out)
        assert said == {"game": 2, "log": str(tmp_path / "evening-2.jetset")}
    finally:
        for made in (hosting, second, third):
            await made.host.close()
