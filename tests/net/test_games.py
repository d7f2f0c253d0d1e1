"""Whole games over TCP on 127.0.0.1: every peer ends with the host's digest."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine import Buy, Dealer, Entry, Game, IllegalAction, Options, redact
from engine.jetset.notation import Notation
from netcode.botplayer import play_bot
from netcode.client import ChatMessage, ClientEvent, EntryApplied
from netcode.framing import FramedConnection, encode
from netcode.host import HostSettings
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.replay import replay
from netcode.transport import memory_pipe

from .helpers import assert_all_agree, finish, serve


@pytest.mark.parametrize(
    ("players", "remote", "hosted"),
    [
        (2, ["random", "random"], []),
        (3, ["greedy"], ["random", "greedy"]),
        (4, ["random", "greedy", "random"], ["greedy"]),
        (5, ["greedy"] * 5, []),
        (6, ["random", "greedy", "random", "greedy", "random", "greedy"], []),
    ],
)
async def test_whole_game(
    tmp_path: Path, players: int, remote: list[str], hosted: list[str]
) -> None:
    async with serve(tmp_path, players, hosted, seed=f"g{players}") as served:
        peers = [await served.bot(kind, f"p{i}") for i, kind in enumerate(remote)]
        await finish(peers)
        assert_all_agree(served, peers)
        assert sorted(p.seat or 0 for p in peers) == list(range(len(remote)))
        assert all(p.seat is not None for p in peers)
        log = read_log(served.table.log_path)
        result = replay(log)
        assert result.ok and result.commitment_ok
        assert result.digest == peers[0].game.digest()


class Scripted:
    """A scripted human: always the first legal action, after trying an illegal one once."""

    def __init__(self, peer: NetPeer) -> None:
        self.peer = peer
        self.refused = 0
        self.chats: list[str] = []
        self.applied = 0
        peer.add_listener(self.on_event)

    def on_event(self, event: ClientEvent) -> None:
        if isinstance(event, ChatMessage):
            self.chats.append(event.text)
        elif isinstance(event, EntryApplied):
            self.applied += 1

    async def play(self) -> None:
        peer = self.peer
        await peer.chat("hello table")
        seat = peer.seat
        assert seat is not None
        while not peer.game.over:
            if peer.game.to_move() != peer.seat:
                await asyncio.sleep(0.001)
                continue
            if self.refused == 0:
                with pytest.raises(IllegalAction):
                    await peer.submit(seat, Buy(0, 99))  # more planes than anyone has
                self.refused += 1
                continue
            await peer.submit(seat, peer.game.legal_actions()[0])


async def test_scripted_human_with_bots(tmp_path: Path) -> None:
    async with serve(tmp_path, 3, ["greedy", "random"], seed="scripted") as served:
        peer = await NetPeer.connect(await served.connect(), name="alice")
        human = Scripted(peer)
        await asyncio.wait_for(human.play(), 30)
        await finish([peer])
        assert human.refused == 1
        assert "hello table" in human.chats
        assert human.applied == len(served.table.game.entries)
        assert_all_agree(served, [peer])
        assert served.table.seats[0].name == "alice"


async def test_peer_reports_a_desync() -> None:
    """A host that sends a wrong digest: the peer says so, with the entry number."""
    host_end, peer_end = memory_pipe()
    reference = Game(Options(players=2))
    dealer = Dealer("x", reference.board, 2)
    entries: list[tuple[Entry, str]] = []
    for _ in range(3):
        entry = dealer.next_entry(reference.state)
        entries.append((entry, reference.push(entry)))

    async def fake_host() -> None:
        conn = FramedConnection(host_end, 1 << 20)
        await conn.recv()
        await conn.send(
            {
                "t": "welcome",
                "proto": 1,
                "ping": 10,
                "seats": [],
                "game": {"options": Options(players=2).to_dict(), "commitment": "c"},
            }
        )
        await conn.recv()
        await conn.send({"t": "seated", "seat": None, "token": None, "name": "s", "from": 0})
        for i, (entry, digest) in enumerate(entries):
            text = reference_notation(entry)
            bad = "0" * 32 if i == 2 else digest
            host_end.write(encode({"t": "entry", "i": i, "a": entry.actor, "x": text, "d": bad}))
        await asyncio.sleep(0.05)

    task = asyncio.create_task(fake_host())
    peer = await NetPeer.connect(peer_end, spectate=True)
    problems: list[str] = []
    peer.add_listener(lambda e: problems.append(getattr(e, "message", "")))
    await task
    assert peer.desync == 2
    assert any("desync at entry 2" in p for p in problems)
    await peer.close()


def reference_notation(entry: Entry) -> str:
    return Notation().format_action(redact(entry, None).action)


async def test_many_games_in_one_host_process(tmp_path: Path) -> None:
    """Several games at once in one process (the SSH server's situation), all in memory."""
    hosts = []
    for g in range(4):
        d = tmp_path / str(g)
        d.mkdir()
        hosts.append(serve(d, 4, ["random", "greedy", "random", "greedy"], seed=f"m{g}"))
    served = [await h.__aenter__() for h in hosts]
    try:
        await asyncio.wait_for(asyncio.gather(*(s.host.finished.wait() for s in served)), 30)
        for s in served:
            assert s.table.game.over
            assert replay(read_log(s.table.log_path)).ok
    finally:
        for h in hosts:
            await h.__aexit__(None, None, None)


async def test_play_bot_stops_when_the_game_ends(tmp_path: Path) -> None:
    settings = HostSettings()
    async with serve(tmp_path, 2, ["random"], seed="stop", settings=settings) as served:
        peer = await NetPeer.connect(await served.connect(), name="b")
        await asyncio.wait_for(play_bot(peer, "random", "s"), 30)
        await finish([peer])
        assert_all_agree(served, [peer])
