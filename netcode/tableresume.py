"""Resuming a stopped game: what ``Table.resume`` (netcode/table.py) reads before it seats anyone.

A stopped game is its log and its secrets file (``<log>.secret``: the seed, the seat tokens'
secret, the host's own seat). The log is replayed with every check, against the seed's
commitment; one damaged after some entry is refused, or with ``repair`` cut back to that entry, a
copy of the whole file kept (netcode/damage.py). A log another program writes is refused at once
(``LogLocked``); the table takes the lock that makes sure of it.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine.fairdeal import seed_commitment
from netcode.logerrors import LogFormatError
from netcode.logfile import GameLog, read_log, write_log
from netcode.logheader import CONTINUABLE_VERSIONS
from netcode.loglock import LogLocked, lock_holder
from netcode.tablefiles import Secrets, TableError, secrets_path

if TYPE_CHECKING:  # a resumed game's replay, imported where a log is replayed
    from netcode.replay import TableReplay


@dataclass(frozen=True)
class StoppedGame:
    """What a stopped game left: its secrets, its log, the log replayed, and what a repair cut
    off, in words (None: nothing)."""

    keys: Secrets
    log: GameLog
    result: TableReplay
    repaired: str | None


def read_stopped(log_path: Path, *, repair: bool) -> StoppedGame:
    """The stopped game whose log is ``log_path``; ``LogLocked`` if another program writes it,
    TableError if it cannot be continued (damaged, and not ``repair``)."""
    held_by = lock_holder(log_path)
    if held_by is not None:  # the quick answer; the lock the table takes is the sure one
        raise LogLocked(log_path, held_by)
    keys = Secrets.load(secrets_path(log_path))
    repaired: str | None = None
    try:
        log, result = replayed(log_path, keys.seed)
    except OtherVersion:
        raise  # not damage: nothing to cut
    except (TableError, LogFormatError):  # a damaged record, or one that does not replay
        repaired = cut_damage(log_path, keys.seed, repair=repair)
        if repaired is None:
            raise
        log, result = replayed(log_path, keys.seed)
    if log.seed is not None and not result.table.over:
        log = unrevealed(log_path, log)
    seats = len(log.header.seats)
    if keys.host_seat is not None and keys.host_seat >= seats:
        raise TableError(f"the secrets file names seat {keys.host_seat}: there is none")
    return StoppedGame(keys, log, result, repaired)


def unrevealed(log_path: Path, log: GameLog) -> GameLog:
    """A game not over whose log reveals its seed (a finished game's text cut short, then
    imported: a play test resumed one, played on, and found it damaged, no move after a reveal
    being read): the log written again without the reveal, so that the moves to come follow its
    last entry; the seed stays in the secrets file the game is resumed with. Written beside the
    log, then put in its place: the log is whole at every moment."""
    bare = GameLog(log.header, log.records, None, log.notes)
    beside = log_path.with_name(log_path.name + ".unrevealed")
    try:
        write_log(beside, bare)
        os.replace(beside, log_path)
    except OSError:  # a full disk: the log as it was, nothing left beside it
        beside.unlink(missing_ok=True)
        raise
    return bare


def cut_damage(log_path: Path, seed: str, *, repair: bool) -> str | None:
    """Where the log is damaged, cut off with ``repair`` (a copy of the whole file kept): what
    was cut, in words; None if it is not damaged; TableError, saying how to repair it, without
    ``repair``."""
    from netcode.damage import cut_log, find_damage  # a damaged log's: rarely needed

    damage = find_damage(log_path, seed)
    if damage is None:
        return None
    if not repair:
        command = shlex.join(["jetset", "host", "--resume", str(log_path), "--repair"])
        raise TableError(
            f"{log_path.name} is damaged: {damage}. `{command}` keeps a copy, cuts the "
            "damage off and continues from there"
        ) from None
    backup = cut_log(log_path, damage.keep)
    return f"{damage}; cut off (a copy of the whole file: {backup})"


def replayed(log_path: Path, seed: str) -> tuple[GameLog, TableReplay]:
    """The log, replayed with every check; TableError if it cannot be continued (OSError or
    LogFormatError if it cannot be read: the file's own problem, said with its name)."""
    log = read_log(log_path)  # OSError, LogFormatError: said as the file's own problem
    header = log.header
    if header.version not in CONTINUABLE_VERSIONS:
        raise TableError(
            f"{log_path.name} was written by an earlier jetset (log format {header.version}): "
            "it can be watched and verified, not continued"
        )
    if header.commitment != seed_commitment(seed):
        raise TableError("the secrets file does not belong to this log")
    from netcode.replay import replay  # a resumed game's: not loaded to open a new one

    result = replay(GameLog(header, log.records, seed))
    if not result.ok and result.warnings:  # it does not play with this version's cards or rules
        raise OtherVersion(
            f"{log_path.name} was saved by another version of Jet Set "
            f"({'; '.join(result.warnings)}), and its moves do not play the same here: it "
            "cannot be continued with this one"
        )
    if not result.ok:
        raise TableError(f"{log_path}: {result.error}")
    return log, result


class OtherVersion(TableError):
    """A log made with other card data or rules, which does not replay here: not damage, so
    no repair is offered (cutting would throw the game away)."""
