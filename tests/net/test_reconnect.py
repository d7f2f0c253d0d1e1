"""Dropped peers: reconnecting with the token, the game waiting, a bot standing in, spectators."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from netcode.botplayer import play_bot
from netcode.client import ClientEvent, EntryApplied, Problem
from netcode.host import HostSettings
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.transport import Transport

from .helpers import PassThrough, assert_all_agree, finish, serve


def drop_at(peer: NetPeer, index: int) -> None:
    """Cut the peer's connection (without a goodbye) when it applies entry ``index``."""

    def listener(event: ClientEvent) -> None:
        if isinstance(event, EntryApplied) and event.index == index and peer._conn is not None:
            peer._conn.transport.abort()

    peer.add_listener(listener)


async def test_a_dropped_peer_reconnects_and_catches_up(tmp_path: Path) -> None:
    async with serve(tmp_path, 3, ["greedy"], seed="reconnect") as served:

        async def connector() -> Transport:
            return await served.connect()

        peer = await served.bot("greedy", "dropper", connector=connector, reconnect_for=10)
        other = await served.bot("greedy", "steady")
        seen: list[int] = []
        problems: list[str] = []

        def listener(event: ClientEvent) -> None:
            if isinstance(event, EntryApplied):
                seen.append(event.index)
            elif isinstance(event, Problem):
                problems.append(event.message)

        peer.add_listener(listener)
        drop_at(peer, 30)
        await finish([peer, other])
        assert_all_agree(served, [peer, other])
        assert "reconnected" in problems
        assert seen == list(range(len(served.table.game.entries)))  # caught up, none twice


async def test_what_was_played_while_a_peer_was_away_comes_back_as_the_past(
    tmp_path: Path,
) -> None:
    """``EntryApplied.live``: the entries a peer catches up on when it reconnects are the game's
    past (a screen says nothing of its own seat's moves among them as made now, such as "a bot
    played for you"); those it hears as they are made are live. The peer comes back once the
    table waits for its seat, so the others have played in between."""
    async with serve(tmp_path, 3, ["greedy"], seed="reconnect") as served:
        back: list[int] = []  # the host's entries when the peer came back

        async def connector() -> Transport:
            for _ in range(1000):  # until the game waits for the dropped seat (10 s at most)
                if served.table.game.to_move() == peer.seat:
                    break
                await asyncio.sleep(0.01)
            back.append(len(served.table.game.entries))
            return await served.connect()

        peer = await served.bot("greedy", "dropper", connector=connector, reconnect_for=10)
        other = await served.bot("greedy", "steady")
        live: dict[int, bool] = {}

        def listener(event: ClientEvent) -> None:
            if isinstance(event, EntryApplied):
                live[event.index] = event.live

        peer.add_listener(listener)
        drop_at(peer, 30)
        await finish([peer, other])
        assert_all_agree(served, [peer, other])
        past = [i for i, now in sorted(live.items()) if not now]
        assert len(back) == 1 and past, (back, past)
        assert past == list(range(past[0], back[0])) and past[0] > 30, (past, back)
        assert all(live[i] for i in range(len(live)) if i not in past)


class HeldAfterHello(PassThrough):
    """A connection whose writes after the first (the hello) wait until ``release()`` holds:
    a returning peer whose reconnect request is slow to reach the host (a loaded machine)."""

    def __init__(self, inner: Transport, release: Callable[[], bool]) -> None:
        super().__init__(inner)
        self.release, self.writes = release, 0
        self.held: list[bytes] = []
        self.sender: asyncio.Task[None] | None = None
        self.held_from: int | None = None  # the host's entries when the hold began

    def write(self, data: bytes) -> None:
        self.writes += 1
        if self.writes == 1 or (self.sender is not None and self.sender.done()):
            self.inner.write(data)
            return
        self.held.append(data)
        if self.sender is None:
            self.sender = asyncio.ensure_future(self.send_when_released())

    async def send_when_released(self) -> None:
        await wait_for(self.release, 20)
        for data in self.held:
            self.inner.write(data)
        self.held.clear()

    async def drain(self) -> None:
        if self.sender is not None:
            await self.sender
        await self.inner.drain()


async def test_a_stand_ins_moves_while_a_player_comes_back_are_the_past_not_live(
    tmp_path: Path,
) -> None:
    """A CI run's returning player read "a bot played 14 moves for you" as if made now: the
    stand-in kept playing between the host's welcome and the player's seat (a slow reconnect
    request), and the peer took whatever followed the welcome as live. ``seated.upto`` says
    where the catch-up ends: the stand-in's moves before the seat was taken back are "while you
    were away" (``EntryApplied.away``), and none of seat 0's is a live bot move."""
    settings = HostSettings(reconnect_window=0.1, standin_kind="greedy")
    async with serve(tmp_path, 3, ["greedy"], seed="slow-return", settings=settings) as served:
        game = served.table.game
        dropped_at: list[int] = []
        held: list[HeldAfterHello] = []

        def stand_in_moves(since: int) -> int:
            return sum(1 for e in game.entries[since:] if e.actor == 0)

        def two_more_moves() -> bool:
            hold = held[-1]
            if hold.held_from is None:
                hold.held_from = len(game.entries)
            return stand_in_moves(hold.held_from) >= 2 or game.over

        async def connector() -> Transport:
            await wait_for(lambda: stand_in_moves(dropped_at[0]) >= 1, 20)
            held.append(HeldAfterHello(await served.connect(), two_more_moves))
            return held[-1]

        peer = await served.bot("greedy", "dropper", connector=connector, reconnect_for=30)
        other = await served.bot("greedy", "steady")
        events: dict[int, EntryApplied] = {}

        def listener(event: ClientEvent) -> None:
            if isinstance(event, EntryApplied):
                events[event.index] = event

        peer.add_listener(listener)
        dropped_at.append(21)
        drop_at(peer, 20)
        await finish([peer, other])
        assert_all_agree(served, [peer, other])
        assert len(held) == 1 and held[0].held_from is not None
        during_hold = [
            i for i in range(held[0].held_from, len(game.entries)) if game.entries[i].actor == 0
        ][:2]
        assert len(during_hold) == 2
        for i in during_hold:
            assert events[i].away and events[i].bot and not events[i].live, events[i]
        live_for_me = [i for i, e in events.items() if e.live and e.bot and e.entry.actor == 0]
        assert live_for_me == []


async def wait_for(condition: object, timeout: float = 10.0) -> None:
    async def loop() -> None:
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.01)

    await asyncio.wait_for(loop(), timeout)


async def test_the_game_waits_for_a_dropped_seat(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["greedy"], seed="wait") as served:
        peer = await served.bot("greedy", "gone")  # no connector: it will not come back alone
        token = peer.token
        drop_at(peer, 20)
        await wait_for(lambda: 0 not in served.host.seat_conns)
        await asyncio.sleep(0.1)
        held = len(served.table.game.entries)
        await asyncio.sleep(0.3)
        assert len(served.table.game.entries) == held  # nobody moved for the absent seat
        assert not served.table.game.over
        back = await served.bot("greedy", "back", token=token)
        assert back.seat == 0
        await finish([back])
        assert_all_agree(served, [back])


async def test_a_bot_stands_in_then_hands_the_seat_back(tmp_path: Path) -> None:
    """While another person is at the table (``steady``), a stand-in plays the dropped seat."""
    settings = HostSettings(reconnect_window=0.1, standin_kind="random")
    async with serve(tmp_path, 3, ["greedy"], seed="takeover", settings=settings) as served:
        peer = await served.bot("greedy", "human")
        steady = await served.bot("greedy", "steady")
        token = peer.token
        drop_at(peer, 20)
        await wait_for(lambda: served.host.seats_list()[0].kind == "bot:random")
        await wait_for(lambda: len(served.table.game.entries) > 30 or served.table.game.over)
        assert not served.table.game.over
        back = await NetPeer.connect(await served.connect(), token=token)
        assert back.seat == 0
        await wait_for(lambda: served.host.seats_list()[0].kind == "human")
        task = asyncio.create_task(play_bot(back, "greedy", "b"))
        await finish([back, steady])
        await task
        assert_all_agree(served, [back, steady])


async def test_with_no_person_at_the_table_the_stand_ins_go_and_the_game_waits(
    tmp_path: Path,
) -> None:
    """Bots never play out a game no person is at: a play test's table left for dinner, its
    seats to stand-ins, and came back to a game the bots had finished in ten seconds. Here
    the one other person leaves while a stand-in plays for the first: the stand-in goes (the
    log notes its end), nothing more is played, and once a player is back the other seat's
    stand-in comes again after its window."""
    settings = HostSettings(reconnect_window=0.1, standin_kind="greedy")
    async with serve(tmp_path, 3, ["greedy"], seed="dinner", settings=settings) as served:
        first = await served.bot("greedy", "first")
        second = await served.bot("greedy", "second")
        tokens = first.token, second.token
        drop_at(first, 20)
        await wait_for(lambda: served.host.seats_list()[0].kind == "bot:greedy")
        await wait_for(lambda: len(served.table.game.entries) > 30)
        assert second._conn is not None
        second._conn.transport.abort()
        await wait_for(
            lambda: not served.host.seat_conns.get(0) and 1 not in served.host.seat_conns
        )
        held = len(served.table.game.entries)
        await asyncio.sleep(0.5)  # five reconnect windows: no stand-in comes back
        assert len(served.table.game.entries) == held and not served.table.game.over
        assert set(served.host.seat_conns) == {2}  # the table's own bot, waiting
        notes = read_log(served.table.log_path).notes
        stops = [n for n in notes if n.kind == "standin" and n.fields["bot"] is None]
        assert [n.fields["seat"] for n in stops] == [0], stops
        back = await NetPeer.connect(await served.connect(), token=tokens[1])
        await wait_for(lambda: served.host.seats_list()[0].kind == "bot:greedy")
        task = asyncio.create_task(play_bot(back, "greedy", "b"))
        await finish([back])
        await task
        assert_all_agree(served, [back])


async def test_a_spectator_joins_mid_game_and_sees_only_the_public_log(tmp_path: Path) -> None:
    async with serve(tmp_path, 3, ["greedy", "greedy", "greedy"], seed="watch") as served:
        await wait_for(lambda: len(served.table.game.entries) > 20)
        watcher = await NetPeer.connect(await served.connect(), spectate=True)
        assert watcher.seat is None and watcher.local_seats == ()
        await finish([watcher])
        assert_all_agree(served, [watcher])
        deals = [e.action for e in watcher.game.entries if type(e.action).__name__ == "Deal"]
        assert len(deals) == 3 and all(d.cards is None for d in deals)  # type: ignore[union-attr]


async def test_a_dropped_spectator_watches_again_and_catches_up(tmp_path: Path) -> None:
    """A spectator whose connection drops comes back as a spectator, with nothing to take a
    seat with (no token), and sees the rest of the game (a play test's ``jetset join ssh://``
    spectator never came back after a server restart: only a seat's token reconnected)."""
    async with serve(tmp_path, 3, ["greedy", "greedy", "greedy"], seed="watch") as served:

        async def connector() -> Transport:
            return await served.connect()

        watcher = await NetPeer.connect(
            await served.connect(), spectate=True, connector=connector, reconnect_for=10
        )
        problems: list[str] = []
        watcher.add_listener(
            lambda event: problems.append(event.message) if isinstance(event, Problem) else None
        )
        drop_at(watcher, 20)
        await finish([watcher])
        assert "reconnected" in problems and watcher.lost is None, problems
        assert watcher.seat is None and watcher.token is None
        assert_all_agree(served, [watcher])


async def test_a_stand_in_keeps_its_players_business_cards(tmp_path: Path) -> None:
    """A stand-in plays the base game for a dropped player and leaves their Business cards as
    they were (no play, cash-in, Dividends, offer or acceptance; a deal offered is declined):
    a play test's player came back after two minutes to a hand cashed in and a deal accepted
    for them. The game goes on to its end."""
    from engine import Options
    from engine.jetset.bots.absent import SPENDS_A_CARD
    from netcode.table import Table

    options = Options(players=3, business_cards=True, hubs=True)
    table = Table.create(options, ["greedy"], tmp_path / "g.jetset", seed="keep", fsync=False)
    settings = HostSettings(reconnect_window=0.05)
    async with serve(tmp_path, 3, settings=settings, table=table) as served:
        away = await served.bot("greedy", "away")
        steady = await served.bot("greedy", "steady")
        drop_at(away, 12)
        await finish([steady])
        game = served.table.game
        notes = read_log(served.table.log_path).notes
        began = min(n.at for n in notes if n.kind == "standin" and n.fields["seat"] == 0)
        played = [e.action for e in game.entries[began:] if e.actor == 0]
        assert len(played) > 20 and game.over, len(played)
        assert not [a for a in played if isinstance(a, SPENDS_A_CARD)], played


async def test_a_seat_taken_by_another_connection_of_its_player_says_so_in_words(
    tmp_path: Path,
) -> None:
    """A play test's old browser tab, whose seat a new tab took with its code, read "the host
    closed the connection: your seat was taken over by a new connection", then offered to
    leave "with your seat kept". It is told in words that the seat is played elsewhere, and the
    way back here is gone for good (q leaves at once)."""
    from netcode.peer_words import PLAYED_ELSEWHERE

    async with serve(tmp_path, 2, ["greedy"], seed="elsewhere") as served:
        old = await NetPeer.connect(await served.connect(), name="Ann")
        new = await NetPeer.connect(await served.connect(), token=old.token)
        assert new.seat == old.seat
        await wait_for(lambda: old.ended.is_set())
        assert old.lost == PLAYED_ELSEWHERE
        assert old.presence is not None and old.presence.gone
        await new.close()
