"""The app as a peer of a real host over TCP on 127.0.0.1: what `jetset join` runs."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine import Income
from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.screenshot import screen_text
from netcode.client import ChatMessage, ClientEvent
from netcode.peer import NetPeer
from netcode.transport import open_tcp
from tests.net.fakehost import FakeHost, fake_host
from tests.net.helpers import LOOPBACK, serve


async def test_a_move_typed_in_the_app_reaches_the_host_and_the_other_peer(tmp_path: Path) -> None:
    async with serve(tmp_path, 3, ["random"]) as served:
        other = await NetPeer.connect(await served.connect(), name="Bea")
        me = await NetPeer.connect(await served.connect(), name="Ann")
        assert me.seat is not None
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(50):
                await pilot.pause(0.05)
                if isinstance(app.screen, GameScreen) and served.table.started:
                    break
            assert isinstance(app.screen, GameScreen)
            text = screen_text(app)
            assert "Ann" in text and "Bea" in text
            # wait for this seat's turn (the others are a bot and an idle peer: act for it)
            for _ in range(200):
                mover = me.game.to_move()
                if mover == me.seat:
                    break
                if mover == other.seat:
                    await other.submit(other.seat, Income())
                await pilot.pause(0.02)
            assert me.game.to_move() == me.seat
            before = len(served.table.game.entries)
            await pilot.press("colon", *"income", "enter")
            for _ in range(100):
                await pilot.pause(0.02)
                if len(served.table.game.entries) > before:
                    break
            host_game = served.table.game
            assert any(
                e.actor == me.seat and type(e.action).__name__ == "Income"
                for e in host_game.entries[before:]
            ), "the host applied the move typed in the app"
            for _ in range(100):
                if len(other.game.entries) >= before + 1:
                    break
                await asyncio.sleep(0.02)
            mine = other.game.entries[before]
            assert mine.actor == me.seat and isinstance(mine.action, Income)
            assert other.game.digests[before] == host_game.digests[before]
            assert me.desync is None and other.desync is None


MARKUP_NAME = "[bold red]x[/]"
MARKUP_TEXT = "[link=http://x]y[/link]"


async def test_names_and_chat_show_as_text_never_as_markup(tmp_path: Path) -> None:
    """A peer named like markup takes a seat at a real host and chats markup: the app shows
    the brackets as they are."""
    async with serve(tmp_path, 2) as served:
        other = await NetPeer.connect(await served.connect(), name=MARKUP_NAME)
        me = await NetPeer.connect(await served.connect(), name="Ann")
        heard: list[ClientEvent] = []
        me.add_listener(heard.append)
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            for _ in range(50):
                await pilot.pause(0.05)
                if isinstance(app.screen, GameScreen) and served.table.started:
                    break
            await other.chat(MARKUP_TEXT)
            for _ in range(50):
                await pilot.pause(0.05)
                if any(isinstance(e, ChatMessage) for e in heard):
                    break
            assert [(e.name, e.text) for e in heard if isinstance(e, ChatMessage)] == [
                (MARKUP_NAME, MARKUP_TEXT)
            ]
            text = ""
            for _ in range(40):
                text = screen_text(app)
                if MARKUP_TEXT in text:
                    break
                await pilot.pause(0.05)
            assert MARKUP_NAME in text and f"{MARKUP_NAME}: {MARKUP_TEXT}" in text, text
        await other.close()


async def test_a_hosts_message_shows_as_text_never_as_markup() -> None:
    """A hostile host names a seat with markup and sends an error made of markup: the players
    panel and the notification show the brackets as they are."""
    seats = [
        {"name": "Ann", "kind": "human", "connected": True},
        {"name": MARKUP_NAME, "kind": "human", "connected": True},
    ]
    script = [{"t": "error", "code": "x", "message": f"{MARKUP_TEXT} [bold]z", "fatal": False}]
    gate = asyncio.Event()
    async with fake_host(FakeHost("Ann", seats, script, hold=10, gate=gate)) as host:
        me = await NetPeer.connect(await open_tcp(LOOPBACK, host.port), name="Ann")
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            for _ in range(100):
                await pilot.pause(0.05)
                if isinstance(app.screen, GameScreen):
                    break
            gate.set()
            text = ""
            for _ in range(60):
                await pilot.pause(0.05)
                text = screen_text(app)
                if MARKUP_TEXT in text:
                    break
            assert MARKUP_NAME in text and f"{MARKUP_TEXT} [bold]z" in text, text
        await me.close()


async def test_a_jetlag_table_shows_a_name_of_markup_as_text(tmp_path: Path) -> None:
    """Jet Lag's score panel and end table took a seat's name as markup: `[reverse]…[/]` drew
    reversed, and a name of broken markup (`x [/] y`) ended the app of everyone at the table
    (the host's own screen too). Both show the brackets as they are."""
    from engine.games import game_rules
    from jetset_tui.screens.jetlag import JetLagScreen
    from jetset_tui.screens.jetlag_end import points_table
    from netcode.hostsettings import HostSettings
    from netcode.table import Table
    from tests.net.hosting import until

    broken = "x [/] y"
    rules = game_rules("jetlag")
    table = Table.create({}, [], tmp_path / "g.jetset", seed="s", fsync=False, rules=rules)
    async with serve(tmp_path, 2, table=table, settings=HostSettings(bot_delay=0.0)) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        mal = await NetPeer.connect(await served.connect(), name=broken)
        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{served.port}")
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, JetLagScreen))
            await until(pilot, lambda: broken in screen_text(app))
            assert app.is_running
            ends = points_table(ann.game.state, ["Ann", MARKUP_NAME])
            header = ends.columns[2].header
            assert not isinstance(header, str) and header.plain == MARKUP_NAME  # never parsed
        await mal.close()
