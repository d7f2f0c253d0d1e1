"""The SSH server's lobby: the games it hosts, and the lobby chat. No Textual.

Each game is a ``netcode.host.Host`` in this process (``room.Room``). Every player, SSH or bot,
is a ``NetPeer`` of that host over an in-memory pipe (``memory_pipe``), so an SSH player plays
through the same protocol as a TCP player. The lobby remembers which identity (an SSH key's
fingerprint, or in ``--open`` mode a user name) holds which seat and its token, so a player who
comes back lands in the same seat (how one gets in: ``seating.Seating``); games per player are
capped; a game no person is connected to for ``abandoned_after`` is closed (its log stays on
disk); the games a previous run left unfinished come back (``saved``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING

from engine.games import DEFAULT
from jetset_tui.i18n import _
from jetset_tui.seat_names import BOT_NAMES, bot_kind_named
from jetset_tui.ssh.games import GameRefused, check_bots, new_options, option_words, rules_of
from jetset_tui.ssh.key_names import KeyNames
from jetset_tui.ssh.limits import TryLimiter
from jetset_tui.ssh.lobby_limits import LobbyLimits
from jetset_tui.ssh.remembered import Remembered
from jetset_tui.ssh.room import Membership, Room
from jetset_tui.ssh.saved import SavedRoom, SavedSeat, save, saved_games

# LobbyError and WrongSecret are imported from here too (jetset_tui/screens/remote_lobby.py)
from jetset_tui.ssh.seating import LobbyError as LobbyError
from jetset_tui.ssh.seating import Player, Seating
from jetset_tui.ssh.seating import WrongSecret as WrongSecret
from jetset_tui.ssh.tcp_strangers import TcpStrangers
from jetset_tui.ssh.username import NAME_MAX
from netcode.botplayer import play_bot
from netcode.connection import BucketsByAddress
from netcode.gameoptions import option_map
from netcode.host import Host, HostSettings
from netcode.messages import NextGame
from netcode.names import confusable_classes, look_alike_key
from netcode.peer import NetPeer
from netcode.protocol import MAX_CHAT
from netcode.table import Table
from netcode.tablefiles import TableError, storage_problem
from netcode.transport import memory_pipe

if TYPE_CHECKING:
    pass

log = logging.getLogger("jetset.ssh.lobby")

CHAT_KEPT = 100
CHAT_RATE = 1.0
"""Lobby chat lines a second from one address, in bursts of ``CHAT_BURST`` (a table's chat
allowance, netcode/hostsettings.py)."""
CHAT_BURST = 10.0
HOLDER = "jetset ssh-server"
"""Who holds a lobby game's log, as anyone else who opens it is told."""


@dataclass(frozen=True)
class LobbyChat:
    name: str
    text: str
    stamp: float


WEB_MARK = "@web"
"""What a browser's name carries on a server with keys: typed, not proven (docs/security.md)."""


class Lobby(Seating):
    """Every game of one SSH server."""

    def __init__(
        self,
        games_dir: Path,
        *,
        open_mode: bool = False,
        bot_delay: float = 0.6,
        turn_time: float = 0.0,
        fsync: bool = True,
        host_settings: HostSettings | None = None,
        tcp_bind: str | None = None,
        limits: LobbyLimits | None = None,
    ) -> None:
        self.games_dir = games_dir
        self.tcp_bind = tcp_bind
        self.open_mode = open_mode
        self.bot_delay = bot_delay
        self.turn_time = turn_time
        self.limits = limits or LobbyLimits()
        self.tries = TryLimiter(self.limits.free_tries, self.limits.first_lock)
        self.fsync = fsync
        self.host_settings = host_settings
        self.rooms: dict[str, Room] = {}
        self.chat: deque[LobbyChat] = deque(maxlen=CHAT_KEPT)
        self._chat_allowance = BucketsByAddress(CHAT_RATE, CHAT_BURST)
        confusable_classes()  # read once now (about 0.1 s), not at the first join on the loop
        self._listeners: list[Callable[[], object]] = []
        self._ids = count(1)
        self._notify: asyncio.TimerHandle | None = None
        self._housekeeping: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Future[None]] = set()
        self.remembered = Remembered()
        """Each player's language and last form, between their sessions."""
        self.key_names = KeyNames(games_dir)
        """Key mode: which key each name is (``name_for``), kept across restarts."""
        self.strangers = TcpStrangers(keys=not open_mode, per_address=self.limits.tcp_per_address)
        """The rules for the games' TCP joiners (``--tcp``), across every game."""

    # -- names ------------------------------------------------------------------------------

    def reserve_names(self, names: Mapping[str, str]) -> None:
        """Keep each name an authorized key's comment gives (by the key's fingerprint) for that
        key alone, whoever comes first (``KeyNames.reserve``)."""
        self.key_names.reserve(names)

    def name_for(self, identity: str, wanted: str, address: str | None = None) -> str:
        """The name ``identity`` goes by here: ``wanted``, unless another key's authorized-keys
        comment names it (``reserve_names``) or another key already went by it (or by one that
        reads the same, ``netcode.names``), in this run of the server or an earlier one
        (jetset_tui/ssh/key_names.py), or in a seat it holds:
        then ``wanted-2``, ``-3`` … (a play test's second key signed its chat
        and its games with the first one's name). In ``--open`` mode a name is its identity,
        and keeps it. A browser's (``web:NAME``) beside keys is ``NAME@web``, always: no key can
        go by that (an SSH name has no ``@``: jetset_tui/ssh/username.py), so a browser never
        reads as a key holder, whichever came first (a play test's browser chatted as the key
        holder "ann", word for word as she did; one that came before her kept "ann" after she
        arrived)."""
        if self.open_mode or not identity.startswith(("key:", "web:")):
            return wanted
        if identity.startswith("web:"):
            return f"{wanted}{WEB_MARK}"
        held = self._seat_holders()
        for n in count(1):
            name = wanted if n == 1 else f"{wanted[: NAME_MAX - 1 - len(str(n))]}-{n}"
            owner = self.key_names.owner(name) or held.get(look_alike_key(name))
            if owner is None or owner == identity:
                self.key_names.take(name, identity, address)
                return name
        raise AssertionError("unreachable")

    def holds_a_seat(self, identity: str) -> bool:
        """Whether ``identity`` holds a seat in an unfinished game here (watching holds none)."""
        return any(identity in room.members for room in self.rooms.values() if not room.table.over)

    def _seat_holders(self) -> dict[str, str]:
        """The identity each seat held in an unfinished game belongs to, by its name's key."""
        held: dict[str, str] = {}
        for room in self.rooms.values():
            if room.table.over:
                continue
            names = room.sitters()  # who took a seat given away, by their own name
            for identity, member in room.members.items():
                name = names[member.seat] if member.seat < len(names) else None
                if name:
                    held[look_alike_key(name)] = identity
        return held

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
        made, for a request the server refuses, or when its files cannot be written."""
        unfinished = [r for r in self.rooms.values() if not r.table.over]
        if len(unfinished) >= self.limits.max_games:
            raise LobbyError(_("the server runs as many games as it may; join one"))
        from_there = sum(1 for r in unfinished if r.created_from == creator.address)
        if creator.address and from_there >= self.limits.games_per_address:
            raise LobbyError(
                _(
                    "{n} games not over yet were started from your address: finish or leave"
                    " one first"
                ).format(n=from_there)
            )
        mine = sum(1 for r in unfinished if self.created_by(r, creator))
        if mine >= self.limits.games_per_player:
            raise LobbyError(
                _(
                    "you already started {n} games that are not over: finish or leave one first"
                ).format(n=mine)
            )
        try:
            rules = rules_of(game)
            bots = [bot_kind_named(rules.bots(), kind) for kind in bots]  # ``search``, as said
            check_bots(game, bots)
            table_options = new_options(game, players, options or {})
        except GameRefused as exc:
            raise LobbyError(str(exc)) from None
        if len(bots) >= players:
            raise LobbyError(_("leave at least one seat for a person"))
        room_id = str(next(self._ids))
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.games_dir / f"{stamp}-ssh{room_id}-{secrets.token_hex(2)}.jetset"
        try:
            self.games_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
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
        except OSError as exc:  # a full disk, say: the player hears why, never the server's paths
            log.warning("cannot make game %s: %s", room_id, exc)
            said = _("the server cannot save a new game now ({problem}); try again later")
            raise LobbyError(said.format(problem=_(storage_problem(exc)))) from None
        host = Host(table, self.host_settings or self._settings())
        room = Room(
            room_id,
            f"{creator.name}'s game",
            host,
            password or None,
            time.time(),
            creator=creator.identity,
            created_from=creator.address,
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

    def next_room(self, room: Room, player: Player) -> Room:
        """The game that follows ``room`` for its players (r at its end, over SSH, in a browser
        or from ``jetset join ssh://``): the one another of them opened, while it waits for
        players; else a new one like it (its game, seats, bots, options and password), which
        ``player`` opens and ``room`` points to, for the others. LobbyError, and nothing made,
        if ``player`` held no seat there, if it is not over, or if ``create`` refuses."""
        if not room.table.over or player.identity not in room.members:
            raise LobbyError(_("only its players open a game's next game, once it is over"))
        following = self.rooms.get(room.next_game or "")
        if following is not None and not following.table.started and following.open_seats:
            return following
        table = room.table
        bots = [seat.kind.bot for seat in table.seats if seat.kind.bot is not None]
        options = rules_of(room.game).option_values(option_map(table.options))
        made = self.create(
            player, len(table.seats), bots, room.password, game=room.game, options=options
        )
        opener = room.members[player.identity].seat
        made.kept_for = frozenset(  # a name proves nothing (--open, a browser's): key holders'
            who for who in room.members if who != player.identity and who.startswith("key:")
        )
        made.kept_until = time.monotonic() + self.limits.next_seats_kept
        room.next_game = made.id
        room.host.successor = made.host  # its TCP port (``--tcp``) leads to the next game now
        made.host.game_id, made.host.opened_by = made.id, opener
        room.host.broadcast(NextGame(game=made.host.called, seat=opener))
        self.changed()
        return made

    def _open(self, room: Room) -> None:
        """Serve ``room``: list it, seat its bots, keep it beside its log."""
        host = room.host
        host.on_change = self.changed
        host.on_gift = partial(self.given, room)
        host.strangers = self.strangers
        self.rooms[room.id] = room
        for seat, slot in enumerate(room.table.seats):
            if slot.is_bot:
                host.spawn(self._bot(room, seat, slot.bot_kind))
        if self.tcp_bind is not None and not room.private:  # the lobby guards its password
            host.spawn(self._serve_tcp(room, self.tcp_bind))
        self._save(room)

    def seated(self, room: Room, identity: str, member: Membership) -> None:
        """``identity`` holds a seat in ``room`` from now on (kept on disk too)."""
        room.members[identity] = member
        self._save(room)
        self.changed()

    def given(self, room: Room, seat: int) -> None:
        """``seat``'s player gave it to whoever joins next (q, o at the table; ``leave
        {give}``): it is theirs no longer, and the list shows it open for anyone's j."""
        for identity, member in list(room.members.items()):
            if member.seat == seat:
                del room.members[identity]
                log.info("game %s: %s gave seat %d to the next to join", room.id, identity, seat)
        self._save(room)
        self.changed()

    def vacate(self, room: Room, identity: str) -> None:
        """``identity`` left ``room`` before it began (its wait's Esc, or their connection
        went): the seat is open again for the next person (``SeatRequests.vacate``: not once
        every seat is taken and the deal is on its way) and no longer theirs. A game no person
        sits in any more is closed and leaves the list (its creator's count of games with it),
        unless it keeps seats for the players of the game before it (``kept_for``) or someone
        is on their way into it (``Room.joining``): a newcomer never starts a game as if the
        ones who left were there."""
        member = room.members.get(identity)
        if member is None or self.rooms.get(room.id) is not room:
            return
        if not room.host.seating.vacate(member.seat):
            return
        del room.members[identity]
        log.info(
            "game %s: seat %d is free again, its player left before it began", room.id, member.seat
        )
        people = room.joining or any(not s.is_bot and s.name for s in room.table.seats)
        if not people and not room.seats_kept(time.monotonic()):
            log.info("game %s: every player left before it began: closed", room.id)
            self._close_room(room)
            return
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
            host = Host(table, self.host_settings or self._settings())
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
            host.standins.everyone_away()  # who is not back soon gets a stand-in
            log.info("game %s back from %s: %s", room.id, log_path, room.seat_line())
        numbers = [int(i) for i in self.rooms if i.isascii() and i.isdigit()]
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
        """The unfinished game where ``identity`` holds a seat, if any: of several, the one they
        are at, else the one played last (a play test's alice, back, landed in the game she
        had left with q, not the one she had been playing)."""
        held = [
            (room, member)
            for room in self.rooms.values()
            if (member := room.members.get(identity)) is not None and not room.table.over
        ]
        if len(held) <= 1:  # the lobby asks at every redraw: no file read for one seat
            return held[0] if held else None
        return max(held, key=lambda held: last_there(*held))

    def first_free(self, player: Player, players: int = 4) -> Room:
        """A seat without choosing a game (``f``, a ``join`` without one): where ``player``
        sits, else the next game of a table they sat at, while it keeps a seat for them
        (``Room.kept_for``), else the first public Jet Set game waiting for players with a seat
        they may take (a ``join`` without a game
        meant Jet Set before there were others), else a new game of ``players`` seats, theirs
        to sit in (LobbyError if none may be made)."""
        held = self.seat_of(player.identity)
        if held is not None:
            return held[0]
        now = time.monotonic()
        waiting = [
            room
            for room in sorted(self.rooms.values(), key=lambda r: int(r.id))
            if not room.table.started and room.free_for(player.identity, now)
        ]
        for room in waiting:  # the next game of a table this player sat at keeps a seat for them
            if player.identity in room.kept_for and now < room.kept_until:
                return room
        for room in waiting:
            if not room.private and room.game == DEFAULT:
                return room
        return self.create(player, players, [], None)

    # -- bots -------------------------------------------------------------------------------

    def _settings(self) -> HostSettings:
        """Each game's host: bots at the lobby's pace, its turn clock."""
        return HostSettings(bot_delay=self.bot_delay, turn_time=self.turn_time)

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

    def proven(self, identity: str) -> bool:
        """Whether ``identity`` is proven by a key: not in ``--open`` mode, and not a browser
        tab's ``web:NAME`` (a name anyone may choose) even on a key-mode server."""
        return identity.startswith("key:") and not self.open_mode

    def created_by(self, room: Room, player: Player) -> bool:
        """Whether ``room`` counts among the games ``player`` started: by identity, and for an
        identity that is only a name, from the same address too (a stranger naming themselves
        alice once used up alice's games)."""
        if room.creator != player.identity:
            return False
        return self.proven(player.identity) or room.created_from == player.address

    def say(self, player: Player, text: str) -> None:
        """``player`` says ``text`` in the lobby chat; LobbyError beyond its address's
        allowance (a line a second, bursts of 10), which then says nothing."""
        text = " ".join(text.split())[:MAX_CHAT]
        if not text:
            return
        if not self._chat_allowance.of(player.address).take():
            raise LobbyError(_("too much chat: one line a second"))
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

    def stopping(self) -> None:
        """The server is about to stop: its players' sessions end, but nobody leaves a table
        (a play test's restarted server had forgotten the stand-ins its last player's session,
        ended first, had seemed to leave behind)."""
        for room in self.rooms.values():
            room.host.stopping()

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


def last_there(room: Room, member: Membership) -> tuple[bool, float]:
    """How recently ``member``'s player was at ``room``'s table: at it now, then when its log
    was last written (a clock that a restart keeps; 0 for a log that cannot be read)."""
    conn = room.host.seat_conns.get(member.seat)
    try:
        written = room.table.log_path.stat().st_mtime
    except OSError:
        written = 0.0
    return conn is not None and conn.standin is None, written
