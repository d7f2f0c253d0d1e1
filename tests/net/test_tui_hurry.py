"""The hosting player's clock for a slow player, on the real app's screens over TCP on
127.0.0.1: the hosting player's palette puts Ann, who stays and never moves, on the clock; the
hosting player's screen and Ann's say so in words, the turn bar counts down, and a bot moves for
her when it runs out; a move of her own takes her off it (the host: test_hurry.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from netcode.botplayer import play_bot
from netcode.host import HostSettings
from netcode.hosting import HostedGame
from netcode.peer import NetPeer
from tests.net.helpers import Served, serve
from tests.net.hosting import type_line, until_shown
from tests.net.test_reconnect import wait_for

HAL_SEES = "Ann is on the clock: 2 seconds a move, then a bot moves for them, until they move"
ANN_SEES = "The host has put you on the clock: 30 seconds a move, then a bot moves for you, until"


@asynccontextmanager
async def hosted(
    tmp_path: Path, seed: str, settings: HostSettings
) -> AsyncIterator[tuple[Served, HostedGame, NetPeer, NetPeer]]:
    """A three-seat table, once it is Ann's move: Ann (seat 0), the hosting player's own client
    (seat 1, kept for them as `jetset host` keeps it), a greedy bot."""
    async with serve(tmp_path, 3, ["greedy"], seed=seed, settings=settings) as served:
        served.table.keys.host_seat = 1
        served.table.seats[1].name = "Hal"
        hosting = HostedGame(served.host, bind="0.0.0.0", port=7777, addresses=("10.0.0.5:7777",))
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        hal = await hosting.sit()
        await wait_for(lambda: served.table.started and served.table.game.to_move() == 0, 10)
        yield served, hosting, ann, hal
        await ann.close()
        await hal.close()


def notices(app: JetSetApp) -> str:
    """The notices on the screen, each whole (a notice wraps on the screen)."""
    return "\n".join(notice.message for notice in app._notifications)


def titles(app: JetSetApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def pick_from_the_palette(pilot: Pilot[None], typed: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)
    await pilot.press(*typed)
    await pilot.pause(0.5)
    await pilot.press("enter")


async def test_the_host_puts_a_player_who_never_moves_on_the_clock_from_the_palette(
    tmp_path: Path,
) -> None:
    """A LAN table without a turn clock: Ann stays and never moves. The hosting player's
    palette offers "Give Ann 2 more seconds, then a bot moves for them"; their screen then
    says so, counts her time down and names her "on the clock" in the roster, and the log pane
    marks the move the bot made for her."""
    settings = HostSettings(reconnect_window=0, hurry_time=2)
    async with hosted(tmp_path, "hurry-palette", settings) as (served, _hosting, ann, hal):
        app = JetSetApp(session=hal)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until_shown(pilot, app, lambda t: "Ann connected" in t, 5)
            offered = "Give Ann 2 more seconds, then a bot moves for them"
            assert offered in titles(app)
            assert not any("Hal" in title or "greedy" in title for title in titles(app))
            await pick_from_the_palette(pilot, "give ann")
            text = await until_shown(pilot, app, lambda _t: HAL_SEES in notices(app), 5)
            assert "Ann connected on the clock" in text
            assert "◷ 0:0" in text.splitlines()[0]  # the turn bar counts her time down
            assert offered not in titles(app)  # she is on it already
            await until_shown(pilot, app, lambda t: "a bot played it for Ann" in t, 10)
            assert served.host.presence()[0].connected  # her seat is still hers
            assert ann.seat == 0 and not ann.ended.is_set()


async def test_the_player_put_on_the_clock_is_told_and_a_move_of_their_own_ends_it(
    tmp_path: Path,
) -> None:
    """Ann's own screen says plainly what the hosting player did and what happens next, and
    counts her time down; once she moves herself she is off the clock: the next move she is
    to make waits for her again, and nothing more is said."""
    settings = HostSettings(reconnect_window=0, hurry_time=30)
    async with hosted(tmp_path, "hurry-told", settings) as (served, hosting, ann, hal):
        served.tasks.append(asyncio.create_task(play_bot(hal, "greedy", "hal")))
        app = JetSetApp(session=ann)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until_shown(pilot, app, lambda t: "Ann" in t and "Hal" in t, 5)
            assert "on the clock" not in notices(app)
            assert hosting.hurry(0)
            text = await until_shown(pilot, app, lambda _t: ANN_SEES in notices(app), 5)
            assert "◷ 0:" in text.splitlines()[0]
            move = ann.notation.format_action(ann.game.legal_actions()[0])
            mine = len([e for e in served.table.game.entries if e.actor == 0])
            await type_line(pilot, move)
            await until_shown(pilot, app, lambda _t: served.host.presence()[0].hurry is None, 5)
            await until_shown(pilot, app, lambda _t: ann.game.to_move() == 0, 15)
            text = await until_shown(pilot, app, lambda t: "your turn" in t.splitlines()[0], 5)
            assert "◷" not in text.splitlines()[0]  # no clock: the table waits on her again
            ann_moves = [e for e in served.table.game.entries if e.actor == 0]
            assert len(ann_moves) == mine + 1 and not served.table.bot_moves  # hers, no bot's
            assert notices(app).count("on the clock") <= 1  # said once


async def test_the_words_are_italian_on_an_italian_screen(tmp_path: Path) -> None:
    """The palette's command, the notice and the roster, in Italian."""
    settings = HostSettings(reconnect_window=0, hurry_time=2)
    with use_language("it"):
        async with hosted(tmp_path, "hurry-it", settings) as (_served, _hosting, _ann, hal):
            app = JetSetApp(session=hal)
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await until_shown(pilot, app, lambda t: "Ann" in t, 5)
                offered = "Ann: ancora 2 secondi, poi muove un bot al suo posto"
                assert offered in titles(app), titles(app)
                await pick_from_the_palette(pilot, "ann: ancora")
                said = "Ann ha l'orologio: 2 secondi a mossa, poi un bot muove al suo posto"
                await until_shown(pilot, app, lambda _t: said in notices(app), 5)
                text = await until_shown(pilot, app, lambda t: "con l'orologio" in t, 5)
                assert "Ann in linea con l'orologio" in text


async def test_a_screen_opened_while_a_player_is_on_the_clock_says_so(tmp_path: Path) -> None:
    """A play test: Ann, back after dropping while on the clock, and a spectator who came then,
    read nothing of it until her next move (the bot's move for her came unexplained): the
    presence that says so came before their screens listened. Now a screen says it at once."""
    settings = HostSettings(reconnect_window=0, hurry_time=30)
    async with hosted(tmp_path, "hurry-late", settings) as (served, hosting, _ann, _hal):
        assert hosting.hurry(0)
        watcher = await NetPeer.connect(await served.connect(), name="Late", spectate=True)
        await wait_for(lambda: watcher.presence is not None, 5)
        app = JetSetApp(session=watcher)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            said = "The host has put Ann on the clock: 30 seconds a move"
            await until_shown(pilot, app, lambda _t: said in notices(app), 5)
        await watcher.close()
