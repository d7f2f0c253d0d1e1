"""The SSH server's lobby: the games it hosts, who sits where, and the lobby chat. No Textual.

Each game is a ``netcode.host.Host`` in this process. Every player, SSH or bot, is a
``NetPeer`` of that host over an in-memory pipe (``memory_pipe``), so an SSH player plays through
the same protocol as a TCP player. The lobby remembers which identity (an SSH key's fingerprint,
or in ``--open`` mode a user name) holds which seat and its token, so a player who comes back
lands in the same seat; in ``--open`` mode the seat's code, shown once at join to the one who
joined, is asked for too (only its digest is kept). Wrong codes and game passwords are limited per
address and per seat or game (``limits.TryLimiter``); games per player and spectators are capped;
a game no person is connected to for ``abandoned_after`` is closed (its log stays on disk).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

from engine.games import DEFAULT
from jetset_tui.i18n import _, ngettext
from jetset_tui.seat_names import BOT_NAMES
from jetset_tui.ssh.games import (
    GameRefused,
    check_bots,
    new_options,
    option_words,
    progress,
    rules_of,
)
from jetset_tui.ssh.limits import TryLimiter
from jetset_tui.ssh.saved import SavedRoom, SavedSeat, save, saved_games
from netcode.botplayer import play_bot
from netcode.host import Host, HostSettings
from netcode.names import look_alike
from netcode.peer import NetPeer
from netcode.protocol import MAX_CHAT
from netcode.seatcode import code_digest, new_code
from netcode.table import Table, TableError
from netcode.transport import memory_pipe

log = logging.getLogger("jetset.ssh.lobby")

CHAT_KEPT = 100
HOLDER = "jetset ssh-server"
"""Who holds a lobby game's log, as anyone else who opens it is told."""


@dataclass(frozen=True)
class LobbyLimits:
    """The lobby's numbers (docs/security.md)."""

    max_games: int = 32
    games_per_player: int = 3
    """Unfinished games one identity may have created."""
    watchers_per_game: int = 16
    watchers_per_address: int = 4
    """Games watched at once from one address."""
    abandoned_after: float = 1800.0
    """Seconds an unfinished game with no person connected stays open."""
    finished_kept: float = 600.0
    """Seconds a finished game stays in the list."""
    free_tries: int = 5
    """Wrong seat codes (or game passwords) per address and per seat (or game) before a lock-out
    of ``first_lock`` seconds, doubling with every further wrong one."""
    first_lock: float = 30.0


class LobbyError(Exception):
    """A request the lobby refuses, with a sentence for the player."""


class WrongSecret(LobbyError):
    """A wrong seat code or password: the player may try again."""


@dataclass(frozen=True)
class Player:
    """Someone connected: ``identity`` is ``key:<fingerprint>`` or ``name:<user>``."""

    identity: str
    name: str
    address: str = "?"
    reached: str = ""
    """The server's address this player's connection came in on ("" where none)."""


@dataclass
class Membership:
    """A seat an identity holds: the host's token, and the digest of the code shown at join."""

    seat: int
    token: str
    code_digest: bytes


@dataclass(frozen=True)
class LobbyChat:
    name: str
    text: str
    stamp: float


def host_port(bound: str, reached: str, port: int) -> str:
    """``HOST:PORT`` (``[v6]:PORT``) of a port bound to ``bound``: where that is every address
    of the machine (``0.0.0.0``, ``::``), the one a player reached the server at."""
    host = bound
    with suppress(ValueError):
        if ipaddress.ip_address(bound).is_unspecified and reached:
            host = reached
    with suppress(ValueError):
        mapped = ipaddress.IPv6Address(host).ipv4_mapped  # ::ffff:192.0.2.1, a v4 client
        if mapped is not None:
            host = str(mapped)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass
class Room:
    """One hosted game."""

    id: str
    title: str
    host: Host
    password: str | None
    created: float
    creator: str = ""
    """The identity that created the game."""
    members: dict[str, Membership] = field(default_factory=dict)
    spectators: dict[object, str] = field(default_factory=dict)
    """Each spectator's peer (or ``jetset`` subsystem link), and the address it watches from."""
    ended_at: float | None = None
    alone_since: float | None = None
    """Since when no person has been connected (unfinished games)."""
    tcp: asyncio.Server | None = None
    """Where ``jetset join`` players reach this game (``ssh-server --tcp``)."""

    @property
    def tcp_port(self) -> int | None:
        if self.tcp is None or not self.tcp.sockets:
            return None
        port: int = self.tcp.sockets[0].getsockname()[1]
        return port

    def join_address(self, reached: str) -> str | None:
        """``HOST:PORT`` for ``jetset join`` into this game, as a player who reached the
        server at ``reached`` would type it; None where the lobby shows none (no ``--tcp``
        port, a private game, one that is over)."""
        port = self.tcp_port
        if port is None or self.tcp is None or self.private or self.table.over:
            return None
        return host_port(self.tcp.sockets[0].getsockname()[0], reached, port)

    @property
    def table(self) -> Table:
        return self.host.table

    @property
    def game(self) -> str:
        """The game played here (``engine.games``' name: ``jetset``, ``jetlag``)."""
        return self.table.rules.name

    @property
    def options_words(self) -> list[str]:
        """Its options as the lobby lists them (Jet Set's extra cards and modules)."""
        return option_words(self.game, self.table.options)

    @property
    def private(self) -> bool:
        return self.password is not None

    @property
    def status(self) -> str:
        t = self.table
        if t.over:
            return _("over")
        if t.started:
            return progress(self.game, t.game.state)
        free = sum(1 for s in t.seats if not s.is_bot and s.name is None)
        return _("waiting for {n}").format(n=free)

    @property
    def open_seats(self) -> int:
        return sum(1 for s in self.table.seats if not s.is_bot and s.name is None)

    @property
    def watchers(self) -> int:
        return len(self.spectators)

    @property
    def people_connected(self) -> bool:
        """Someone other than a bot is at this game: a player in a seat, or a spectator."""
        if self.spectators:
            return True
        return any(
            not self.table.seats[seat].is_bot and conn.standin is None
            for seat, conn in self.host.seat_conns.items()
        )

    def seat_line(self) -> str:
        """``alice*, bob, greedy-2, (open)``: * marks a player who is not connected."""
        parts = []
        for i, slot in enumerate(self.table.seats):
            if slot.name is None:
                parts.append(_("(open)"))
            elif slot.is_bot or i in self.host.seat_conns:
                parts.append(slot.name)
            else:
                parts.append(f"{slot.name}*")
        return ", ".join(parts)


LANGUAGES_KEPT = 4096
"""How many players' language choices the lobby remembers (the oldest are forgotten first)."""


class Lobby:
    """Every game of one SSH server."""

    def __init__(
        self,
        games_dir: Path,
        *,
        open_mode: bool = False,
        bot_delay: float = 0.6,
        fsync: bool = True,
        host_settings: HostSettings | None = None,
        tcp_bind: str | None = None,
        limits: LobbyLimits | None = None,
    ) -> None:
        self.games_dir = games_dir
        self.tcp_bind = tcp_bind
        self.open_mode = open_mode
        self.bot_delay = bot_delay
        self.limits = limits or LobbyLimits()
        self.tries = TryLimiter(self.limits.free_tries, self.limits.first_lock)
        self.fsync = fsync
        self.host_settings = host_settings
        self.rooms: dict[str, Room] = {}
        self.chat: deque[LobbyChat] = deque(maxlen=CHAT_KEPT)
        self._listeners: list[Callable[[], object]] = []
        self._ids = count(1)
        self._notify: asyncio.TimerHandle | None = None
        self._housekeeping: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Future[None]] = set()
        self.languages: dict[str, str] = {}
        """The language each identity chose in the lobby, the latest LANGUAGES_KEPT of them."""

    # -- languages --------------------------------------------------------------------------

    def language_of(self, identity: str) -> str | None:
        """The language ``identity`` chose in the lobby earlier, if any."""
        return self.languages.get(identity)

    def remember_language(self, identity: str, language: str) -> None:
        """``identity`` chose ``language``: their next session opens in it (kept in memory
        only, for the latest LANGUAGES_KEPT identities, so no one can make it grow without end)."""
        self.languages.pop(identity, None)
        self.languages[identity] = language
        while len(self.languages) > LANGUAGES_KEPT:
            del self.languages[next(iter(self.languages))]  # the oldest choice: insertion order

    # -- listeners --------------------------------------------------------------------------

    def listen(self, listener: Callable[[], object]) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[], object]) -> None:
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

    def start(self) -> None:
        """Bring back the games a previous run left unfinished, and look after abandoned and
        finished games from now on."""
        if self._housekeeping is None:
            self.restore()
            self._housekeeping = asyncio.ensure_future(self._look_after())

    async def _look_after(self) -> None:
        every = min(30.0, self.limits.abandoned_after / 4, self.limits.finished_kept / 4)
        while True:
            await asyncio.sleep(max(every, 0.05))
            self._reap()

    # -- games ------------------------------------------------------------------------------

    def create(
        self,
        creator: Player,
        players: int,
        bots: list[str],
        password: str | None,
        *,
        game: str = DEFAULT,
        options: Mapping[str, object] | None = None,
    ) -> Room:
        """A new game of ``game`` (``engine.games``) with ``bots`` in the last seats and the
        ``options`` of its schema that were chosen (Jet Set's: ``extra_cards``, ``modules``,
        ``investors_face_up``); the creator still has to join it. LobbyError, and nothing
        made, for a request the server refuses."""
        unfinished = [r for r in self.rooms.values() if not r.table.over]
        if len(unfinished) >= self.limits.max_games:
            raise LobbyError(_("the server runs as many games as it may; join one"))
        mine = sum(1 for r in unfinished if r.creator == creator.identity)
        if mine >= self.limits.games_per_player:
            raise LobbyError(
                _(
                    "you already started {n} games that are not over: finish or leave one first"
                ).format(n=mine)
            )
        try:
            rules = rules_of(game)
            check_bots(game, bots)
            table_options = new_options(game, players, options or {})
        except GameRefused as exc:
            raise LobbyError(str(exc)) from None
        if len(bots) >= players:
            raise LobbyError(_("leave at least one seat for a person"))
        room_id = str(next(self._ids))
        self.games_dir.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.games_dir / f"{stamp}-ssh{room_id}-{secrets.token_hex(2)}.jetset"
        table = Table.create(
            table_options,
            bots,
            path,
            password=password or None,
            fsync=self.fsync,
            holder=HOLDER,
            rules=rules,
            bot_names=[n for n in BOT_NAMES if n.casefold() != creator.name.casefold()],
        )
        host = Host(table, self.host_settings or HostSettings(bot_delay=self.bot_delay))
        room = Room(
            room_id,
            f"{creator.name}'s game",
            host,
            password or None,
            time.time(),
            creator=creator.identity,
        )
        self._open(room)
        log.info(
            "game %s created by %s: %s, %d seats, bots %s, options %s, log %s",
            room_id,
            creator.name,
            game,
            players,
            bots,
            ", ".join(option_words(game, table_options)) or "none",
            path,
        )
        self.changed()
        return room

    def _open(self, room: Room) -> None:
        """Serve ``room``: list it, seat its bots, keep it beside its log."""
        host = room.host
        host.on_change = self.changed
        self.rooms[room.id] = room
        for seat, slot in enumerate(room.table.seats):
            if slot.is_bot:
                host.spawn(self._bot(room, seat, slot.bot_kind))
        if self.tcp_bind is not None:
            host.spawn(self._serve_tcp(room, self.tcp_bind))
        self._save(room)

    def seated(self, room: Room, identity: str, member: Membership) -> None:
        """``identity`` holds a seat in ``room`` from now on (kept on disk too)."""
        room.members[identity] = member
        self._save(room)
        self.changed()

    def _save(self, room: Room, *, closed: bool = False) -> None:
        members = {who: SavedSeat(m.seat, m.code_digest) for who, m in room.members.items()}
        saved = SavedRoom(room.id, room.title, room.creator, room.created, members, closed)
        try:
            save(room.table.log_path, saved)
        except OSError as exc:
            log.warning("game %s: cannot keep its seats for a restart: %s", room.id, exc)

    def restore(self) -> None:
        """Bring back every unfinished game a previous run of the server left in the games
        folder (started, not closed by the lobby): from its log, with its seats and who holds
        them."""
        if not self.games_dir.is_dir():
            return
        for log_path, saved in saved_games(self.games_dir):
            if saved.id in self.rooms:
                log.warning("%s: game %s is served already: skipped", log_path, saved.id)
                continue
            try:
                table = Table.resume(log_path, fsync=self.fsync, holder=HOLDER)
            except (TableError, OSError, ValueError) as exc:
                log.warning("%s: cannot bring the game back: %s", log_path, exc)
                continue
            if table.over:
                table.close()
                continue
            host = Host(table, self.host_settings or HostSettings(bot_delay=self.bot_delay))
            room = Room(
                saved.id,
                saved.title,
                host,
                table.keys.password,
                saved.created,
                creator=saved.creator,
            )
            for who, seat in saved.members.items():
                if seat.seat < len(table.seats):
                    room.members[who] = Membership(
                        seat.seat, table.seats[seat.seat].token, seat.code_digest
                    )
            self._open(room)
            log.info("game %s back from %s: %s", room.id, log_path, room.seat_line())
        numbers = [int(i) for i in self.rooms if i.isdigit()]
        self._ids = count(max(numbers, default=0) + 1)

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
            raise LobbyError(_("there is no game {game}").format(game=room_id))
        return room

    def seat_of(self, identity: str) -> tuple[Room, Membership] | None:
        """The unfinished game where ``identity`` holds a seat, if any."""
        for room in self.rooms.values():
            member = room.members.get(identity)
            if member is not None and not room.table.over:
                return room, member
        return None

    async def join(
        self, room: Room, player: Player, password: str | None
    ) -> tuple[NetPeer, str | None]:
        """Take a free seat in ``room`` (or your own seat back, when you hold one); the peer, and
        the seat's new code (to be shown once, to this player only; None when back in a seat)."""
        if player.identity in room.members:
            return await self.rejoin(room, player, None), None
        self.check_password(room, player, password)
        if room.open_seats == 0:
            raise LobbyError(_("every seat is taken: watch instead"))
        alike = next(
            (s.name for s in room.table.seats if s.name and look_alike(s.name, player.name)), None
        )
        if alike is not None:  # ``alice`` beside ``Alice``: nobody could tell them apart
            raise LobbyError(
                _("someone called {name} sits there already: use another name").format(name=alike)
            )
        peer = await self._connect(room, name=player.name, password=room.password)
        if peer.seat is None or peer.token is None:
            await peer.close()
            raise LobbyError(_("the host did not seat you"))
        code = new_code()
        self.seated(room, player.identity, Membership(peer.seat, peer.token, code_digest(code)))
        log.info(
            "game %s: %s (%s) sits in seat %d", room.id, player.name, player.identity, peer.seat
        )
        return peer, code

    async def rejoin(self, room: Room, player: Player, code: str | None) -> NetPeer:
        """Back into the seat ``player`` holds (``--open``: with the seat's code)."""
        member = room.members.get(player.identity)
        if member is None:
            raise LobbyError(_("you hold no seat in that game"))
        if self.open_mode:
            self.check_seat_code(room, player, code or "")
        peer = await self._connect(room, token=member.token)
        log.info("game %s: %s back in seat %d", room.id, player.name, member.seat)
        self.changed()
        return peer

    def check_seat_code(self, room: Room, player: Player, code: str) -> None:
        """The code of the seat ``player``'s name holds in ``room``, with wrong tries limited per
        address and per seat (WrongSecret, or LobbyError once locked out)."""
        member = room.members.get(player.identity)
        if member is None:
            raise LobbyError(_("you hold no seat in that game"))
        keys = (f"address:{player.address}", f"seat:{room.id}:{member.seat}")
        right = hmac.compare_digest(code_digest(code), member.code_digest)
        self._check_try(keys, right, _("that is not the seat's code"))

    def check_password(self, room: Room, player: Player, password: str | None) -> None:
        """A private game's password, with wrong tries limited per address and per game."""
        if room.password is None:
            return
        keys = (f"address:{player.address}", f"game:{room.id}")
        right = hmac.compare_digest((password or "").encode(), room.password.encode())
        self._check_try(keys, right, _("wrong password"))

    def _check_try(self, keys: tuple[str, ...], right: bool, wrong: str) -> None:
        locked = self.tries.locked_for(*keys)
        if locked > 0:
            wait = _("too many wrong tries: wait {seconds} seconds")
            raise LobbyError(wait.format(seconds=f"{locked:.0f}"))
        if right:
            self.tries.succeeded(keys[1])
            return
        self.tries.failed(*keys)
        left = self.tries.left(*keys)
        log.info("wrong secret for %s from %s (%d tries left)", keys[1], keys[0], left)
        if left == 0:
            locked = self.tries.locked_for(*keys)
            wait = _("{wrong}; too many wrong tries: wait {seconds} seconds")
            raise LobbyError(wait.format(wrong=wrong, seconds=f"{locked:.0f}"))
        tries = ngettext("{wrong} ({n} try left)", "{wrong} ({n} tries left)", left)
        raise WrongSecret(tries.format(wrong=wrong, n=left))

    async def watch(self, room: Room, player: Player, password: str | None = None) -> NetPeer:
        """Watch ``room`` (a private game: with its password)."""
        self.admit_watcher(room, player, password)
        address = player.address
        peer = await self._connect(room, spectate=True, password=room.password)  # the host asks too
        room.spectators[peer] = address
        self.changed()
        return peer

    def admit_watcher(self, room: Room, player: Player, password: str | None) -> None:
        """LobbyError unless ``player`` may watch ``room`` (password, spectator caps)."""
        self.check_password(room, player, password)
        if room.watchers >= self.limits.watchers_per_game:
            raise LobbyError(_("that game has as many spectators as it may"))
        address = player.address
        watching = [a for r in self.rooms.values() for a in r.spectators.values() if a == address]
        if len(watching) >= self.limits.watchers_per_address:
            raise LobbyError(_("you watch as many games as you may"))

    def left(self, room: Room, peer: NetPeer) -> None:
        """A session let go of its peer (the game screen closed it)."""
        room.spectators.pop(peer, None)
        self.changed()

    async def _connect(self, room: Room, **kwargs: object) -> NetPeer:
        host_end, peer_end = memory_pipe("ssh")
        room.host.spawn(room.host.attach(host_end))
        try:
            return await NetPeer.connect(peer_end, **kwargs)
        except (ConnectionError, TimeoutError) as exc:
            raise LobbyError(_("the game refused: {why}").format(why=exc)) from None

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
        """Forget finished games nobody watches after a while, and close unfinished games no
        person has been connected to for ``abandoned_after`` (their logs stay on disk)."""
        now = time.time()
        limits = self.limits
        for room in list(self.rooms.values()):
            if room.table.over and room.ended_at is None:
                room.ended_at = now
                log.info("game %s over: %s", room.id, room.seat_line())
            if room.ended_at is not None:
                if now - room.ended_at > limits.finished_kept and not room.host.conns:
                    self._close_room(room)
                continue
            if room.people_connected:
                room.alone_since = None
            elif room.alone_since is None:
                room.alone_since = now
            elif now - room.alone_since > limits.abandoned_after:
                log.info(
                    "game %s abandoned (no one connected for %.0f s): closed, its log stays in %s",
                    room.id,
                    now - room.alone_since,
                    room.table.log_path,
                )
                self._close_room(room)
        self.tries.forget_old(limits.first_lock)

    def _close_room(self, room: Room) -> None:
        del self.rooms[room.id]
        self._save(room, closed=True)  # a restart leaves it closed
        if room.tcp is not None:
            room.tcp.close()
        task = asyncio.ensure_future(room.host.close())
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)
        self.changed()

    async def close(self) -> None:
        if self._housekeeping is not None:
            self._housekeeping.cancel()
        if self._notify is not None:
            self._notify.cancel()
        for room in list(self.rooms.values()):
            if room.tcp is not None:
                room.tcp.close()
            await room.host.close()
        self.rooms.clear()
