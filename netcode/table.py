"""The host's table: the full game, the dealer, the log file and who sits where. No I/O but the log.

The table is the only authority. It seats players, checks every decision with the engine, lets
the dealer supply each chance entry that follows, and appends every entry to the log file before
returning it, so whatever the host broadcasts is already on disk: each entry is flushed as it is
written, and one fsync covers a decision and the chance entries it caused (group commit). The one
exception is a game at one keyboard, whose table has a ``HeldTurn`` (netcode/heldturn.py): the
moves that can still be taken back are written once they no longer can.

The seed and a secret for seat tokens are kept next to the log in ``<log>.secret`` (mode 0600)
so ``jetset host --resume`` can continue the game; they are revealed (the seed) at the end. The
seed is the host's secret share of the deal: the peers' pledges come with their seat requests,
their contributions once every seat is taken and the pledges are announced; the contributions are
mixed in when the game starts, and both are written in the log's header. A stopped game is
resumed from its log and its secrets file (``Table.resume``; what it reads first, and a damaged
log's repair, are netcode/tableresume.py's).
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.errors import IllegalAction, rule_name
from engine.fairdeal import seed_commitment
from engine.games import DEFAULT, game_rules
from engine.platform import CHANCE, AnyRules, AnyTable, log_hooks
from engine.values import record
from netcode.botmoves import BotMoves, read_bot_moves
from netcode.gameoptions import option_map, seat_count
from netcode.heldfile import forget_held, keep_held, read_held
from netcode.heldturn import HeldTurn
from netcode.logfile import LogWriter, Note, entry_record
from netcode.logheader import NOTES_SINCE, SEAT_NOTES_SINCE, VERSION, Header, Seat, today
from netcode.loglock import LogLock
from netcode.seatkind import HUMAN, SeatKind
from netcode.seatnames import MAX_RENAMED, Renamed, renames_of
from netcode.tabledeal import DealShares
from netcode.tablefiles import (
    BackgroundFsync,
    Secrets,
    StorageError,
    TableError,
    secrets_path,
    storage_problem,
)
from netcode.tablehandover import SeatHandovers
from netcode.tableresume import read_stopped

CHAT_KEPT = 200
"""Chat lines a table keeps in memory for players who sit down."""
CHAT_SAVED = 1_000_000
"""Characters of chat a game's log keeps (2,000 lines of the longest, some 30,000 of the usual);
what is said beyond is shown at the table but not saved (docs/security.md)."""

logger = logging.getLogger("jetset.table")

TURNS = rule_name("Player Turns")
"""The rule a decision out of turn breaks (every game's; as netcode.local says it)."""


@record
class SeatSlot:
    """A seat: who plays it, the name once taken, and its token."""

    kind: SeatKind
    token: str
    name: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind.is_bot

    @property
    def bot_kind(self) -> str:
        return self.kind.bot or ""


class Table(DealShares, SeatHandovers):
    """One game as the host holds it."""

    writer_type: type[LogWriter] = LogWriter
    """What writes a new log (a test's may fail like a full disk)."""

    def __init__(
        self,
        options: Any,
        kinds: list[SeatKind],
        log_path: Path,
        keys: Secrets,
        *,
        fsync: bool,
        version: int = VERSION,
        holder: str = "jetset",
        rules: AnyRules | None = None,
    ) -> None:
        """A table of the game ``rules`` (Jet Set's when not given) with ``options`` (a mapping,
        or an object with ``to_dict``, as the log header holds them). ``holder`` says who writes
        the log, for anyone else who tries to (``LogLocked``)."""
        self.rules = rules if rules is not None else game_rules(DEFAULT)
        if log_hooks(self.rules).options is None:  # plain data (Jet Lag's): its seats said,
            options = {**option_map(options), "seats": len(kinds)}  # as selfplay and import do
        self.options = options
        self.game: AnyTable = self.new_game()
        players = seat_count(self.rules, option_map(options))
        if len(kinds) != players:
            raise TableError(f"{players} seats, {len(kinds)} kinds")
        self.log_path = log_path
        self.keys = keys
        self.fsync = fsync
        self.notation = self.rules.notation()
        self.version = version
        """The log's format version: a game saved by an earlier jetset goes on with its dealer."""
        self.contributions: list[str | None] = [None] * players
        """Each seat's random value for the deal, as its peer revealed it."""
        self.pledges: list[str | None] = [None] * players
        """Each seat's pledge to its value, as its peer sent it with its seat request."""
        self.dealer = self._dealer()
        self.commitment = seed_commitment(keys.seed)
        self.seats = [SeatSlot(kind, keys.token(i)) for i, kind in enumerate(kinds)]
        self.writer: LogWriter | None = None
        self._fsyncer: BackgroundFsync | None = None
        self.revealed = False
        self.meta: dict[str, Any] = {}
        """Free-form facts for the log's header (a local game's colours, when it was created)."""
        self.date: str | None = today()
        """The day the game began (the log header's ``date``)."""
        self.repaired: str | None = None
        """What ``resume(repair=True)`` cut off the log, in words (None: nothing)."""
        self.lock: LogLock | None = LogLock.acquire(log_path, holder)
        """This table is the log's one writer until ``close``."""
        self.held: HeldTurn | None = None
        """A game at one keyboard: the newest moves, held off the log to be taken back."""
        self._held_file = False
        """``<log>.held`` may be there (``_keep_held``)."""
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        """The table's last chat notes' fields (``seat``, ``name``, ``text``), from its log on
        ``resume``: a player back at the table reads what was said."""
        self.chat_saved = 0
        """Characters of chat said at this table (over ``CHAT_SAVED``, none is saved)."""
        self.renamed: list[Renamed] = []
        """The seats given away that someone took, and from which entry (``seat`` notes, read
        back on ``resume``): the peers' screens name the moves before by who made them."""
        self.bots_played = BotMoves()
        """The moves a bot made for a person (a stand-in's, the turn clock's), read back from
        the log's notes on ``resume`` and kept as they are made (``netcode.botmoves``): a
        screen opened on this table marks them as the others' screens did."""

    @classmethod
    def create(
        cls,
        options: Any,
        bots: list[str],
        log_path: Path,
        *,
        seed: str | None = None,
        password: str | None = None,
        fsync: bool = True,
        holder: str = "jetset",
        host_name: str | None = None,
        rules: AnyRules | None = None,
        bot_names: Sequence[str] = (),
    ) -> Table:
        """A new table of ``rules`` (Jet Set's when not given): humans in the first seats, then
        the ``bots`` kinds. With ``host_name`` the first seat is the hosting player's, kept for
        them (``keys.host_seat``): they take it by its token, so no joiner can take it first and
        a resumed game gives it back. The bots are named from ``bot_names`` in turn (those not
        the host's), and by their kind and seat (``greedy-3``) when it runs out."""
        rules = rules if rules is not None else game_rules(DEFAULT)
        try:
            players = seat_count(rules, option_map(options))
        except ValueError as exc:
            raise TableError(str(exc)) from None
        if len(bots) > players:
            raise TableError(f"{len(bots)} bots for {players} seats")
        humans = players - len(bots)
        if host_name is not None and humans == 0:
            raise TableError("every seat is a bot: none is left for the host")
        kinds = [HUMAN] * humans + [SeatKind.of_bot(kind) for kind in bots]
        keys = Secrets(seed if seed is not None else secrets.token_hex(16), password=password)
        if host_name is not None:
            keys.host_seat = 0
        table = cls(options, kinds, log_path, keys, fsync=fsync, holder=holder, rules=rules)
        try:
            keys.save(secrets_path(log_path))  # only once the log is ours: never a live game's
        except BaseException:  # a full disk, say: no game is made, nor half its files
            table.close()
            with contextlib.suppress(OSError):
                secrets_path(log_path).unlink(missing_ok=True)
            raise
        names = iter([n for n in bot_names if n.casefold() != (host_name or "").casefold()])
        for i, slot in enumerate(table.seats):
            if slot.is_bot:
                slot.name = next(names, f"{rules.bot_label(slot.bot_kind)}-{i}")
        if host_name is not None:
            table.seats[0].name = host_name
        return table

    @classmethod
    def resume(
        cls, log_path: Path, *, fsync: bool = True, holder: str = "jetset", repair: bool = False
    ) -> Table:
        """The table of a stopped game, from its log and its secrets file. A log damaged after
        some entry is refused, or with ``repair`` cut back to that entry (a copy is kept:
        ``repaired`` says what was cut and where the copy is)."""
        stopped = read_stopped(log_path, repair=repair)
        header = stopped.log.header
        table = cls(
            header.options,
            [s.kind for s in header.seats],
            log_path,
            stopped.keys,
            fsync=fsync,
            version=header.version,
            holder=holder,
            rules=header.rules_of_game,
        )
        table.repaired = stopped.repaired
        try:
            table._go_on_from(header, stopped.result.table)
            table._restore_held()
        except BaseException:
            table.close()
            raise
        table.revealed = stopped.log.seed is not None
        said = [note.fields for note in stopped.log.notes if note.kind == "chat"]
        actors = [table.rules.entry_line(entry)[0] for entry in table.game.entries]
        table.bots_played = read_bot_moves(stopped.log.notes, actors)
        first = [seat.name for seat in header.seats]
        table.renamed = list(renames_of(first, stopped.log.notes))
        table.chat.extend(said)
        table.chat_saved = sum(len(str(fields.get("text", ""))) for fields in said)
        if not table.over:  # the stand-ins stay the log's: back once a person is (``StandIns``)
            table.bots_played.clocked.clear()
        return table

    @property
    def bot_moves(self) -> dict[int, int]:
        """Each entry a bot made for a person, and that person's seat."""
        return self.bots_played.marks

    def next_table(self, log_path: Path, holder: str = "jetset") -> Table:
        """A new table of the game that follows this one for its seats (r at the end of a game
        ``jetset host`` serves): the same game and options, the same bots with their names, the
        same password and hosting player; dealt anew, its log at ``log_path``."""
        host_seat = self.keys.host_seat
        bots = [slot for slot in self.seats if slot.is_bot]
        return Table.create(
            self.options,
            [slot.bot_kind for slot in bots],
            log_path,
            password=self.keys.password,
            fsync=self.fsync,
            holder=holder,
            host_name=None if host_seat is None else self.seats[host_seat].name or "host",
            rules=self.rules,
            bot_names=[slot.name for slot in bots if slot.name],
        )

    def _go_on_from(self, header: Header, game: AnyTable) -> None:
        """Take a stopped game's seats and facts from its log's ``header``, and its ``game`` as
        replayed; the log is written on after its entries. ValueError if a seat's bot is none
        this jetset has."""
        for slot, seat in zip(self.seats, header.seats, strict=True):
            slot.name = seat.name
        self.meta = dict(header.meta)
        self.date = header.date
        self.contributions = header.seat_contributions()
        self.pledges = header.seat_pledges()
        self.dealer = self._dealer()
        if not game.over:
            for slot in self.seats:  # a bot of your own is loaded only from a command line
                if slot.is_bot:
                    self.rules.make_bot(slot.bot_kind, 0, "")  # ValueError: no such bot
        self.game = game
        self.writer = LogWriter.resume(self.log_path, fsync=False)

    # -- seats ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.over

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token this is (compared as UTF-8 bytes in constant time, so any
        string, ASCII or not, is simply no seat's token)."""
        given = token.encode("utf-8", "surrogatepass")
        for i, slot in enumerate(self.seats):
            if hmac.compare_digest(slot.token.encode(), given):
                return i
        return None

    def full(self) -> bool:
        return all(slot.name is not None for slot in self.seats)

    def header(self) -> Header:
        seats = [Seat(slot.name or f"seat-{i}", slot.kind) for i, slot in enumerate(self.seats)]
        return Header(
            self.options,
            seats,
            self.commitment,
            meta=dict(self.meta),
            version=self.version,
            contributions=list(self.contributions),
            pledges=list(self.pledges),
            date=self.date,
            game=self.rules.name,
        )

    def new_game(self) -> AnyTable:
        """An empty game of this table's rules and options; TableError if they cannot be
        played."""
        try:
            return self.rules.new_table(option_map(self.options))
        except ValueError as exc:
            raise TableError(str(exc)) from None

    # -- playing ----------------------------------------------------------------------------

    def start(self) -> int:
        """Write the header and deal; the index of the first new entry. StorageError if the disk
        refuses: nothing is dealt, and ``start`` may be called again."""
        if self.writer is not None:
            raise TableError("the game has started")
        self.dealer = self._dealer()
        try:
            self.writer = self.writer_type(self.log_path, self.header(), fsync=False)
        except OSError as exc:
            raise StorageError(exc) from exc
        try:
            return self._commit(self._deal)
        except StorageError:
            self.writer.close()
            self.writer = None
            raise

    def decide(self, seat: int, action: Any) -> int:
        """Apply ``seat``'s decision (IllegalAction/NotationError change nothing) and the chance
        entries after it; the index of the first new entry. StorageError if the disk refuses
        them: the game is as it was, and the same decision may be made again."""

        def step() -> None:
            if self.game.to_move() != seat:
                raise IllegalAction(TURNS, "it is not your turn")
            self.game.play(action)
            self._deal()

        first = self._commit(step)
        self.bots_played.moved(first, seat)
        return first

    def _deal(self) -> None:
        while self.game.to_move() == CHANCE:
            self.game.push(self.dealer.next_entry(self.game.state))

    def _commit(self, step: Callable[[], None]) -> int:
        """Apply ``step``'s entries, then write them in one go; the index of the first.

        The entries are applied first because each record holds the digest after it. If the
        write fails, the game is rebuilt from the entries before them (a replay of the game so
        far, a few milliseconds, only when the disk fails), so what the table holds is always
        what its log holds, and a retry makes the same entries."""
        assert self.writer is not None
        game = self.game
        first = len(game.entries)
        held = self.held
        before = replace(held) if held is not None else None
        start = held.written if held is not None else first
        step()
        end = held.settle(game.entries, first) if held is not None else len(game.entries)
        try:
            self._write_upto(start, end)
        except OSError as exc:
            self._rewind(first)
            self.held = before
            raise StorageError(exc) from exc
        self._sync()
        self._keep_held()
        return first

    def _write_upto(self, start: int, end: int) -> None:
        """Write entries ``start`` to ``end`` in one go (without a ``HeldTurn``, all the new
        ones; with one, those it no longer holds)."""
        if end > start and self.writer is not None:
            game = self.game
            self.writer.entries(start, game.entries[start:end], game.digests[start:end])

    def write_held(self) -> None:
        """Write every held entry (the game ends, a note follows them, the table closes)."""
        held = self.held
        if held is not None and held.written < len(self.game.entries):
            start = held.written
            self._write_upto(start, len(self.game.entries))
            held.flush(len(self.game.entries))
            self._keep_held()

    def take_back(self, seat: int) -> int:
        """Cut the game back to before ``seat``'s newest held move (and the bots' replies to
        it); the new length. Nothing of it was written. ValueError if there is none."""
        held = self.held
        cut = held.last_move(self.game.entries, seat) if held is not None else None
        if held is None or cut is None:
            raise ValueError("no move of this seat is held")
        self._rewind(cut)
        held.cut(cut)
        self._keep_held()
        return cut

    def _keep_held(self) -> None:
        """The moves held off the log, also in ``<log>.held`` (netcode/heldfile.py): a
        program killed before it writes them loses none. A disk that refuses this spare copy
        only loses what it would have kept."""
        held = self.held
        if held is None:
            return
        game = self.game
        if held.written == len(game.entries) and not self._held_file:
            return  # nothing held, no file left: no disk work on a bot's move
        records = [
            entry_record(i, game.entries[i], game.digests[i], self.rules)
            for i in range(held.written, len(game.entries))
        ]
        self._held_file = True  # until it is surely gone
        with contextlib.suppress(OSError):
            keep_held(self.log_path, records)
            self._held_file = bool(records)

    def _restore_held(self) -> None:
        """A resumed game: the held moves a killed program left beside its log, as far as they
        continue it (a player's or a bot's move, legal, with the digest the game has after it),
        written to the log; then the file goes."""
        from netcode.replay import entry_reader

        records = read_held(self.log_path)
        game = self.game
        start = good = len(game.entries)
        read = entry_reader(self.rules, game)
        for index, actor, text, digest in records:
            if index != good or actor == CHANCE or game.over:
                break
            try:
                game.push(read(actor, text), digest)
            except (ValueError, IllegalAction):  # not this game's move: the rest is not either
                self._rewind(good)
                game = self.game
                break
            good += 1
        if good > start:
            try:
                self._write_upto(start, good)
            except OSError:  # the disk refuses: on from the log, the file kept for another try
                self._rewind(start)
                return
        forget_held(self.log_path)

    def _rewind(self, length: int) -> None:
        """The game as it was after its first ``length`` entries."""
        old = self.game
        game = self.new_game()
        for entry, digest in zip(old.entries[:length], old.digests[:length], strict=True):
            game.push(entry, digest)
        self.game = game

    def _sync(self) -> None:
        """Every entry is flushed to the OS as it is written (so it survives the host being
        killed) before it is broadcast; the fsync that makes it survive a power cut runs on a
        background thread, so a slow disk never holds up the game (group commit)."""
        if self.fsync and self.writer is not None:
            if self._fsyncer is None or self._fsyncer.fd != self.writer.fileno():
                if self._fsyncer is not None:
                    self._fsyncer.close()
                self._fsyncer = BackgroundFsync(self.writer.fileno())
            self._fsyncer.request()

    def reveal(self) -> None:
        """Append the seed to the log (once, at the end)."""
        if not self.revealed and self.writer is not None:
            try:
                self.write_held()
                self.writer.reveal(self.keys.seed)
            except OSError as exc:
                raise StorageError(exc) from exc
            self._sync()
            self.revealed = True

    def taken_over(self, seat: int, name: str, was: str) -> None:
        """``name`` plays ``seat`` from the next entry on, having taken it when ``was`` gave it
        away: kept for the peers' screens (``seats.renamed``) and noted in the log (``seat``)."""
        self.renamed.append(Renamed(len(self.game.entries), seat, name, was))
        del self.renamed[:-MAX_RENAMED]
        if self.version >= SEAT_NOTES_SINCE:
            self.note("seat", seat=seat, name=name)

    def note(self, kind: str, **fields: Any) -> None:
        """Record something said or done at the table (docs/log-format.md, notes) after the
        entries so far; a game continued in a format without notes records nothing, and chat
        beyond ``CHAT_SAVED`` characters is said but not saved."""
        if kind == "chat":
            self.chat.append(fields)
            if not self._chat_saved(len(str(fields.get("text", "")))):
                return
        else:
            self.bots_played.noted(Note(len(self.game.entries), kind, fields))
        if self.writer is not None and self.version >= NOTES_SINCE:
            try:
                self.write_held()
                self.writer.note(Note(len(self.game.entries), kind, fields))
            except OSError as exc:  # outside the game: dropped, and the game's own writes pause
                logger.warning("a note was not saved (%s)", storage_problem(exc))

    def _chat_saved(self, characters: int) -> bool:
        """Whether a chat line of ``characters`` still goes into the log (a flood of chat must
        not fill the disk, which would pause the game for everyone)."""
        before, self.chat_saved = self.chat_saved, self.chat_saved + characters
        if self.chat_saved <= CHAT_SAVED:
            return True
        if before <= CHAT_SAVED:
            logger.warning("the chat is over %d characters: the rest is not saved", CHAT_SAVED)
        return False

    def close(self) -> None:
        """Write what is held, close the log and let go of it; a game never dealt (no log)
        leaves no secrets file behind either: there is nothing to resume."""
        with contextlib.suppress(OSError):  # a disk that refuses loses only the held moves
            self.write_held()
        if self._fsyncer is not None:
            self._fsyncer.close()
            self._fsyncer = None
        if self.writer is not None:
            self.writer.close()
        if self.lock is not None:
            if self.writer is None and not self.log_path.exists():
                with contextlib.suppress(OSError):
                    secrets_path(self.log_path).unlink(missing_ok=True)
            self.lock.release()
            self.lock = None

    # -- what each seat may read ------------------------------------------------------------

    def entry_text(self, index: int, seat: int | None) -> str:
        """Entry ``index`` in notation, as ``seat`` may see it (None: a spectator)."""
        game = self.game
        return self.rules.entry_line(game.redact(game.entries[index], seat))[1]

    def full_log(self) -> list[list[object]]:
        """Every entry with its secrets, for the end of the game: ``[actor, text, digest]``."""
        return [
            [*self.rules.entry_line(e), d]
            for e, d in zip(self.game.entries, self.game.digests, strict=True)
        ]
