"""Over the `jetset` subsystem too, nobody receives another seat's Final Flights before they are
played or the game ends: every byte each `jetset join ssh://` peer reads (decrypted, at the
client) is recorded through a whole game of four, and each frame is searched for the ids of the
other seats' Final Flight cards (tests/net/test_secrecy.py is the same check over TCP)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import msgpack

from engine import ClaimFinal, Deal
from engine.jetset.rules.turns import END_AGREED
from netcode.botplayer import play_bot
from netcode.sshclient import SshAddress, SshOpener
from netcode.transport import Transport
from tests.net.helpers import PassThrough
from tests.net.secrecy import frames
from tests.ssh.helpers import client_key, ssh_peer, start_server, trusted_hosts


class Recording(PassThrough):
    """A transport that keeps a copy of everything read from it."""

    def __init__(self, inner: Transport) -> None:
        super().__init__(inner)
        self.received = bytearray()

    async def read_exactly(self, n: int) -> bytes:
        data = await self.inner.read_exactly(n)
        self.received += data
        return data


@dataclass
class RecordingOpener(SshOpener):
    """Records each game channel it opens, from the game's first frame (after ``joining``)."""

    recordings: list[Recording] = field(default_factory=list)

    async def connect(self) -> Recording:  # type: ignore[override]
        recording = Recording(await super().connect())
        self.recordings.append(recording)
        return recording


async def test_no_ssh_peer_sees_another_seats_final_flights(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        assert server.host_key_path is not None
        known = trusted_hosts(server.port, server.host_key_path, tmp_path)
        openers = []
        for i in range(4):
            client_key(tmp_path, f"p{i}")
            openers.append(
                RecordingOpener(
                    SshAddress("127.0.0.1", server.port, f"p{i}"),
                    known_hosts=known,
                    identities=(str(tmp_path / f"p{i}_ed25519"),),
                )
            )
        peers = [await ssh_peer(o, name=f"p{i}") for i, o in enumerate(openers)]
        tasks = [asyncio.create_task(play_bot(p, "greedy", p.commitment or "")) for p in peers]
        await asyncio.wait_for(asyncio.gather(*(p.wait_over() for p in peers)), 60)
        await asyncio.gather(*tasks)
        game = server.lobby.rooms["1"].table.game
        assert game.over
        for peer in peers:
            assert peer.end is not None and peer.end.ok and peer.game.digest() == game.digest()
        hands: dict[int, tuple[str, str]] = {}
        played: dict[str, int] = {}
        for i, entry in enumerate(game.entries):
            if isinstance(entry.action, Deal):
                assert entry.action.cards is not None
                hands[entry.action.seat] = entry.action.cards
            if isinstance(entry.action, ClaimFinal):
                played[entry.action.card] = i
        checked = 0
        for peer, opener in zip(peers, openers, strict=True):
            assert peer.seat is not None and len(opener.recordings) == 1
            received = bytes(opener.recordings[0].received)
            secrets = {c: s for s, cards in hands.items() if s != peer.seat for c in cards}
            latest = -1
            for payload in frames(received):
                message = msgpack.unpackb(payload)
                if message["t"] == "end":
                    break
                if message["t"] == "entry":
                    latest = message["i"]
                for card in secrets:
                    if card.encode() in payload:
                        assert latest >= played.get(card, 1 << 30), (peer.seat, card, message)
                        checked += 1
            assert all(c.encode() in received for c in hands[peer.seat])  # its own, it saw
        if game.state.end_reason != END_AGREED:  # (greedy bots all but never agree to end)
            assert played and checked > 0  # a played Final Flight showed up, once played
    finally:
        await server.close()
