"""A player who leaves a LAN table may give their seat to whoever joins next (``leave {give}``):
a LAN party's Cat went home, and Eve could take her seat only with a token read from a hidden
file, and would still have been called Cat. Real TCP on 127.0.0.1, real secrets files on disk."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from engine import Options
from jetset_tui.app import JetSetApp
from jetset_tui.commands.join import outcome
from jetset_tui.screenshot import screen_text
from netcode import messages as m
from netcode.client import ClientEvent, EntryApplied
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.peer_handshake import JoinRefused
from netcode.seatkeys import SeatKeys
from netcode.seatnames import Renamed
from netcode.table import Table
from netcode.tablefiles import Handover, Secrets, TableError, secrets_path
from netcode.transport import open_tcp

from .helpers import Served, assert_all_agree, finish, recv_until, serve
from .hosting import game_shown, leave_giving_the_seat, until


async def wait_for(condition: object, timeout: float = 10.0) -> None:
    async def loop() -> None:
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.01)

    await asyncio.wait_for(loop(), timeout)


LEAVING: set[asyncio.Future[None]] = set()
"""The peers' closings under way (kept, so none is collected before it runs)."""


def leaves_at(peer: NetPeer, index: int, *, give: bool) -> None:
    """``peer`` leaves (giving its seat away if ``give``) once it has applied entry ``index``."""

    def listener(event: ClientEvent) -> None:
        if isinstance(event, EntryApplied) and event.index == index:
            peer.gives_seat = give
            LEAVING.add(asyncio.ensure_future(peer.close()))

    peer.add_listener(listener)


async def cat_gives_her_seat(served: Served, tmp_path: Path) -> tuple[NetPeer, NetPeer, str]:
    """Bob and Cat play; Cat (who keeps her seat's key on disk) gives her seat away at entry
    20. Bob, Cat, and the token Cat held."""
    keys = SeatKeys(tmp_path / "cat-keys")
    bob = await served.bot("greedy", "Bob", delay=0.01)
    cat = await served.bot("greedy", "Cat", keys=keys)
    assert cat.seat is not None and cat.token is not None and cat.commitment is not None
    assert [k.seat for k in keys.load(cat.commitment)] == [cat.seat]
    leaves_at(cat, 20, give=True)
    await wait_for(lambda: served.host.presence()[cat.seat or 0].open)
    # her key is kept, and worth nothing now: the seat has a new token (a join forgets it)
    assert [k.token for k in keys.load(cat.commitment)] == [cat.token]
    return bob, cat, cat.token


async def test_a_seat_given_away_goes_to_the_next_to_join_under_their_own_name(
    tmp_path: Path,
) -> None:
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, cat, old_token = await cat_gives_her_seat(served, tmp_path)
        seat = cat.seat
        assert seat is not None
        await wait_for(lambda: bob._presence is not None and bob._presence.seat(seat).open)
        with pytest.raises(JoinRefused) as refused:  # the old token takes nothing back
            await NetPeer.connect(await served.connect(), token=old_token)
        assert refused.value.code == "token"
        eve = await served.bot("greedy", "Eve")
        assert eve.seat == seat and eve.name == "Eve"
        assert eve.token is not None and eve.token != old_token
        presence = served.host.presence()[seat]
        assert presence.connected and not presence.open
        await wait_for(lambda: bob._presence is not None and not bob._presence.seat(seat).open)
        await wait_for(lambda: bob.seats[seat].name == "Eve")  # every screen calls her Eve
        taken = served.table.renamed
        assert taken == [Renamed(taken[0].at, seat, "Eve", "Cat")] and taken[0].at > 20
        await wait_for(lambda: bob.renamed() == tuple(taken))  # the moves before are Cat's
        await finish([bob, eve])
        assert_all_agree(served, [bob, eve])
        log = read_log(served.table.log_path)
        assert log.header.seats[seat].name == "Cat"  # the log keeps the seat's first player
        noted = [(n.at, n.fields) for n in log.notes if n.kind == "seat"]  # and who took it when
        assert noted == [(taken[0].at, {"seat": seat, "name": "Eve"})], noted


async def test_with_no_seat_given_a_full_table_still_says_spectate(tmp_path: Path) -> None:
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob = await served.bot("greedy", "Bob", delay=0.01)
        cat = await served.bot("greedy", "Cat")
        leaves_at(cat, 20, give=False)
        await wait_for(lambda: cat.seat not in served.host.seat_conns)
        with pytest.raises(JoinRefused) as refused:
            await NetPeer.connect(await served.connect(), name="Eve")
        assert refused.value.code == "full"
        assert not any(p.open for p in served.host.presence())
        back = await NetPeer.connect(await served.connect(), token=cat.token)
        assert back.seat == cat.seat  # a plain leave keeps the seat its player's
        await back.close()
        await bob.close()


async def test_a_seat_given_away_stays_open_and_taken_across_the_hosts_restart(
    tmp_path: Path,
) -> None:
    """The secrets file keeps the gift: a host resumed from disk has the seat open, the old
    token takes nothing, and once taken the newcomer's token and name are kept too."""
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, cat, old_token = await cat_gives_her_seat(served, tmp_path)
        seat, log = cat.seat, served.table.log_path
        await bob.close()
    assert seat is not None
    kept = Secrets.load(secrets_path(log)).handovers
    assert list(kept) == [seat] and kept[seat].open and kept[seat].generation == 1
    table = Table.resume(log, fsync=False)
    assert table.free_seat() == seat and table.seat_for_token(old_token) is None
    async with serve(tmp_path, 3, table=table) as served:
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        assert eve.seat == seat and eve.token is not None
        await eve.close()
    again = Table.resume(log, fsync=False)
    assert again.free_seat() is None and again.seat_for_token(eve.token) == seat
    assert again.sitter(seat) == "Eve"
    assert [(r.seat, r.name, r.was) for r in again.renamed] == [(seat, "Eve", "Cat")]
    again.close()


async def test_a_seat_given_away_before_the_deal_is_simply_free_again(tmp_path: Path) -> None:
    """Before the table is full nothing is pledged for good: the seat loses its name and
    pledge, and the newcomer's name is the one the log's header keeps."""
    async with serve(tmp_path, 3, ["greedy"], seed="give-early") as served:
        cat = await NetPeer.connect(await served.connect(), name="Cat")
        seat = cat.seat
        assert seat is not None and served.table.seats[seat].name == "Cat"
        cat.gives_seat = True
        await cat.close()
        await wait_for(lambda: served.table.seats[seat].name is None)
        assert served.table.pledges[seat] is None and not served.host.presence()[seat].open
        eve = await served.bot("greedy", "Eve")
        bob = await served.bot("greedy", "Bob")
        assert eve.seat == seat
        await finish([eve, bob])
        assert_all_agree(served, [eve, bob])
        assert read_log(served.table.log_path).header.seats[seat].name == "Eve"


async def test_no_give_from_a_spectator_or_the_hosts_seat(tmp_path: Path) -> None:
    """A spectator's ``leave {give}`` opens nothing; neither does the hosting player's own
    seat's. (A server's lobby game takes a gift as any table does: tests/ssh/test_give_seat.py.)"""
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        watcher = await served.raw()
        await watcher.send(m.to_wire(m.Spectate(name="watcher")))
        await recv_until(watcher, "seated")
        await watcher.send(m.to_wire(m.Leave(give=True)))
        await recv_until(watcher, "bye")
        assert served.table.keys.handovers == {}
    options = Options(players=2)
    table = Table.create(options, [], tmp_path / "hosted.jetset", fsync=False, host_name="Ann")
    async with serve(tmp_path, 2, table=table) as served:
        token = served.table.seats[0].token
        me = await NetPeer.connect(await served.connect(), token=token)
        me.gives_seat = True
        await me.close()
        await wait_for(lambda: 0 not in served.host.seat_conns)
        assert served.table.keys.handovers == {} and served.table.seat_for_token(token) == 0


async def test_a_joiners_q_offers_to_give_the_seat_and_o_gives_it(tmp_path: Path) -> None:
    """The joiner's leave dialog has a third choice, o; ``jetset join`` then says the seat
    went to the next person who joins (through a server's lobby, `jetset join ssh://`:
    tests/ssh/test_give_seat.py)."""
    async with serve(tmp_path, 2, ["greedy"], seed="give-app") as served:
        address = f"127.0.0.1:{served.port}"
        cat = await NetPeer.connect(await served.connect(), name="Cat")
        app = JetSetApp(session=cat, joined_at=address)
        async with app.run_test(size=(120, 40)) as pilot:
            await leave_giving_the_seat(pilot, app)
        assert cat.gives_seat
        await cat.close()
        assert outcome(cat, address) == (
            "you left the game and gave your seat to the next person who joins"
        )
        await wait_for(lambda: served.host.presence()[0].open)


def test_the_secrets_file_keeps_each_gift_and_refuses_a_broken_one(tmp_path: Path) -> None:
    """A gift round-trips through ``<log>.secret``, its token unlike the first one's; a file
    whose handovers are not what ``save`` writes is refused in words, not half-read."""
    path = tmp_path / "g.jetset.secret"
    keys = Secrets("seed")
    first = keys.token(1)
    keys.handovers[1] = Handover(2, open=False, by="Eve")
    keys.save(path)
    again = Secrets.load(path)
    assert again.handovers == {1: Handover(2, open=False, by="Eve")}
    assert again.token(1) == keys.token(1) != first and again.token(0) == keys.token(0)
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left beside it
    for broken in ({"1": {"generation": 0, "open": True}}, {"x": {}}, [1], {"1": {"open": 1}}):
        raw = json.loads(path.read_text())
        path.write_text(json.dumps({**raw, "handovers": broken}))
        with pytest.raises(TableError, match="cannot read the game's secrets"):
            Secrets.load(path)


async def test_a_resumed_hosts_open_seat_gets_a_stand_in_after_the_window(tmp_path: Path) -> None:
    """A LAN party's play test: Cat gave her seat, the host paused and resumed, and the table
    waited on the open seat for good ("Cat not back yet"): ``jetset host --resume`` started no
    window for the seats that were away. It starts them as a server's restart does: the roster
    says the seat is given, and a stand-in plays it once the window is over."""
    from textual.pilot import Pilot

    from jetset_tui.app import JetSetApp as App
    from netcode.client import GameClient

    from .hosting import host_args, host_with_screen, hosting_of, play

    log = tmp_path / "game.jetset"
    args = ("--players", "3", "--bots", "greedy", "--seed", "gift", "--port", "0")

    async def first(app: App, pilot: Pilot[None], client: GameClient) -> None:
        port = hosting_of(client).port
        cat = await NetPeer.connect(await open_tcp("127.0.0.1", port), name="Cat")
        await play(app, pilot, client, "income")
        await until(pilot, lambda: client.game.to_move() == cat.seat)
        cat.gives_seat = True
        await cat.close()
        await until(pilot, lambda: hosting_of(client).host.presence()[1].open)
        await pilot.press("q", "p")

    assert await host_with_screen(host_args(*args, "--log", str(log)), first) == 0

    async def resumed(app: App, pilot: Pilot[None], client: GameClient) -> None:
        host = hosting_of(client).host
        await until(
            pilot, lambda: "Cat seat given to the next person who joins" in screen_text(app)
        )
        held = len(client.game.entries)
        await until(pilot, lambda: any(e.actor == 1 for e in client.game.entries[held:]), 10)
        assert host.presence()[1].standin == "greedy" and host.presence()[1].open
        await pilot.press("q", "p")

    again = host_args("--resume", str(log), "--port", "0", "--reconnect-window", "1")
    assert await host_with_screen(again, resumed) == 0


async def test_a_player_back_in_the_seat_they_gave_away_keeps_their_name(tmp_path: Path) -> None:
    """A play test: Cat gave her seat, changed her mind and joined again while it was open:
    she was ``Cat-2``. Her own name reads as the seat's first player's: she is Cat again."""
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, cat, _token = await cat_gives_her_seat(served, tmp_path)
        keys = SeatKeys(tmp_path / "cat-keys")  # her old key refused, she joins afresh
        again = await NetPeer.connect(
            await served.connect(), name="cat", keys=keys, connector=served.connect
        )
        assert again.seat == cat.seat and again.name == "Cat"
        assert again.commitment is not None
        assert [k.token for k in keys.load(again.commitment)] == [again.token] != [cat.token]
        assert served.table.sitter(cat.seat or 0) == "Cat"
        await again.close()
        await bob.close()


async def test_a_newcomer_who_gives_the_seat_again_is_called_by_their_own_name(
    tmp_path: Path,
) -> None:
    """A fix's check: Eve took Cat's seat, then gave it away in turn, and every screen said
    "Cat gave their seat". Until someone takes it, the seat is called by who gave it last;
    Eve joining again is Eve back in it."""
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, cat, _token = await cat_gives_her_seat(served, tmp_path)
        seat = cat.seat
        assert seat is not None
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        eve.gives_seat = True
        await eve.close()
        await wait_for(lambda: served.host.presence()[seat].open)
        await wait_for(lambda: bob.seats[seat].name == "Eve")  # "Eve's seat goes to …"
        again = await NetPeer.connect(await served.connect(), name="eve")
        assert again.seat == seat and again.name == "Eve"
        await again.close()
        await bob.close()


async def test_two_newcomers_at_once_for_one_open_seat_one_sits_one_is_told(
    tmp_path: Path,
) -> None:
    """Many arriving at once: two joins for the one seat given away, in the same moment. One
    takes it; the other is told every seat is taken, and nothing is given twice."""
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, cat, _token = await cat_gives_her_seat(served, tmp_path)
        tries = await asyncio.gather(
            NetPeer.connect(await served.connect(), name="Eve"),
            NetPeer.connect(await served.connect(), name="Fay"),
            return_exceptions=True,
        )
        seated = [p for p in tries if isinstance(p, NetPeer)]
        refused = [e for e in tries if isinstance(e, JoinRefused)]
        assert len(seated) == 1 and seated[0].seat == cat.seat, tries
        assert len(refused) == 1 and refused[0].code == "full", tries
        handover = served.table.keys.handovers[cat.seat or 0]
        assert not handover.open and handover.by == seated[0].name
        await seated[0].close()
        await bob.close()


def test_a_secrets_file_naming_a_seat_the_table_has_not_opens_nothing(tmp_path: Path) -> None:
    """A handover for seat 9 of a two-seat table (a hand-edited or foreign ``.secret``) is no
    seat to give a newcomer: the join is told every seat is taken, never sent past the end."""
    table = Table.create(Options(players=2), ["greedy"], tmp_path / "g.jetset", fsync=False)
    table.seats[0].name = "Ann"
    table.keys.handovers[9] = Handover()
    assert table.free_seat() is None
    table.keys.handovers[0] = Handover()
    assert table.free_seat() == 0
    table.close()


async def one_to_move_and_one_not(served: Served) -> tuple[NetPeer, NetPeer, int]:
    """Bob and Cat at a table with a greedy bot, once one of them is to move and the turn clock
    runs: that one, the other, and the seat of the one to move."""
    bob = await NetPeer.connect(await served.connect(), name="Bob")
    cat = await NetPeer.connect(await served.connect(), name="Cat")
    host = served.host
    await wait_for(lambda: host.table.game.to_move() in (bob.seat, cat.seat))
    mover, other = (bob, cat) if host.table.game.to_move() == bob.seat else (cat, bob)
    assert mover.seat is not None
    await wait_for(lambda: host.standins.clock is not None)
    return mover, other, mover.seat


async def test_a_newcomer_in_a_given_seat_has_a_whole_turn_on_the_clock(tmp_path: Path) -> None:
    """A play test's newcomer sat down in a seat given away mid-decision with the giver's last
    seconds on the turn clock: the decision is theirs now, and so is a whole turn."""
    from netcode.hostsettings import HostSettings

    turn = 20.0
    settings = HostSettings(turn_time=turn)
    async with serve(tmp_path, 3, ["greedy"], seed="give", settings=settings) as served:
        host = served.host
        giver, stays, seat = await one_to_move_and_one_not(served)
        giver.gives_seat = True
        await giver.close()
        await wait_for(lambda: host.presence()[seat].open)
        await asyncio.sleep(2.0)  # the clock runs on meanwhile: a person waits at the table
        clock = host.standins.clock
        assert clock is not None and clock.seat == seat
        before = host.presence()[seat].clock
        assert before is not None and before < turn - 1.5, before
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        assert eve.seat == seat
        await wait_for(lambda: host.standins.clock is not clock)
        fresh = host.standins.clock
        assert fresh is not None and fresh.key == clock.key, "the same decision, timed anew"
        left = host.presence()[seat].clock
        assert left is not None and left > turn - 1.0, left
        await eve.close()
        await stays.close()


async def test_a_newcomer_at_an_empty_table_has_a_whole_turn_not_the_givers_time_left(
    tmp_path: Path,
) -> None:
    """The clock stops while nobody is at the table and gives its player the time left on
    their return; a newcomer in a given seat is not that player: a whole turn."""
    from netcode.hostsettings import HostSettings

    turn = 20.0
    settings = HostSettings(turn_time=turn)
    async with serve(tmp_path, 2, ["greedy"], seed="give", settings=settings) as served:
        cat = await NetPeer.connect(await served.connect(), name="Cat")
        host = served.host
        await wait_for(lambda: host.table.game.to_move() == cat.seat)
        await wait_for(lambda: host.standins.clock is not None)
        await asyncio.sleep(2.0)
        seat = cat.seat
        assert seat is not None
        cat.gives_seat = True
        await cat.close()
        await wait_for(lambda: host.standins.clock is None and host.presence()[seat].open)
        assert host.standins.stopped is not None and host.standins.stopped[2] < turn - 1.5
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        assert eve.seat == seat
        await wait_for(lambda: host.standins.clock is not None)
        left = host.presence()[seat].clock
        assert left is not None and left > turn - 1.0, left
        await eve.close()


async def test_a_gift_the_host_cannot_save_leaves_the_seat_to_its_player(tmp_path: Path) -> None:
    """The host could not write its secrets file (a full disk): the gift is not made, and the
    giver's kept key takes her seat back (the peer forgot it on giving: the seat was nobody's)."""
    import os

    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        secrets = secrets_path(served.table.log_path)
        secrets.with_name(f"{secrets.name}.{os.getpid()}.tmp").mkdir()  # no file can go there
        keys = SeatKeys(tmp_path / "cat-keys")
        bob = await served.bot("greedy", "Bob", delay=0.01)
        cat = await served.bot("greedy", "Cat", keys=keys)
        assert cat.seat is not None and cat.commitment is not None
        leaves_at(cat, 20, give=True)
        await cat.wait_over(10)
        await wait_for(lambda: cat.seat not in served.host.seat_conns)
        assert not served.host.presence()[cat.seat].open, "not given: the gift was not saved"
        again = await NetPeer.connect(
            await served.connect(), name="Cat", keys=keys, connector=served.connect
        )
        assert again.seat == cat.seat and again.token == cat.token, "her own seat, by her key"
        await again.close()
        await bob.close()


async def test_a_seat_given_and_taken_again_renews_a_decisions_clock_once(tmp_path: Path) -> None:
    """Trying to break it: the seat to move given away and taken under a new name, again and
    again, would have held the table for good with a whole turn each time; the decision's clock
    is renewed for the first newcomer only."""
    from netcode.hostsettings import HostSettings

    turn = 20.0
    async with serve(
        tmp_path, 3, ["greedy"], seed="give", settings=HostSettings(turn_time=turn)
    ) as served:
        host = served.host
        giver, stays, seat = await one_to_move_and_one_not(served)
        for name in ("Eve", "Fay"):
            giver.gives_seat = True
            await giver.close()
            await wait_for(lambda: host.presence()[seat].open)
            await asyncio.sleep(1.5)
            giver = await NetPeer.connect(await served.connect(), name=name)
            assert giver.seat == seat
            await asyncio.sleep(0.2)
        left = host.presence()[seat].clock
        assert left is not None and left < turn - 1.0, "Fay sat down to what was left of Eve's"
        await giver.close()
        await stays.close()


async def eve_takes_it_after_a_stand_in(
    served: Served, tmp_path: Path
) -> tuple[NetPeer, NetPeer, int]:
    """Cat gives her seat away, a stand-in plays it, then Eve takes it: Bob, Eve, the seat."""
    bob, cat, _token = await cat_gives_her_seat(served, tmp_path)
    seat = cat.seat or 0
    marks = served.table.bots_played.marks
    await wait_for(lambda: seat in marks.values(), 20)  # a stand-in plays the open seat
    return bob, await NetPeer.connect(await served.connect(), name="Eve"), seat


async def test_a_newcomers_log_does_not_call_the_stand_ins_moves_before_them_theirs(
    tmp_path: Path,
) -> None:
    """A play test: ugo took a seat given away, where a stand-in had played meanwhile, and his
    log pane said "a bot played it for you" beside moves made before he sat. Those now read
    "a bot played it for" the one who gave the seat (the host's ``seats.renamed``), and the
    seat's earlier moves are hers: another play test read "two Final Flights for hal" for
    erin's deal. The seat's moves from his on are his."""
    from jetset_tui.widgets.log import NotationLog
    from netcode.host import HostSettings
    from netcode.text import printable

    settings = HostSettings(reconnect_window=0.1, standin_kind="greedy")
    async with serve(tmp_path, 3, ["greedy"], seed="give-standin", settings=settings) as served:
        bob, eve, seat = await eve_takes_it_after_a_stand_in(served, tmp_path)
        marks = served.table.bots_played.marks
        assert eve.seat == seat and eve.first_own_entry > 0
        before = [i for i, s in marks.items() if s == seat and i < eve.first_own_entry]
        assert before
        app = JetSetApp(session=eve, joined_at=f"127.0.0.1:{served.port}")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: game_shown(app))
            await until(pilot, lambda: len(app.screen.query_one(NotationLog).lines) > max(before))
            lines = [printable(line.plain) for line in app.screen.query_one(NotationLog).lines]
            marked = [line for line in lines if "a bot played it" in line]
            assert marked and all("a bot played it for Cat" in line for line in marked), marked
            finals = [line for line in lines if "Final Flights dealt to" in line]
            assert any("to Cat" in line for line in finals), finals  # her deal, not Eve's
            assert not any("to Eve" in line for line in finals), finals
        assert list(eve.renamed()) == served.table.renamed
        assert served.table.renamed == [Renamed(eve.first_own_entry, seat, "Eve", "Cat")]
        await eve.close()
        await bob.close()


async def test_a_replay_names_a_seats_moves_by_who_played_them_then(tmp_path: Path) -> None:
    """The log keeps who took a seat given away (a ``seat`` note, format 12): its replay deals
    Cat's Final Flights to Cat, says where Eve takes Cat's seat, and names the seat Eve at the
    end; before the note the table panel names Cat."""
    from jetset_tui.screens.replay import ReplayScreen
    from jetset_tui.widgets.log import NotationLog
    from jetset_tui.widgets.players import PlayersPanel

    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, _cat, _token = await cat_gives_her_seat(served, tmp_path)
        eve = await served.bot("greedy", "Eve")
        await finish([bob, eve])
        log_path, at = served.table.log_path, served.table.renamed[0].at
    app = JetSetApp(replay=log_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("g", *str(at - 1), "enter")
        await pilot.pause()
        panel = " ".join(screen_text(app).split())
        assert "Cat" in panel and "Eve" not in str(screen.query_one(PlayersPanel).render())
        await pilot.press("g", *str(at + 1), "enter")
        await pilot.pause()
        lines = [line.plain for line in screen.query_one(NotationLog).lines]
        assert any("Final Flights dealt to Cat" in line for line in lines), lines[:5]
        assert any("Eve takes Cat's seat" in line for line in lines), lines
        assert not any("bot no longer plays for" in line for line in lines[-3:]), lines[-3:]
        assert "Eve" in str(screen.query_one(PlayersPanel).render())
    # the checker's scores name who played each seat at the end (a play test read "winner:
    # bob" where dave had won in bob's seat)
    from tests.replays.test_export import jetset

    verified = jetset("replay", "--verify", str(log_path))
    scores = next(line for line in verified.stdout.splitlines() if line.startswith("scores:"))
    assert "Eve " in scores and "Cat " not in scores, scores


async def test_a_newcomer_back_in_a_new_join_is_not_told_the_earlier_bots_moves_were_theirs(
    tmp_path: Path,
) -> None:
    """A play test: dan took a seat given away, left, and came back with a new `jetset join`
    (its kept seat): his log pane said "a bot played it for you" beside the moves a stand-in
    had made for the players before him, and the notice counted them as his. The seats'
    history (``seats.renamed``) says from which entry the seat is his, in any session."""
    from netcode.host import HostSettings

    settings = HostSettings(reconnect_window=0.1, standin_kind="greedy")
    async with serve(tmp_path, 3, ["greedy"], seed="give-standin", settings=settings) as served:
        bob, eve, seat = await eve_takes_it_after_a_stand_in(served, tmp_path)
        taken = eve.first_own_entry
        assert eve.seat == seat and taken > 0
        token = eve.token
        await eve.close()
        back = await NetPeer.connect(await served.connect(), token=token)
        assert back.seat == seat
        await wait_for(lambda: back.caught_up, 10)  # the seats come before the entries
        assert back.first_own_entry == taken, "from the seats' history"
        assert all(index >= taken for index in back.away_so_far()), back.away_so_far()
        await back.close()
        await bob.close()


async def test_the_newcomers_own_screen_says_you_take_the_seat(tmp_path: Path) -> None:
    """A play test's carol read "carol takes bob's seat" on her own screen: there it is "You
    take bob's seat"; every other screen names her."""
    async with serve(tmp_path, 3, ["greedy"], seed="give") as served:
        bob, cat, _token = await cat_gives_her_seat(served, tmp_path)
        seat = cat.seat or 0
        eve = await NetPeer.connect(await served.connect(), name="Eve")
        app = JetSetApp(session=eve, joined_at=f"127.0.0.1:{served.port}")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: game_shown(app))
            screen = app.screen
            screen.names[seat] = "Cat"  # as a screen built before the seats named Eve
            screen.follow_seats()
            await pilot.pause()
            said = [n.message for n in app._notifications]
        assert "You take Cat's seat" in said and "Eve takes Cat's seat" not in said, said
        await eve.close()
        await bob.close()
