"""Presence: a stand-in bot for a dropped player, the seat handed back, the turn clock, and
what every peer hears of it (``presence`` messages), over real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netcode.botplayer import play_bot
from netcode.client import ClientEvent, Presence, PresenceChanged
from netcode.framing import encode
from netcode.host import HostSettings
from netcode.logfile import read_log
from netcode.peer import NetPeer

from .helpers import Served, assert_all_agree, finish, serve
from .test_reconnect import drop_at, wait_for


def presences(peer: NetPeer) -> list[Presence]:
    """Every presence the peer hears from now on."""
    heard: list[Presence] = []

    def listener(event: ClientEvent) -> None:
        if isinstance(event, PresenceChanged):
            heard.append(event.presence)

    peer.add_listener(listener)
    return heard


async def greedy_game(tmp_path: Path, seed: str, players: int) -> list[tuple[int, str, str]]:
    """The same seed's game with greedy bots in every seat, uninterrupted: its records."""
    folder = tmp_path / "reference"
    folder.mkdir()
    async with serve(folder, players, ["greedy"] * players, seed=seed) as served:
        await asyncio.wait_for(served.host.finished.wait(), 60)
    return [record[1:] for record in read_log(folder / "game.jetset").records]


async def test_a_dropped_player_is_played_by_greedy_and_takes_the_seat_back(
    tmp_path: Path,
) -> None:
    settings = HostSettings(reconnect_window=0.3)
    async with serve(tmp_path, 3, ["greedy"], seed="standin", settings=settings) as served:
        ann = await served.bot("greedy", "Ann")
        token = ann.token
        watcher = await served.bot("greedy", "Bob")
        heard = presences(watcher)
        drop_at(ann, 20)
        await wait_for(lambda: served.host.presence()[0].standin == "greedy")
        assert served.host.seats_list()[0].kind == "bot:greedy"
        # the host has decided; its presence message reaches Bob a moment later
        await wait_for(lambda: bool(heard) and heard[-1].seat(0).standin == "greedy")
        dropped = [h for h in heard if not h.seat(0).connected and h.seat(0).standin is None]
        assert dropped, "the others were told that Ann dropped"
        countdown = dropped[0].seat(0).bot_in  # as sent
        assert countdown is not None and 0 < countdown <= 0.3
        assert heard[-1].away(0) is not None
        held = len(served.table.game.entries)
        await wait_for(lambda: len(served.table.game.entries) > held + 10)
        assert not served.table.game.over  # the stand-in kept the game going

        back = await NetPeer.connect(await served.connect(), token=token, name="Ann")
        assert back.seat == 0
        await wait_for(lambda: served.host.presence()[0].connected)
        assert served.host.presence()[0].away is None
        assert served.host.seats_list()[0].kind == "human"
        task = asyncio.create_task(play_bot(back, "greedy", back.commitment or ""))
        await finish([back, watcher])
        await task
        assert_all_agree(served, [back, watcher])
        assert heard[-1].seat(0).connected and heard[-1].seat(0).standin is None

    log = read_log(tmp_path / "game.jetset")
    standins = [(n.fields["seat"], n.fields["bot"]) for n in log.notes if n.kind == "standin"]
    assert standins == [(0, "greedy"), (0, None)]
    taken, given_back = (n.at for n in log.notes if n.kind == "standin")
    assert 20 <= taken < given_back < len(log.records)
    # greedy played for Ann, and Ann's greedy peer after: the same game as an uninterrupted one
    records = [record[1:] for record in log.records]
    assert records == await greedy_game(tmp_path, "standin", 3)


async def test_a_window_of_zero_never_takes_the_seat(tmp_path: Path) -> None:
    settings = HostSettings(reconnect_window=0)
    async with serve(tmp_path, 2, ["greedy"], seed="never", settings=settings) as served:
        ann = await served.bot("greedy", "Ann")
        drop_at(ann, 20)
        await wait_for(lambda: 0 not in served.host.seat_conns)
        # the seat is Ann's to move (a card the dealer turns up after her last move may still
        # land a moment after she drops, on a loaded machine): from then on nothing moves
        await wait_for(lambda: served.table.game.to_move() == 0)
        held = len(served.table.game.entries)
        await asyncio.sleep(0.4)
        assert len(served.table.game.entries) == held
        seat = served.host.presence()[0]
        assert not seat.connected and seat.standin is None and seat.bot_in is None
        assert seat.away is not None and seat.away >= 0.4
    assert not [n for n in read_log(tmp_path / "game.jetset").notes if n.kind == "standin"]


async def test_the_turn_clock_moves_for_a_player_who_stays_connected(tmp_path: Path) -> None:
    settings = HostSettings(turn_time=0.05)
    async with serve(tmp_path, 3, ["greedy"], seed="clock", settings=settings) as served:
        idle = await NetPeer.connect(await served.connect(), name="Idle")  # never moves
        heard = presences(idle)
        quick = await served.bot("greedy", "Quick")
        await finish([idle, quick], timeout=60)
        assert_all_agree(served, [idle, quick])
        assert idle.seat == 0 and 0 in served.host.seat_conns  # it kept its seat throughout
        clocks = [h.clock(0) for h in heard if h.seat(0).clock is not None]
        assert clocks and all(0 <= c <= 0.05 for c in clocks)
        assert all(h.turn_time == 0.05 for h in heard)

    log = read_log(tmp_path / "game.jetset")
    # Quick's turns meet the clock too when a loaded machine keeps it past 0.05 s (the greedy
    # stand-in then makes the move Quick would have): only Idle's notes are counted here.
    clocked = [n for n in log.notes if n.kind == "clock" and n.fields.get("seat") == 0]
    moved_by_idle = [i for i, record in enumerate(log.records) if record[1] == 0]
    assert [n.at for n in clocked] == moved_by_idle  # a clock note before each of its decisions
    assert all(n.fields == {"seat": 0, "bot": "greedy"} for n in clocked)
    others = [n for n in log.notes if n.kind == "clock" and n.fields.get("seat") != 0]
    assert all(n.fields == {"seat": 1, "bot": "greedy"} for n in others), others
    records = [record[1:] for record in log.records]
    assert records == await greedy_game(tmp_path, "clock", 3)


async def test_a_player_who_moves_in_time_never_meets_the_clock(tmp_path: Path) -> None:
    settings = HostSettings(turn_time=5.0)
    async with serve(tmp_path, 2, ["greedy"], seed="in-time", settings=settings) as served:
        ann = await served.bot("greedy", "Ann")
        await finish([ann])
        assert served.host.standins.clock is None
    assert not [n for n in read_log(tmp_path / "game.jetset").notes if n.kind == "clock"]


async def test_a_reconnect_and_a_leave_in_one_write_never_stop_a_clock_that_ran_out(
    tmp_path: Path,
) -> None:
    """The red team's third pass: a player alone with a bot reconnected after their clock had
    run out and sent ``leave`` in the same write. The leave arrived before the clock's bot could
    move and cancelled it, every time: no entry for 55 s at a 5 s clock. A clock that has run
    out now decides whoever comes or goes."""
    settings = HostSettings(turn_time=0.5, reconnect_window=60)
    async with serve(tmp_path, 2, ["greedy"], seed="flap", settings=settings) as served:
        first = await NetPeer.connect(await served.connect(), name="Flap")
        token = first.token
        await wait_for(lambda: served.host.standins.clock is not None)
        held = len(served.table.game.entries)
        assert first._conn is not None
        first._conn.transport.abort()
        await wait_for(lambda: 0 not in served.host.seat_conns)
        await asyncio.sleep(0.8)  # the clock ran out while no one was at the table: it waits
        assert len(served.table.game.entries) == held
        for _ in range(3):
            raw = await served.raw()
            raw.transport.write(
                encode({"t": "reconnect", "token": token, "have": held}) + encode({"t": "leave"})
            )
            await raw.transport.drain()
            raw.close()
            if len(served.table.game.entries) > held:
                break
            await asyncio.sleep(0.3)
        await wait_for(lambda: len(served.table.game.entries) > held)
    clocked = [n for n in read_log(tmp_path / "game.jetset").notes if n.kind == "clock"]
    assert clocked and clocked[0].at == held


async def test_a_dropped_players_clock_runs_on_while_another_player_waits(
    tmp_path: Path,
) -> None:
    """The clock is the decision's: while another player is at the table, dropping stops it no
    more than reconnecting winds it back (a player could hold everyone by dropping and coming
    back within the reconnect window, each time starting a new one)."""
    settings = HostSettings(turn_time=1.0, reconnect_window=60)
    async with serve(tmp_path, 2, seed="away", settings=settings) as served:
        away = await NetPeer.connect(await served.connect(), name="Away")
        waiting = await NetPeer.connect(await served.connect(), name="Waiting")
        await wait_for(lambda: served.host.standins.clock is not None)
        assert served.host.standins.clock.seat == 0
        held = len(served.table.game.entries)
        assert away._conn is not None
        loop = asyncio.get_running_loop()
        started = loop.time()
        away._conn.transport.abort()
        await wait_for(lambda: len(served.table.game.entries) > held, timeout=5)
        assert loop.time() - started < 3.0, "about the clock's 1 s, not the window's 60"
        assert 0 not in served.host.seat_conns, "the bot decided for the seat; no one sat in it"
        await waiting.close()


async def alone_with_a_bot(served: Served, name: str) -> tuple[NetPeer, str | None, int]:
    """``name`` in seat 0 against the bot in seat 1, its turn clock running: the peer, its
    seat's token and the entries so far."""
    peer = await NetPeer.connect(await served.connect(), name=name)
    await wait_for(lambda: served.host.standins.clock is not None)
    clock = served.host.standins.clock
    assert clock is not None and clock.seat == 0
    return peer, peer.token, len(served.table.game.entries)


async def test_reconnecting_never_winds_the_turn_clock_back(tmp_path: Path) -> None:
    """A player who drops and comes back to the same decision, again and again, finds its clock
    where it stood: it runs out a turn time after the decision came, and the bot moves for them
    (the red team held a table for good by reconnecting every few seconds)."""
    settings = HostSettings(turn_time=1.0, reconnect_window=60)
    async with serve(tmp_path, 2, ["greedy"], seed="churn", settings=settings) as served:
        peer, token, held = await alone_with_a_bot(served, "Churn")
        loop = asyncio.get_running_loop()
        started = loop.time()
        while len(served.table.game.entries) == held and loop.time() - started < 4.0:
            await asyncio.sleep(0.2)
            assert peer._conn is not None
            peer._conn.transport.abort()  # dropped without a goodbye
            await wait_for(lambda: 0 not in served.host.seat_conns)
            peer = await NetPeer.connect(await served.connect(), token=token, name="Churn")
            assert peer.seat == 0
        churned = loop.time() - started
        assert len(served.table.game.entries) > held, (
            "the clock never ran out while the player churned"
        )
        assert churned < 3.0  # about one turn time, not one per reconnect
        await peer.close()
    clocked = [n for n in read_log(tmp_path / "game.jetset").notes if n.kind == "clock"]
    assert clocked and clocked[0].fields == {"seat": 0, "bot": "greedy"} and clocked[0].at == held


async def test_a_clock_stopped_at_an_empty_table_keeps_its_time_left(tmp_path: Path) -> None:
    """A lunch table's play test: the only person at a game against a bot left on their turn
    and came back later; the bot moved for them the instant they sat down, because the stopped
    clock kept its deadline, which ran on while the table was empty. It keeps its time left:
    back after twice the turn time, the player still has most of a turn to decide, and the
    clock then runs out as it would have."""
    settings = HostSettings(turn_time=2.0, reconnect_window=60)
    async with serve(tmp_path, 2, ["greedy"], seed="lunch", settings=settings) as served:
        first, token, held = await alone_with_a_bot(served, "Hal")
        assert first._conn is not None
        first._conn.transport.abort()  # the table is empty: the clock stops
        await wait_for(lambda: served.host.standins.clock is None)
        await asyncio.sleep(4.5)  # twice the turn time and more, away
        assert len(served.table.game.entries) == held, "nobody at the table: nothing moved"
        back = await NetPeer.connect(await served.connect(), token=token, name="Hal")
        loop = asyncio.get_running_loop()
        returned = loop.time()
        await asyncio.sleep(0.5)
        assert len(served.table.game.entries) == held, "the bot moved as the player sat down"
        await wait_for(lambda: len(served.table.game.entries) > held, timeout=5)
        assert loop.time() - returned < 3.0  # the time it had left, not a new turn and more
        await back.close()
