"""Dealing no one can rig (issue 16): every peer that runs its own code pledges a random value of
its own with its seat request and reveals it once the host has announced every seat's pledge; the
deal mixes the values in; the log's header records each seat's pledge and value; every peer checks
at the end that the host dealt with its value and kept the pledges it announced, and a replay
re-deals every card from the revealed secret and the header. Real host and peer processes, real
TCP on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine import Options
from engine.jetset.dealer import pledge_for
from netcode.botplayer import play_bot
from netcode.host import HostSettings
from netcode.logfile import Header, read_log
from netcode.peer import NetPeer
from netcode.replay import replay
from netcode.table import Table
from netcode.transport import open_tcp

from .helpers import LOOPBACK, finish, recv_until, serve
from .procs import json_result, replay_json, start_host, start_join

A, B, C, D = ("a" * 32, "b" * 32, "c" * 32, "d" * 32)


async def test_join_processes_and_peers_contribute_and_replay_verifies(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "4", "--bots", "greedy", "--seed", "fair", "--log", str(log),
    )  # fmt: skip
    joins = [
        start_join(port, "--bot", "greedy", "--contribution", A),
        start_join(port, "--bot", "random"),  # a random value of its own
    ]
    try:
        peer = await NetPeer.connect(await open_tcp(LOOPBACK, port), name="me", contribution=B)
        play = asyncio.create_task(play_bot(peer, "greedy", peer.commitment or ""))
        results = await asyncio.to_thread(lambda: [json_result(j) for j in joins])
        await peer.wait_over(30)
        await play
        await peer.close()
    finally:
        host.kill()
        _, err = host.communicate()
    assert "the dealing is then not secret" in err  # --seed is known to whoever guesses it
    assert all(r["ok"] for r in results), results
    assert peer.end is not None and peer.end.ok, peer.end
    held = read_log(log).header.seat_contributions()
    assert held[results[0]["seat"]] == A
    assert held[peer.seat or 0] == B
    third = held[results[1]["seat"]]
    assert third is not None and third not in (A, B)  # `jetset join` contributes by default
    assert held[3] is None  # the host's own bot adds nothing
    verified = replay_json(log)
    assert verified["ok"] and verified["commitment_ok"], verified
    assert verified["digest"] == results[0]["digest"] == peer.game.digest()


async def first_cards(tmp_path: Path, values: tuple[str | None, str | None]) -> str:
    """The opening rows a 2-seat table with the secret "same" deals to peers of ``values``."""
    tmp_path.mkdir()
    async with serve(tmp_path, 2, seed="same") as served:
        peers = []
        for i, value in enumerate(values):  # one after the other: seat i brings values[i]
            peers.append(await NetPeer.connect(await served.connect(), contribution=value))
            assert peers[-1].seat == i
        await peers[0].started_game.wait()
        assert served.table.header().seat_contributions() == list(values)
        for peer in peers:
            await peer.close()
        return served.table.entry_text(0, None)


async def test_the_same_secret_with_other_contributions_deals_other_cards(tmp_path: Path) -> None:
    deals = [
        await first_cards(tmp_path / str(i), values)
        for i, values in enumerate([(None, None), (A, B), (C, D), (A, None), (B, A)])
    ]
    assert len(set(deals)) == len(deals), deals
    assert deals[0] == await first_cards(tmp_path / "again", (None, None))


class DroppingTable(Table):
    """A host that deals without the peers' values (and says so in its header)."""

    def contribute(self, seat: int, value: str) -> str | None:
        return None

    def awaiting_values(self) -> list[int]:
        return []


E = "e" * 32


class ChangingTable(Table):
    """A host that puts a value of its own choosing, and its pledge, in place of each peer's."""

    def pledge(self, seat: int, value: str | None) -> bool:
        taken = super().pledge(seat, None if value is None else pledge_for(E))
        if taken:
            self.contributions[seat] = E
        return taken


class RewritingTable(Table):
    """A host whose log holds another pledge for a seat than it announced before the deal."""

    def header(self) -> Header:
        header = super().header()
        if self.started:
            header.pledges = [*header.pledges[:-1], pledge_for(E)]  # the bot's seat, which had none
        return header


async def play_against(tmp_path: Path, table_type: type[Table]) -> NetPeer:
    table = table_type.create(Options(players=2), ["greedy"], tmp_path / "g.jetset", fsync=False)
    async with serve(tmp_path, 2, table=table) as served:
        peer = await served.bot("greedy", "me", contribution=A)
        await finish([peer])
        return peer


async def test_an_honest_host_passes_the_end_check(tmp_path: Path) -> None:
    peer = await play_against(tmp_path, Table)
    assert peer.end is not None and peer.end.ok and peer.end.contribution_ok, peer.end
    assert read_log(tmp_path / "g.jetset").header.seat_contributions() == [A, None]


async def test_a_host_that_leaves_out_a_contribution_fails_the_end_check(tmp_path: Path) -> None:
    peer = await play_against(tmp_path, DroppingTable)
    end = peer.end
    assert end is not None and not end.ok and not end.contribution_ok
    assert end.replay_ok and end.commitment_ok  # everything else checks out: only this catches it
    assert end.error == "the host dealt the cards without this seat's random value (left out)"


async def test_a_host_that_changes_a_contribution_fails_the_end_check(tmp_path: Path) -> None:
    peer = await play_against(tmp_path, ChangingTable)
    end = peer.end
    assert end is not None and not end.ok and not end.contribution_ok
    assert end.error == (
        "the host dealt the cards with another random value for this seat than it sent"
    )


async def test_a_host_whose_log_holds_other_pledges_fails_the_end_check(tmp_path: Path) -> None:
    peer = await play_against(tmp_path, RewritingTable)
    end = peer.end
    assert end is not None and not end.ok and not end.contribution_ok
    assert end.error == "the host's log holds other pledges than it announced before the deal"


async def test_a_bad_pledge_is_refused_and_the_first_one_stands(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, seed="first") as served:
        conn = await served.raw()
        for bad in ("A" * 32, "a" * 31, 12, "zz" * 16):
            await conn.send({"t": "join", "name": "x", "pledge": bad})
            error = await recv_until(conn, "error")
            assert error["code"] == "malformed" and "32 lower-case hex" in str(error["message"])
        assert served.table.seats[0].name is None  # nothing changed
        await conn.send({"t": "join", "name": "x", "pledge": pledge_for(A)})
        token = (await recv_until(conn, "seated"))["token"]
        conn.close()
        again = await served.raw()  # back before the start, with another pledge
        await again.send({"t": "reconnect", "token": token, "have": 0, "pledge": pledge_for(B)})
        assert (await recv_until(again, "seated"))["seat"] == 0
        other = await NetPeer.connect(await served.connect(), contribution=C)
        pledges = (await recv_until(again, "pledges"))["pledges"]
        assert pledges == [pledge_for(A), pledge_for(C)]  # the first pledge stands
        await again.send({"t": "contribute", "contribution": B})  # not the pledged value
        error = await recv_until(again, "error")
        assert "does not match this seat's pledge" in str(error["message"])
        assert not served.table.started
        await again.send({"t": "contribute", "contribution": A})
        await other.started_game.wait()
        assert served.table.header().seat_contributions() == [A, C]
        header = read_log(served.table.log_path).header
        assert header.seat_contributions() == [A, C]
        assert header.seat_pledges() == [pledge_for(A), pledge_for(C)]
        await other.close()
        again.close()


async def test_values_come_only_after_every_pledge_is_fixed(tmp_path: Path) -> None:
    """The last to join (here a connection the host might run itself, from another machine)
    sees no one's value before its own pledge is fixed: seat requests carry pledges only, a
    value sent before the pledges are announced is refused, and a peer reveals its value only
    on hearing every pledge."""
    async with serve(tmp_path, 2, seed="order") as served:
        honest = await NetPeer.connect(await served.connect(), contribution=A)
        assert served.table.pledges[0] == pledge_for(A)
        assert served.table.contributions == [None, None]  # the value has not left the peer
        last = await served.raw()
        await last.send({"t": "contribute", "contribution": B})
        assert (await recv_until(last, "error"))["code"] == "order"
        await last.send({"t": "join", "name": "last", "pledge": pledge_for(B)})
        await recv_until(last, "pledges")
        await last.send({"t": "contribute", "contribution": B})
        await honest.started_game.wait()
        assert honest.pledges == (pledge_for(A), pledge_for(B))
        assert served.table.contributions == [A, B]
        await honest.close()
        last.close()


async def test_a_pledged_value_not_revealed_in_time_is_dealt_without(tmp_path: Path) -> None:
    settings = HostSettings(reveal_time=0.3)
    async with serve(tmp_path, 2, seed="late", settings=settings) as served:
        silent = await served.raw()
        await silent.send({"t": "join", "name": "silent", "pledge": pledge_for(B)})
        await recv_until(silent, "seated")
        peer = await NetPeer.connect(await served.connect(), contribution=A)
        await asyncio.wait_for(peer.started_game.wait(), 5)
        header = read_log(served.table.log_path).header
        assert header.seat_pledges() == [pledge_for(B), pledge_for(A)]
        assert header.seat_contributions() == [None, A]  # the silent seat was dealt without
        await peer.close()
        silent.close()


async def test_local_and_hosted_seats_deal_from_the_seed_alone(tmp_path: Path) -> None:
    """Seats the host runs itself add nothing: a game of its own bots deals from its seed."""
    async with serve(tmp_path, 3, ["greedy", "random", "greedy"], seed="alone") as served:
        await asyncio.wait_for(served.host.finished.wait(), 30)
        log = read_log(served.table.log_path)
    assert log.header.seat_contributions() == [None, None, None]
    assert replay(log).ok
