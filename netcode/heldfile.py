"""The moves a game at one keyboard holds for taking back, kept beside its log in ``<log>.held``.

A local game writes a person's newest moves (and the bots' replies to them) to its log only once
they can no longer be taken back (netcode/heldturn.py). So that a program killed meanwhile (a
crash, ``kill -9``) loses none of them, the table also keeps them here: the same records the log
would hold, replaced whole (a new file renamed over the old) whenever the held moves change, and
removed once they are written to the log or taken back. Resuming the game writes to its log the
records that continue it exactly (numbered on from its last entry, each a legal move whose digest
is the game's after it) and removes the file; anything else in it is dropped. A move taken back
is never in the log, as before; it may have been in this file until it was taken back.

The file is flushed to the operating system, not fsynced: it survives the program, as the log's
newest records do until their background fsync (docs/log-format.md).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack

from netcode.logerrors import UNDECODABLE
from netcode.logfile import LogRecord

MAX_HELD_BYTES = 1 << 20
"""A held file larger than this is no table's (a turn's moves take a few hundred bytes): it is
dropped unread."""


def held_path(log_path: Path) -> Path:
    return log_path.with_name(log_path.name + ".held")


def keep_held(log_path: Path, records: Sequence[list[Any]]) -> None:
    """``records`` (the log's ``["e", index, actor, line, digest]``) as the held moves; none:
    the file goes. OSError if the disk refuses (the log itself is written all the same)."""
    path = held_path(log_path)
    if not records:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        return
    packer = msgpack.Packer()
    data = b"".join(packer.pack(record) for record in records)
    fresh = path.with_name(path.name + ".new")
    with open(fresh, "wb") as f:
        f.write(data)
    os.replace(fresh, path)


def read_held(log_path: Path) -> list[LogRecord]:
    """The held moves left beside the log (none if there is no file, or from where it stops
    making sense: a record cut short, or one that is not an entry's)."""
    path = held_path(log_path)
    try:
        if path.stat().st_size > MAX_HELD_BYTES:
            return []
        raw = path.read_bytes()
    except OSError:
        return []
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(raw) + 1)
    unpacker.feed(raw)
    records: list[LogRecord] = []
    with contextlib.suppress(*UNDECODABLE):
        for obj in unpacker:
            if not (type(obj) is list and len(obj) == 5 and obj[0] == "e"):
                break
            _, index, actor, text, digest = obj
            if not (type(index) is int and type(actor) is int):
                break
            if not (type(text) is str and type(digest) is str):
                break
            records.append((index, actor, text, digest))
    return records


def forget_held(log_path: Path) -> None:
    """The held moves are in the log (or gone): no file left beside it."""
    with contextlib.suppress(FileNotFoundError):
        held_path(log_path).unlink()
