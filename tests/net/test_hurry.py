"""The hosting player puts a player who stays and never moves on the clock (``Hosting.hurry``):
a LAN table without a turn clock (``jetset host``'s default) waited for ever on a connected
player who never moved. Each of that player's moves then gets ``hurry_time`` seconds, after
which the stand-in bot moves for them, until they move themselves. Real TCP on 127.0.0.1, a
real log on disk (the screens: test_tui_hurry.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from netcode.botplayer import play_bot
from netcode.host import HostSettings
from netcode.hosting import HostedGame
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.replay import replay

from .helpers import Served, assert_all_agree, finish, serve
from .test_reconnect import wait_for


@asynccontextmanager
async def ann_stalls(
    tmp_path: Path, settings: HostSettings, seed: str
) -> AsyncIterator[tuple[Served, HostedGame, NetPeer, NetPeer]]:
    """A three-seat table: Ann (seat 0), connected, who never moves by herself; the hosting
    player's seat 1, kept for them as `jetset host` keeps it, played by a bot; a greedy bot."""
    async with serve(tmp_path, 3, ["greedy"], seed=seed, settings=settings) as served:
        served.table.keys.host_seat = 1
        served.table.seats[1].name = "Hal"
        hosting = HostedGame(served.host, bind="127.0.0.1", port=served.port)
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        hal = await hosting.sit()
        served.tasks.append(asyncio.create_task(play_bot(hal, "greedy", "hal")))
        await wait_for(lambda: served.table.started and served.table.game.to_move() == 0, 10)
        yield served, hosting, ann, hal
        await ann.close()
        await hal.close()


def clock_notes(served: Served) -> list[int]:
    """The seats the log's ``clock`` notes name: a bot decided for them."""
    notes = read_log(served.table.log_path).notes
    return [int(note.fields["seat"]) for note in notes if note.kind == "clock"]


async def test_a_player_on_the_clock_who_never_moves_holds_nothing_up(tmp_path: Path) -> None:
    """Ann never moves: once the host has put her on the clock, a bot moves for her after each
    of her moves' time, from her own view, to the end of the game; she keeps her seat, watches
    it all, and every peer agrees with the host's log."""
    settings = HostSettings(reconnect_window=0, hurry_time=0.05)
    async with ann_stalls(tmp_path, settings, "hurry-end") as (served, hosting, ann, hal):
        await asyncio.sleep(0.2)
        assert served.table.game.to_move() == 0  # no clock: the table waits on Ann
        assert ann.presence is not None and ann.presence.seat(0).clock is None
        assert hosting.hurry(0)
        await wait_for(lambda: ann.presence is not None and ann.presence.seat(0).hurry == 0.05)
        await finish([ann, hal], timeout=120)
        assert_all_agree(served, [ann, hal])
        ann_moves = [e for e in served.table.game.entries if e.actor == 0]
        assert ann_moves and len(clock_notes(served)) == len(ann_moves)
        assert set(clock_notes(served)) == {0}  # nobody else's moves were made by the clock
        replayed = replay(read_log(served.table.log_path))  # the log is a valid game's
        assert replayed.ok and replayed.entries == len(served.table.game.entries), replayed
        assert served.host.presence()[0].connected  # Ann kept her seat all along


async def test_a_player_who_moves_themselves_is_off_the_clock(tmp_path: Path) -> None:
    """The clock is for a player who has stopped moving: once Ann makes a move herself she is
    off it, and her next move waits for her again (no turn clock at this table)."""
    settings = HostSettings(reconnect_window=0, hurry_time=30)
    async with ann_stalls(tmp_path, settings, "hurry-off") as (served, hosting, ann, _hal):
        assert hosting.hurry(0)
        await wait_for(lambda: ann.presence is not None and ann.presence.seat(0).clock is not None)
        left = ann.presence.clock(0) if ann.presence is not None else None
        assert left is not None and 28 < left <= 30
        assert not hosting.can_hurry(0)  # on it already
        await ann.submit(0, ann.game.legal_actions()[0])
        await wait_for(lambda: served.host.presence()[0].hurry is None)
        await wait_for(lambda: ann.presence is not None and ann.presence.seat(0).hurry is None)
        await wait_for(lambda: served.table.game.to_move() == 0, 10)  # her turn again
        await asyncio.sleep(0.2)
        assert served.host.presence()[0].clock is None  # the table waits on her once more
        assert clock_notes(served) == []


async def test_only_a_slow_persons_move_can_be_put_on_the_clock(tmp_path: Path) -> None:
    """Not the hosting player's own seat, nor a bot's, nor a player whose move it is not; and
    never to make a turn clock longer: with 40 s of a 300 s turn clock left nothing is offered,
    and a shorter one is cut to the hurry's time."""
    settings = HostSettings(reconnect_window=0, turn_time=300, hurry_time=60)
    async with ann_stalls(tmp_path, settings, "hurry-who") as (served, hosting, ann, _hal):
        standins = served.host.standins
        assert [hosting.can_hurry(seat) for seat in range(3)] == [True, False, False]
        clock = standins.clock
        assert clock is not None and clock.seat == 0
        clock.deadline -= 260  # 40 s left: less than the hurry's minute
        assert not hosting.can_hurry(0) and not hosting.hurry(0)
        clock.deadline += 260
        assert hosting.hurry(0)
        clock = standins.clock
        assert clock is not None and clock.seat == 0
        left = clock.deadline - time.monotonic()
        assert 58 < left <= 60, left  # the 300 s clock, cut to a minute
        await wait_for(lambda: ann.presence is not None and ann.presence.seat(0).hurry == 60)


async def test_a_player_who_is_gone_is_not_put_on_the_clock(tmp_path: Path) -> None:
    """The clock is for a player who stays and never moves: one who has lost their connection
    has the stand-in (after the reconnect window) and the hosting player's "Give NAME's seat"
    instead. Back in the seat with its token, they may be put on it again."""
    settings = HostSettings(reconnect_window=0, hurry_time=30)
    async with ann_stalls(tmp_path, settings, "hurry-gone") as (served, hosting, ann, _hal):
        assert ann._conn is not None and ann.token is not None
        ann._conn.transport.abort()
        await wait_for(lambda: not served.host.presence()[0].connected)
        assert not hosting.can_hurry(0) and not hosting.hurry(0)
        back = await NetPeer.connect(await served.connect(), token=ann.token)
        await wait_for(lambda: served.host.presence()[0].connected)
        assert hosting.hurry(0)
        await back.close()
