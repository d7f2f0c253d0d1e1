"""A stand-in that played when the host stopped plays again at once after ``--resume``.

A play test: a hosted game whose player had dropped long enough for a stand-in bot to take their
seat was stopped and resumed; the others came back and waited the whole reconnect window (two
minutes) again before a bot played that seat. The log's ``standin`` notes say which seats a bot
played when the game stopped and which kind (``Table.bots_played.standing``): once a person is
back at the resumed table, each of those seats has that kind of bot back at once, unless its own
player is back; they take the seat as always. With nobody back, nothing moves. Real TCP on
127.0.0.1, real log files; the resumed host's window is a minute, so a bot that comes within the
test came at once, not after a window.
"""

from __future__ import annotations

import asyncio
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from netcode.botplayer import play_bot
from netcode.host import HostSettings
from netcode.hosting import HostedGame
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.table import Table
from tests.net.helpers import Served, finish, serve
from tests.net.test_reconnect import wait_for

FIRST = HostSettings(reconnect_window=0.1, standin_kind="random")
"""The first evening: a stand-in (a random bot) takes a dropped seat almost at once."""
RESUMED = HostSettings(reconnect_window=60.0, standin_kind="greedy")
"""After the restart: a window longer than any wait here, and another kind of bot."""
SLOW = 20.0
"""A generous wait for what should happen at once (the machine is shared and loaded)."""


def standin_notes(path: Path) -> list[tuple[int, object]]:
    notes = read_log(path).notes
    return [(n.fields["seat"], n.fields["bot"]) for n in notes if n.kind == "standin"]


async def dropped_and_stood_in(served: Served, peer: NetPeer) -> None:
    """``peer``'s connection (seat 0's) drops, and a random stand-in takes the seat and makes
    two moves for it."""
    game = served.table.game
    assert peer._conn is not None and peer.seat == 0
    peer._conn.transport.abort()
    await wait_for(lambda: served.host.seats_list()[0].kind == "bot:random", SLOW)
    since = len(game.entries)
    await wait_for(lambda: sum(e.actor == 0 for e in game.entries[since:]) >= 2, SLOW)
    assert not game.over


async def first_evening(tmp_path: Path, seed: str) -> tuple[Path, list[str]]:
    """Two people and a greedy bot; the first drops and a random stand-in plays for them while
    the second is at the table; then the host stops serving (Ctrl+C: ``stop_hosting``). The
    log's path and the two people's tokens."""
    async with serve(tmp_path, 3, ["greedy"], seed=seed, settings=FIRST) as served:
        first = await served.bot("greedy", "first")
        second = await served.bot("greedy", "second", delay=0.05)
        tokens = [first.token or "", second.token or ""]
        game = served.table.game
        await wait_for(lambda: len(game.entries) > 12, SLOW)
        await dropped_and_stood_in(served, first)
        await served.host.stop_hosting("paused")
        path = served.table.log_path
    assert standin_notes(path)[-1] == (0, "random"), "the log: a stand-in played when it stopped"
    return path, tokens


def again(tmp_path: Path, path: Path) -> AbstractAsyncContextManager[Served]:
    """The stopped game served again, as ``jetset host --resume`` and a restarted SSH server
    serve it (every person away: ``everyone_away``)."""
    return serve(tmp_path, 3, table=Table.resume(path, fsync=False), settings=RESUMED)


async def back(served: Served, token: str, name: str) -> NetPeer:
    """A player back in their seat, playing greedily in the background."""
    peer = await NetPeer.connect(await served.connect(), token=token)
    served.tasks.append(asyncio.create_task(play_bot(peer, "greedy", name)))
    return peer


async def test_the_stand_in_plays_again_at_once_when_another_player_is_back(
    tmp_path: Path,
) -> None:
    path, tokens = await first_evening(tmp_path, "back-at-once")
    async with again(tmp_path, path) as served:
        host, game = served.host, served.table.game
        host.standins.everyone_away()
        held = len(game.entries)
        await asyncio.sleep(0.5)  # nobody is back: no bot plays a game no person is at
        assert 0 not in host.seat_conns and len(game.entries) == held
        second = await back(served, tokens[1], "second")
        await wait_for(lambda: 0 in host.seat_conns, SLOW)  # not after a minute's window
        assert host.seat_conns[0].standin == "random", "the same kind as when it stopped"
        assert host.presence()[0].bot_in is None, "no window runs for it"
        await wait_for(lambda: sum(e.actor == 0 for e in game.entries[held:]) >= 2, SLOW)
        # its player comes back and takes the seat, as always
        first = await back(served, tokens[0], "first")
        await wait_for(lambda: host.seat_conns[0].standin is None, SLOW)
        assert first.seat == 0
        await finish([first, second], 60)
    notes = standin_notes(path)
    assert notes[-2:] == [(0, "random"), (0, None)], notes


async def test_a_stand_in_outlives_a_restart_with_nobody_back_until_its_player_is(
    tmp_path: Path,
) -> None:
    """Restarted, then stopped again before anyone was back (a server restarted twice in a
    night): the stand-in is still the log's. Resumed again, the seat's own player is the first
    back: they play it, no bot does, and the log ends the stand-in's moves where they sat
    (their own moves are not marked a bot's)."""
    path, tokens = await first_evening(tmp_path, "twice")
    async with again(tmp_path, path) as served:
        served.host.standins.everyone_away()
        await asyncio.sleep(0.2)
        await served.host.stop_hosting("paused")
    assert standin_notes(path)[-1] == (0, "random"), "still the log's"
    async with again(tmp_path, path) as served:
        host, table = served.host, served.table
        host.standins.everyone_away()
        held = len(table.game.entries)
        first = await back(served, tokens[0], "first")
        await wait_for(lambda: host.seat_conns.get(0) is not None, SLOW)
        assert host.seat_conns[0].standin is None
        assert standin_notes(path)[-1] == (0, None)
        second = await back(served, tokens[1], "second")
        await finish([first, second], 60)
        assert all(c.standin is None for c in host.seat_conns.values())
        assert not [i for i in table.bot_moves if i >= held], "her own moves, not a bot's"


async def test_the_hosting_players_own_stand_in_plays_again_at_once(tmp_path: Path) -> None:
    """The hosting player left their seat to a bot ("a bot plays my seat": ``choose_standin``)
    and the game was stopped; resumed without its screen (``--headless``), the bot plays their
    seat again as soon as another player is back."""
    async with serve(tmp_path, 3, ["greedy"], seed="chosen", settings=FIRST) as served:
        served.table.keys.host_seat = 0  # as `jetset host` keeps a seat for its player
        served.table.seats[0].name = "Me"
        hosting = HostedGame(served.host, bind="127.0.0.1", port=served.port, standin="random")
        me = await hosting.sit()
        mine = asyncio.create_task(play_bot(me, "greedy", "me"))
        ann = await served.bot("greedy", "Ann", delay=0.05)
        token = ann.token or ""
        game = served.table.game
        await wait_for(lambda: len(game.entries) > 12, SLOW)
        mine.cancel()
        await me.close()  # the hosting player leaves their seat to a bot (netcode/hosting.py)
        await wait_for(lambda: 0 not in served.host.seat_conns, SLOW)
        hosting.stand_in()
        await wait_for(lambda: served.host.seats_list()[0].kind == "bot:random", SLOW)
        since = len(game.entries)
        await wait_for(lambda: sum(e.actor == 0 for e in game.entries[since:]) >= 2, SLOW)
        await served.host.stop_hosting("paused")
        path = served.table.log_path
    assert standin_notes(path)[-1] == (0, "random")
    async with again(tmp_path, path) as served:
        host = served.host
        host.standins.everyone_away()
        await back(served, token, "Ann")
        await wait_for(lambda: 0 in host.seat_conns, SLOW)
        assert host.seat_conns[0].standin == "random"


async def test_a_hosting_player_who_pauses_the_game_finds_the_stand_in_playing_on(
    tmp_path: Path,
) -> None:
    """`jetset host`: Ann dropped and a stand-in plays for her; the hosting player, the only
    person at the table, pauses the game (p). Their own seat closing as the host stops is not
    the last person leaving the table: the log keeps the stand-in, and once the hosting player
    sits at the resumed table it plays Ann's seat at once."""
    async with serve(tmp_path, 3, ["greedy"], seed="paused", settings=FIRST) as served:
        served.table.keys.host_seat = 1  # as `jetset host` keeps a seat for its player
        served.table.seats[1].name = "Me"
        hosting = HostedGame(served.host, bind="127.0.0.1", port=served.port)
        ann = await served.bot("greedy", "Ann")
        me = await hosting.sit()
        served.tasks.append(asyncio.create_task(play_bot(me, "greedy", "me", delay=0.05)))
        game = served.table.game
        await wait_for(lambda: len(game.entries) > 12, SLOW)
        await dropped_and_stood_in(served, ann)
        await hosting.pause()
        path = served.table.log_path
    assert standin_notes(path)[-1] == (0, "random"), "the log: a stand-in played when it stopped"
    table = Table.resume(path, fsync=False)
    table.keys.host_seat = 1
    async with serve(tmp_path, 3, table=table, settings=RESUMED) as served:
        host = served.host
        host.standins.everyone_away()
        me = await HostedGame(host, bind="127.0.0.1", port=served.port).sit()
        served.tasks.append(asyncio.create_task(play_bot(me, "greedy", "me")))
        await wait_for(lambda: 0 in host.seat_conns, SLOW)
        assert host.seat_conns[0].standin == "random"


async def test_after_a_restart_a_player_not_back_yet_is_said_so_not_lost(tmp_path: Path) -> None:
    """A play test after a server restart read "alice has lost their connection" of a player who
    had simply not logged in again. The host's presence marks such a seat ``not_back`` until its
    player sits; a connection lost after that reads as lost again."""
    from jetset_tui.widgets.presence import dropped_lines
    from netcode.client import Presence
    from netcode.seatkind import SeatKind

    path, tokens = await first_evening(tmp_path, "not-back")
    kinds = [SeatKind(), SeatKind(), SeatKind(bot="greedy")]
    names = ["first", "second", "bot"]
    async with again(tmp_path, path) as served:
        host = served.host
        host.standins.everyone_away()
        assert [p.not_back for p in host.presence()] == [True, True, False]
        first = await NetPeer.connect(await served.connect(), token=tokens[0])
        await wait_for(lambda: not host.presence()[0].not_back, SLOW)

        def told() -> Presence | None:
            seen = first.presence
            return seen if seen is not None and seen.seat(0).connected else None

        await wait_for(lambda: told() is not None, SLOW)
        seen = told()
        assert seen is not None and seen.seat(1).not_back, "the peer is told, too"
        said = dropped_lines(names, seen, kinds).plain
        assert said.startswith("second is not back yet;") and "lost" not in said, said
        second = await NetPeer.connect(await served.connect(), token=tokens[1])
        await wait_for(lambda: host.presence()[1].connected, SLOW)
        assert second._conn is not None
        second._conn.transport.abort()  # back, then gone again: lost, not "not back"
        await wait_for(lambda: host.presence()[1].away is not None, SLOW)
        assert not host.presence()[1].not_back
        lost = Presence(tuple(host.presence()), turn_time=0.0)
        said = dropped_lines(names, lost, kinds).plain
        assert said.startswith("second has lost their connection"), said
        await first.close()
