"""The SSH server's lobby: the games it hosts, who sits where, and the lobby chat. No Textual.

Each game is a ``netcode.host.Host`` in this process. Every player, SSH or bot, is a
``NetPeer`` of that host over an in-memory pipe (``memory_pipe``), so an SSH player plays through
the same protocol as a TCP player. The lobby remembers which identity (an SSH key's fingerprint,
or in ``--open`` mode a user name) holds which seat and its token, so a player who comes back
lands in the same seat; in ``--open`` mode the seat's code, shown at join, is asked for too.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

from engine import Options
from engine.bots import BOTS
from netcode.botplayer import play_bot
from netcode.host import Host, HostSettings
from netcode.peer import NetPeer
from netcode.protocol import MAX_CHAT
from netcode.table import Table
from netcode.transport import memory_pipe

log = logging.getLogger("jetset.ssh.lobby")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CHAT_KEPT = 100
FINISHED_KEPT = 600.0
"""Seconds a finished game stays in the list."""
HOLDER = "jetset ssh-server"
"""Who holds a lobby game's log, as anyone else who opens it is told."""


class LobbyError(Exception):
    """A request the lobby refuses, with a sentence for the player."""


@dataclass(frozen=True)
class Player:
    """Someone connected: ``identity`` is ``key:<fingerprint>`` or ``name:<user>``."""

    identity: str
    name: str
    address: str = "?"


@dataclass
class Membership:
    """A seat an identity holds: the host's token, and the code shown at join (--open)."""

    seat: int
    token: str
    code: str


@dataclass(frozen=True)
class LobbyChat:
    name: str
    text: str
    stamp: float


@dataclass
class Room:
    """One hosted game."""

    id: str
    title: str
    host: Host
    password: str | None
    created: float
    members: dict[str, Membership] = field(default_factory=dict)
    watchers: int = 0
    ended_at: float | None = None
    tcp: asyncio.Server | None = None
    """Where ``jetset join`` players reach this game (``ssh-server --tcp``)."""

    @property
    def tcp_port(self) -> int | None:
        if self.tcp is None or not self.tcp.sockets:
            return None
        port: int = self.tcp.sockets[0].getsockname()[1]
        return port

    @property
    def table(self) -> Table:
        return self.host.table

    @property
    def private(self) -> bool:
        return self.password is not None

    @property
    def status(self) -> str:
        t = self.table
        if t.over:
            return "over"
        if t.started:
            return f"turn {t.game.state.turn}"
        free = sum(1 for s in t.seats if not s.is_bot and s.name is None)
        return f"waiting for {free}"

    @property
    def open_seats(self) -> int:
        return sum(1 for s in self.table.seats if not s.is_bot and s.name is None)

    def seat_line(self) -> str:
        """``alice*, bob, greedy-2, (open)``: * marks a player who is not connected."""
        parts = []
        for i, slot in enumerate(self.table.seats):
            if slot.name is None:
                parts.append("(open)")
            elif slot.is_bot or i in self.host.seat_conns:
                parts.append(slot.name)
            else:
                parts.append(f"{slot.name}*")
        return ", ".join(parts)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(4))


class Lobby:
    """Every game of one SSH server."""

    def __init__(
        self,
        games_dir: Path,
        *,
        open_mode: bool = False,
        bot_delay: float = 0.6,
        max_games: int = 32,
        fsync: bool = True,
        host_settings: HostSettings | None = None,
        tcp_bind: str | None = None,
    ) -> None:
        self.games_dir = games_dir
        self.tcp_bind = tcp_bind
        self.open_mode = open_mode
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.fsync = fsync
        self.host_settings = host_settings
        self.rooms: dict[str, Room] = {}
        self.chat: deque[LobbyChat] = deque(maxlen=CHAT_KEPT)
        self._listeners: list[Callable[[], None]] = []
        self._ids = count(1)
        self._notify: asyncio.TimerHandle | None = None

    # -- listeners --------------------------------------------------------------------------

    def listen(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def changed(self) -> None:
        """Tell every lobby screen, at most five times a second."""
        if self._notify is None:
            self._notify = asyncio.get_running_loop().call_later(0.2, self._tell)

    def _tell(self) -> None:
        self._notify = None
        self._reap()
        for listener in list(self._listeners):
            listener()

    # -- games ------------------------------------------------------------------------------

    def create(
        self,
        creator: Player,
        players: int,
        bots: list[str],
        password: str | None,
        *,
        extra_cards: bool = False,
    ) -> Room:
        """A new game with ``bots`` in the last seats (and, with ``extra_cards``, the
        expansion's extra Flight cards in the decks); the creator still has to join it."""
        if sum(1 for r in self.rooms.values() if not r.table.over) >= self.max_games:
            raise LobbyError("the server runs as many games as it may; join one")
        for kind in bots:
            if kind not in BOTS:
                raise LobbyError(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}")
        if len(bots) >= players:
            raise LobbyError("leave at least one seat for a person")
        options = Options(players=players, extra_cards=extra_cards)
        try:
            options.check_supported()
        except ValueError as exc:
            raise LobbyError(str(exc)) from None
        room_id = str(next(self._ids))
        self.games_dir.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.games_dir / f"{stamp}-ssh{room_id}-{secrets.token_hex(2)}.jetset"
        table = Table.create(
            options, bots, path, password=password or None, fsync=self.fsync, holder=HOLDER
        )
        host = Host(table, self.host_settings)
        room = Room(room_id, f"{creator.name}'s game", host, password or None, time.time())
        host.on_change = self.changed
        self.rooms[room_id] = room
        for seat, slot in enumerate(table.seats):
            if slot.is_bot:
                host.spawn(self._bot(room, seat, slot.bot_kind))
        if self.tcp_bind is not None:
            host.spawn(self._serve_tcp(room, self.tcp_bind))
        log.info(
            "game %s created by %s: %d seats, bots %s, extra cards %s, log %s",
            room_id,
            creator.name,
            players,
            bots,
            extra_cards,
            path,
        )
        self.changed()
        return room

    async def _serve_tcp(self, room: Room, bind: str) -> None:
        """Let ``jetset join`` players take this game's seats too (on any free port)."""
        try:
            room.tcp = await room.host.serve_tcp(bind, 0)
        except OSError as exc:
            log.warning("game %s: no TCP listener on %s: %s", room.id, bind, exc)
            return
        log.info("game %s: jetset join %s:%s", room.id, bind, room.tcp_port)
        self.changed()

    def room(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise LobbyError(f"there is no game {room_id}")
        return room

    def seat_of(self, identity: str) -> tuple[Room, Membership] | None:
        """The unfinished game where ``identity`` holds a seat, if any."""
        for room in self.rooms.values():
            member = room.members.get(identity)
            if member is not None and not room.table.over:
                return room, member
        return None

    async def join(self, room: Room, player: Player, password: str | None) -> NetPeer:
        """Take a free seat in ``room`` (or your own seat back, when you hold one)."""
        if player.identity in room.members:
            return await self.rejoin(room, player, None)
        if room.password is not None and not hmac.compare_digest(
            (password or "").encode(), room.password.encode()
        ):
            raise LobbyError("wrong password")
        if room.open_seats == 0:
            raise LobbyError("every seat is taken: watch instead")
        peer = await self._connect(room, name=player.name, password=room.password)
        if peer.seat is None or peer.token is None:
            await peer.close()
            raise LobbyError("the host did not seat you")
        code = new_code()
        room.members[player.identity] = Membership(peer.seat, peer.token, code)
        log.info(
            "game %s: %s (%s) sits in seat %d", room.id, player.name, player.identity, peer.seat
        )
        self.changed()
        return peer

    async def rejoin(self, room: Room, player: Player, code: str | None) -> NetPeer:
        """Back into the seat ``player`` holds (``--open``: with the seat's code)."""
        member = room.members.get(player.identity)
        if member is None:
            raise LobbyError("you hold no seat in that game")
        if self.open_mode and not hmac.compare_digest(
            (code or "").strip().upper().encode(), member.code.encode()
        ):
            raise LobbyError("that is not the seat's code")
        peer = await self._connect(room, token=member.token)
        log.info("game %s: %s back in seat %d", room.id, player.name, member.seat)
        self.changed()
        return peer

    async def watch(self, room: Room) -> NetPeer:
        if room.private:
            raise LobbyError("that game is private")
        peer = await self._connect(room, spectate=True)
        room.watchers += 1
        self.changed()
        return peer

    def left(self, room: Room, peer: NetPeer) -> None:
        """A session let go of its peer (the game screen closed it)."""
        if peer.spectating:
            room.watchers = max(0, room.watchers - 1)
        self.changed()

    async def _connect(self, room: Room, **kwargs: object) -> NetPeer:
        host_end, peer_end = memory_pipe("ssh")
        room.host.spawn(room.host.attach(host_end))
        try:
            return await NetPeer.connect(peer_end, **kwargs)
        except (ConnectionError, TimeoutError) as exc:
            raise LobbyError(f"the game refused: {exc}") from None

    # -- bots -------------------------------------------------------------------------------

    async def _bot(self, room: Room, seat: int, kind: str) -> None:
        """A bot peer in ``seat``, moving after ``bot_delay`` so people can follow."""
        host_end, bot_end = memory_pipe(f"bot:{kind}:{seat}")
        room.host.spawn(room.host.attach(host_end))
        try:
            peer = await NetPeer.connect(bot_end, token=room.table.seats[seat].token)
        except (ConnectionError, TimeoutError) as exc:
            log.warning("game %s: bot in seat %d not seated: %s", room.id, seat, exc)
            return
        try:
            await play_bot(peer, kind, room.table.commitment, delay=self.bot_delay)
        finally:
            await peer.close()

    # -- chat and housekeeping --------------------------------------------------------------

    def say(self, player: Player, text: str) -> None:
        text = " ".join(text.split())[:MAX_CHAT]
        if text:
            self.chat.append(LobbyChat(player.name, text, time.time()))
            self.changed()

    def _reap(self) -> None:
        """Forget finished games nobody watches after a while."""
        now = time.time()
        for room in list(self.rooms.values()):
            if room.table.over and room.ended_at is None:
                room.ended_at = now
                log.info("game %s over: %s", room.id, room.seat_line())
            old = room.ended_at is not None and now - room.ended_at > FINISHED_KEPT
            if old and not room.host.conns:
                del self.rooms[room.id]
                if room.tcp is not None:
                    room.tcp.close()
                room.host.spawn(room.host.close())

    async def close(self) -> None:
        if self._notify is not None:
            self._notify.cancel()
        for room in list(self.rooms.values()):
            if room.tcp is not None:
                room.tcp.close()
            await room.host.close()
        self.rooms.clear()
