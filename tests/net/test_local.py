"""A local game (``netcode.local.LocalSession``) is an in-process host with in-memory peers:
the host refuses what the engine refuses, seats the bots, keeps the log, and each hot-seat human
only ever holds their own Final Flights."""

from __future__ import annotations

import asyncio
import errno
from pathlib import Path

import pytest

from engine import Deal, Entry, IllegalAction, Options
from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from netcode.client import ClientEvent, EntryApplied, GameOver, SeatInfo
from netcode.host import Host
from netcode.local import LocalSession, seed_path
from netcode.logfile import read_log
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.tablefiles import secrets_path

from .disk import COMPILED

ANN, AMELIA = SeatInfo("Ann"), SeatInfo("Amelia")
BOT = SeatInfo("Wilbur", SeatKind.of_bot("random"))
BESSIE = SeatInfo("Bessie", SeatKind.of_bot("random"))


def session(tmp_path: Path, seats: list[SeatInfo], seed: str = "local-test") -> LocalSession:
    return LocalSession(
        Options(players=len(seats)),
        seats,
        seed=seed,
        path=tmp_path / "game.jetset",
        bot_delay=0,
        fsync=False,
    )


async def play(s: LocalSession, turns: int | None = None) -> int:
    """Play the human seats (all turns, or ``turns``) with a random advisor; how many."""
    advisors = {seat: make_bot("random", seat, "advice") for seat in s.local_seats}
    played = 0
    while turns is None or played < turns:
        await s.wait_idle()
        if s.game.over:
            break
        seat = s.game.to_move()
        assert seat is not None and seat in s.local_seats
        await s.submit(seat, advisors[seat].act(s.view(seat), s.game.rules))
        played += 1
    return played


async def test_a_local_game_is_served_by_a_host(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, BOT])
    await s.start()
    try:
        assert isinstance(s.host, Host) and s.host.table is s.table
        assert s.host.settings.bot_delay == 0
        # the human at this keyboard and the bot are both connected peers of that host
        await s.wait_idle()
        assert set(s.host.seat_conns) == {0, 1}
        assert s.host.seat_conns[1].transport.peer_name == "bot:random:1"
        assert s.local_seats == (0,) and not s.busy
        # what the session shows is what the host dealt, the bot's cards hidden
        assert s.game.digest() == s.table.game.digest()
        assert s.game.state.seats[0].hand == s.table.game.state.seats[0].hand
        assert s.game.state.seats[1].hand is None
        before = len(s.game.entries)
        await s.submit(0, Notation(s.game.board).parse_action("income"))
        await s.wait_idle()
        assert len(s.game.entries) > before + 1  # the host dealt, the bot answered
        assert s.game.entries[before] == Entry(0, Notation(s.game.board).parse_action("income"))
        assert s.game.digest() == s.table.game.digest()
    finally:
        await s.close()


async def test_the_host_refuses_what_the_engine_refuses_and_nothing_changes(
    tmp_path: Path,
) -> None:
    s = session(tmp_path, [ANN, AMELIA, BOT])
    events: list[ClientEvent] = []
    s.add_listener(events.append)
    await s.start()
    try:
        await s.wait_idle()
        assert s.game.to_move() == 0
        log = tmp_path / "game.jetset"
        on_disk = log.read_bytes()
        entries, digest = list(s.game.entries), s.game.digest()
        events.clear()
        too_dear = Notation(s.game.board).parse_action("buy AMS-LON 9")
        with pytest.raises(IllegalAction) as engine:
            s.table.game.check(Entry(0, too_dear))
        with pytest.raises(IllegalAction) as refused:
            await s.submit(0, too_dear)
        assert str(refused.value) == str(engine.value)  # the engine's own words, via the host
        assert refused.value.rule == engine.value.rule
        # out of turn, in another local seat: the host says no
        income = Notation(s.game.board).parse_action("income")
        with pytest.raises(IllegalAction, match="not your turn"):
            await s.submit(1, income)
        # a seat not played here: refused before it reaches the host
        with pytest.raises(IllegalAction, match="not played at this keyboard"):
            await s.submit(2, income)
        await asyncio.sleep(0.05)
        assert s.game.entries == entries and s.game.digest() == digest
        assert s.table.game.digest() == digest
        assert log.read_bytes() == on_disk
        assert not [e for e in events if isinstance(e, EntryApplied)]
    finally:
        await s.close()
    with pytest.raises(IllegalAction, match="closed"):
        await s.submit(0, income)


async def test_hot_seat_views_never_hold_another_seats_final_flights(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, AMELIA, BOT], seed="hot-seat")
    seen: list[int] = []

    def check(event: ClientEvent) -> None:
        if isinstance(event, EntryApplied):
            seen.append(event.index)
            for seat in (0, 1):
                view = s.view(seat)
                assert all(view.seats[o].hand is None for o in range(3) if o != seat)

    s.add_listener(check)
    await s.start()
    try:
        hands = {seat: s.table.game.state.seats[seat].hand for seat in (0, 1)}
        assert hands[0] and hands[1] and hands[0] != hands[1]
        # the union shown at this keyboard holds both humans' cards, never the bot's
        assert s.game.state.seats[0].hand == hands[0]
        assert s.game.state.seats[1].hand == hands[1]
        assert s.game.state.seats[2].hand is None
        assert await play(s, 12) == 12
        assert seen == list(range(seen[0], seen[0] + len(seen)))
        # each seat's own replica (its peer) never received another seat's dealt cards
        for seat in (0, 1):
            replica = s._peers[seat].game
            assert replica.state.seats[1 - seat].hand is None
            for entry in replica.entries:
                act = entry.action
                if isinstance(act, Deal) and act.seat != seat:
                    assert act.cards is None
            view = s.view(seat)
            assert view.seats[seat].hand == s.table.game.state.seats[seat].hand
            assert view.seats[1 - seat].hand is None
    finally:
        await s.close()


async def test_a_whole_game_saves_replays_and_reveals(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, BOT], seed="whole")
    over: list[GameOver] = []
    s.add_listener(lambda e: over.append(e) if isinstance(e, GameOver) else None)
    await s.start()
    assert secrets_path(tmp_path / "game.jetset").exists()
    await play(s)
    await s.wait_idle()
    assert s.game.over and over == [GameOver("whole")]
    # once over (the seed is public), the game shown is the whole one, the bot's cards too
    assert s.game.state.seats[1].hand == s.table.game.state.seats[1].hand is not None
    await s.close()
    log = read_log(tmp_path / "game.jetset")
    assert log.seed == "whole" and log.header.meta.get("local") is True
    result = replay(log)
    assert result.ok and result.digest == s.game.digest()
    assert not secrets_path(tmp_path / "game.jetset").exists()
    assert not seed_path(tmp_path / "game.jetset").exists()


async def test_resume_continues_through_the_host(tmp_path: Path) -> None:
    path = tmp_path / "game.jetset"
    s = session(tmp_path, [ANN, AMELIA, BOT], seed="resume")
    s.meta["colours"] = ["red"]
    await s.start()
    await play(s, 6)
    entries = list(s.game.entries)
    await s.close()
    assert len(read_log(path).records) == len(entries)

    again = LocalSession.resume(path, bot_delay=0, fsync=False)
    assert again.game.entries == entries  # before start: the union, from the log
    assert [x.name for x in again.seats] == ["Ann", "Amelia", "Wilbur"]
    assert again.local_seats == (0, 1)
    await again.start()
    try:
        assert again.game.entries == entries
        assert again.host is not None and again.host.table.log_path == path
        assert await play(again) > 0
        await again.wait_idle()
        assert again.game.over
    finally:
        await again.close()
    log = read_log(path)
    assert log.seed == "resume" and replay(log).ok
    assert not secrets_path(path).exists()
    # a finished game opens to be looked at, the whole game, and leaves no secrets behind
    done = LocalSession.resume(path, bot_delay=0, fsync=False)
    assert done.game.over and done.game.state.seats[2].hand is not None
    assert not secrets_path(path).exists()
    await done.close()


async def test_resumed_bots_wait_to_catch_up_before_they_act(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot's peer replays the log from the host before it decides: no action for a position
    the game has left behind (the host would refuse it as stale)."""
    path = tmp_path / "game.jetset"
    s = session(tmp_path, [ANN, BOT, BESSIE], seed="catch-up")
    await s.start()
    await play(s, 12)
    await s.close()
    again = LocalSession.resume(path, bot_delay=0, fsync=False)
    with caplog.at_level("WARNING", logger="jetset.bot"):
        await again.start()
        try:
            assert await play(again) > 0
            await again.wait_idle()
        finally:
            await again.close()
    assert again.game.over and replay(read_log(path)).ok
    assert not [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]


async def test_a_game_saved_with_a_seed_file_still_resumes(tmp_path: Path) -> None:
    """Earlier versions kept the seed in ``<log>.seed``."""
    path = tmp_path / "game.jetset"
    s = session(tmp_path, [ANN, BOT], seed="legacy")
    await s.start()
    await play(s, 3)
    entries = list(s.game.entries)
    await s.close()
    secrets_path(path).unlink()
    with pytest.raises(ValueError, match=r"game\.seed is missing"):
        LocalSession.resume(path, bot_delay=0, fsync=False)
    seed_path(path).write_text("not-the-seed\n")
    with pytest.raises(ValueError, match="does not belong"):
        LocalSession.resume(path, bot_delay=0, fsync=False)
    assert not secrets_path(path).exists()
    seed_path(path).write_text("legacy\n")
    again = LocalSession.resume(path, bot_delay=0, fsync=False)
    await again.start()
    try:
        assert again.game.entries == entries
        await play(again, 2)
    finally:
        await again.close()


async def test_bots_pause_between_moves(tmp_path: Path) -> None:
    s = LocalSession(
        Options(players=3), [ANN, BOT, BESSIE], bot_delay=0.2,
        autosave=False,
    )  # fmt: skip
    await s.start()
    try:
        assert s.path is None and s.host is not None
        assert s.host.settings.bot_delay == 0.2
        await s.wait_idle()
        start = len(s.game.entries)
        await s.submit(0, Notation(s.game.board).parse_action("income"))
        assert s.busy  # the bots are to move, and wait before they do
        loop = asyncio.get_running_loop()
        began = loop.time()
        await s.wait_idle()
        assert loop.time() - began >= 0.35  # two bots, 0.2 s each
        assert len(s.game.entries) > start + 2
        scratch = s.table.log_path.parent
    finally:
        await s.close()
    assert not scratch.exists()  # autosave=False: nothing left on disk


@pytest.mark.skipif(
    COMPILED, reason="the compiled LogWriter's write_bytes is read-only: the pure build runs this"
)
async def test_a_full_disk_is_said_at_the_keyboard_until_the_game_can_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No one else is at the table, but the game still cannot go on unsaved: the session's
    presence holds the sentence (the turn bar shows it) until the disk has room again."""
    s = session(tmp_path, [ANN, BOT])
    await s.start()
    try:
        assert s.host is not None
        s.host.settings.retry_first = s.host.settings.retry_most = 0.05
        writer = s.table.writer
        assert writer is not None
        write, full = writer.write_bytes, [True]

        def refuse(data: bytes) -> None:
            if full[0]:
                raise OSError(errno.ENOSPC, "No space left on device")
            write(data)

        monkeypatch.setattr(writer, "write_bytes", refuse)
        assert s.presence is None
        playing = asyncio.ensure_future(play(s))  # held moves wait; a later write fails
        for _ in range(500):
            if s.host.paused is not None:
                break
            await asyncio.sleep(0.01)
        assert s.host.paused == "disk full" and not playing.done()
        for _ in range(500):  # the host's word reaches this keyboard's peers a moment later
            if s.presence is not None:
                break
            await asyncio.sleep(0.01)
        assert s.presence is not None and s.presence.by_itself
        assert s.presence.paused == "the host cannot save the game (disk full); the game is paused"
        full[0] = False
        await asyncio.wait_for(playing, 30)  # the game goes on, to its end
        assert s.host.paused is None and s.presence is None and s.game.over
    finally:
        await s.close()
