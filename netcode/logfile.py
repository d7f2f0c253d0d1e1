"""Game log files: a msgpack stream of records, appended and flushed one entry at a time.

The layout is documented in docs/log-format.md:

- a header map: ``format``, ``version``, ``game``, ``rules``, ``data``, ``seats``, ``options``,
  ``commitment``, ``contributions`` (and free-form ``meta``);
- one array per entry: ``["e", index, actor, notation, digest]``, the entry as its game codes
  it (``GameRules.entry_line``: an actor and one line of the game's notation, engine/wire.py);
- notes about the table, outside the entries (chat, a bot playing for a dropped player):
  ``{"t": "note", "at": entries so far, "kind": ..., ...}``; they never change a digest;
- at the end of a game, a reveal map: ``{"t": "reveal", "seed": ...}``.

A file cut short by a crash is still readable up to its last whole record.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import field
from datetime import UTC, datetime
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Final

import msgpack

import data
from engine.errors import Reason
from engine.fairdeal import is_contribution, pledge_for, seed_commitment
from engine.games import DEFAULT, WHERE, AnyRules, game_rules
from engine.platform import Table, log_hooks
from netcode.seatkind import HUMAN, SeatKind
from netcode.text import unsafe

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``record`` and ``value`` as ``dataclasses.dataclass``
(engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as record
    from dataclasses import dataclass as value
else:
    from engine.values import record, value

FORMAT: Final = "jetset-log"
MARK: Final = msgpack.packb(FORMAT)
"""The header's format as its bytes, near the start of every log (``parse_log`` tells a
damaged log from a file that is none by it)."""
MARK_WITHIN: Final = 64
"""The header's first bytes, where ``MARK`` lies in every log."""


def starts_like_a_log(head: bytes) -> bool:
    """Whether bytes a file starts with are a log's (its header's mark among its first
    ``MARK_WITHIN``), however damaged the rest."""
    return MARK in head[:MARK_WITHIN]


VERSION: Final = 9
"""Version 9 (2026-12-04): a Business Deal's offer names no card (``offer SEAT LINK``); once it
is accepted, the offering player discards a card of their choice (``discard CARD``), so a
refused deal shows no card of the offerer's hand (docs/rules-decisions.md, B17). A log of an
earlier version without the Business cards reads as before; one with them stops at its first
offer, whose line this notation no longer reads.
Version 8 (2026-12-02): the state digest reads a Business draw's and an Investor's commitment
from its hex digits instead of hashing it again (docs/log-format.md, "State digest"); a log of
an earlier version without those modules has the same digests, and one with them is refused at
its first digest that differs (``engine.jetset.oldlogs``).
Version 7 (2026-12-02): the header names its game (``game``: ``jetset``, ``jetlag``), whose
``options`` it holds and whose notation codes its entries; everything else as version 6 (a log
of an earlier version is a Jet Set log).
Version 6 (2026-12-02): the header's ``data`` hashes every data file the game reads
(``data.DATA_FILES``: the board, the Business cards, the hubs, the Investors), not the board
alone; everything else as version 5 (a version-5 log is read and continued, its ``data``
checked against the board file's hash, ``data.board_hash``).
Version 5 (2026-12-01): the header holds the day the game began (``date``, UTC,
``YYYY-MM-DD``) and the peers' pledges (``pledges``), each seat's contribution matching its
pledge; the expansion's modules (their options, among them ``investors_face_up``, and their
entries) came with it; everything else as version 4 (a version-4 log reads as one with no date,
no pledges and no module).
Version 4 (2026-12-01): note records (chat, stand-in bots) between the entries, and the peers'
contributions to the deal in the header (a header without them: none); everything else as
version 3, so a version-3 log reads as one without notes. Version 3
(2026-11-30): the dealer draws from SHAKE-256 (``engine/dealstream.py``). Version 2
(2026-11-30): the digest is the state's 128-bit hash in hex. Logs of versions 1 and 2 dealt with
xoshiro256**; they are still read, replayed and verified against their seeds, and a version-2
game is still continued, with its own dealer. Version 1 logs (the hash through BLAKE2b) are not."""
READABLE_VERSIONS: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9)
CONTINUABLE_VERSIONS: Final = (2, 3, 4, 5, 6, 7, 8, 9)
GAME_SINCE: Final = 7
"""The first format whose header names its game (before it, every log is Jet Set's)."""
DATA_FILES_SINCE: Final = 6
"""The first format whose ``data`` hashes every data file, not the board file alone."""
NOTES_SINCE: Final = 4
"""The first format with note records: a game continued in an older format writes none."""
CONTRIBUTIONS_SINCE: Final = 4
"""The first format whose deal mixes in the peers' contributions
(``engine.fairdeal.deal_seed``)."""
PLEDGES_SINCE: Final = 5
"""The first format whose header holds each seat's pledge, which its contribution must match."""
DATE_SINCE: Final = 5
"""The first format whose header holds the day the game began."""
DATE_FORMAT: Final = re.compile(r"\d{4}-\d{2}-\d{2}")


def today() -> str:
    """Today's date in UTC, as a header holds it: metadata, never part of the game's state."""
    return datetime.now(UTC).strftime("%Y-%m-%d")


class LogFormatError(ValueError):
    """A file that is not a Jet Set log, or whose records are malformed. Its message is a
    :class:`~engine.errors.Reason` where a player may read it (a file that is no log), so the
    app can say it in the player's language; a malformed record's is English (technical), and
    a player is told of it by :class:`DamagedLog`'s ``entries``."""


class DamagedLog(LogFormatError):
    """A Jet Set log damaged inside: its message says where and how, for scripts."""

    def __init__(self, message: str, entries: int | None, moves: int | None = None) -> None:
        super().__init__(message)
        self.entries = entries
        """The whole entries before the damage; None: the header itself is damaged."""
        self.moves = entries if moves is None else moves
        """The players' decisions among them (the dealer's entries left out), as players
        count a game's moves."""


NO_HEADER = Reason("not a Jet Set log (no header)")
"""A file whose first record is no Jet Set header (a text file, another program's data)."""
EMPTY = Reason("empty file")
CUT_SHORT_HEADER = Reason("not a whole Jet Set log: it ends inside its first record")
"""A file cut short before the end of its header (a copy stopped early)."""

UNDECODABLE: tuple[type[Exception], ...] = (msgpack.UnpackException, ValueError, TypeError)
"""What msgpack raises for bytes that are no record: its own errors, a string that is not
UTF-8 or an extension it does not know (ValueError), a map keyed by a list (TypeError). Every
reader of a log turns them into :class:`LogFormatError`, never a traceback."""
NO_FIRST_RECORD: tuple[type[Exception], ...] = (StopIteration, *UNDECODABLE)
"""What reading a file's first record raises when there is none to read."""


@record
class Seat:
    name: str
    kind: SeatKind = HUMAN  # written "human" or "bot:<kind>"

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": str(self.kind)}


GameOptions = Any
"""A header's options, as its game's table takes them: plain data (``{"seats": 2}`` for Jet
Lag), or an object of the game's own (Jet Set's ``Options``: ``OptionsOfItsOwn``)."""


@record
class Header:
    options: GameOptions
    seats: list[Seat]
    commitment: str
    rules: str = ""
    """The rules version of the engine that made the game (its game's ``rules_version``
    when not given)."""
    data_hash: str = ""
    """The data the game was made with (``expected_data_hash`` of its version when not given)."""
    meta: dict[str, Any] = field(default_factory=dict)
    version: int = VERSION
    contributions: list[str | None] = field(default_factory=list)
    """Each seat's random value mixed into the deal, in seat order (None: the seat added
    nothing; an empty list: no seat did)."""
    pledges: list[str | None] = field(default_factory=list)
    """Each seat's pledge to its value (``engine.fairdeal.pledge_for``), as the host announced
    them before anyone revealed a value (None: the seat pledged nothing). A seat that pledged and
    has no contribution did not reveal its value in time and was dealt without it."""
    date: str | None = field(default_factory=today)
    """The day the game began, ``YYYY-MM-DD`` in UTC (None: not known, before format 5)."""
    game: str = DEFAULT
    """The game's name (engine/games.py): ``jetset`` for every log before format 7."""

    def __post_init__(self) -> None:
        if not self.data_hash:
            self.data_hash = expected_data_hash(self.version)
        if self.game not in WHERE or (self.game != DEFAULT and self.version < GAME_SINCE):
            raise ValueError(f"a format {self.version} log cannot hold a game of {self.game!r}")
        if not self.rules:
            self.rules = self.rules_of_game.rules_version

    @property
    def rules_of_game(self) -> AnyRules:
        """The ``GameRules`` of the header's game."""
        return game_rules(self.game)

    @property
    def option_data(self) -> dict[str, Any]:
        """The options as plain data (as the file holds them, as ``new_table`` takes them)."""
        options, own = self.options, log_hooks(self.rules_of_game).options
        if own is not None and not isinstance(options, Mapping):
            return own.options_to_data(options)
        return dict(options)

    def new_table(self) -> Table[Any, Any, Any]:
        """A fresh table of the header's game with its options."""
        rules = self.rules_of_game
        own = log_hooks(rules).options
        if own is not None and not isinstance(self.options, Mapping):
            return own.table_for(self.options)
        return rules.new_table(self.option_data)

    def seat_contributions(self) -> list[str | None]:
        """One contribution (or None) per seat; none at all before format 4."""
        if self.version < CONTRIBUTIONS_SINCE:
            return [None] * len(self.seats)
        return (self.contributions + [None] * len(self.seats))[: len(self.seats)]

    def seat_pledges(self) -> list[str | None]:
        """One pledge (or None) per seat; none at all before format 5."""
        if self.version < PLEDGES_SINCE:
            return [None] * len(self.seats)
        return (self.pledges + [None] * len(self.seats))[: len(self.seats)]

    def to_dict(self) -> dict[str, Any]:
        out = {
            "t": "header",
            "format": FORMAT,
            "version": self.version,
            "rules": self.rules,
            "data": self.data_hash,
            "seats": [s.to_dict() for s in self.seats],
            "options": self.option_data,
            "commitment": self.commitment,
            "meta": self.meta,
        }
        if self.version >= CONTRIBUTIONS_SINCE:
            out["contributions"] = self.seat_contributions()
        if self.version >= PLEDGES_SINCE:
            out["pledges"] = self.seat_pledges()
        if self.version >= DATE_SINCE:
            out["date"] = self.date
        if self.version >= GAME_SINCE:
            out["game"] = self.game
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> Header:
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise LogFormatError(NO_HEADER)
        version = raw.get("version")
        if version not in READABLE_VERSIONS:
            newer = Reason(
                "log format version {version}; this reads 1 to {last}",
                version=repr(version)[:20],
                last=VERSION,
            )
            raise LogFormatError(newer)
        game = raw.get("game")
        if version >= GAME_SINCE and isinstance(game, str) and game not in WHERE:
            other = Reason(  # not damage: a game another version of jetset plays
                "a log of the game {game}; this version plays {known}",
                game=repr(game)[:40],
                known=", ".join(WHERE),
            )
            raise LogFormatError(other)
        try:
            seats = [
                Seat(shown_name(str(s["name"])), SeatKind.parse(str(s.get("kind", "human"))))
                for s in raw["seats"]
            ]
            game = _game(raw, version)
            return cls(
                options=_options(game, dict(raw["options"]), len(seats)),
                seats=seats,
                commitment=str(raw["commitment"]),
                rules=str(raw["rules"]),
                data_hash=str(raw["data"]),
                meta=shown_meta(dict(raw.get("meta") or {})),
                version=int(version),
                contributions=_contributions(raw, version, len(seats)),
                pledges=_pledges(raw, version, len(seats)),
                date=_date(raw, version),
                game=game,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DamagedLog(f"bad header: {header_problem(exc)}", None) from None


def header_problem(exc: Exception) -> str:
    """What is wrong with a header, in a few words (never Python's ``KeyError('rules')``)."""
    if isinstance(exc, KeyError):
        return f"it has no {str(exc.args[0])[:40]!r}" if exc.args else "a field is missing"
    if isinstance(exc, TypeError):
        return "a field of the wrong kind"
    return f"{exc!s:.120}"


def shown_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """A header's ``meta`` read from a file (its event's name is exported and shown): one whose
    text holds a control, escape or bidi character is a damaged header, as for ``shown_name``."""
    for value in meta.values():
        if isinstance(value, str):
            shown_name(value)
    return meta


def shown_name(name: str) -> str:
    """A seat's name read from a file, which every screen will show: a name holding a control,
    escape or bidirectional character (which a terminal would act on) is a damaged header, as
    a host never writes one (netcode/names.py)."""
    if any(unsafe(char) for char in name):
        raise ValueError("a seat's name or the game's text holds a control character")
    return name


def expected_data_hash(version: int) -> str:
    """The ``data`` a log of ``version`` made with this install's data holds: every data file's
    hash from format 6 on, the board file's before."""
    return data.data_hash() if version >= DATA_FILES_SINCE else data.board_hash()


def _game(raw: dict[Any, Any], version: int) -> str:
    """The header's game: ``jetset`` before format 7, else one of engine/games.py's names."""
    if version < GAME_SINCE:
        return DEFAULT
    game = raw.get("game")
    if game not in WHERE:
        known = ", ".join(WHERE)
        raise ValueError(f"a log of the game {game!r:.40}; this reads {known}")
    return str(game)


def _options(game: str, raw: dict[str, Any], seats: int) -> GameOptions:
    """The header's options: its game's own object (``OptionsOfItsOwn``), or the plain data
    its table accepts."""
    rules = game_rules(game)
    own = log_hooks(rules).options
    if own is not None:
        return own.options_from_data(raw)
    rules.new_table(raw)  # ValueError naming what the game does not take
    if raw.get("seats", seats) != seats:
        raise ValueError(f"the options say {raw.get('seats')!r:.10} seats, the header {seats}")
    return raw


def _date(raw: dict[Any, Any], version: int) -> str | None:
    """The header's date: ``YYYY-MM-DD`` or none (before format 5, or not known)."""
    date = raw.get("date") if version >= DATE_SINCE else None
    if date is not None and (type(date) is not str or not DATE_FORMAT.fullmatch(date)):
        raise ValueError(f"the date {date!r:.40} is not YYYY-MM-DD")
    return date


def _contributions(raw: dict[Any, Any], version: int, seats: int) -> list[str | None]:
    """The header's contributions: one per seat, each None or 32 lower-case hex digits."""
    values = raw.get("contributions") if version >= CONTRIBUTIONS_SINCE else None
    if values is None:
        return [None] * seats
    if not isinstance(values, list) or len(values) != seats:
        raise ValueError(f"'contributions' is not a list of {seats} values")
    if not all(v is None or is_contribution(v) for v in values):
        raise ValueError("a contribution is not 32 lower-case hex digits")
    return list(values)


def _pledges(raw: dict[Any, Any], version: int, seats: int) -> list[str | None]:
    """The header's pledges: one per seat, each None or 32 lower-case hex digits, and every
    contribution the header holds matches its seat's pledge."""
    if version < PLEDGES_SINCE:
        return [None] * seats
    values = raw.get("pledges")
    if values is None:
        values = [None] * seats
    if not isinstance(values, list) or len(values) != seats:
        raise ValueError(f"'pledges' is not a list of {seats} values")
    if not all(v is None or is_contribution(v) for v in values):
        raise ValueError("a pledge is not 32 lower-case hex digits")
    for seat, value in enumerate(_contributions(raw, version, seats)):
        if value is not None and pledge_for(value) != values[seat]:
            raise ValueError(f"seat {seat}'s contribution does not match its pledge")
    return list(values)


LogRecord = tuple[int, int, str, str]
"""One entry as stored, a row of the file: ``(index, actor, text, digest)``, the notation text
and the digest recorded after it. Plain tuples, like the rows of ``csv`` and ``sqlite3``: an
object per record cost five times as much to build, more than decoding the record."""


NOTE_KINDS: Final = ("chat", "standin", "clock")
"""``chat``: ``seat`` (or None), ``name``, ``text``. ``standin``: ``seat``, ``bot`` (the kind
that plays for the seat from ``at`` on, or None when its player is back). ``clock``: ``seat``,
``bot`` (the kind that made the decision at ``at`` for a player whose turn clock ran out)."""


@value(unsafe_hash=True)
class Note:
    """Something said or done at the table after ``at`` entries, outside the game itself."""

    at: int
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {**self.fields, "t": "note", "at": self.at, "kind": self.kind}

    @classmethod
    def from_dict(cls, raw: dict[Any, Any]) -> Note:
        at, kind = raw.get("at"), raw.get("kind")
        if type(at) is not int or at < 0 or type(kind) is not str:
            raise LogFormatError(f"bad note {raw!r:.80}")
        rest = {str(k): v for k, v in raw.items() if k not in ("t", "at", "kind")}
        if any(isinstance(v, str) and any(unsafe(c) for c in v) for v in rest.values()):
            raise LogFormatError("a note holds a control character")  # chat is shown and exported
        return cls(at, kind, rest)


@record
class GameLog:
    header: Header
    records: list[LogRecord]
    seed: str | None = None  # revealed at the end of the game
    notes: list[Note] = field(default_factory=list)
    cut_short: int = 0
    """Bytes after the last whole record: a record cut short (a crash while it was written, a
    copy stopped early, a damaged length), which every reader drops; ``--verify`` says so."""

    def to_json(self) -> dict[str, Any]:
        return {
            "header": self.header.to_dict(),
            "entries": [
                {"index": index, "actor": actor, "action": text, "digest": digest}
                for index, actor, text, digest in self.records
            ],
            "seed": self.seed,
        }


def entry_record(index: int, entry: object, digest: str, rules: AnyRules) -> list[Any]:
    """An entry's record: ``["e", index, actor, line, digest]``, as its game codes it."""
    actor, line = rules.entry_line(entry)
    return ["e", index, actor, line, digest]


def record_entry(rules: AnyRules, actor: int, text: str) -> Any:
    """The entry a record's actor and line code in ``rules``' game (ValueError if none)."""
    return rules.entry_from_line(actor, text)


class LogWriter:
    """Appends records to a log file, each batch in one write, flushed (and fsynced) so a crash
    loses nothing. A write that fails (a full disk) is cut back off the file and raised: the file
    only ever holds whole records, and the same batch can be written again later."""

    def __init__(
        self, path: str | Path, header: Header | None, *, fsync: bool = True, game: str = ""
    ) -> None:
        """A new file that starts with ``header``, or with ``None`` the end of an existing one
        (of ``game``, else of the game its header names)."""
        self.path = Path(path)
        self.fsync = fsync
        self._packer = msgpack.Packer()
        self._rules = game_rules(
            header.game if header is not None else game or read_header(self.path).game
        )
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | (0 if header is None else os.O_TRUNC)
        # the writer's alone: a game's log holds every hand dealt (a play test read everyone's
        # Final Flights from a lunch server's games folder as another user of the machine)
        self._fd = os.open(self.path, flags, 0o600)
        self.size = os.fstat(self._fd).st_size
        """Bytes of whole records in the file; anything after them is cut before the next write."""
        self._dirty = False
        if header is not None:
            try:
                self._write(header.to_dict())
            except OSError:
                os.close(self._fd)
                raise

    @classmethod
    def append_to(cls, path: str | Path, *, fsync: bool = True) -> LogWriter:
        """Continue an existing file (resuming a game)."""
        return cls(path, None, fsync=fsync)

    @classmethod
    def resume(cls, path: str | Path, *, fsync: bool = True) -> LogWriter:
        """Continue a file after a crash: a record cut short at its end is cut off first."""
        path = Path(path)
        raw = path.read_bytes()
        keep = whole_records_length(raw)
        if keep < len(raw):
            with open(path, "r+b") as f:
                f.truncate(keep)
                f.flush()
                if fsync:
                    os.fsync(f.fileno())
        return cls.append_to(path, fsync=fsync)

    def write_bytes(self, data: bytes) -> None:
        """Append ``data`` (whole records) in one go; OSError leaves the file as it was."""
        try:
            if self._dirty:
                os.ftruncate(self._fd, self.size)
                self._dirty = False
            view = memoryview(data)
            written = 0
            while written < len(data):  # not `while view:` (compiled, a memoryview is always true)
                written += os.write(self._fd, view[written:])
            if self.fsync:
                os.fsync(self._fd)
        except OSError:
            self._dirty = True
            with contextlib.suppress(OSError):  # else cut before the next write
                os.ftruncate(self._fd, self.size)
                self._dirty = False
            raise
        self.size += len(data)

    def _write(self, obj: Any) -> None:
        self.write_bytes(self._packer.pack(obj))

    def entry(self, index: int, entry: object, digest: str) -> None:
        self._write(entry_record(index, entry, digest, self._rules))

    def entries(self, first: int, entries: Sequence[object], digests: list[str]) -> None:
        """Entries ``first``, ``first + 1`` … in one write: all of them, or none."""
        pack, rules = self._packer.pack, self._rules
        self.write_bytes(
            b"".join(
                pack(entry_record(first + i, e, d, rules))
                for i, (e, d) in enumerate(zip(entries, digests, strict=True))
            )
        )

    def reveal(self, seed: str) -> None:
        self._write({"t": "reveal", "seed": seed})

    def note(self, note: Note) -> None:
        self._write(note.to_dict())

    def fileno(self) -> int:
        """The file's descriptor (a caller that fsyncs a batch of records itself)."""
        return self._fd

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_game(
    path: str | Path, header: Header, game: Table[Any, Any, Any], seed: str | None
) -> None:
    """Write a whole game (of the header's game) at once (self-play, export)."""
    rules = header.rules_of_game
    packer = msgpack.Packer()
    parts = [packer.pack(header.to_dict())]
    for i, (entry, digest) in enumerate(zip(game.entries, game.digests, strict=True)):
        parts.append(packer.pack(entry_record(i, entry, digest, rules)))
    if seed is not None:
        parts.append(packer.pack({"t": "reveal", "seed": seed}))
    Path(path).write_bytes(b"".join(parts))


def whole_records_length(raw: bytes) -> int:
    """How many leading bytes of ``raw`` are whole records (the rest was cut short by a crash)."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(raw) + 1)
    unpacker.feed(raw)
    end = 0
    try:
        for _ in unpacker:
            end = unpacker.tell()
    except UNDECODABLE:
        pass
    return end


def parse_log(raw: bytes) -> GameLog:
    """Decode a log file's bytes; a record cut short at the end (a crash) is dropped and
    counted (``GameLog.cut_short``). Any other damage is a :class:`LogFormatError`."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(raw) + 1)
    unpacker.feed(raw)
    try:
        header = Header.from_dict(next(unpacker))
    except StopIteration:
        raise LogFormatError(CUT_SHORT_HEADER if raw else EMPTY) from None
    except LogFormatError:
        raise
    except UNDECODABLE as exc:
        if starts_like_a_log(raw):  # a Jet Set header, damaged
            raise DamagedLog(f"bad header: undecodable ({exc})", None) from None
        raise LogFormatError(NO_HEADER) from None
    records: list[LogRecord] = []
    notes: list[Note] = []
    seed: str | None = None
    end = unpacker.tell()  # after the last whole record (msgpack's own tell() goes on past it)
    tell = unpacker.tell
    try:
        for obj in unpacker:
            end = tell()
            if type(obj) is list and len(obj) == 5 and obj[0] == "e":
                if seed is not None:  # the seed is revealed once the game is over, at its end
                    raise LogFormatError("an entry after the seed was revealed")
                _, index, actor, text, digest = obj
                if index != len(records) or type(index) is not int:
                    raise LogFormatError(f"numbered {index!r}")
                if type(actor) is not int or type(text) is not str or type(digest) is not str:
                    raise LogFormatError(f"bad record {obj!r:.80}")
                records.append((index, actor, text, digest))
            elif isinstance(obj, dict) and obj.get("t") == "note":
                notes.append(Note.from_dict(obj))
            elif isinstance(obj, dict) and obj.get("t") == "reveal":
                if seed is not None:
                    raise LogFormatError("the seed revealed twice")
                seed = obj.get("seed")
                if type(seed) is not str:
                    raise LogFormatError("a reveal without its seed")
            else:
                raise LogFormatError(f"unknown record {obj!r:.80}")
    except UNDECODABLE as exc:  # LogFormatError among them
        problem = str(exc) if isinstance(exc, LogFormatError) else f"undecodable ({exc})"
        moves = sum(actor >= 0 for _, actor, _, _ in records)
        raise DamagedLog(f"entry {len(records)}: {problem}", len(records), moves) from None
    return GameLog(header, records, seed, notes, len(raw) - end)


def read_header(path: str | Path) -> Header:
    """The header of the log at ``path`` (reading no further than its first record)."""
    with open(path, "rb") as f:
        unpacker = msgpack.Unpacker(f, raw=False, strict_map_key=False)
        try:
            return Header.from_dict(next(unpacker))
        except NO_FIRST_RECORD as exc:
            if isinstance(exc, LogFormatError):
                raise
            raise LogFormatError(NO_HEADER) from None


def read_log(path: str | Path) -> GameLog:
    # unbuffered: a whole-file read needs no buffer object (half the time of Path.read_bytes)
    with open(path, "rb", buffering=0) as f:
        return parse_log(f.readall())


def dump_json(log: GameLog) -> str:
    return json.dumps(log.to_json(), indent=1, ensure_ascii=False)


def check_commitment(log: GameLog) -> bool | None:
    """True/False once the seed is revealed; None while it is still secret."""
    if log.seed is None:
        return None
    return seed_commitment(log.seed) == log.header.commitment


def write_log(path: str | Path, log: GameLog) -> None:
    """Write a ``GameLog`` (an imported text game, say) as a log file."""
    packer = msgpack.Packer()
    parts = [packer.pack(log.header.to_dict())]
    notes = sorted(log.notes, key=lambda note: note.at)  # stable: their order at one point stays
    n = 0
    for record in log.records:
        while n < len(notes) and notes[n].at <= record[0]:
            parts.append(packer.pack(notes[n].to_dict()))
            n += 1
        parts.append(packer.pack(["e", *record]))
    parts += [packer.pack(note.to_dict()) for note in notes[n:]]
    if log.seed is not None:
        parts.append(packer.pack({"t": "reveal", "seed": log.seed}))
    Path(path).write_bytes(b"".join(parts))
