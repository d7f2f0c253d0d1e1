"""r at the end of a game ``jetset host`` serves: the host's own screen opens the next game of
its seats at the same address; a ``jetset join`` player still at the end is told, and their r
seats them in it (the real ``serve`` and ``join`` commands, over TCP on 127.0.0.1, each screen
the real app under Pilot). The next game as the host makes it, without a screen:
test_next_games.py."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.cli import build_parser
from jetset_tui.commands.host import make_table, serve
from jetset_tui.commands.join import join
from jetset_tui.screens.end import EndScreen
from jetset_tui.screens.end_frame import EndFrame
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.leave import CloseTableScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.footer import KeyFooter
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


def footer_line(app: JetSetApp) -> str:
    """The footer as the screen shows it ("" while the screen is still being put up)."""
    footers = app.screen.query(KeyFooter)
    if not footers:
        return ""
    return "".join(segment.text for segment in footers.first().render_line(0))


def footer_fits(app: JetSetApp) -> bool:
    """Every key the footer shows is whole (none cut at the right edge)."""
    footer = app.screen.query_one(KeyFooter)
    widths = sum(key.width(footer.compact) for key in footer.keys)
    return widths + footer.palette_width <= footer.size.width


def at_the_end(app: JetSetApp) -> bool:
    return isinstance(app.screen, EndFrame)  # Jet Lag's, or Jet Set's


def seated(app: JetSetApp, names: list[str]) -> bool:
    """Jet Lag's table is up with ``names`` in its seats."""
    session = app.launch_session
    return (
        isinstance(app.screen, JetLagScreen)
        and session is not None
        and [seat.name for seat in session.seats] == names
    )


@pytest.mark.parametrize(("opener", "size"), [("Hal", (100, 30)), ("Kim", (80, 24))])
async def test_one_r_opens_the_next_game_and_the_other_follows_it(
    tmp_path: Path, opener: str, size: tuple[int, int]
) -> None:
    """Two Jet Lag games at one ``jetset host`` address, both played by the turn clock's bots:
    the first r at the end (the hosting player's, Hal, or the joiner's, Kim) opens game 2 and
    sits there; the other, still at the end, is told who opened it, and their r seats them;
    game 2 has its own log, dealt anew, beside the first; the first is still whole. Every
    screen is ``size``: at 80×24 the end's footer shows r and Esc whole, and no key cut."""
    first_log = tmp_path / "first.jetset"
    args = host_args(
        "--game", "jetlag", "--port", "0", "--log", str(first_log), "--turn-time", "0.03"
    )
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    told: list[str] = []

    async def follow_or_open(app: JetSetApp, pilot: Pilot[None], me: str) -> None:
        """r at the first end: at once for the opener; once told, for the other."""
        assert offered(app, "r") == "Play again", f"{me} may open the next game"
        assert offered(app, "escape") == "Leave", "Esc ends the command, not the app's menu"
        await until(pilot, lambda: "esc Leave" in footer_line(app))  # laid out
        assert footer_fits(app) and "r Play again" in footer_line(app), footer_line(app)
        if me != opener:
            await until(pilot, lambda: any("opened the next game" in n for n in notices(app)))
            told.extend(notices(app))
        await pilot.press("r")

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        async with app.run_test(size=size) as pilot:
            if not port.done():
                port.set_result(hosting_of(client).port)
                await until(pilot, lambda: seated(app, ["Hal", "Kim"]))
                await until(pilot, lambda: at_the_end(app), timeout=60)
                await follow_or_open(app, pilot, "Hal")
            else:
                assert hosting_of(client).number == 2
                await until(pilot, lambda: seated(app, ["Hal", "Kim"]))
                await until(pilot, lambda: at_the_end(app), timeout=60)
                await pilot.press("q")
            await pilot.pause()
        return app.then

    async def at_kims_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        if game == 1:
            await follow_or_open(app, pilot, "Kim")
        else:
            await pilot.press("q")

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(120):
        assert await joining(await port, "Kim", at_kims_end, size=size) == 0
        assert await hosted == 0
    said = f"{opener} opened the next game for these seats: r takes a seat in it."
    assert said in told, told
    second_log = tmp_path / "first-2.jetset"
    assert sorted(tmp_path.glob("*.jetset")) == [second_log, first_log]
    first, second = read_log(first_log), read_log(second_log)
    assert replay(first).ok and replay(second).ok
    assert [s.name for s in first.header.seats] == [s.name for s in second.header.seats]
    assert [s.name for s in second.header.seats] == ["Hal", "Kim"]
    assert first.header.rules_of_game.name == second.header.rules_of_game.name == "jetlag"
    assert first.records != second.records, "the next game is dealt anew"


async def test_the_hosts_end_of_a_jet_set_game_shows_every_key_whole_at_80_columns(
    tmp_path: Path,
) -> None:
    """``jetset host`` at 80×24, a Jet Set game played to its end by the turn clock's bots: the
    host's end offers r, t, w (its log), Esc and the arrows, more than 80 columns hold with F1
    too; F1 gives way (it still opens the rules), and no key is cut at the edge."""
    args = host_args(
        "--players", "2", "--port", "0", "--log", str(tmp_path / "n.jetset"), "--turn-time", "0.02"
    )
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    shown: list[str] = []

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(80, 24)) as pilot:
            port.set_result(hosting_of(client).port)
            await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=90)
            await until(pilot, lambda: "esc Leave" in footer_line(app))  # laid out
            shown.append(footer_line(app))
            assert footer_fits(app), footer_line(app)
            await pilot.press("q")
            await pilot.pause()
        return app.then

    async def at_kims_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        await pilot.press("q")

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(120):
        assert await joining(await port, "Kim", at_kims_end, size=(80, 24)) == 0
        assert await hosted == 0
    for key in ("r Play again", "t Chat", "w Watch the replay", "esc Leave", "↑↓ Scroll"):
        assert key in shown[0], shown[0]
    assert "f1" not in shown[0], shown[0]


async def test_a_spectator_is_told_of_the_next_game_and_watches_it(tmp_path: Path) -> None:
    """Wes watches (``jetset join --spectate``): at the end he has no r until the next game is
    opened; then he is told who opened it, and r watches it in the same command."""
    log = tmp_path / "g.jetset"
    args = host_args(
        "--game", "jetlag", "--port", "0", "--turn-time", "0.03", "--log", str(log)
    )  # fmt: skip
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    wes_looked = asyncio.Event()
    told: list[str] = []
    keys: list[str | None] = []

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(100, 30)) as pilot:
            if not port.done():
                port.set_result(hosting_of(client).port)
            await until(pilot, lambda: at_the_end(app), timeout=60)
            if hosting_of(client).number == 1:
                await asyncio.wait_for(wes_looked.wait(), 30)
                await pilot.press("r")
            else:
                await pilot.press("escape")
            await pilot.pause()
        return app.then

    async def at_kims_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        if game == 1:
            await until(pilot, lambda: any("opened the next game" in n for n in notices(app)))
            await pilot.press("r")
        else:
            await pilot.press("escape")

    async def at_wes_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        keys.append(offered(app, "r"))
        if game == 1:
            wes_looked.set()
            await until(pilot, lambda: any("opened the next game" in n for n in notices(app)))
            told.extend(notices(app))
            await until(pilot, lambda: offered(app, "r") == "Watch the next game")
            await pilot.press("r")
        else:
            await pilot.press("escape")

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(120):
        first_port = await port
        kim = asyncio.ensure_future(joining(first_port, "Kim", at_kims_end))
        wes = joining(first_port, "Wes", at_wes_end, "--spectate")
        assert await wes == 0 and await kim == 0
        assert await hosted == 0
    assert keys == [None, None], "r waits for the next game; none after the second"
    assert "Hal opened the next game: r watches it." in told
    assert replay(read_log(tmp_path / "g-2.jetset")).ok


async def test_once_the_hosting_player_has_left_a_joiners_r_is_refused(tmp_path: Path) -> None:
    """Hal leaves at the end (Esc: the app ends, and `jetset host` with it once the players
    have gone): Kim, still at the end, presses r and reads why no next game comes; her Esc
    ends her command too."""
    log = tmp_path / "g.jetset"
    args = host_args(
        "--game",
        "jetlag",
        "--port",
        "0",
        "--turn-time",
        "0.03",
        "--linger",
        "30",
        "--log",
        str(log),
    )
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    hal_left = asyncio.Event()
    told: list[str] = []

    host_runner = hal_leaves_at_the_end(port, hal_left)

    async def at_kims_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        await asyncio.wait_for(hal_left.wait(), 30)
        await pilot.press("r")
        await until(pilot, lambda: any("has left" in n for n in notices(app)))
        told.extend(notices(app))
        await pilot.press("escape")

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(60):
        assert await joining(await port, "Kim", at_kims_end) == 0
        assert await hosted == 0
    assert "the host says: the hosting player has left the table" in told
    assert not (tmp_path / "g-2.jetset.secret").exists(), "no next game was made"


def hal_leaves_at_the_end(
    port: asyncio.Future[int],
    left: asyncio.Event,
    after: asyncio.Event | None = None,
    asked: list[str] | None = None,
) -> Callable[[GameClient], Awaitable[str | None]]:
    """The hosting player's screen: says its port, waits for the game's end (and ``after``),
    then Esc; once someone waits in the next game, Esc asks first (the question's screen into
    ``asked``), g stays, and y leaves; ``left`` once the app has ended."""

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(100, 30)) as pilot:
            port.set_result(hosting_of(client).port)
            await until(pilot, lambda: at_the_end(app), timeout=60)
            if after is not None:
                await asyncio.wait_for(after.wait(), 30)
            await pilot.press("escape")
            await pilot.pause()
            if isinstance(app.screen, CloseTableScreen):
                assert asked is not None, "asked to close the table: " + screen_text(app)
                asked.append(screen_text(app))
                await pilot.press("g")  # back at the end, the table open
                await pilot.pause()
                assert at_the_end(app) and app.is_running
                await pilot.press("escape", "y")
                await pilot.pause()
        left.set()
        return app.then

    return host_runner


AtTheEnd = Callable[[JetSetApp, Pilot[None], int], Awaitable[None]]
"""What a player does at the end of their ``n``th game (from 1)."""


async def joining(
    port: int, name: str, at_the_end_of: AtTheEnd, *more: str, size: tuple[int, int] = (100, 30)
) -> int:
    """``jetset join 127.0.0.1:PORT --name NAME`` (the real command), each game's screen the
    app under Pilot at ``size``: it waits for the game's end, then ``at_the_end_of``; the exit
    code."""
    games = 0

    async def runner(
        client: GameClient, *, joined_at: str, join_keys: object = (), from_lobby: bool = False
    ) -> object:
        nonlocal games
        games += 1
        app = JetSetApp(session=client, joined_at=joined_at)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: at_the_end(app), timeout=60)
            await at_the_end_of(app, pilot, games)
            await pilot.pause()
        return app.then

    address = f"127.0.0.1:{port}"
    args = build_parser().parse_args(["join", address, "--name", name, *more])
    return await join(("127.0.0.1", port), args, runner)


@pytest.mark.parametrize(("first", "second"), [("night", "night-2"), ("night-2", "night-3")])
async def test_at_a_headless_host_a_players_r_opens_the_next_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: str, second: str
) -> None:
    """``jetset host --headless``: nobody plays at the host, so a player's r asks it for the
    next game. Kim's r opens the next game and seats her there at once; Lee, still at the end,
    is told that Kim opened it, and his r seats him; once both leave that game's end, the host
    ends by itself (no ``--linger`` given: it waits for the players, not the clock). A first
    game whose log is the second of an evening (``night-2.jetset``, as ``--resume`` gives it)
    is followed by the third, not by ``night-2-2``."""
    first_log = tmp_path / f"{first}.jetset"
    args = host_args(
        "--game",
        "jetlag",
        "--headless",
        "--port",
        "0",
        "--log",
        str(first_log),
        "--turn-time",
        "0.03",
        "--json",
    )
    table = make_table(args)
    hosted = asyncio.ensure_future(serve(table, args, None))
    told: list[list[str]] = []
    lee_looked = asyncio.Event()

    async def at_kims_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        if game == 1:
            await asyncio.wait_for(lee_looked.wait(), 30)
            assert offered(app, "r") == "Play again"
            await pilot.press("r")
        else:
            await pilot.press("q")

    async def at_lees_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        if game == 1:
            lee_looked.set()
            await until(pilot, lambda: any("opened the next game" in n for n in notices(app)))
            told.append(notices(app))
            await pilot.press("r")
        else:
            told.append(notices(app))
            await pilot.press("q")

    port = await listening_port(capsys)
    async with asyncio.timeout(120):
        codes = await asyncio.gather(
            joining(port, "Kim", at_kims_end), joining(port, "Lee", at_lees_end)
        )
        assert codes == [0, 0]
        assert await hosted == 0
    assert "Kim opened the next game for these seats: r takes a seat in it." in told[0]
    assert not any("opened the next game" in n for n in told[1]), "nobody opened a third"
    made_files = {p.name for p in tmp_path.glob("*.jetset")}
    assert made_files == {f"{first}.jetset", f"{second}.jetset"}
    made = read_log(tmp_path / f"{second}.jetset")
    assert replay(made).ok
    assert sorted(s.name for s in made.header.seats) == ["Kim", "Lee"]


async def listening_port(capsys: pytest.CaptureFixture[str]) -> int:
    """The port a ``--port 0 --json`` host listens on, from its ready line."""
    for _ in range(500):
        for line in capsys.readouterr().out.splitlines():
            if line.startswith('{"listening"'):
                return int(json.loads(line)["port"])
        await asyncio.sleep(0.01)
    raise AssertionError("the host never said where it listens")


async def test_the_host_gone_after_the_end_takes_r_away_and_says_so(tmp_path: Path) -> None:
    """A LAN play test: Kim's r opened game 2 and sat her there; Hal, the hosting player, then
    left from game 1's end with one press of Esc, and with him the table. Wes, still at game
    1's end (told that r would watch game 2), was told nothing, and his r ended his command
    with "nobody is hosting". Now Hal's Esc asks first, saying Kim waits in the next game; and
    once he leaves, Wes is told the host has closed the table, r is no longer offered, and r
    does nothing."""
    args = host_args(
        "--game", "jetlag", "--port", "0", "--turn-time", "0.03", "--log",
        str(tmp_path / "g.jetset"),
    )  # fmt: skip
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    wes_told, hal_left = asyncio.Event(), asyncio.Event()
    seen: list[object] = []

    asked: list[str] = []
    host_runner = hal_leaves_at_the_end(port, hal_left, after=wes_told, asked=asked)

    async def kims(
        client: GameClient, *, joined_at: str, join_keys: object = (), from_lobby: bool = False
    ) -> object:
        app = JetSetApp(session=client, joined_at=joined_at)
        async with app.run_test(size=(100, 30)) as pilot:
            if not seen:  # game 1
                seen.append("game 1")
                await until(pilot, lambda: at_the_end(app), timeout=60)
                await pilot.press("r")  # opens game 2, and sits there
            else:
                await asyncio.wait_for(hal_left.wait(), 30)
            await pilot.pause()
        return app.then

    async def at_wes_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        await until(pilot, lambda: any("opened the next game" in n for n in notices(app)))
        assert offered(app, "r") == "Watch the next game"
        wes_told.set()
        gone = "The host has closed the table: there is no next game here. Esc leaves."
        await until(pilot, lambda: gone in notices(app), timeout=30)
        assert offered(app, "r") is None and "r Watch" not in footer_line(app)
        await pilot.press("r")
        await pilot.pause()
        assert at_the_end(app) and app.then is None, "r does nothing now"
        await pilot.press("escape")

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(120):
        first_port = await port
        address = f"127.0.0.1:{first_port}"
        kim_args = build_parser().parse_args(["join", address, "--name", "Kim"])
        kim = asyncio.ensure_future(join(("127.0.0.1", first_port), kim_args, kims))
        assert await joining(first_port, "Wes", at_wes_end, "--spectate") == 0
        await kim
        await hosted
    assert seen == ["game 1"]
    (question,) = asked
    assert "Close the table?" in question, question
    assert "Kim opened the next game and waits in it" in " ".join(question.split()), question


async def test_a_host_who_left_their_seat_to_a_bot_may_still_play_again(tmp_path: Path) -> None:
    """A LAN play test's host let a bot play their seat ("keep serving") to the end: their end
    screen had no r, and the next game Kim opened waited on their seat. Their end offers r; the
    next game Kim opens has the host's bot play on in it at once; the host's r takes the seat."""
    from jetset_tui.screens.leave import ServingScreen

    log = tmp_path / "first.jetset"
    args = host_args("--game", "jetlag", "--port", "0", "--log", str(log), "--turn-time", "0.5")
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    second: list[object] = []

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(100, 30)) as pilot:
            if not port.done():
                port.set_result(hosting_of(client).port)
                await until(pilot, lambda: seated(app, ["Hal", "Kim"]))
                await pilot.press("q")
                await pilot.pause(0.3)
                await pilot.press("b")  # let a bot play my seat; keep serving
                await until(pilot, lambda: isinstance(app.screen, ServingScreen))
                await until(pilot, lambda: at_the_end(app), timeout=60)
                await until(pilot, lambda: offered(app, "r") == "Play again")
                await until(pilot, lambda: hosting_of(client).host.successor is not None, 30)
                following = hosting_of(client).host.successor
                assert following is not None
                game = following.table.game  # Kim sat; the host's bot plays on, not a window
                await until(pilot, lambda: any(e.seat == 0 for e in game.entries), 20)
                await pilot.press("r")
            else:
                second.append(client.seats[0].name)  # the clock plays it to its end
                await until(pilot, lambda: at_the_end(app), timeout=60)
                await pilot.press("q")
            await pilot.pause()
        return app.then

    async def at_kims_end(app: JetSetApp, pilot: Pilot[None], game: int) -> None:
        await pilot.press("r" if game == 1 else "q")

    hosted = asyncio.ensure_future(serve(make_table(args), args, host_runner))
    async with asyncio.timeout(120):
        assert await joining(await port, "Kim", at_kims_end) == 0
        assert await hosted == 0
    assert second == ["Hal"], "the host's r sat them in the next game"
