"""The next game a ``jetset host`` table opens (``netcode.next_games``, ``HostedGame.next_game``),
without a screen: a log's name and its number in the evening, the new table made like the
finished one beside its log, and the host's answers to ``next {}`` (one game however many ask,
never a spectator, a full disk said in words). The screens' r: test_next_game_lan.py."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from netcode.host import NO_NEXT_HERE
from netcode.next_games import numbered
from netcode.table import Table


@pytest.mark.parametrize(
    ("stem", "evening", "number"),
    [
        ("evening", "evening", 1),
        ("evening-2", "evening", 2),
        ("cup-final-12", "cup-final", 12),
        ("evening-0", "evening-0", 1),
        ("evening-07", "evening-07", 1),
        ("20261206-013000-123456", "20261206-013000-123456", 1),  # new_game_path's name
        ("-3", "-3", 1),
    ],
)
def test_a_logs_name_gives_its_evening_and_its_games_number(
    stem: str, evening: str, number: int
) -> None:
    assert numbered(stem) == (evening, number)


def hal_and_amelia(log: Path) -> Table:
    """A Jet Lag table logged at ``log``: Hal hosts, Amelia is a greedy bot."""
    from engine.games import game_rules

    return Table.create(
        {},
        ["greedy"],
        log,
        password="pw",
        fsync=False,
        host_name="Hal",
        rules=game_rules("jetlag"),
        bot_names=["Amelia"],
    )


async def test_a_resumed_second_game_is_followed_by_the_third(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``jetset host --resume evening-2.jetset`` serves the evening's second game, game 2:
    r at its end opens ``evening-3.jetset``, game 3, and ``--json`` says so. Both ways of
    numbering the first game: ``NextGames.at`` (as ``serve`` does), and the hosting player's
    r with none made yet (``HostedGame.next_game``)."""
    from jetset_tui.commands.host_words import announce_next
    from netcode.host import Host
    from netcode.hosting import HostedGame
    from netcode.next_games import NextGames

    (tmp_path / "served").mkdir()
    served = Host(hal_and_amelia(tmp_path / "served" / "evening-2.jetset"))
    NextGames.at(served)
    assert served.number == 2 and served.called == "2"
    await served.close()
    host = Host(hal_and_amelia(tmp_path / "evening-2.jetset"))
    hosting = HostedGame(host, bind="127.0.0.1", port=7777)
    following = hosting.next_game()
    try:
        assert hosting.number == 2, "the game resumed is the evening's second"
        assert following.log_path == tmp_path / "evening-3.jetset" and following.number == 3
        announce_next(following.host, as_json=True)
        said = json.loads(capsys.readouterr().out)
        assert said == {"game": 3, "log": str(tmp_path / "evening-3.jetset")}
    finally:
        await host.close()
        await following.host.close()


async def test_the_next_game_is_made_like_the_first_and_said_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``HostedGame.next_game``: a new table like the finished one (its game, options, bots
    and their names, password, host's seat), logged beside it as ``NAME-2``, then ``NAME-3``
    (a new name if that file is taken); the address leads to the newest; with ``--json`` the
    host says each in a line."""
    from jetset_tui.commands.host_words import announce_next
    from netcode.host import Host
    from netcode.hosting import HostedGame

    first = hal_and_amelia(tmp_path / "evening.jetset")
    hosting = HostedGame(Host(first), bind="127.0.0.1", port=7777)
    second = hosting.next_game()
    (tmp_path / "evening-3.jetset").write_bytes(b"")  # taken: the third gets a new name
    third = second.next_game()
    try:
        assert second.log_path == tmp_path / "evening-2.jetset" and second.number == 2
        assert third.log_path.parent == tmp_path and third.log_path.name.startswith("2")
        assert hosting.host.current() is second.host.current() is third.host
        for made in (second.host.table, third.host.table):
            assert made.rules.name == "jetlag" and made.keys.password == "pw"
            assert [slot.name for slot in made.seats] == ["Hal", "Amelia"]
            assert [slot.bot_kind for slot in made.seats] == ["", "greedy"]
            assert made.keys.host_seat == 0 and made.keys.seed != first.keys.seed
        announce_next(second.host, as_json=True)
        said = json.loads(capsys.readouterr().out)
        assert said == {"game": 2, "log": str(tmp_path / "evening-2.jetset")}
    finally:
        for made in (hosting, second, third):
            await made.host.close()


async def test_next_requests_open_one_game_and_only_a_seat_asks_once_it_is_over(
    tmp_path: Path,
) -> None:
    """The host's promises for ``next {}`` (docs/security.md): before the end it is refused
    (``order``); a spectator's, ever (``spectator``); a seat's flood of them after the end
    opens one game (one log), each answered with the same ``next``; a host that opens none
    answers ``no-next``, uncounted."""
    from engine.games import game_rules
    from netcode.botplayer import play_bot
    from netcode.client import NextGameOpened, Problem
    from netcode.host import HostSettings
    from netcode.next_games import NextGames
    from netcode.peer import NetPeer
    from netcode.table import Table

    from .helpers import recv_until, serve

    table = Table.create(
        {}, ["greedy"], tmp_path / "g.jetset", seed="nx", fsync=False, rules=game_rules("jetlag")
    )
    settings = HostSettings(bot_delay=0.0, rate=50, burst=20, max_errors=5)
    async with serve(tmp_path, 2, table=table, settings=settings) as served:
        watcher = await served.raw()
        await watcher.send({"t": "spectate", "have": 0})
        await recv_until(watcher, "seated")
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        heard: list[object] = []
        ann.add_listener(heard.append)
        await ann.ask_next()  # before the end
        await watcher.send({"t": "next"})
        assert (await recv_until(watcher, "error"))["code"] == "spectator"
        await play_bot(ann, "greedy", ann.commitment or "")
        assert table.over and Problem("the host says: the game is not over") in heard
        await ann.ask_next()  # a host that opens none
        refused = Problem(f"the host says: {NO_NEXT_HERE}")
        for _ in range(100):
            if refused in heard:
                break
            await asyncio.sleep(0.02)
        assert refused in heard and served.host.successor is None
        served.host.next_games = NextGames(table.log_path)
        for _ in range(15):
            await ann.ask_next()
        opened = NextGameOpened("2", ann.seat or 0)
        for _ in range(100):
            if heard.count(opened) == 15:
                break
            await asyncio.sleep(0.02)
        assert heard.count(opened) == 15, heard
        made = sorted(p.name for p in tmp_path.glob("*.secret"))  # a log is written once dealt
        assert made == ["g-2.jetset.secret", "g.jetset.secret"], "one next game"
        assert (await recv_until(watcher, "next")) == {"t": "next", "game": "2", "seat": 0}
        await watcher.send({"t": "next"})
        assert (await recv_until(watcher, "error"))["code"] == "spectator"
        following = served.host.successor
        assert following is not None and following.successor is None
        await ann.close()
        await following.close()


async def test_a_next_game_the_host_cannot_save_is_refused_in_words(tmp_path: Path) -> None:
    """The next game's folder is on a full disk (a real full tmpfs): r is answered
    ``no-next`` in a sentence (no path), nothing is made, and the finished game stays served."""
    from engine.games import game_rules
    from netcode.botplayer import play_bot
    from netcode.client import Problem
    from netcode.host import HostSettings
    from netcode.next_games import NextGames
    from netcode.peer import NetPeer
    from netcode.table import Table
    from tests.net.disk import full_tmpfs

    from .helpers import serve

    table = Table.create(
        {}, ["greedy"], tmp_path / "g.jetset", seed="nd", fsync=False, rules=game_rules("jetlag")
    )
    with full_tmpfs(tmp_path / "full") as folder:
        async with serve(tmp_path, 2, table=table, settings=HostSettings(bot_delay=0.0)) as served:
            served.host.next_games = NextGames(folder / "g.jetset")
            ann = await NetPeer.connect(await served.connect(), name="Ann")
            heard: list[object] = []
            ann.add_listener(heard.append)
            await play_bot(ann, "greedy", ann.commitment or "")
            await ann.ask_next()
            refused = Problem("the host says: the host cannot save a new game now (disk full)")
            for _ in range(100):
                if refused in heard:
                    break
                await asyncio.sleep(0.02)
            assert refused in heard, heard
            assert served.host.successor is None and not list(folder.glob("g-2*"))
            assert served.host.current() is served.host
            await ann.close()


async def test_a_next_game_plays_the_seat_a_bot_played_for_the_host_and_says_it_waits(
    tmp_path: Path,
) -> None:
    """A LAN play test's host let a bot play their seat ("keep serving") to the end; a joiner's
    r opened the next game, which then waited on the host's seat for good, saying nothing. The
    hosting player's seat of a next game is away until they sit in it ("not back yet", its
    reconnect window running), and the bot they chose plays on in it once someone is at the
    table; the host's own r still takes the seat back."""
    from netcode.botplayer import play_bot
    from netcode.host import HostSettings
    from netcode.hosting import HostedGame
    from netcode.next_games import NextGames
    from netcode.peer import NetPeer

    from .helpers import serve
    from .test_reconnect import wait_for

    settings = HostSettings(bot_delay=0.0, reconnect_window=60)
    async with serve(tmp_path, 2, seed="next-standin", settings=settings) as served:
        served.table.keys.host_seat = 0
        served.table.seats[0].name = "Hal"
        hosting = HostedGame(served.host, bind="127.0.0.1", port=served.port)
        hal = await hosting.sit()
        await hal.close()  # "let a greedy bot play my seat; keep serving": the screen leaves it
        hosting.stand_in()
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        await asyncio.wait_for(play_bot(ann, "greedy", "ann"), 60)
        assert served.table.over
        watching = await hosting.sit()  # the host's screen sits again to show how it ended
        assert watching.seat == 0 and served.host.left_to_bot == "greedy"
        NextGames.at(served.host)
        await ann.ask_next()
        await wait_for(lambda: served.host.successor is not None, 10)
        following = served.host.successor
        assert following is not None
        assert following.presence()[0].not_back, "said to wait for Hal, not to be lost"
        again = await NetPeer.connect(await served.connect(), name="Ann")
        assert again.seat == 1
        playing = asyncio.create_task(play_bot(again, "greedy", "ann"))
        game = following.table.game
        await wait_for(lambda: any(e.actor == 0 for e in game.entries), 15)  # Hal's bot plays
        assert following.seat_conns[0].standin == "greedy"
        back = await HostedGame(following, bind="127.0.0.1", port=served.port).sit()
        await wait_for(lambda: following.seat_conns[0].standin is None, 10)  # Hal's r: theirs
        assert back.seat == 0 and not following.presence()[0].not_back
        playing.cancel()
        for peer in (ann, again, back, watching):
            await peer.close()
        await following.close()
