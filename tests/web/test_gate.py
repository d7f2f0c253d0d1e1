"""The browsers' way into the lobby (``jetset_tui.web``): the gate on 127.0.0.1, its tickets,
one lobby shared with SSH players, and what a browser's name is worth there (no key holder's
name, no seat without its code, no one else's games). The real server in this process, real
sockets; the gate's clients are the browser sessions' own ``Gate``. The web server's page and
its browser sessions, their caps among them: test_web_server.py."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from jetset_tui.web.gate import LobbyGate
from jetset_tui.web.session import Gate
from netcode import lobbyproto as lp
from netcode.framing import FramedConnection, encode
from netcode.lobbyclient import LobbyClient, LobbyRefused
from netcode.peer import NetPeer
from netcode.peer_words import JoinRefused
from netcode.seatcode import seat_code_of, spaced
from netcode.transport import ConnectionClosed, Transport
from tests.ssh.helpers import ssh_opener
from tests.web.tabs import lobby_gate


@pytest.fixture
async def gate(server: GameServer) -> AsyncIterator[LobbyGate]:
    async with lobby_gate(server) as door:
        yield door


CARL = Player("key:SHA256:creator", "carl", "192.0.2.1")
"""Someone at an SSH terminal, who makes a game."""


def arrive(gate: LobbyGate, name: str, address: str = "192.0.2.7") -> Gate:
    """A browser session from ``address``, its name chosen."""
    client = Gate(gate.port, gate.tickets.issue(address))
    client.name = name
    return client


class Listener:
    """A lobby channel read in the background: the chat it hears, the games it is told."""

    def __init__(self, framed: FramedConnection) -> None:
        self.chat: list[tuple[str, str]] = []
        self.games: tuple[lp.GameLine, ...] = ()
        self.client = LobbyClient(framed, on_games=self.told, on_chat=self.said)
        self.task = asyncio.ensure_future(self.client.run())

    def told(self, games: lp.Games) -> None:
        self.games = games.games

    def said(self, line: lp.LobbyChatLine) -> None:
        self.chat.append((line.name, line.text))

    async def heard(self, name: str, text: str) -> None:
        for _ in range(200):
            if (name, text) in self.chat:
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"never heard <{name}> {text}: {self.chat}")

    def stop(self) -> None:
        self.task.cancel()


def listen(channel: tuple[Transport, FramedConnection]) -> Listener:
    return Listener(channel[1])


async def closed_at_once(port: int, first: bytes) -> bool:
    """Send ``first`` to the gate: is the connection closed without a word?"""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(first)
    try:
        return await asyncio.wait_for(reader.read(), 5) == b""
    finally:
        writer.close()


async def test_no_ticket_no_lobby(server: GameServer, gate: LobbyGate) -> None:
    gate.tickets.issue("192.0.2.7")
    hellos = [
        encode({"t": "web", "ticket": "0" * 32, "name": "eve"}),  # a guess
        encode({"t": "web", "name": "eve"}),  # none
        encode({"t": "hello", "app": "jetset", "proto": 5}),  # the subsystem's hello
        b"\xff\xff\xff\xff",  # a frame too large to wait for
        b"\x00\x00\x00\x03abc",  # not msgpack
    ]
    for first in hellos:
        assert await closed_at_once(gate.port, first), first
    assert not gate.links and not server.lobby.rooms


async def test_one_lobby_for_browsers_and_ssh(
    server: GameServer, gate: LobbyGate, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A game made in a browser is in the SSH player's list; chat crosses both ways. The
    server's log names the browser as the lobby does (a play test's read "as bea", the name
    of a key holder, not "bea@web")."""
    caplog.set_level(logging.INFO)
    bea = arrive(gate, "bea")
    web = listen(await bea.channel())
    assert server.host_key_path is not None
    alice = ssh_opener(server.port, server.host_key_path, tmp_path, "alice")
    ssh = listen(await alice.channel())
    try:
        game = await web.client.create(lp.Create(players=3, bots=("greedy",)))
        await web.client.say("hello from a browser")
        await ssh.heard("bea@web", "hello from a browser")
        await ssh.client.say("hello from a terminal")
        await web.heard("alice", "hello from a terminal")
        for _ in range(100):
            if game in [g.id for g in ssh.games]:
                break
            await asyncio.sleep(0.02)
        assert game in [g.id for g in ssh.games]
        assert bea.state.name == "bea@web"  # the lobby says how the browser is called
        logged = [r.getMessage() for r in caplog.records]
        assert any(m.endswith("a browser session's lobby link, as bea@web") for m in logged)
        assert server.lobby.rooms[game].members == {}  # made, nobody seated yet
    finally:
        web.stop()
        ssh.stop()


async def alice_said(server: GameServer, tmp_path: Path, text: str) -> Listener:
    """alice's key in the lobby over `jetset join ssh://`, once her ``text`` is said there."""
    assert server.host_key_path is not None
    alice = ssh_opener(server.port, server.host_key_path, tmp_path, "alice")
    ssh = listen(await alice.channel())
    await ssh.client.say(text)
    await ssh.heard("alice", text)
    return ssh


async def test_a_browser_never_goes_by_a_key_holders_name(
    server: GameServer, gate: LobbyGate, tmp_path: Path
) -> None:
    """A play test on a key-only server with ``--web``: a browser that typed the name ``ann``
    while the key holder ann was in the lobby chatted as ``ann``, word for word as she would;
    one that came before her kept ``ann`` once she arrived. A browser's person is ``NAME@web``
    in the lobby, whoever came first (no key can go by a name with ``@``)."""
    eve = arrive(gate, "alice")  # before the key holder has been seen
    web = listen(await eve.channel())
    await web.client.say("I am alice, honest")
    await web.heard("alice@web", "I am alice, honest")
    ssh = await alice_said(server, tmp_path, "the real alice")
    try:
        await web.client.say("this is alice, honest")
        await ssh.heard("alice@web", "this is alice, honest")
        assert all(name == "alice@web" for name, text in ssh.chat if "honest" in text)
        assert ("alice", "the real alice") in ssh.chat  # the key holder keeps her own name
        web.stop()
    finally:
        ssh.stop()


async def test_a_lobby_reached_later_hears_what_was_said_before(
    server: GameServer, gate: LobbyGate, tmp_path: Path
) -> None:
    """An SSH terminal's lobby shows the chat kept so far; a browser's and a `jetset join
    ssh://` lobby started empty (a lunch table's play test). Each hears the kept lines first."""
    ssh = await alice_said(server, tmp_path, "lunch at noon?")
    try:
        bea = arrive(gate, "bea")
        web = listen(await bea.channel())
        await web.heard("alice", "lunch at noon?")
        assert web.chat.count(("alice", "lunch at noon?")) == 1
        web.stop()
    finally:
        ssh.stop()


async def test_a_name_takes_no_seat_back(server: GameServer, gate: LobbyGate) -> None:
    """A browser player's seat is recorded for ``web:NAME``; another tab with that name is
    asked the seat's code (a name is no secret), and a wrong code gets no token."""
    bea = arrive(gate, "bea")
    transport, framed = await bea.channel()
    room = server.lobby.create(CARL, 3, ["greedy"], None)
    bea.state.game = room.id
    await bea.state.enter(framed, bea.state.request())
    assert bea.state.token is None
    peer = await NetPeer.connect(transport, name="bea", connector=bea.connect)
    try:
        await seated(room, "web:bea")
        assert room.members["web:bea"].token == peer.token
        mallory = arrive(gate, "bea", address="198.51.100.9")
        other, other_framed = await mallory.channel()
        mallory.state.game = room.id
        with pytest.raises(JoinRefused) as asked:
            await mallory.state.enter(other_framed, mallory.state.request())
        assert asked.value.code == lp.E_SEAT_CODE
        with pytest.raises(JoinRefused) as wrong:
            await mallory.state.enter(other_framed, lp.JoinGame(game=room.id, code="AAAA AAAA"))
        assert wrong.value.code == "password" and "4 tries left" in wrong.value.message
        assert mallory.state.token is None
        other.close()
    finally:
        await peer.close()


async def seated(room: Room, identity: str) -> None:
    for _ in range(100):
        if identity in room.members:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{identity} never seated")


async def test_a_closed_tab_comes_back_to_its_seat_with_the_code(
    server: GameServer, gate: LobbyGate
) -> None:
    """Bea closes her tab mid-game; a new tab (another browser, another address) named bea,
    given the code her first tab showed her, is handed her seat's token and sits in it again.
    Wrong codes are limited: five, then even the right code waits."""
    bea = arrive(gate, "bea")
    transport, framed = await bea.channel()
    room = server.lobby.create(CARL, 3, ["greedy"], None)
    bea.state.game = room.id
    await bea.state.enter(framed, bea.state.request())
    peer = await NetPeer.connect(transport, name="bea", connector=bea.connect)
    await seated(room, "web:bea")
    seat, token = peer.seat, peer.token
    assert seat is not None and token is not None
    code = spaced(seat_code_of(token))  # what her tab showed her
    await peer.close()  # the tab is closed
    for _ in range(100):
        if seat not in room.host.seat_conns:
            break
        await asyncio.sleep(0.02)
    again = arrive(gate, "bea", address="203.0.113.4")
    transport, framed = await again.channel()
    await again.state.enter(framed, lp.JoinGame(game=room.id, code=code.lower()))
    assert again.state.token == token
    back = await NetPeer.connect(transport, name="bea", token=token, connector=again.connect)
    try:
        assert back.seat == seat
    finally:
        await back.close()

    guesser = arrive(gate, "bea", address="198.51.100.9")
    _, framed = await guesser.channel()
    for _ in range(5):
        with pytest.raises(JoinRefused):
            await guesser.state.enter(framed, lp.JoinGame(game=room.id, code="ZZZZ ZZZZ"))
    with pytest.raises(JoinRefused) as locked:
        await guesser.state.enter(framed, lp.JoinGame(game=room.id, code=code))
    assert "too many wrong tries" in locked.value.message
    assert guesser.state.token is None


async def test_a_private_game_wants_its_password(server: GameServer, gate: LobbyGate) -> None:
    room = server.lobby.create(CARL, 3, ["greedy"], "sesame")
    web = listen(await arrive(gate, "bea").channel())
    try:
        with pytest.raises(LobbyRefused) as refused:
            await web.client.enter(lp.JoinGame(game=room.id, password="guess"))
        assert refused.value.code == "password"
        with pytest.raises(LobbyRefused):
            await web.client.enter(lp.WatchGame(game=room.id))
        joining = await web.client.enter(lp.JoinGame(game=room.id, password="sesame"))
        assert joining.game == room.id
    finally:
        web.stop()


async def test_a_revoked_ticket_closes_its_links(server: GameServer, gate: LobbyGate) -> None:
    bea = arrive(gate, "bea")
    web = listen(await bea.channel())
    gate.revoke(bea.ticket)
    await asyncio.wait_for(web.task, 5)
    assert web.client.lost is not None
    with pytest.raises((ConnectionClosed, OSError)):
        await bea.channel()
    assert not gate.links


async def test_a_stranger_named_like_a_browser_player_uses_none_of_their_games(
    server: GameServer, gate: LobbyGate
) -> None:
    """Games per player count per ``web:NAME`` and address, even on a key-mode server: a
    browser name is no proof, so a tab elsewhere calling itself bea neither uses up bea's
    games nor escapes its own count."""
    bea = listen(await arrive(gate, "bea").channel())
    stranger = listen(await arrive(gate, "bea", address="198.51.100.9").channel())
    try:
        quota = server.lobby.limits.games_per_player
        for _ in range(quota):
            await stranger.client.create(lp.Create(players=2, bots=("random",)))
        with pytest.raises(LobbyRefused, match=f"already started {quota} games"):
            await stranger.client.create(lp.Create(players=2, bots=("random",)))
        game = await bea.client.create(lp.Create(players=2, bots=("random",)))
        assert server.lobby.rooms[game].created_from == "192.0.2.7"
    finally:
        bea.stop()
        stranger.stop()
