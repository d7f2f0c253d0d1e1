"""Jet Lag in the app over the network: a person joining a host over TCP on 127.0.0.1 plays it
on the Jet Lag table (Pilot, the real app); a spectator's table shows no hand and never a card
still in one; ``jetset host --game jetlag`` with the host's person at its screen plays it to the
end, and each end's log replays."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from engine.games import game_rules
from engine.jetlag.bots import greedy_choice
from engine.jetlag.cards import card_ids
from jetset_tui.app import JetSetApp
from jetset_tui.screens.chat import ChatScreen
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.jetlag_end import JetLagEndScreen
from jetset_tui.screens.leave import StopScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.jetlag_hand import JetLagHand
from netcode.client import GameClient
from netcode.host import HostSettings
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.replay import replay
from netcode.table import Table
from tests.tui.jetlag_keys import guided_keys

from .helpers import serve
from .hosting import host_args, host_with_screen, until


def jetlag_table(tmp_path: Path, bots: list[str], seed: str) -> Table:
    return Table.create(
        {}, bots, tmp_path / "game.jetset", seed=seed, fsync=False, rules=game_rules("jetlag")
    )


async def play_out(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> int:
    """The seat at this screen plays greedy's choices through the guided keys until the end;
    how many plays it made."""
    [seat] = client.local_seats
    plays = 0
    while not client.game.over:
        await until(pilot, lambda: client.game.over or my_turn(app))
        if client.game.over:
            break
        view = client.view(seat)
        before = len(client.game.entries)
        await pilot.press(*guided_keys(list(view.hands[seat] or []), greedy_choice(view, seat)))
        await until(pilot, lambda at=before: len(client.game.entries) > at)
        plays += 1
    await until(pilot, lambda: isinstance(app.screen, JetLagEndScreen))
    return plays


def my_turn(app: JetSetApp) -> bool:
    screen = app.screen
    return isinstance(screen, JetLagScreen) and screen.my_turn()


async def test_a_person_joins_a_jet_lag_host_and_plays_it_on_the_table(tmp_path: Path) -> None:
    table = jetlag_table(tmp_path, ["greedy"], "joined")
    settings = HostSettings(bot_delay=0.0)
    async with serve(tmp_path, 2, table=table, settings=settings) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        address = f"127.0.0.1:{served.port}"
        app = JetSetApp(session=ann, joined_at=address)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, JetLagScreen))
            screen = app.screen
            assert isinstance(screen, JetLagScreen) and screen.viewer == 0
            await until(pilot, lambda: my_turn(app))
            assert "Your hand" in screen_text(app)
            footer = screen_text(app).splitlines()[-1]
            assert "q Leave" in footer and "Menu" not in footer, footer  # as at Jet Set's table
            await pilot.press("q")  # a joined game asks before it is left
            await pilot.pause()
            assert isinstance(app.screen, StopScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            assert await play_out(app, pilot, ann) == 8
            assert "Jet Lag: the game is over" in screen_text(app)
        await until_over(ann)
        assert ann.end is not None and ann.end.ok
        digest = ann.game.digest()
    log = read_log(tmp_path / "game.jetset")
    replayed = replay(log)
    assert replayed.ok and replayed.digest == digest


async def until_over(peer: NetPeer, timeout: float = 30.0) -> None:
    async with asyncio.timeout(timeout):
        while peer.end is None:
            await asyncio.sleep(0.02)


async def test_a_spectator_sees_the_table_and_never_a_card_in_a_hand(tmp_path: Path) -> None:
    table = jetlag_table(tmp_path, [], "watched")
    async with serve(tmp_path, 2, table=table) as served:
        watcher = await NetPeer.connect(await served.connect(), name="Wes", spectate=True)
        app = JetSetApp(session=watcher, joined_at=f"127.0.0.1:{served.port}")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, JetLagScreen))
            screen = app.screen
            assert isinstance(screen, JetLagScreen) and screen.viewer is None
            # nothing to type: a play test's spectator was offered ": Type", then told "It is
            # not your turn" (the command line would take none of theirs)
            await pilot.pause()
            assert ": Type" not in screen_text(app) and not screen.check_action("command", ())
            for kind in ("greedy", "search"):
                await served.bot(kind, delay=0.15)
            looks = 0
            while not watcher.game.over:
                await pilot.pause(0.05)
                if not isinstance(app.screen, JetLagScreen):
                    break
                text = screen_text(app)
                held = {c for hand in served.table.game.state.hands for c in hand or []}
                shown = {c for c in card_ids() if c in text}
                assert not held & shown, f"{held & shown} are in a hand:\n{text}"
                assert "Your hand" not in text and not screen.query_one(JetLagHand).display
                assert "your tourists" not in text and " you " not in text, "told as watched"
                looks += 1
            assert looks > 10, "the game was watched as it went"
            await until(pilot, lambda: isinstance(app.screen, JetLagEndScreen))
            await pilot.pause()
            end = screen_text(app)
            assert "your tourists" not in end, "the end told the spectator a player's side"
            assert "'s tourists" in end, end


async def test_the_host_plays_jet_lag_at_its_own_screen(tmp_path: Path) -> None:
    log = tmp_path / "hosted.jetset"
    args = host_args("--game", "jetlag", "--bots", "greedy", "--port", "0", "--log", str(log))
    played: list[int] = []

    async def at_the_screen(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        await until(pilot, lambda: isinstance(app.screen, JetLagScreen))
        assert client.hosting is not None
        played.append(await play_out(app, pilot, client))

    assert await host_with_screen(args, at_the_screen) == 0
    assert played == [8]
    replayed = replay(read_log(log))
    assert replayed.ok


async def test_the_table_chat_at_a_jet_lag_table_is_c(tmp_path: Path) -> None:
    """t plays a tourist at Jet Lag's table, so its chat is c: the line goes through the host,
    shows as text (never markup) in the open chat, and Esc is back at the table."""
    table = jetlag_table(tmp_path, ["greedy"], "chatted")
    async with serve(tmp_path, 2, table=table, settings=HostSettings(bot_delay=0.0)) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{served.port}")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: my_turn(app))
            screen = app.screen
            assert "c Chat" in screen_text(app).splitlines()[-1], "the key in the footer"
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen))
            await pilot.press(*"good luck [bold]all[/]", "enter")
            await until(pilot, lambda: "Ann: good luck [bold]all[/]" in screen_text(app))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)
            assert my_turn(app), "chatting plays nothing"
    log = read_log(tmp_path / "game.jetset")
    assert [n.fields["text"] for n in log.notes if n.kind == "chat"] == ["good luck [bold]all[/]"]


async def test_the_jet_lag_host_waiting_for_a_player_says_each_thing_once(
    tmp_path: Path,
) -> None:
    """A play test: the Jet Lag host's table, waiting for the second player, gave the join
    command twice (the turn line and the host's panel) and read "▲ (open seat)'s tourists"."""
    from jetset_tui.commands.host import make_table, serve
    from tests.net.hosting import host_args, hosting_of
    from tests.net.hosting import until as until_true

    args = host_args("--game", "jetlag", "--port", "0", "--log", str(tmp_path / "g.jetset"))
    seen: list[str] = []

    async def host_runner(client: GameClient) -> str | None:
        app = JetSetApp(session=client)
        async with app.run_test(size=(100, 30)) as pilot:
            await until_true(pilot, lambda: isinstance(app.screen, JetLagScreen))
            address = hosting_of(client).address
            await until_true(pilot, lambda: f"jetset join {address}" in screen_text(app))
            seen.append(screen_text(app))
            seen.append(address)
            app.exit()
        return None

    async with asyncio.timeout(60):
        await serve(make_table(args), args, host_runner)
    text, address = seen
    assert text.count(f"jetset join {address}") == 1, text
    assert "Waiting for both players to sit down." in text
    assert "(open seat)'s tourists" not in text
    assert "the other player's tourists (their seat is free)" in text, text
