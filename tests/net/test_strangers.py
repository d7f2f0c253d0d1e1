"""Strangers at the TCP host (docs/security.md, "TCP host"): every promise attacked over real
sockets on 127.0.0.1, other loopback addresses (127.0.0.2, ...) standing for other machines."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from netcode.admission import PasswordBackoff
from netcode.client import ChatMessage, ClientEvent
from netcode.framing import FramedConnection, encode
from netcode.host import HostSettings
from netcode.messages import MAX_ACTION
from netcode.peer import NetPeer
from netcode.protocol import hello_message

from .helpers import Served, assert_all_agree, closed, codes, finish, recv_until, serve


async def until(test: Callable[[], bool], timeout: float = 5.0) -> None:
    """Until ``test()`` is true (polling), or an AssertionError."""
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.02)


async def take_seat(
    served: Served, name: str, **fields: object
) -> tuple[FramedConnection, dict[str, Any]]:
    conn = await served.raw()
    await conn.send({"t": "join", "name": name, **fields})
    return conn, await recv_until(conn, "seated")


async def answer(conn: FramedConnection) -> dict[str, Any]:
    """The host's answer to a seat request: `seated` or an `error`."""
    while True:
        message = await asyncio.wait_for(conn.recv(), 5)
        if message["t"] in ("seated", "error"):
            return message


async def spectate(served: Served, address: str, keep: list[FramedConnection]) -> list[object]:
    """A raw spectator from ``address`` (kept open in ``keep``): the code and message of its
    refusal, or [] once it watches."""
    conn = await served.raw(address=address)
    keep.append(conn)
    await conn.send({"t": "spectate", "have": 0})
    message = await answer(conn)
    return [] if message["t"] == "seated" else [message["code"], message["message"]]


def trickle(conn: FramedConnection, data: bytes, every: float) -> asyncio.Task[None]:
    """Send ``data`` one byte every ``every`` seconds, in the background."""

    async def run() -> None:
        with contextlib.suppress(ConnectionError, OSError):
            for i in range(len(data)):
                conn.transport.write(data[i : i + 1])
                await asyncio.sleep(every)

    return asyncio.create_task(run())


# -- a seat belongs to whoever holds its token --------------------------------------------------


async def test_no_seat_is_taken_back_by_name_and_password(tmp_path: Path) -> None:
    """Bob drops; someone who knows the password asks for a seat in Bob's name, both while his
    seat is empty and while a bot stands in: refused `full`, no seat, no cards. Bob's token
    still takes it back."""
    settings = HostSettings(reconnect_window=0.3, password_backoff=0.0)
    async with serve(tmp_path, 3, ["random"], password="pw", settings=settings) as served:
        alice = await NetPeer.connect(await served.connect(), name="alice", password="pw")
        bob_conn, bob = await take_seat(served, "bob", password="pw")
        seat = bob["seat"]
        bob_conn.close()
        await until(lambda: seat not in served.host.seat_conns)
        for _ in ("empty seat", "a bot stands in"):
            thief = await served.raw()
            await thief.send({"t": "join", "name": "bob", "password": "pw"})
            got = await closed(thief)
            assert codes(got) == ["full"] and [m["t"] for m in got] == ["error"], got
            await until(lambda: seat in served.host.seat_conns, timeout=5)
        assert served.host.seat_conns[seat].standin == "greedy"  # the default stand-in
        back = await NetPeer.connect(await served.connect(), token=bob["token"])
        assert back.seat == seat and served.host.seat_conns[seat].standin is None
        await back.close()
        await alice.close()


async def test_watching_a_private_game_needs_its_password(tmp_path: Path) -> None:
    settings = HostSettings(password_backoff=0.0)
    async with serve(tmp_path, 2, ["random"], password="pw", settings=settings) as served:
        for fields in ({}, {"password": "nope"}):
            conn = await served.raw()
            await conn.send({"t": "spectate", "have": 0, **fields})
            got = await closed(conn)
            assert codes(got) == ["password"] and [m["t"] for m in got] == ["error"], got
        watcher = await NetPeer.connect(await served.connect(), spectate=True, password="pw")
        assert watcher.seat is None
        heard: list[ClientEvent] = []
        watcher.add_listener(lambda e: heard.append(e) if isinstance(e, ChatMessage) else None)
        player = await served.bot("random", "p", password="pw")
        await player.chat("only for those with the password")
        await until(lambda: bool(heard))
        await finish([player, watcher])
        assert_all_agree(served, [player, watcher])


async def test_a_token_that_is_not_ascii_is_simply_no_seats_token(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["random"]) as served:
        for token in ("é" * 32, "\u202e" + "0" * 31, "🂡" * 16, ""):
            conn = await served.raw()
            await conn.send({"t": "reconnect", "token": token, "have": 0})
            assert codes(await closed(conn)) == ["token"]
        player = await served.bot("random", "p")
        await finish([player])
        assert_all_agree(served, [player])


# -- no flood of strangers keeps a player out ---------------------------------------------------


async def test_connections_from_one_address_are_capped(tmp_path: Path) -> None:
    settings = HostSettings(max_per_address=3, hello_timeout=30)
    async with serve(tmp_path, 2, settings=settings) as served:
        held = [await served.raw(address="127.0.0.2", hello=False) for _ in range(3)]
        extra = await served.raw(address="127.0.0.2", hello=False)
        got = await closed(extra)
        assert codes(got) == ["busy"] and "your address" in str(got[0]["message"])
        other = await served.raw(address="127.0.0.3")  # another address still gets in
        other.close()
        for conn in held:
            conn.close()


async def test_an_address_that_connects_too_fast_is_held_back(tmp_path: Path) -> None:
    """Connections that come and go (each may ask the host for a replay of the game) from a few
    addresses raised a seated player's ping to 880 ms (the red team's churn). An address may
    open a burst of connections, then a few a second; beyond, one is refused ``busy`` at once,
    and other addresses are not held back."""
    settings = HostSettings(arrival_rate=5.0, arrival_burst=4.0, hello_timeout=30)
    async with serve(tmp_path, 2, settings=settings) as served:
        for _ in range(4):
            (await served.raw(address="127.0.0.4", hello=False)).close()
        extra = await served.raw(address="127.0.0.4", hello=False)
        got = await closed(extra)
        assert codes(got) == ["busy"] and "just now" in str(got[0]["message"])
        other = await served.raw(address="127.0.0.5")  # another address still gets in
        other.close()
        await asyncio.sleep(0.25)  # a fifth of a second: one more connection's worth
        again = await served.raw(address="127.0.0.4")
        again.close()


async def test_a_flood_of_strangers_never_keeps_a_seat_holder_out(tmp_path: Path) -> None:
    """Silent and trickling sockets from six addresses take every place they can; a stranger
    then gets `busy`, and the dropped player's reconnect with its token gets its seat back."""
    settings = HostSettings(
        max_connections=16, reserved_for_seats=4, max_per_address=4, hello_timeout=30
    )
    async with serve(tmp_path, 2, ["random"], settings=settings) as served:
        player, seated = await take_seat(served, "p")
        player.close()
        await until(lambda: seated["seat"] not in served.host.seat_conns)
        flood: list[FramedConnection] = []
        trickling = []
        for n in range(24):
            conn = await served.raw(address=f"127.0.0.{2 + n % 6}", hello=False)
            flood.append(conn)
            if n % 2:
                trickling.append(trickle(conn, encode(hello_message("slow")), every=0.2))
        await asyncio.sleep(0.2)
        host = served.host
        strangers = [c for c in host.conns if c.seat is None]
        assert len(host.conns) == 16, "the strangers took every place they could"
        assert sum(not c.reserve for c in strangers) == 12, "all but the reserve"
        stranger = await served.raw(address="127.0.0.9")
        await stranger.send({"t": "join", "name": "s"})
        got = await closed(stranger)
        assert codes(got) == ["busy"] and "taking back their seat" in str(got[-1]["message"])
        back = await served.raw(address="127.0.0.10")
        await back.send({"t": "reconnect", "token": seated["token"], "have": 0})
        again = await recv_until(back, "seated", timeout=3)
        assert again["seat"] == seated["seat"]
        assert host.seat_conns[seated["seat"]].address == "127.0.0.10"
        for task in trickling:
            task.cancel()
        for conn in [*flood, back]:
            conn.close()


async def test_a_seat_request_comes_within_the_deadline_even_from_a_peer_that_pings(
    tmp_path: Path,
) -> None:
    async with serve(tmp_path, 2, settings=HostSettings(hello_timeout=0.5)) as served:
        conn = await served.raw()
        start = time.monotonic()

        async def ping() -> None:
            with contextlib.suppress(ConnectionError, OSError):
                for n in range(100):
                    await conn.send({"t": "ping", "n": n})
                    await asyncio.sleep(0.1)

        pinger = asyncio.create_task(ping())
        got = await closed(conn)
        pinger.cancel()
        assert codes(got) == ["idle"] and "pong" in [m["t"] for m in got]
        assert time.monotonic() - start < 1.5


async def test_a_peer_that_trickles_bytes_is_cut(tmp_path: Path) -> None:
    """A frame must arrive at `min_byte_rate` once begun (after `frame_grace`): before a seat
    and once watching."""
    settings = HostSettings(frame_grace=0.5, min_byte_rate=100, hello_timeout=30)
    async with serve(tmp_path, 2, settings=settings) as served:
        early = await served.raw(hello=False)
        hello = encode(hello_message("slow"))
        start = time.monotonic()
        task = trickle(early, hello, every=0.1)  # 10 bytes a second
        assert codes(await closed(early)) == ["slow"]
        assert time.monotonic() - start < 0.5 + len(hello) / 100 + 0.5
        task.cancel()
        watcher = await served.raw()
        await watcher.send({"t": "spectate", "have": 0})
        await recv_until(watcher, "seated")
        task = trickle(watcher, encode({"t": "ping", "n": 1, "pad": "x" * 40}), every=0.1)
        assert codes(await closed(watcher)) == ["slow"]
        task.cancel()


async def test_wrong_passwords_back_off_per_address(tmp_path: Path) -> None:
    """Tries as fast as one address can make them for 1.8 s: only the first and those after
    each wait (0.2 s, doubling, at most 0.8 s here) are checked; the others, even with the
    right password, are told to wait. Another address is not held up."""
    settings = HostSettings(  # connections as fast as they go: not held back on arrival here
        password_backoff=0.2, password_backoff_max=0.8, arrival_burst=10_000
    )
    async with serve(tmp_path, 2, ["random"], password="pw", settings=settings) as served:

        async def attempt(address: str, password: str) -> str:
            conn = await served.raw(address=address)
            await conn.send({"t": "join", "name": "x", "password": password})
            message = await answer(conn)
            conn.close()
            assert message["t"] == "seated" or message["code"] == "password", message
            return str(message.get("message", message["t"]))

        checked = tries = 0
        deadline = time.monotonic() + 1.8
        while time.monotonic() < deadline:
            said = await attempt("127.0.0.2", "guess")
            tries += 1
            checked += said == "wrong password"
            assert said == "wrong password" or said.startswith("after a wrong password")
        assert 2 <= checked <= 4 < tries  # at 0, 0.2, 0.6 and 1.4 s (fewer on a slow machine)
        assert (await attempt("127.0.0.2", "pw")).startswith("after a wrong password")
        assert await attempt("127.0.0.3", "pw") == "seated"


async def test_spectators_are_capped_per_game_and_per_address(tmp_path: Path) -> None:
    settings = HostSettings(max_spectators=3, max_spectators_per_address=2)
    async with serve(tmp_path, 2, ["random"], settings=settings) as served:
        keep: list[FramedConnection] = []
        assert await spectate(served, "127.0.0.2", keep) == []
        assert await spectate(served, "127.0.0.2", keep) == []
        code, message = await spectate(served, "127.0.0.2", keep)
        assert code == "full" and "your address" in str(message)
        assert await spectate(served, "127.0.0.3", keep) == []
        code, message = await spectate(served, "127.0.0.4", keep)
        assert code == "full" and "3 spectators" in str(message)
        for conn in keep:
            conn.close()


# -- an action out of turn --------------------------------------------------------------------


async def test_an_action_out_of_turn_with_the_right_at_is_refused(tmp_path: Path) -> None:
    """The seat not to move sends the mover's own legal action with the current `at`: `turn`,
    and nothing changes, in memory or on disk; the mover's same action is then accepted."""
    async with serve(tmp_path, 2) as served:
        conns = []
        for name in ("a", "b"):
            conn = await served.raw(legal=True)
            await conn.send({"t": "join", "name": name})
            conns.append((conn, int((await recv_until(conn, "seated"))["seat"])))
        game, log = served.table.game, served.table.log_path
        mover = next(c for c in conns if c[1] == game.to_move())
        waiting = next(c for c in conns if c is not mover)
        turn = await recv_until(mover[0], "turn")
        at, line = turn["i"], turn["legal"][0]
        before = (len(game.entries), game.digest(), log.stat().st_size)
        assert at == before[0]
        await waiting[0].send({"t": "action", "id": 7, "at": at, "seat": waiting[1], "x": line})
        error = await recv_until(waiting[0], "error")
        assert (error["code"], error["ref"]) == ("turn", 7)
        assert (len(game.entries), game.digest(), log.stat().st_size) == before
        long = {"t": "action", "id": 9, "at": at, "seat": mover[1], "x": "x" * (MAX_ACTION + 1)}
        await mover[0].send(long)  # refused before it is read: still answered by its id
        error = await recv_until(mover[0], "error")
        assert (error["code"], error.get("ref")) == ("malformed", 9), error
        await mover[0].send({"t": "action", "id": 8, "at": at, "seat": mover[1], "x": line})
        assert (await recv_until(mover[0], "done"))["ref"] == 8
        assert len(game.entries) > before[0]


def test_the_password_back_off_doubles_to_its_cap_and_forgets() -> None:
    backoff = PasswordBackoff(first=1.0, most=60.0, capacity=3)
    waits = [backoff.failed("a", now=t) for t in (0, 1, 3, 7, 15, 31, 63, 123)]
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff.wait("a", now=150) == 33 and backoff.wait("b", now=150) == 0
    assert backoff.wait("a", now=183 + 60) == 0  # a quiet spell of `most`: forgotten
    assert backoff.failed("a", now=300) == 1
    backoff.succeeded("a")
    assert backoff.wait("a", now=300) == 0
    for n, address in enumerate("wxyz"):
        backoff.failed(address, now=400 + n)
    assert backoff.wait("w", now=400.5) == 0 and backoff.wait("z", now=403.5) > 0  # capacity 3


async def test_a_seated_peer_that_falls_silent_is_dropped(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["random"], settings=HostSettings(idle_timeout=0.5)) as served:
        conn = await served.raw()
        await conn.send({"t": "spectate", "have": 0})
        await recv_until(conn, "seated")
        start = time.monotonic()
        assert codes(await closed(conn)) == ["idle"]
        assert 0.4 < time.monotonic() - start < 2


def test_the_reserve_is_smaller_than_the_whole() -> None:
    with pytest.raises(ValueError, match="reserved_for_seats"):
        HostSettings(max_connections=4)  # the default reserve of 8 would leave strangers nothing
