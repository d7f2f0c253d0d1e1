"""A log file damaged at its end: how far it is sound, its damaged tail in words, and the cut.

A crash can leave a record cut short at the end, which every reader drops silently. Other damage
(zeros a power loss leaves, garbage, a record that reads but no longer replays) makes
``jetset host --resume`` refuse; ``--repair`` keeps a copy of the file and cuts it back to its
last sound entry (docs/log-format.md, "A damaged end").
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import msgpack

from engine.values import record
from netcode.logerrors import NO_FIRST_RECORD, NO_HEADER, UNDECODABLE, LogFormatError
from netcode.logfile import GameLog, Note, parse_log
from netcode.logheader import Header
from netcode.replay import replay


@record
class Scan:
    """A log file read record by record: how far it is sound."""

    start: int
    """Bytes of the header."""
    good: int
    """Bytes of the sound beginning: the header and every well-formed record after it."""
    entries: int
    """Entries in that beginning."""
    ends: list[int]
    """Where each of those entries ends in the file (``ends[i]``: the byte after entry i)."""


def scan_log(raw: bytes) -> Scan:
    """How much of ``raw`` is a sound log: LogFormatError if not even the header is."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(raw) + 1)
    unpacker.feed(raw)
    try:
        Header.from_dict(next(unpacker))
    except NO_FIRST_RECORD:
        raise LogFormatError(NO_HEADER) from None
    start = good = unpacker.tell()
    ends: list[int] = []
    try:
        for obj in unpacker:
            if not _sound_record(obj, len(ends)):
                break
            good = unpacker.tell()
            if type(obj) is list:
                ends.append(good)
    except UNDECODABLE:
        pass
    return Scan(start, good, len(ends), ends)


def _sound_record(obj: Any, index: int) -> bool:
    """An entry numbered ``index``, a reveal or a note, as ``parse_log`` reads them."""
    if type(obj) is list:
        return (
            len(obj) == 5
            and obj[0] == "e"
            and obj[1] == index
            and type(obj[1]) is int
            and type(obj[2]) is int
            and type(obj[3]) is str
            and type(obj[4]) is str
        )
    if not isinstance(obj, dict):
        return False
    if obj.get("t") == "reveal":
        return isinstance(obj.get("seed"), str)
    if obj.get("t") == "note":
        try:
            Note.from_dict(obj)
        except LogFormatError:
            return False
        return True
    return False


def describe_tail(tail: bytes) -> str:
    """The damaged end of a log in words: zeros (a power loss), a damaged record, or garbage."""
    size = f"{len(tail)} byte{'s' * (len(tail) != 1)}"
    if not tail.strip(b"\0"):
        return f"{size} of zeros (as a power loss leaves)"
    if tail[0] & 0xF0 in (0x80, 0x90) or tail[0] in (0xDC, 0xDE):  # an array or a map
        return f"{size}: a damaged record"
    return f"{size} that are not records"


def cut_log(path: Path, keep: int) -> Path:
    """Copy ``path`` to a backup beside it, then cut it to its first ``keep`` bytes; the backup."""
    backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 2
    while backup.exists():
        backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    shutil.copy2(path, backup)
    with open(path, "r+b") as f:
        f.truncate(keep)
        f.flush()
        os.fsync(f.fileno())
    return backup


@record
class Damage:
    """The end of a log that ``--repair`` cuts off: everything after its last sound entry."""

    entries: int
    """Sound entries before the damage."""
    keep: int
    """Bytes kept."""
    tail: bytes

    def __str__(self) -> str:
        where = f"after entry {self.entries}" if self.entries else "right after its header"
        return f"{describe_tail(self.tail)} {where}"


def find_damage(log_path: Path, seed: str) -> Damage | None:
    """What a repair would cut from ``log_path``: a damaged record, garbage or zeros after the
    last entry that reads and replays soundly. None if there is nothing after it to cut (or not
    even the header is sound)."""
    try:
        raw = log_path.read_bytes()
        scan = scan_log(raw)
    except (OSError, LogFormatError):
        return None
    keep, entries = scan.good, scan.entries
    try:
        sound = parse_log(raw[:keep])
    except LogFormatError:
        return None
    result = replay(GameLog(sound.header, sound.records, seed))
    if not result.ok and result.bad_entry is not None and result.bad_entry < entries:
        entries = result.bad_entry  # a record that reads but does not replay: damaged inside
        keep = scan.ends[entries - 1] if entries else scan.start
    if keep >= len(raw):
        return None
    return Damage(entries, keep, raw[keep:])
