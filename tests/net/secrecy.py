"""What each connection of a whole networked game received, byte for byte, and the checks that no
seat (or spectator) ever received another seat's secret before it was revealed.

``watch`` seats bots on real TCP connections to a host on 127.0.0.1 (one in this process from
``serve``, or a ``jetset host`` process) and a spectator if asked, each connection recording
every byte it reads. The checks search those bytes: Final Flights (the deal's and the Business
card's) until played, Business hands (by the salts of their draws, which only the holder's copy
carries), face-down Investors until turned up. At the end the seed is revealed, so only what
comes before the ``end`` message is searched (tests/net/test_secrecy.py, test_business_secrecy.py,
test_investors_secrecy.py, test_all_modules_secrecy.py).
"""

from __future__ import annotations

import asyncio
import re
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import msgpack

from engine import ClaimFinal, Deal, Game
from engine.jetlag.actions import Entry as JetLagEntry
from engine.jetlag.actions import Pass as JetLagPass
from engine.jetlag.actions import Setup as JetLagSetup
from engine.jetlag.actions import Take as JetLagTake
from engine.jetset.actions import BusinessDraw, FinalsDraw, TurnInvestor
from engine.jetset.rules.investors import investor_deck
from netcode.botplayer import play_bot
from netcode.framing import HEADER
from netcode.peer import NetPeer
from netcode.transport import TcpTransport

from .helpers import LOOPBACK, finish

SPECTATOR = None
"""The key of the spectator's bytes in ``Watched.received``."""


class Recording(TcpTransport):
    """A TCP transport that keeps a copy of every byte read from it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        super().__init__(reader, writer)
        self.received = bytearray()

    async def read_exactly(self, n: int) -> bytes:
        data = await super().read_exactly(n)
        self.received += data
        return data


@dataclass
class Watched:
    """A whole game as the host kept it, and the bytes each seat and the spectator received."""

    peers: list[NetPeer]
    received: dict[int | None, bytes]


async def watch(
    port: int, kinds: Sequence[str], *, spectate: bool = False, timeout: float = 60
) -> Watched:
    """A bot of each of ``kinds`` joins the host at ``port`` over TCP (and a spectator, if
    ``spectate``) and plays to the end; what each connection received."""
    recordings: list[Recording] = []

    async def connect(**kwargs: object) -> NetPeer:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(LOOPBACK, port), 10)
        recordings.append(Recording(reader, writer))
        return await NetPeer.connect(recordings[-1], **kwargs)

    peers = [await connect(name=f"s{i}") for i in range(len(kinds))]
    watchers = [await connect(name="watcher", spectate=True)] if spectate else []
    tasks = [
        asyncio.create_task(play_bot(p, kind, p.commitment or ""))
        for p, kind in zip(peers, kinds, strict=True)
    ]
    await finish([*peers, *watchers], timeout=timeout)
    await asyncio.gather(*tasks)
    for peer in [*peers, *watchers]:
        assert peer.desync is None and peer.end is not None and peer.end.ok, peer.end
    received: dict[int | None, bytes] = {
        peer.seat: bytes(r.received) for peer, r in zip(peers, recordings, strict=False)
    }
    if spectate:
        received[SPECTATOR] = bytes(recordings[-1].received)
    for peer in [*peers, *watchers]:  # as `jetset join --bot` does at the end: a headless
        await peer.close()  # host waits for players still at the table (their r)
    return Watched([*peers, *watchers], received)


def frames(raw: bytes) -> list[bytes]:
    """The payloads of a stream of length-prefixed frames."""
    out, at = [], 0
    while at < len(raw):
        (n,) = struct.unpack_from(">I", raw, at)
        out.append(raw[at + HEADER.size : at + HEADER.size + n])
        at += HEADER.size + n
    assert at == len(raw)
    return out


def before_the_end(raw: bytes) -> Iterator[tuple[int, bytes]]:
    """Each frame received before the game's ``end`` message, with the index of the last entry
    received by then (-1 before the first)."""
    latest = -1
    for payload in frames(raw):
        message = msgpack.unpackb(payload)
        if message["t"] == "end":
            return
        if message["t"] == "entry":
            latest = message["i"]
        yield latest, payload


# -- the checks: each returns how many times a secret showed up once it was revealed -----------


def final_flights_kept(game: Game, received: dict[int | None, bytes]) -> int:
    """Nobody receives another seat's Final Flights (dealt at the start or by the Business card)
    before they are played; each seat receives its own."""
    hands: dict[int, list[str]] = {}
    played: dict[str, int] = {}  # card -> the entry that played it
    for i, entry in enumerate(game.entries):
        act = entry.action
        if isinstance(act, (Deal, FinalsDraw)):
            assert act.cards is not None, "the host's log holds every card"
            hands.setdefault(act.seat, []).extend(act.cards)
        if isinstance(act, ClaimFinal):
            played[act.card] = i
    assert hands, "Final Flights were dealt"
    shown = 0
    for seat, raw in received.items():
        secrets = [c for s, cards in hands.items() if s != seat for c in cards]
        for latest, payload in before_the_end(raw):
            for card in secrets:
                if card.encode() in payload:
                    assert latest >= played.get(card, 1 << 30), (seat, card, payload)
                    shown += 1
        if seat is not None:
            assert all(c.encode() in raw for c in hands[seat]), "a seat sees its own cards"
    return shown


def business_hands_kept(game: Game, received: dict[int | None, bytes]) -> int:
    """Nobody receives another seat's drawn Business card (the salt of its commitment); each
    seat receives its own, and everyone receives every commitment. Returns the draws checked."""
    draws = [e.action for e in game.entries if isinstance(e.action, BusinessDraw)]
    for seat, raw in received.items():
        sent = b"".join(payload for _, payload in before_the_end(raw))
        for draw in draws:
            assert draw.salt is not None, "the host's log holds every card"
            mine = draw.seat == seat
            assert (draw.salt.encode() in sent) == mine, (seat, draw)
            assert draw.commitment.encode() in sent, "every seat receives each commitment"
    return len(draws)


def investors_kept(game: Game, received: dict[int | None, bytes]) -> int:
    """Nobody receives a face-down Investor before a Vacation card turns it up; the ones left in
    the box are never sent."""
    turned = {
        e.action.card: i for i, e in enumerate(game.entries) if isinstance(e.action, TurnInvestor)
    }
    shown = 0
    for seat, raw in received.items():
        for latest, payload in before_the_end(raw):
            for card in investor_deck():
                if card.id.encode() in payload:
                    assert latest >= turned.get(card.id, 1 << 30), (seat, card.id, payload)
                    shown += 1
    return shown


# -- Jet Lag ------------------------------------------------------------------------------------

JETLAG_CARD = re.compile(r"(?<![A-Za-z0-9])([PHB][1-6])(?![0-9])")
"""A Jet Lag card's id inside any string a frame carries (a line of notation, a view)."""


def strings(value: object) -> Iterator[str]:
    """Every string inside a decoded message, keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def jetlag_known(entries: Sequence[JetLagEntry], viewer: int | None, upto: int) -> set[str]:
    """The cards ``viewer`` (None: a spectator) may know once it holds entries ``0..upto``: the
    opening destinations, every card played, and the piles and passed cards given to it."""
    known: set[str] = set()
    for entry in entries[: upto + 1]:
        act = entry.action
        if isinstance(act, JetLagSetup):
            known.update(act.opening)
        elif isinstance(act, JetLagTake | JetLagPass):
            if act.seat == viewer and act.cards is not None:
                known.update(act.cards)
        else:
            known.add(act.card)
    return known


def jetlag_cards_kept(entries: Sequence[JetLagEntry], received: dict[int | None, bytes]) -> int:
    """Nobody receives a card it may not know yet: a pile not yet taken (by anyone), a pile the
    other seat took until cards are passed to it, and (a spectator) any card before it is
    played; nobody but a pile's taker receives its salt. Returns how many cards showed up
    where they were known (the check reads something)."""
    takes = [e.action for e in entries if isinstance(e.action, JetLagTake)]
    assert len(takes) == 4 and all(t.cards is not None and t.salt for t in takes)
    shown = 0
    for viewer, raw in received.items():
        sent = b""
        for latest, payload in before_the_end(raw):
            sent += payload
            allowed = jetlag_known(entries, viewer, latest)
            for text in strings(msgpack.unpackb(payload)):
                for card in JETLAG_CARD.findall(text):
                    assert card in allowed, (viewer, latest, card, text)
                    shown += 1
        for take in takes:
            assert take.salt is not None
            assert (take.salt.encode() in sent) == (take.seat == viewer), (viewer, take)
    return shown
