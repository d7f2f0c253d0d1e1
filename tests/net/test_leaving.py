"""Issue 15, items 2 and 4: leaving a game you host is a question with clear outcomes, and
nothing is served once the host's screen is gone.

``jetset host`` runs in this process with the real app under Pilot; Ann is a real peer over TCP
on 127.0.0.1 (a greedy bot plays her seat), and sees what the host's choices do.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.leave import LeaveScreen, ServingScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.presence import NO_WAY_BACK, PresencePanel
from netcode.botplayer import play_bot
from netcode.client import GameClient
from netcode.peer import NetPeer
from netcode.table import Table
from netcode.transport import open_tcp

from .hosting import Script, host_args, host_with_screen, hosting_of, my_turn, play, until

ARGS = ("--players", "3", "--bots", "greedy", "--seed", "leaving", "--port", "0", "--linger", "1")


@asynccontextmanager
async def ann_at(client: GameClient) -> AsyncIterator[NetPeer]:
    """Ann joins the host's game over TCP; a greedy bot plays for her, at a person's pace (the
    game lasts while the host comes and goes)."""
    port = hosting_of(client).port
    ann = await NetPeer.connect(await open_tcp("127.0.0.1", port), name="Ann")
    task = asyncio.ensure_future(play_bot(ann, "greedy", ann.commitment or "", delay=0.2))
    try:
        yield ann
    finally:
        task.cancel()
        await ann.close()


async def hosted(tmp_path: Path, script: Script) -> Path:
    log = tmp_path / "game.jetset"
    assert await host_with_screen(host_args(*ARGS, "--log", str(log)), script) == 0
    return log


def assert_paused(ann: NetPeer, log: Path) -> None:
    """Ann heard that the game is paused, and not the host's own command and folders (a play
    test's spectators read the host's home directory in it); the log continues."""
    assert ann.paused == "the host paused the game"
    assert ann.lost == ann.paused
    resumed = Table.resume(log, fsync=False)
    assert not resumed.over and resumed.keys.host_seat == 0
    resumed.close()


async def test_q_then_back_to_the_game_keeps_playing(tmp_path: Path) -> None:
    heard: list[NetPeer] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        async with ann_at(client) as ann:
            heard.append(ann)
            await play(app, pilot, client, "income")
            footer = screen_text(app).splitlines()[-1]
            assert "q Leave" in footer and "q Menu" not in footer, footer  # q asks, not leaves
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            text = screen_text(app)
            assert "You host this game" in text and "Back to the game" in text
            assert "Let a greedy bot play my seat" in text and "Pause the game" in text
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await play(app, pilot, client, "income")
            assert ann.paused is None and not ann.ended.is_set()
            await pilot.press("ctrl+c")  # pauses at once
            await asyncio.wait_for(ann.ended.wait(), 5)

    log = await hosted(tmp_path, script)
    assert_paused(heard[0], log)


async def test_q_then_a_bot_plays_my_seat_and_i_take_it_back(tmp_path: Path) -> None:
    heard: list[NetPeer] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        async with ann_at(client) as ann:
            heard.append(ann)
            await play(app, pilot, client, "income")
            await pilot.press("q", "b")
            await until(pilot, lambda: isinstance(app.screen, ServingScreen))
            text = screen_text(app)
            assert "The game is being served at 127.0.0.1:" in text
            assert "Enter  take your seat back" in text and "--resume" in text
            await until(pilot, lambda: str(ann.seats[0].kind) == "bot:greedy")
            before = len(ann.game.entries)
            await until(pilot, lambda: any(e.actor == 0 for e in ann.game.entries[before:]))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert isinstance(app.screen, GameScreen)
            mine = app.screen.session
            assert mine is not client and mine.local_seats == (0,)
            # the moves the bot made in the host's seat are marked as made for them (a play
            # test's host, back in its seat, read them as its own)
            await until(pilot, lambda: "a bot played it for you" in screen_text(app))
            await until(pilot, lambda: str(ann.seats[0].kind) == "human")
            await pilot.press("ctrl+q")  # asks the same question
            await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            await pilot.press("p")
            await asyncio.wait_for(ann.ended.wait(), 5)

    log = await hosted(tmp_path, script)
    assert_paused(heard[0], log)


async def test_the_serving_screen_says_the_game_waits_once_nobody_is_at_the_table(
    tmp_path: Path,
) -> None:
    """The host hands its seat to a bot while Ann plays: "the others play on". Ann leaves: no
    person is at the table, the stand-ins stop and the game waits, and the serving screen says
    so (a play test read "the others play on" over a game that was waiting)."""

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        async with ann_at(client) as ann:
            await play(app, pilot, client, "income")
            await pilot.press("q", "b")
            await until(pilot, lambda: isinstance(app.screen, ServingScreen))
            assert "the others play on" in screen_text(app)
            await ann.close()
            waits = "Nobody is at the table now: the game waits until someone is back."
            await until(pilot, lambda: waits in " ".join(screen_text(app).split()))
            held = len(hosting_of(client).host.table.game.entries)
            await asyncio.sleep(0.5)
            assert len(hosting_of(client).host.table.game.entries) == held
            # Ann is back: the bot the host asked for plays on at once, not after the
            # reconnect window (a play test's table waited two minutes on the host's turn)
            port = hosting_of(client).port
            back = await NetPeer.connect(await open_tcp("127.0.0.1", port), token=ann.token)
            await until(pilot, lambda: str(back.seats[0].kind) == "bot:greedy", timeout=5)
            await until(pilot, lambda: "the others play on" in screen_text(app), timeout=5)
            await back.close()
            await pilot.press("p")

    await hosted(tmp_path, script)


async def test_pause_from_q_and_from_the_serving_screen(tmp_path: Path) -> None:
    heard: list[NetPeer] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        async with ann_at(client) as ann:
            heard.append(ann)
            await play(app, pilot, client, "income")
            await pilot.press("q", "b")
            await until(pilot, lambda: isinstance(app.screen, ServingScreen))
            await pilot.press("ctrl+q")  # from the serving screen: back, or pause
            await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            assert "Let a greedy bot" not in screen_text(app)
            await pilot.press("p")
            await asyncio.wait_for(ann.ended.wait(), 5)

    log = await hosted(tmp_path, script)
    assert_paused(heard[0], log)


async def test_when_the_hosts_screen_goes_away_the_game_is_not_served(tmp_path: Path) -> None:
    heard: list[NetPeer] = []
    ports: list[int] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        ports.append(hosting_of(client).port)
        ann = await NetPeer.connect(await open_tcp("127.0.0.1", ports[0]), name="Ann")
        heard.append(ann)
        await until(pilot, lambda: my_turn(app))
        app.exit()  # however the app ends (a crash, a closed terminal)

    log = await hosted(tmp_path, script)
    await asyncio.wait_for(heard[0].ended.wait(), 5)
    assert_paused(heard[0], log)
    await heard[0].close()
    try:
        await open_tcp("127.0.0.1", ports[0], timeout=2)
    except OSError:
        return
    raise AssertionError("the port still answers")


async def test_sigterm_pauses_a_game_hosted_with_a_screen(tmp_path: Path) -> None:
    heard: list[NetPeer] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        port = hosting_of(client).port
        heard.append(await NetPeer.connect(await open_tcp("127.0.0.1", port), name="Ann"))
        await until(pilot, lambda: my_turn(app))
        os.kill(os.getpid(), signal.SIGTERM)  # handled by `jetset host`: the screen closes
        await asyncio.sleep(10)
        raise AssertionError("the screen is still up")

    log = await hosted(tmp_path, script)
    await asyncio.wait_for(heard[0].ended.wait(), 5)
    assert_paused(heard[0], log)
    await heard[0].close()


async def test_stopping_a_game_not_begun_says_so_and_keeps_nothing(tmp_path: Path) -> None:
    """A seat is still free (a friend never came, or left after the last game): q says that
    stopping ends the game, with no command to continue it; Ann hears that it ended before it
    began, and her screen says nothing more comes (not that the game waits for the host to
    resume it, which would keep her waiting); no file of the game is left."""
    heard: list[NetPeer] = []
    said: list[str] = []
    at_ann: list[str] = []

    async def ann_at_her_screen(ann: NetPeer, watching: asyncio.Event) -> None:
        app = JetSetApp(session=ann, joined_at="the host")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            watching.set()
            await until(pilot, lambda: ann.lost is not None)
            await until(pilot, lambda: NO_WAY_BACK in presence_line(app))
            at_ann.append(presence_line(app))

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        port = hosting_of(client).port
        ann = await NetPeer.connect(await open_tcp("127.0.0.1", port), name="Ann")
        ann.wait_out_pauses = True  # a person at a screen, as `jetset join` makes her
        heard.append(ann)  # the third seat is still free: nothing is dealt
        watching = asyncio.Event()
        hers = asyncio.ensure_future(ann_at_her_screen(ann, watching))
        await asyncio.wait_for(watching.wait(), 10)
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
        said.append(screen_text(app))
        await pilot.press("b")  # a bot keeps the seat: the serving screen says the same
        await until(pilot, lambda: isinstance(app.screen, ServingScreen))
        await pilot.pause()
        said.append(screen_text(app))
        await pilot.press("p")
        await asyncio.wait_for(hers, 10)

    log = tmp_path / "game.jetset"
    args = host_args("--players", "3", "--port", "0", "--linger", "1", "--log", str(log))
    assert await host_with_screen(args, script) == 0
    assert "Stop hosting: the game has not begun" in said[0]
    assert "stopping ends this game for everyone" in said[0] and "--resume" not in said[0]
    assert "stop hosting: a seat is still free, the game ends" in said[1]
    assert "--resume" not in said[1] and "it continues with" not in said[1]
    ann = heard[0]
    assert ann.paused is None, ann.paused
    assert ann.lost == "the host closed the connection: it stopped the game before it began"
    assert at_ann == [NO_WAY_BACK], "not: the game waits for the host to resume it"
    await ann.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "no log, lock or secrets file"


def presence_line(app: JetSetApp) -> str:
    return str(app.screen.query_one(PresencePanel).render())


async def test_the_serving_screen_says_how_the_game_goes_on_once_it_begins(
    tmp_path: Path,
) -> None:
    """A bot keeps the host's seat while a seat is still free: p would end the game, and the
    serving screen says so; once the last player sits down the game begins, and its words
    change to the command that continues it."""
    heard: list[NetPeer] = []
    said: list[str] = []

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q", "b")
        await until(pilot, lambda: isinstance(app.screen, ServingScreen))
        await until(pilot, lambda: "a seat is still free" in screen_text(app))
        said.append(screen_text(app))
        port = hosting_of(client).port
        heard.append(await NetPeer.connect(await open_tcp("127.0.0.1", port), name="Ann"))
        await until(pilot, lambda: "it continues with" in screen_text(app))
        said.append(screen_text(app))
        await pilot.press("p")
        await asyncio.wait_for(heard[0].ended.wait(), 5)

    log = tmp_path / "game.jetset"
    args = host_args("--players", "2", "--port", "0", "--linger", "1", "--log", str(log))
    assert await host_with_screen(args, script) == 0
    assert "--resume" not in said[0]
    assert "a seat is still free" not in said[1] and "jetset host --resume" in said[1]
    assert heard[0].paused is not None and heard[0].paused.startswith("the host paused the game")
    await heard[0].close()


async def test_the_italian_leave_question_names_the_stand_in_in_italian(tmp_path: Path) -> None:
    """A play test's Italian host read "un bot greedy" where its roster said "avido"."""

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        async with ann_at(client):
            await until(pilot, lambda: my_turn(app))
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            text = screen_text(app)
            assert "Fai giocare un bot avido al mio posto" in text, text
            assert "greedy" not in text
            await pilot.press("p")

    log = tmp_path / "game.jetset"
    with use_language("it"):
        assert await host_with_screen(host_args(*ARGS, "--log", str(log)), script) == 0
