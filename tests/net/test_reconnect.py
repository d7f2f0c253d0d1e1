"""Dropped peers: reconnecting with the token, the game waiting, a bot standing in, spectators."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netcode.botplayer import play_bot
from netcode.client import ClientEvent, EntryApplied, Problem
from netcode.host import HostSettings
from netcode.peer import NetPeer
from netcode.transport import Transport

from .helpers import assert_all_agree, finish, serve


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
    settings = HostSettings(reconnect_window=0.1, standin_kind="random")
    async with serve(tmp_path, 2, ["greedy"], seed="takeover", settings=settings) as served:
        peer = await served.bot("greedy", "human")
        token = peer.token
        drop_at(peer, 20)
        await wait_for(lambda: served.host._seats_list()[0].kind == "bot:random")
        await wait_for(lambda: len(served.table.game.entries) > 30 or served.table.game.over)
        assert not served.table.game.over
        back = await NetPeer.connect(await served.connect(), token=token)
        assert back.seat == 0
        await wait_for(lambda: served.host._seats_list()[0].kind == "human")
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
