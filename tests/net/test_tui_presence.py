"""Presence on the real app's screen, as a peer of a real host over TCP on 127.0.0.1: a dropped
player's countdown, the stand-in bot, the turn clock, and the host's addresses and roster. What
a bot played for a person, said and marked on the screen: test_tui_bot_moves.py."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.log import NotationLog
from netcode.host import HostSettings
from netcode.hosting import HostedGame
from netcode.peer import NetPeer
from tests.net.helpers import Served, ann_and_me, serve
from tests.net.hosting import until_shown
from tests.net.test_reconnect import wait_for

DROPPED = re.compile(r"Ann has lost their connection; a bot takes the seat in (\d:\d\d) unless")
AWAY = re.compile(r"Ann dropped 0:(\d\d) ago")


async def ann_and_the_host(
    served: Served, name: str = "Me", addresses: tuple[str, ...] = ("10.0.0.5:7777",)
) -> tuple[NetPeer, NetPeer]:
    """Ann in seat 0 and the hosting player's own client in seat 1, kept for them as `jetset
    host` keeps it, the host's screen giving ``addresses``."""
    served.table.keys.host_seat = 1
    served.table.seats[1].name = name
    hosting = HostedGame(served.host, bind="0.0.0.0", port=7777, addresses=addresses)
    return await ann_and_me(served, hosting)


@asynccontextmanager
async def hosts_screen(
    tmp_path: Path, seed: str, settings: HostSettings
) -> AsyncIterator[tuple[Served, NetPeer, JetSetApp, Pilot[None]]]:
    """A three-seat table (one bot) hosted here: the hosting player's screen, once Ann (seat 0)
    is seen connected on it."""
    async with serve(tmp_path, 3, ["greedy"], seed=seed, settings=settings) as served:
        ann, me = await ann_and_the_host(served)
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40)) as pilot:
            await until_shown(pilot, app, lambda t: "Ann connected" in t, 5)
            yield served, ann, app, pilot
        await me.close()


async def test_every_player_sees_the_countdown_then_the_stand_in(tmp_path: Path) -> None:
    settings = HostSettings(reconnect_window=4)  # room for a loaded machine's slow screens
    async with serve(tmp_path, 3, ["greedy"], seed="screen", settings=settings) as served:
        ann, me = await ann_and_me(served)
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40)) as pilot:
            await until_shown(pilot, app, lambda t: "Ann" in t and served.table.started, 5)
            assert isinstance(app.screen, GameScreen)
            assert "friends join" not in screen_text(app)  # only the host's screen says that
            assert ann._conn is not None
            ann._conn.transport.abort()
            first = DROPPED.search(await until_shown(pilot, app, DROPPED.search, 3))
            assert first is not None and first.group(1) in ("0:04", "0:03", "0:02", "0:01")
            later = await until_shown(
                pilot, app, lambda t: (m := DROPPED.search(t)) is not None and m[1] != first[1], 3
            )
            assert "Ann has lost their connection" in later  # the countdown ticked
            text = await until_shown(pilot, app, lambda t: "a bot is playing for Ann" in t, 6)
            assert "Ann has lost their connection" not in text
            assert served.host.presence()[0].standin == "greedy"


async def test_the_hosts_screen_shows_the_addresses_the_roster_and_the_clock(
    tmp_path: Path,
) -> None:
    settings = HostSettings(reconnect_window=0, turn_time=40)
    async with serve(tmp_path, 3, ["greedy"], seed="roster", settings=settings) as served:
        served.table.keys.host_seat = 1  # as `jetset host` keeps a seat for its player
        served.table.seats[1].name = "Me"
        addresses = ("192.168.1.5:7777", "[fd00::5]:7777")
        hosting = HostedGame(served.host, bind="0.0.0.0", port=7777, addresses=addresses)
        ann, me = await ann_and_me(served, hosting)
        assert me.save_path == served.table.log_path
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40)) as pilot:
            text = await until_shown(pilot, app, lambda t: "Ann connected" in t, 5)
            assert "friends join with jetset join 192.168.1.5:7777" in text
            assert "jetset join [fd00::5]:7777" in text
            assert "at the table: Ann connected  ·  Me connected  ·  greedy-2 greedy bot" in text
            clock = await until_shown(pilot, app, lambda t: "◷ 0:" in t.splitlines()[0], 3)
            assert re.search(r"◷ 0:(39|40|38)", clock.splitlines()[0]), clock.splitlines()[0]
            assert ann._conn is not None
            ann._conn.transport.abort()
            text = await until_shown(pilot, app, lambda t: "Ann dropped 0:0" in t, 3)
            assert "Ann has lost their connection; their turn clock keeps running" in text
            assert "Ann  human  away" in text  # marked in the players' panel too
            seen = AWAY.search(text)
            assert seen is not None and int(seen[1]) <= 3  # just now (a loaded machine draws late)
            was = int(seen[1])
            text = await until_shown(
                pilot, app, lambda t: (m := AWAY.search(t)) is not None and int(m[1]) > was, 4
            )  # the time away counts up
            # Ann's decision keeps its clock while she is away: Me is at the table, waiting
            assert re.search(r"◷ 0:3\d", text.splitlines()[0]), text.splitlines()[0]


async def test_a_player_who_says_they_leave_is_shown_as_left_not_as_lost(tmp_path: Path) -> None:
    """``leave`` is a deliberate goodbye: the other players read "has left the table", and the
    host's presence says so (``left``) until the player takes the seat back."""
    settings = HostSettings(reconnect_window=0)
    async with serve(tmp_path, 3, ["greedy"], seed="left", settings=settings) as served:
        ann, me = await ann_and_me(served)
        app = JetSetApp(session=me)
        async with app.run_test(size=(120, 40)) as pilot:
            await until_shown(pilot, app, lambda t: "Ann" in t and served.table.started, 5)
            await ann.close()
            text = await until_shown(pilot, app, lambda t: "Ann has left the table" in t, 3)
            assert "lost their connection" not in text
            assert served.host.presence()[0].left
            assert not served.host.presence()[1].left


async def test_a_seat_given_away_then_taken_reads_so_on_the_hosts_screen(tmp_path: Path) -> None:
    """Ann gives her seat away (``leave {give}``): every screen says the next to join takes it
    and when a bot would; once Eve has taken it the host's roster says who plays it now."""
    settings = HostSettings(reconnect_window=30)
    async with hosts_screen(tmp_path, "given", settings) as (served, ann, app, pilot):
        ann.gives_seat = True
        await ann.close()
        text = await until_shown(pilot, app, lambda t: "Ann's seat goes to" in t, 3)
        assert "Ann's seat goes to the next person who joins; a bot takes the seat in" in (
            " ".join(text.split())
        )
        assert "Ann seat given to the next person who joins" in text
        assert "Ann  human  seat open" in text and "Ann  human  away" not in text  # the panel
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        assert eve.seat == 0
        text = await until_shown(pilot, app, lambda t: "Eve connected" in t, 3)
        assert "Ann" not in text.split("at the table:")[1].splitlines()[0]  # Eve plays it
        assert "seat goes to" not in text
        await eve.close()


async def test_a_jet_lag_table_shows_the_roster_and_a_dropped_players_countdown(
    tmp_path: Path,
) -> None:
    """At a Jet Lag table as at Jet Set's: the host's screen says where friends join and who is
    at the table; when the other player drops, the countdown to their stand-in bot, then the bot
    (seen at a hosted Jet Lag table: nothing was said until the bot moved)."""
    from engine.games import game_rules
    from jetset_tui.screens.jetlag import JetLagScreen
    from netcode.table import Table

    table = Table.create(
        {}, [], tmp_path / "game.jetset", seed="jl", fsync=False, rules=game_rules("jetlag")
    )
    settings = HostSettings(reconnect_window=4)
    async with serve(tmp_path, 2, table=table, settings=settings) as served:
        ann, me = await ann_and_the_host(served)
        app = JetSetApp(session=me)
        async with app.run_test(size=(80, 24)) as pilot:
            text = await until_shown(pilot, app, lambda t: "Ann connected" in t, 5)
            assert isinstance(app.screen, JetLagScreen)
            assert "friends join with jetset join 10.0.0.5:7777" in text
            assert "at the table: Ann connected  ·  Me connected" in text
            assert ann._conn is not None
            ann._conn.transport.abort()
            first = DROPPED.search(await until_shown(pilot, app, DROPPED.search, 3))
            assert first is not None and first.group(1) in ("0:04", "0:03", "0:02", "0:01")
            await until_shown(
                pilot, app, lambda t: (m := DROPPED.search(t)) is not None and m[1] != first[1], 3
            )  # the countdown ticks
            await until_shown(pilot, app, lambda t: "a bot is playing for Ann" in t, 6)


async def test_a_seat_a_stand_in_plays_is_still_a_persons_at_the_end(tmp_path: Path) -> None:
    """A play test's end screen named Ann's seat "human" on the host's screen and "greedy" on a
    spectator's (the ``seats`` message gives the stand-in's kind while it plays). The players'
    kinds, which the end screen and its rematch use, say "human" on every screen."""
    settings = HostSettings(reconnect_window=0.1, standin_kind="greedy")
    async with serve(tmp_path, 3, ["random"], seed="kinds", settings=settings) as served:
        ann, me = await ann_and_me(served)
        watcher = await NetPeer.connect(await served.connect(), spectate=True)
        await wait_for(lambda: served.table.started, 5)
        assert ann._conn is not None
        ann._conn.transport.abort()
        for peer in (me, watcher):
            await wait_for(lambda p=peer: p.seats[0].kind.is_bot, 5)  # the stand-in's, live
            assert p_kinds(peer) == ["human", "human", "bot:random"], p_kinds(peer)
        await watcher.close()
        await ann.close()
        await me.close()


def p_kinds(peer: NetPeer) -> list[str]:
    return [str(kind) for kind in peer.players_kinds()]


async def test_at_80x24_the_hosts_roster_leaves_the_command_line_and_the_picker_on_screen(
    tmp_path: Path,
) -> None:
    """A LAN party's play test at 80x24: the host's address, a roster of four seats and a seat
    given away took five rows and pushed the command line below the edge (the host typed
    blind), and the Buy picker's cost line with it. The log gives up rows to them, and an open
    picker gets their room."""
    from jetset_tui.widgets.command import CommandLine
    from jetset_tui.widgets.picker import ActionPicker
    from jetset_tui.widgets.presence import PresencePanel

    settings = HostSettings(reconnect_window=0.3)
    async with serve(tmp_path, 4, ["greedy"], seed="roster80", settings=settings) as served:
        served.table.keys.host_seat = 1  # as `jetset host` keeps a seat for its player
        served.table.seats[1].name = "Hal"
        hosting = HostedGame(served.host, bind="0.0.0.0", port=7777, addresses=("10.0.0.5:7777",))
        ann, me = await ann_and_me(served, hosting)
        bob = await NetPeer.connect(await served.connect(), name="Bob")
        app = JetSetApp(session=me)
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, lambda t: "Bob connected" in t, 5)
            ann.gives_seat = True
            await ann.close()
            await until_shown(pilot, app, lambda t: "Ann's seat goes to" in t, 5)
            await until_shown(pilot, app, lambda _t: me.game.to_move() == 1, 10)
            await pilot.pause(0.2)
            assert app.screen.query_one(PresencePanel).region.height >= 4
            command = app.screen.query_one(CommandLine)
            assert command.region.bottom <= 23, command.region  # above the footer
            await pilot.press("b")
            picker = app.screen.query_one(ActionPicker)
            await until_shown(pilot, app, lambda _t: picker.is_open, 3)
            await pilot.pause(0.2)
            assert picker.region.bottom <= command.region.y and command.region.bottom <= 23
            assert "costs €" in screen_text(app)  # the picker's cost line is on the screen
        await bob.close()
        await me.close()


async def test_the_log_takes_its_breakpoints_height_again_when_the_terminal_grows(
    tmp_path: Path,
) -> None:
    """The log's rows given up at 80x24 (``fit_log``) come back at a taller terminal."""

    async with serve(tmp_path, 2, ["greedy"], seed="grow") as served:
        me = await NetPeer.connect(await served.connect(), name="Me")
        app = JetSetApp(session=me)
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, lambda _t: isinstance(app.screen, GameScreen), 5)
            await pilot.pause(0.2)
            log = app.screen.query_one(NotationLog)
            assert not log.styles.inline.has_rule("height")  # nothing to make room for
            log.styles.height = 3  # as a host's roster of five rows has it (fit_log)
            await pilot.resize_terminal(120, 40)
            await until_shown(pilot, app, lambda _t: not log.styles.inline.has_rule("height"), 3)
            await pilot.pause(0.1)
            assert log.outer_size.height == 10  # the tall breakpoint's (jetset.tcss)
        await me.close()


async def test_the_host_gives_the_seat_of_a_player_who_is_gone_from_the_palette(
    tmp_path: Path,
) -> None:
    """A LAN party: Ann's laptop died with her seat, and Eve had come to play. The hosting
    player's command palette (Ctrl+P) offers "Give Ann's seat to the next person who joins";
    Eve's plain join then takes it, under her own name."""
    settings = HostSettings(reconnect_window=0)
    async with hosts_screen(tmp_path, "host-gives", settings) as (served, ann, app, pilot):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert not any(t.startswith("Give Ann's seat") for t in titles), titles  # Ann is here
        assert ann._conn is not None
        ann._conn.transport.abort()  # her laptop died
        await until_shown(pilot, app, lambda t: "Ann has lost their connection" in t, 5)
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"give ann")
        await pilot.pause(0.5)
        await pilot.press("enter")
        text = await until_shown(pilot, app, lambda t: "Ann seat given to the next" in t, 5)
        assert "Ann's seat goes to the next person who joins;" in " ".join(text.split())
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        assert eve.seat == 0
        await until_shown(pilot, app, lambda t: "Eve connected" in t, 5)
        await eve.close()
