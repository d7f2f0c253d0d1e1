"""A local game: a host in this process, bots in some seats, humans at this keyboard.

``LocalSession`` is a ``GameClient`` built on the same code as a networked game
(docs/architecture.md, "One way in for every player"): it sets up a ``Table`` and serves it with a
``Host``; every human seat at this keyboard is a ``NetPeer`` connected to that host over an
in-memory pipe, and the host seats its own bot peers (``HostSettings.bot_delay`` gives people time
to follow them). The host is the only authority: ``submit`` sends the action through the seat's
peer and the host checks it with the engine, deals what follows, appends it to the log file and
broadcasts it. Nothing here applies an action to the game itself.

What the session shows:

- ``view(seat)`` answers from that seat's own peer, whose replica only ever held that seat's Final
  Flights: in a hot-seat game one human's view never contains another's cards.
- ``game`` is the union of the local peers' replicas: public entries plus the cards dealt to the
  seats at this keyboard (as the old session's full game did for hot-seat; bots' cards stay
  hidden). An entry joins it once every local peer holds it, so each seat's view is always at
  least as recent as ``game``. Once the game is over (the seed is public) ``game`` is the whole
  game replayed from the host's full log.

Saving is the table's: the log file (header, then every entry, flushed as written) and the seed
in ``<log>.secret`` (``netcode.table``) until the log reveals it at the end. The moves a player
may still take back (``undo``) are held off the file until they no longer can be
(``netcode.heldturn``). A game saved by an
earlier version, with its seed in a ``<log>.seed`` file, still resumes.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import shutil
import tempfile
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import DesyncError, IllegalAction, NotationError, Reason, Seat, rule_name
from engine.fairdeal import seed_commitment
from engine.games import DEFAULT, game_rules
from engine.platform import AnyRules, AnyTable
from netcode.client import (
    NO_UNDO,
    UNDO,
    ChatMessage,
    ClientEvent,
    EntryApplied,
    GameClient,
    GameOver,
    Presence,
    Problem,
    SeatInfo,
    TakenBack,
)
from netcode.gameoptions import option_map, seat_count
from netcode.heldturn import HeldTurn
from netcode.logfile import Header, read_header, read_log
from netcode.loglock import LogLocked, lock_holder
from netcode.seatnames import Renamed
from netcode.table import Table
from netcode.tablefiles import Secrets, StorageError, TableError, secrets_path
from netcode.userdirs import LOG_SUFFIX, new_game_path

if TYPE_CHECKING:  # the host and its peers load when the game opens (``start``)
    from netcode.host import Host
    from netcode.peer import NetPeer

BOT_DELAY = 0.6
"""Seconds a bot waits before moving, so people can follow the game."""

SEED_SUFFIX = ".seed"

LOCAL_TIMEOUT = 24 * 3600.0
"""The host's idle and hello timeouts for the peers at this keyboard: they never misbehave."""

TURNS = rule_name("Player Turns")

HOLDER = "the jetset app"
"""Who holds a local game's log, as others who open it are told."""


class HostedForOthers(ValueError):
    """A log that ``jetset host`` (or a server) wrote for players at other screens: continued
    here it would be hot-seat, every player's secret cards on this one screen."""

    def __init__(self, path: Path, command: str | None = None) -> None:
        super().__init__(f"{path.name} is a game hosted for players on other machines")
        self.path = path
        self.command = command
        """How its host said it goes on, when it paused (``Secrets.resume``), if it did."""


def hosted_for_others(header: Header) -> bool:
    """Whether a log's game was hosted for players at other screens: not made at one keyboard
    (whose games say ``local`` in the header's meta), with more than one person's seat."""
    people = sum(1 for seat in header.seats if not seat.kind.is_bot)
    return not header.meta.get("local") and people > 1


def new_seed() -> str:
    """A fresh random 128-bit seed, as hex."""
    return secrets.token_hex(16)


def default_log_path(seed: str, folder: Path | None = None) -> Path:
    """A new log file's name: when it was started, and a little of its seed."""
    return new_game_path(seed, folder)


def seed_path(log_path: Path) -> Path:
    """Where an earlier version kept a local game's seed (read when resuming such a game)."""
    return log_path.with_suffix(SEED_SUFFIX)


class LocalSession(GameClient):
    """A game hosted in this process: humans at this keyboard, the host's bots in the others."""

    def __init__(
        self,
        options: Any,
        seats: Sequence[SeatInfo],
        *,
        seed: str | None = None,
        path: str | Path | None = None,
        autosave: bool = True,
        bot_delay: float = BOT_DELAY,
        fsync: bool = True,
        meta: dict[str, Any] | None = None,
        rules: AnyRules | None = None,
    ) -> None:
        """A new game of ``rules`` (Jet Set's when not given) with ``options`` (Jet Set's
        ``Options`` or a mapping, as netcode.table takes them)."""
        super().__init__()
        players = seat_count(rules or game_rules(DEFAULT), option_map(options))
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats")
        self.meta: dict[str, Any] = dict(meta or {})
        self.seed = seed or new_seed()
        self.bot_delay = bot_delay
        self.path: Path | None = None
        scratch: Path | None = None
        if autosave:
            self.path = Path(path) if path else default_log_path(self.seed)
            log_path = self.path
        else:  # the table still writes a log: into a scratch folder removed on close
            scratch = Path(tempfile.mkdtemp(prefix="jetset-"))
            log_path = scratch / f"game{LOG_SUFFIX}"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        keys = Secrets(self.seed)
        kinds = [s.kind for s in seats]
        table = Table(options, kinds, log_path, keys, fsync=fsync, holder=HOLDER, rules=rules)
        keys.save(secrets_path(log_path))
        for slot, info in zip(table.seats, seats, strict=True):
            slot.name = info.name
        table.meta = {"created": datetime.now().isoformat(timespec="seconds"), "local": True}
        table.meta.update(self.meta)
        people = tuple(i for i, s in enumerate(seats) if not s.is_bot)
        table.held = HeldTurn(people, rules=table.rules)
        # the header and the setup deal, on disk before anyone looks; on a full disk the host
        # starts the game once it can, and says so
        with contextlib.suppress(StorageError):
            table.start()
        self._setup(table, tuple(seats), scratch=scratch, own_secret=True)

    def _setup(
        self,
        table: Table,
        seats: tuple[SeatInfo, ...],
        *,
        scratch: Path | None,
        own_secret: bool,
    ) -> None:
        self.table = table
        self.host: Host | None = None
        self._seats = seats
        self._scratch = scratch
        self._own_secret = own_secret  # this session wrote the secrets file: it may remove it
        self._humans = tuple(i for i, s in enumerate(seats) if not s.is_bot)
        self._peers: dict[int | None, NetPeer] = {}
        self._peer_listeners: dict[int | None, Callable[[ClientEvent], None]] = {}
        self._union = self._replica_of(table.game)
        self._full: AnyTable | None = table.game if table.over else None
        self._over_told = table.over
        self._opening: asyncio.Future[None] | None = None
        self._closed = False
        self._progress = asyncio.Event()

    def _replica_of(self, game: AnyTable) -> AnyTable:
        """``game`` as the seats at this keyboard may hold it (before the peers are connected)."""
        union = self.table.new_game()
        for entry, digest in zip(game.entries, game.digests, strict=True):
            union.push(self._ours(game, entry), digest)
        return union

    def _ours(self, game: AnyTable, entry: Any) -> Any:
        """``entry`` whole if a seat at this keyboard may hold it whole, else a spectator's copy
        (the cards dealt to one of our seats, never the ones no seat has seen)."""
        if any(game.redact(entry, seat) is entry for seat in self._humans):
            return entry
        return game.redact(entry, None)

    def _holder(self, index: int) -> int | None:
        """The seat here whose copy of entry ``index`` holds what the others' hide (None: every
        copy is the same)."""
        game = self.table.game
        if index >= len(game.entries):
            return None
        entry = game.entries[index]
        if game.redact(entry, None) is entry:
            return None
        return next((s for s in self._humans if game.redact(entry, s) is entry), None)

    # -- resuming ---------------------------------------------------------------------------

    @classmethod
    def resume(
        cls, path: str | Path, *, bot_delay: float = BOT_DELAY, fsync: bool = True
    ) -> LocalSession:
        """Continue a saved game from its log file (and the secrets file beside it)."""
        path = Path(path)
        holder = lock_holder(path)
        if holder is not None:  # never write beside a log another process is writing
            raise LogLocked(path, holder)
        try:
            header: Header | None = read_header(path)
        except (OSError, ValueError):  # LogFormatError too: the reading below says it whole
            header = None
        if header is not None and hosted_for_others(header):
            try:
                command = Secrets.load(secrets_path(path)).resume
            except TableError:
                command = None
            raise HostedForOthers(path, command)
        secret = secrets_path(path)
        own_secret = False
        if not secret.exists():
            log = read_log(path)
            seed = log.seed
            if seed is None:  # saved by an earlier version, with the seed in <log>.seed
                try:
                    seed = seed_path(path).read_text().strip()
                except OSError:
                    raise ValueError(
                        f"{seed_path(path).name} is missing: without its seed the game cannot go on"
                    ) from None
            if seed_commitment(seed) != log.header.commitment:
                raise ValueError(f"{path.name}: the saved seed does not belong to this game")
            Secrets(seed).save(secret)
            own_secret = True
        try:
            table = Table.resume(path, fsync=fsync, holder=HOLDER)
        except BaseException:
            if own_secret:
                secret.unlink(missing_ok=True)
            raise
        self = cls.__new__(cls)
        GameClient.__init__(self)
        self.meta = dict(table.meta)
        self.seed = table.keys.seed
        self.bot_delay = bot_delay
        self.path = path
        seats = tuple(SeatInfo(s.name or f"seat-{i}", s.kind) for i, s in enumerate(table.seats))
        people = tuple(i for i, s in enumerate(seats) if not s.is_bot)
        table.held = HeldTurn(people, written=len(table.game.entries), rules=table.rules)
        ours = own_secret or bool(table.meta.get("local"))  # a `jetset host` game keeps its own
        self._setup(table, seats, scratch=None, own_secret=ours)
        if table.over:  # only to be looked at: nothing will be written
            table.close()
            if own_secret:
                secret.unlink(missing_ok=True)
        return self

    # -- GameClient -------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self._full if self._full is not None else self._union

    def past_bot_moves(self) -> dict[int, int]:
        return self.table.bot_moves

    def renamed(self) -> tuple[Renamed, ...]:
        return tuple(self.table.renamed)

    @property
    def rules(self) -> AnyRules:
        return self.table.rules

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._seats

    @property
    def local_seats(self) -> tuple[int, ...]:
        return self._humans

    @property
    def presence(self) -> Presence | None:
        """Nobody comes or goes at one keyboard: only, while the game cannot be saved (a full
        disk), the sentence that says so (the turn bar shows it until the game goes on)."""
        words = next((p.cannot_save for p in self._peers.values() if p.cannot_save), None)
        return None if words is None else Presence((), paused=words, by_itself=True)

    def view(self, seat: int | None) -> Any:
        """The state as ``seat`` may see it: a local seat's from its own peer's replica."""
        peer = self._peers.get(seat) if seat is not None else None
        if (
            peer is not None
            and self._full is None
            and len(peer.game.entries) >= len(self._union.entries)
        ):
            return peer.game.view(seat)
        # not started, still catching up, or over: ``game`` hides the same cards from ``seat``
        # (``view`` drops every other seat's hand)
        return self.game.view(seat)

    async def start(self) -> None:
        """Open the host, seat a peer for every human seat (the host seats its bots), and wait
        until this session holds every entry dealt so far. Calling it again waits for the same."""
        if self._closed:
            return
        if self._opening is None:
            self._opening = asyncio.ensure_future(self._open())
        await asyncio.shield(self._opening)

    @property
    def _started(self) -> bool:
        return self._opening is not None

    def bot_failed(self, said: str) -> None:
        """A bot of your own failed and the stand-in decided for it: the screen says so."""
        self.emit(Problem(said))

    async def _open(self) -> None:
        # the network's code, imported only now: the table and its deal need none of it, so
        # the first frame (which shows the deal) comes before it (BENCHMARKS.md, "TUI")
        from netcode.host import Host, HostSettings
        from netcode.peer import NetPeer
        from netcode.transport import memory_pipe

        settings = HostSettings(
            hello_timeout=LOCAL_TIMEOUT, idle_timeout=LOCAL_TIMEOUT, bot_delay=self.bot_delay
        )
        host = Host(self.table, settings)
        host.on_bot_trouble = self.bot_failed
        self.host = host
        peers: dict[int | None, NetPeer] = {}
        for seat in self._humans or (None,):
            host_end, peer_end = memory_pipe(f"local:{'spectator' if seat is None else seat}")
            host.spawn(host.attach(host_end))
            try:
                if seat is None:  # nobody at this keyboard plays: watch the bots
                    peers[seat] = await NetPeer.connect(peer_end, name="local", spectate=True)
                else:
                    token = self.table.seats[seat].token
                    name = self._seats[seat].name
                    peers[seat] = await NetPeer.connect(peer_end, name=name, token=token)
            except (ConnectionError, TimeoutError):
                if not self._closed:
                    raise
            if self._closed:  # closed while connecting: close() has closed the host
                for peer in peers.values():
                    await peer.close()
                return
        self._peers = peers  # only now: ``game`` follows all of them or none
        for seat, peer in peers.items():
            listener = self._listener(seat, chat=seat == next(iter(peers)))
            self._peer_listeners[seat] = listener
            peer.add_listener(listener)
        self._merge()
        host.start_bots()
        held = len(self.table.game.entries)
        await self._until(lambda: self._held_by_all(held))

    async def submit(self, seat: int, action: Any) -> None:
        """Send ``action`` through ``seat``'s peer; the host's refusal is raised as the engine's
        ``IllegalAction``/``NotationError`` and changes nothing. Returns once ``game`` holds
        the entries it caused."""
        if self._closed:
            raise IllegalAction(TURNS, "this game is closed")
        if seat not in self._humans:
            raise IllegalAction(TURNS, "{seat} is not played at this keyboard", seat=Seat(seat))
        if self.game.over:
            raise IllegalAction(TURNS, "the game is over")
        await self.start()
        peer = self._peers.get(seat)
        if peer is None:  # closed while starting
            raise IllegalAction(TURNS, "this game is closed")
        try:
            await peer.submit(seat, action)
        except IllegalAction as exc:
            raise _engine_error(exc) from None
        except ConnectionError as exc:
            raise IllegalAction(TURNS, "the game's host is gone ({why})", why=str(exc)) from None
        held = len(peer.game.entries)
        await self._until(lambda: self._held_by_all(held))

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take its newest move back (netcode.heldturn), or None."""
        held = self.table.held
        if self._closed or held is None or seat not in self._humans:
            return NO_UNDO
        if self.game.over:
            return Reason("the game is over")
        return held.refusal(self.table.game.entries, seat)

    async def undo(self, seat: int) -> None:
        """Take back ``seat``'s newest held move and the bots' replies to it. Nothing of them
        was written; the peers and bots are seated again on the table cut back, and the
        listeners hear ``TakenBack`` before the entries the game holds now."""
        await self.start()
        why = self.undo_refusal(seat)
        if why is not None:
            raise IllegalAction(UNDO, why)
        await self._stop_serving()  # no bot moves while the game is cut back
        why = self.undo_refusal(seat)  # a bot's move that was on its way may have closed it
        if why is None:
            self.table.take_back(seat)
        self._pulse()  # whoever waits (wait_idle) looks again, at the game set up anew
        self._setup(self.table, self._seats, scratch=self._scratch, own_secret=self._own_secret)
        self.emit(TakenBack(len(self._union.entries)))
        await self.start()
        if why is not None:
            raise IllegalAction(UNDO, why)

    async def _stop_serving(self) -> None:
        """Stop the peers, the bots and the host, and keep the table."""
        for seat, listener in self._peer_listeners.items():
            self._peers[seat].remove_listener(listener)
        for peer in self._peers.values():
            await peer.close()
        if self.host is not None:
            await self.host.close(keep_table=True)

    def write_held(self) -> None:
        """Write the moves held for taking back now (the program is being closed from
        outside: its terminal hung up); a disk that refuses loses only those moves."""
        if not self._closed:
            with contextlib.suppress(OSError):
                self.table.write_held()

    async def close(self) -> None:
        """Stop the peers, the bots and the host; the log file stays, ready to resume."""
        if self._closed:
            return
        self._closed = True
        for seat, listener in self._peer_listeners.items():
            self._peers[seat].remove_listener(listener)
        for peer in self._peers.values():
            await peer.close()
        if self.host is not None:
            await self.host.close()
        else:
            self.table.close()
        if self._over_told:
            self._forget_secrets()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
        self._pulse()

    # -- the table as this keyboard sees it -------------------------------------------------

    @property
    def save_path(self) -> Path | None:
        return self.path

    @property
    def busy(self) -> bool:
        """A bot (or the dealer) is to move."""
        if self._closed or not self._peers or self._stalled():
            return False
        game = self._union
        mover = game.to_move()
        return not game.over and mover is not None and mover not in self._humans

    async def wait_idle(self) -> None:
        """Until a human is to move or the game is over and told (tests, benchmarks)."""
        if not self._started:
            return
        await self._until(lambda: not self.busy and (self._over_told or not self._union.over))

    def public_entry(self, index: int, seat: int | None) -> Any:
        """Entry ``index`` as ``seat`` may see it."""
        game = self.game
        return game.redact(game.entries[index], seat)

    # -- following the peers ----------------------------------------------------------------

    def _listener(self, seat: int | None, *, chat: bool) -> Callable[[ClientEvent], None]:
        """What a local peer's events do here: problems are passed on (chat from one peer
        only), and ``game`` catches up; seat changes are the host's own bots connecting."""

        def listener(event: ClientEvent) -> None:
            if self._closed:
                return
            if isinstance(event, Problem) or (chat and isinstance(event, ChatMessage)):
                self.emit(event)
            self._merge()

        return listener

    def _merge(self) -> None:
        """Move ``game`` on by every entry all the local peers hold; tell the listeners."""
        union = self._union
        peers = self._peers
        while peers and all(len(peer.game.entries) > len(union.entries) for peer in peers.values()):
            index = len(union.entries)
            holder = self._holder(index)  # the cards dealt to a seat here, from its peer
            source = peers.get(holder) if holder is not None else None
            source = source or next(iter(peers.values()))
            entry = source.game.entries[index]
            try:
                union.push(entry, source.game.digests[index])
            except DesyncError as exc:  # applied all the same; the peers report it too
                self.emit(Problem(f"desync at entry {index}: {exc}"))
            except (IllegalAction, NotationError) as exc:
                self.emit(Problem(f"entry {index} does not apply here: {exc}"))
                break
            self.emit(EntryApplied(index, entry, bot=index in self.table.bot_moves))
        ended = [peer for peer in peers.values() if peer.seed is not None]
        if not self._over_told and peers and len(ended) == len(peers) and union.over:
            self._over_told = True
            full = ended[0].full_game
            if full is not None and ended[0].end is not None and ended[0].end.ok:
                self._full = full
            self._forget_secrets()
            self.emit(GameOver(ended[0].seed))
        self._pulse()

    def _pulse(self) -> None:
        """Wake everyone waiting in ``_until``."""
        self._progress.set()
        self._progress = asyncio.Event()

    def _held_by_all(self, count: int) -> bool:
        """Every local peer, and so ``game``, holds the first ``count`` entries."""
        peers = self._peers.values()
        return len(self._union.entries) >= count and all(
            len(p.game.entries) >= count for p in peers
        )

    def _stalled(self) -> bool:
        """Closed, or a local peer lost its connection for good: nothing more will come."""
        return self._closed or any(peer.lost is not None for peer in self._peers.values())

    async def _until(self, ready: Callable[[], bool]) -> None:
        while not ready() and not self._stalled():
            await self._progress.wait()

    def _forget_secrets(self) -> None:
        """Once the log reveals the seed, the files that kept it are no longer needed."""
        path = self.path or self.table.log_path
        seed_path(path).unlink(missing_ok=True)
        if self._own_secret:
            secrets_path(path).unlink(missing_ok=True)


def _engine_error(exc: IllegalAction) -> IllegalAction:
    """A peer's refusal as the engine raised it at the host: ``message (rule)`` again (as it
    came, when the host sent its template: netcode/refusal.py)."""
    if not exc.rule.startswith("host: "):
        return exc
    from netcode.messages import E_ILLEGAL

    if exc.rule == f"host: {E_ILLEGAL}":
        message, sep, rule = exc.message.rpartition(" (")
        if sep and rule.endswith(")"):
            return IllegalAction(rule[:-1], message)
    return IllegalAction(TURNS, exc.message)
