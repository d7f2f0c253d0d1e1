"""A joiner's evening at a real host process: the host pauses and resumes while the joiner's app
stays open (the app waits in its seat, then plays on), and a joiner's q asks before leaving."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.leave import StopScreen
from jetset_tui.widgets.presence import TRYING_AGAIN, WAITING_FOR_THE_HOST, PresencePanel
from jetset_tui.widgets.turn_bar import TurnBar
from netcode.client import GameClient
from netcode.peer import NetPeer
from netcode.peer_words import ANOTHER_GAME_THERE, LOST_PLAYING, PAUSED_PLAYING, PAUSED_WATCHING
from netcode.transport import Transport, open_tcp
from tests.terminal import Terminal

from .hosting import (
    game_shown,
    host_args,
    host_with_screen,
    hosting_of,
    my_turn,
    play,
    type_line,
    until,
)
from .procs import json_result, start_host, start_join, wait_for_entries


def bar(app: JetSetApp) -> str:
    return str(app.screen.query_one(TurnBar).render())


def stop_all(*procs: subprocess.Popen[str] | None) -> None:
    """Kill the host processes still running."""
    for proc in procs:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=10)


def notices(app: JetSetApp) -> list[str]:
    return [n.message for n in app._notifications]


def presence_line(app: JetSetApp) -> str:
    return str(app.screen.query_one(PresencePanel).render())


async def ann_at(port: int, *, spectate: bool = False) -> NetPeer:
    async def connector() -> Transport:
        return await open_tcp("127.0.0.1", port)

    peer = await NetPeer.connect(
        await connector(), name="Ann", connector=connector, spectate=spectate
    )
    peer.wait_out_pauses = True  # as `jetset join` sets it for its screen
    peer.pause_retry_max = 0.5
    return peer


async def play_once(app: JetSetApp, pilot: Pilot[None], peer: NetPeer) -> None:
    """On Ann's next turn, take income at the keyboard; until the host has it."""
    await until(pilot, lambda: my_turn(app))
    before = len(peer.game.entries)
    await type_line(pilot, "income")
    await until(pilot, lambda: len(peer.game.entries) > before)
    assert any(e.actor == peer.seat for e in peer.game.entries[before:])


async def test_a_paused_game_keeps_the_joiner_in_their_seat_until_it_is_resumed(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    resumed: subprocess.Popen[str] | None = None
    try:
        ann = await ann_at(port)
        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{port}")
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until(pilot, lambda: game_shown(app))
            await play_once(app, pilot, ann)
            held = len(ann.game.entries)
            watcher = await ann_at(port, spectate=True)

            host.send_signal(signal.SIGINT)  # --headless: Ctrl+C pauses the game
            _, err = await asyncio.to_thread(host.communicate, timeout=30)
            assert host.returncode == 0, err
            await until(pilot, lambda: PAUSED_PLAYING in bar(app))
            assert presence_line(app) == WAITING_FOR_THE_HOST
            await pilot.pause(1.5)  # a few quiet tries against a closed port
            assert PAUSED_PLAYING in bar(app), "the paused words stay while the pause lasts"
            assert not ann.ended.is_set() and ann.lost is None
            assert watcher.presence is not None and watcher.presence.paused == PAUSED_WATCHING
            assert len(app._notifications) <= 1, "no word per try"

            resumed, _ = start_host("--resume", str(log), "--port", str(port))
            await until(pilot, lambda: ann.paused is None, timeout=20)
            await until(pilot, lambda: PAUSED_PLAYING not in bar(app))
            assert WAITING_FOR_THE_HOST not in presence_line(app)
            assert "the game continues" in [n.message for n in app._notifications]
            assert ann.seat == 0 and len(ann.game.entries) >= held
            await play_once(app, pilot, ann)
            assert ann.desync is None
            await until(pilot, lambda: len(watcher.game.entries) == len(ann.game.entries))
            assert watcher.paused is None and watcher.presence is not None
            assert watcher.presence.paused is None and watcher.seat is None
            await watcher.close()
            assert wait_for_entries(log, len(ann.game.entries)) >= len(ann.game.entries)
    finally:
        stop_all(host, resumed)


async def test_the_pause_is_said_in_the_players_language(tmp_path: Path) -> None:
    """In Italian, the turn bar of a joiner whose host paused says so in Italian (the words are
    the joiner's own, not the host's), and so does the notice when the game goes on."""
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    resumed: subprocess.Popen[str] | None = None
    try:
        with use_language("it"):  # as `jetset --lang it join` sets it, before the peer starts
            ann = await ann_at(port)
            app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{port}")
            async with app.run_test(size=(80, 24), notifications=True) as pilot:
                await until(pilot, lambda: game_shown(app))
                host.send_signal(signal.SIGINT)
                await asyncio.to_thread(host.communicate, timeout=30)
                await until(pilot, lambda: "chi ospita ha messo in pausa" in bar(app))
                assert "torni al tuo posto" in bar(app) and "the host" not in bar(app)
                resumed, _ = start_host("--resume", str(log), "--port", str(port))
                await until(pilot, lambda: ann.paused is None, timeout=20)
                await until(pilot, lambda: "la partita continua" in notices(app))
                assert "the game continues" not in notices(app)
        await ann.close()
    finally:
        stop_all(host, resumed)


async def test_a_host_that_dies_without_a_word_keeps_the_joiner_waiting_in_their_seat(
    tmp_path: Path,
) -> None:
    """SIGKILL (a crash, a power cut): no Bye, no pause. The joiner's screen says the host is
    gone for as long as it is, well past ``reconnect_for``, and the host's resume puts the joiner
    back in their seat of the same game, without a move lost."""
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    resumed: subprocess.Popen[str] | None = None
    try:
        ann = await ann_at(port)
        ann.reconnect_for = 0.5
        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{port}")
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until(pilot, lambda: game_shown(app))
            await play_once(app, pilot, ann)
            await until(pilot, lambda: my_turn(app))  # the bot has moved: nothing half-written
            held = wait_for_entries(log, len(ann.game.entries))
            host.kill()
            host.communicate(timeout=10)
            await until(pilot, lambda: LOST_PLAYING in bar(app))
            # not "the game waits for the host": the joiner cannot tell a host gone from its
            # own connection lost, while a stand-in may play its seat (a play test's did)
            assert presence_line(app) == TRYING_AGAIN
            await pilot.pause(1.5)  # three times reconnect_for
            assert LOST_PLAYING in bar(app) and not ann.ended.is_set() and ann.lost is None

            resumed, _ = start_host("--resume", str(log), "--port", str(port))
            await until(pilot, lambda: LOST_PLAYING not in bar(app), timeout=20)
            assert ann.seat == 0 and len(ann.game.entries) >= held
            await play_once(app, pilot, ann)
            assert ann.desync is None
            assert wait_for_entries(log, len(ann.game.entries)) >= len(ann.game.entries)
    finally:
        stop_all(host, resumed)


async def test_a_joiners_q_asks_and_leaving_ends_the_program(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    try:
        ann = await ann_at(port)
        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{port}")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: game_shown(app))
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, StopScreen))
            text = " ".join(str(w.render()) for w in app.screen.query("Static"))
            back = f"jetset join 127.0.0.1:{port} takes it back"
            assert f"With y, your seat stays yours:\n  {back}" in text
            await pilot.press("escape")
            await until(pilot, lambda: game_shown(app))
            await pilot.press("h")  # a screen over the game: Ctrl+Q still asks
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, StopScreen))
            await pilot.press("y")
            await until(pilot, lambda: app._exit)
        assert ann.ended.is_set() and ann.lost is None
    finally:
        host.kill()
        host.communicate(timeout=10)


def roster(app: JetSetApp) -> str:
    return next(line for line in presence_line(app).splitlines() if "at the table" in line)


async def test_the_hosts_roster_says_a_free_seat_and_a_player_away_since_the_resume(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jetset"
    ann: list[subprocess.Popen[str]] = []
    port = 0

    async def first_evening(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        nonlocal port
        port = hosting_of(client).port
        await until(pilot, lambda: game_shown(app))
        assert roster(app) == "at the table: Hal connected  ·  seat 2 free  ·  Amelia greedy bot"
        ann.append(start_join(port, "--bot", "greedy", "--name", "Ann"))
        await play(app, pilot, client, "income")
        await pilot.press("ctrl+c")

    common = ("--players", "3", "--bots", "greedy", "--linger", "0")
    first = host_args(*common, "--port", "0", "--log", str(log))
    assert await host_with_screen(first, first_evening) == 0
    assert json_result(ann[0])["seat"] == 1

    async def second_evening(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        await until(pilot, lambda: game_shown(app) and "Ann" in roster(app))
        # away since the resume (her reconnect window runs as after a server's restart), but
        # not said to have dropped: she has not come back yet (a play test read "lost")
        assert (
            roster(app) == "at the table: Hal connected  ·  Ann not back yet  ·  Amelia greedy bot"
        )
        await pilot.press("ctrl+c")

    assert (
        await host_with_screen(host_args("--resume", str(log), "--port", "0"), second_evening) == 0
    )


def test_jetset_join_at_a_terminal_says_no_seat_key_and_leaves_with_a_sentence(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    terminal = Terminal("join", f"127.0.0.1:{port}", "--name", "Ann")
    try:
        said = terminal.read_until(b"(player 1)")
        assert f"jetset join: joined 127.0.0.1:{port} as Ann (player 1)" in said
        assert "token" not in said and (terminal.proc.poll() is None)
        terminal.read_until(b"your turn")  # the game screen is up, and dealt
        terminal.type("q")
        terminal.read_until(b"Leave the game?")
        terminal.type("y")
        said = terminal.read_until(b"takes your seat back")
        assert terminal.close() == 0
        assert (
            f"jetset join: you left the game; your seat is kept: jetset join 127.0.0.1:{port} "
            "takes your seat back" in said
        )
        assert "token" not in said.lower()
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
        host.kill()
        host.communicate(timeout=10)


async def test_another_game_on_the_same_port_ends_the_wait_with_words(tmp_path: Path) -> None:
    """Paused, then another game is served at that address: its host refuses the seat (another
    commitment), and the joiner stops waiting and is told so, rather than waiting for ever (and
    its turn line keeps saying so, rather than "your turn")."""
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy")
    other: subprocess.Popen[str] | None = None
    try:
        ann = await ann_at(port)
        await asyncio.wait_for(ann.started_game.wait(), 10)
        host.send_signal(signal.SIGINT)
        await asyncio.to_thread(host.communicate, timeout=30)
        for _ in range(200):
            if ann.presence is not None and ann.presence.paused == PAUSED_PLAYING:
                break
            await asyncio.sleep(0.02)
        assert ann.presence is not None and ann.presence.paused == PAUSED_PLAYING
        other, _ = start_host("--port", str(port), "--players", "2", "--bots", "greedy")
        await asyncio.wait_for(ann.ended.wait(), 20)
        # in words (a play test read "the host's seed commitment changed (commitment)")
        assert ann.lost == ANOTHER_GAME_THERE, ann.lost
        assert "commitment" not in ann.lost
        from jetset_tui.commands.join import outcome  # the line jetset join ends with

        assert outcome(ann, f"127.0.0.1:{port}") == ANOTHER_GAME_THERE  # not the old pause's
        # the turn line says so for good, in place of a turn no move can be sent for any more
        assert ann.presence is not None and ann.presence.paused == ann.lost
        # and no key offers a move any more (a fix's check opened the Buy picker, and Enter
        # said "the game's host is unreachable; try again")
        assert ann.game.to_move() == ann.seat, "Ann's turn when the host paused: the first"
        from jetset_tui.screens.game import GameScreen
        from jetset_tui.widgets.picker import ActionPicker

        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{port}")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = app.screen
            assert isinstance(screen, GameScreen) and not screen.my_turn()
            await pilot.press("b")
            await pilot.pause(0.2)
            assert not screen.query_one(ActionPicker).is_open
            # q leaves at once: no dialog says "your seat stays yours" of a seat gone for good
            await pilot.press("q")
            await until(pilot, lambda: app._exit)
            assert not isinstance(app.screen, StopScreen)
        await ann.close()
    finally:
        stop_all(host, other)


async def test_a_jet_lag_joiner_sees_its_host_gone_on_the_turn_line_and_plays_on_after(
    tmp_path: Path,
) -> None:
    """The same crash at a Jet Lag table: its turn line says the host is gone (in place of who
    plays), the table still answers the keys meanwhile, and after the host's resume the joiner
    plays on in the same seat."""
    from engine.jetlag.bots import greedy_choice
    from jetset_tui.screens.jetlag import JetLagScreen
    from tests.tui.jetlag_keys import guided_keys

    log = tmp_path / "game.jetset"
    options = ("--game", "jetlag", "--port", "0", "--bots", "greedy", "--log", str(log))
    host, port = start_host(*options)
    resumed: subprocess.Popen[str] | None = None

    def turn_line(app: JetSetApp) -> str:
        screen = app.screen
        jetlag = isinstance(screen, JetLagScreen)
        return str(screen.query_one("#jl-turn").render()) if jetlag else ""

    def my_play(app: JetSetApp) -> bool:
        screen = app.screen
        return isinstance(screen, JetLagScreen) and screen.my_turn()

    async def play_one(app: JetSetApp, pilot: Pilot[None]) -> None:
        await until(pilot, lambda: my_play(app))
        view = ann.view(0)
        before = len(ann.game.entries)
        await pilot.press(*guided_keys(list(view.hands[0] or []), greedy_choice(view, 0)))
        await until(pilot, lambda: len(ann.game.entries) > before)

    try:
        ann = await ann_at(port)
        ann.reconnect_for = 0.5
        app = JetSetApp(session=ann, joined_at=f"127.0.0.1:{port}")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await play_one(app, pilot)
            await until(pilot, lambda: my_play(app))  # the bot has played: nothing half-written
            held = wait_for_entries(log, len(ann.game.entries))
            host.kill()
            host.communicate(timeout=10)
            await until(pilot, lambda: LOST_PLAYING in turn_line(app))
            await pilot.press("f1")  # the keys still work while the host is gone
            await until(pilot, lambda: not isinstance(app.screen, JetLagScreen))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, JetLagScreen))
            assert LOST_PLAYING in turn_line(app) and ann.lost is None

            resumed, _ = start_host("--resume", str(log), "--port", str(port))
            await until(pilot, lambda: LOST_PLAYING not in turn_line(app), timeout=20)
            assert ann.seat == 0 and len(ann.game.entries) >= held
            await play_one(app, pilot)
            assert ann.desync is None
    finally:
        stop_all(host, resumed)


def test_another_game_there_is_said_to_a_watcher_without_a_seat() -> None:
    """A fix's check: a spectator was told "your seat in this one waits"."""
    from netcode.peer_words import ANOTHER_GAME_WATCHED, JoinRefused, refused_words

    refused = JoinRefused("commitment", "the host's seed commitment changed")
    assert refused_words(refused) == ANOTHER_GAME_THERE
    assert refused_words(refused, watching=True) == ANOTHER_GAME_WATCHED
    assert "seat" not in ANOTHER_GAME_WATCHED
    other = JoinRefused("token", "no seat has that token")
    assert refused_words(other, watching=True).startswith("the host refused to reconnect")
