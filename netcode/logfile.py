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

The header is netcode/logheader.py's, what a reader refuses netcode/logerrors.py's.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from dataclasses import field
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Final

import msgpack

from engine.fairdeal import seed_commitment
from engine.games import AnyRules, game_rules
from engine.platform import Table
from netcode.logerrors import (
    CUT_SHORT_HEADER,
    EMPTY,
    NO_FIRST_RECORD,
    NO_HEADER,
    UNDECODABLE,
    DamagedLog,
)
from netcode.logerrors import LogFormatError as LogFormatError  # re-exported: its many readers
from netcode.logheader import Header as Header  # re-exported, as Seat: most callers want both
from netcode.logheader import Seat as Seat
from netcode.logheader import starts_like_a_log
from netcode.text import unsafe

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``record`` and ``value`` as ``dataclasses.dataclass``
(engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as record
    from dataclasses import dataclass as value
else:
    from engine.values import record, value

LogRecord = tuple[int, int, str, str]
"""One entry as stored, a row of the file: ``(index, actor, text, digest)``, the notation text
and the digest recorded after it. Plain tuples, like the rows of ``csv`` and ``sqlite3``: an
object per record cost five times as much to build, more than decoding the record."""


NOTE_KINDS: Final = ("chat", "standin", "clock", "seat")
"""``chat``: ``seat`` (or None), ``name``, ``text``. ``standin``: ``seat``, ``bot`` (the kind
that plays for the seat from ``at`` on, or None when its player is back). ``clock``: ``seat``,
``bot`` (the kind that made the decision at ``at`` for a player whose turn clock ran out).
``seat``: ``seat``, ``name`` (who plays the seat from ``at`` on, having taken it when its
player gave it away; format 12)."""


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
