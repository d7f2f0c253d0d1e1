"""What a table keeps beside its log file, and what may go wrong writing: the host's secrets
(``<log>.secret``, mode 0600: the seed until the end, the seat tokens' key, the password), the
thread that fsyncs the log in the background, and the storage problems a write may meet, in a
few words each (netcode/table.py writes the log with them)."""

from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import secrets
import threading
from dataclasses import field
from pathlib import Path
from typing import Final

from engine.errors import Reason
from engine.values import record


class TableError(ValueError):
    """A table that cannot be set up or resumed."""


class StorageError(Exception):
    """The log file could not be written. Nothing was applied: the table is as it was before the
    call, which may be made again once the disk takes writes."""

    def __init__(self, exc: OSError) -> None:
        self.reason = storage_problem(exc)
        super().__init__(self.reason)


STORAGE_PROBLEMS: Final = {
    errno.ENOSPC: Reason("disk full"),
    errno.EDQUOT: Reason("disk quota used up"),
    errno.EIO: Reason("a disk error"),
    errno.EROFS: Reason("the disk is read-only"),
    errno.EACCES: Reason("no permission to write the log"),
    errno.EFBIG: Reason("the log file is too large"),
}
"""The write failures a player may meet, in a few words each (in the catalogs: a screen says
them in the player's language)."""


def storage_problem(exc: OSError) -> str:
    """A write failure in a few words: "disk full", "a disk error" …"""
    return STORAGE_PROBLEMS.get(exc.errno or 0) or (exc.strerror or "a write error").lower()


@record
class Handover:
    """A seat its player gave away at a game's table (``leave {give}``): its token's
    ``generation`` (each gift makes a new token, so the old one takes nothing back), whether it
    waits ``open`` for the next to join, and the name of who took it (``by``: the log's header
    keeps the seat's first player's name)."""

    generation: int = 1
    open: bool = True
    by: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"generation": self.generation, "open": self.open, "by": self.by}

    @classmethod
    def from_dict(cls, raw: object) -> Handover:
        """ValueError unless ``raw`` is what ``to_dict`` wrote."""
        if not isinstance(raw, dict):
            raise ValueError("a handover is a mapping")
        generation, is_open, by = raw.get("generation"), raw.get("open"), raw.get("by")
        if type(generation) is not int or generation < 1 or type(is_open) is not bool:
            raise ValueError(f"handover {raw!r}")
        if by is not None and not isinstance(by, str):
            raise ValueError(f"handover {raw!r}")
        return cls(generation, is_open, by)


@record
class Secrets:
    """What the host keeps to itself: the seed (until the end), the token key, the password, and
    which seat is the hosting player's own (None: the host only serves)."""

    seed: str
    key: str = field(default_factory=lambda: secrets.token_hex(16))
    password: str | None = None
    host_seat: int | None = None
    resume: str | None = None
    """The command that hosts the game again, as its host said it when it paused: the app's
    Load names it for a game hosted for other screens (its address and clock with it)."""

    handovers: dict[int, Handover] = field(default_factory=dict)
    """The seats their players gave away, by seat."""

    def token(self, seat: int) -> str:
        """The seat's token: a MAC of the seat (and of its generation, once given away)."""
        handover = self.handovers.get(seat)
        which = f"{seat}" if handover is None else f"{seat}:{handover.generation}"
        mac = hmac.new(self.key.encode(), f"jetset-seat:{which}".encode(), hashlib.sha256)
        return mac.hexdigest()[:32]

    def save(self, path: Path) -> None:
        fields: dict[str, object] = {"seed": self.seed, "key": self.key, "password": self.password}
        if self.host_seat is not None:
            fields["host_seat"] = self.host_seat
        if self.resume is not None:
            fields["resume"] = self.resume
        if self.handovers:
            given = sorted(self.handovers.items())
            fields["handovers"] = {str(seat): handover.to_dict() for seat, handover in given}
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(json.dumps(fields))
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, path)  # whole or not at all: a seat's gift rewrites it mid-game
        except BaseException:  # a full disk, say: nothing half-written is left behind
            temporary.unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: Path) -> Secrets:
        try:
            raw = json.loads(path.read_text())
            host_seat = raw.get("host_seat")
            if host_seat is not None and (type(host_seat) is not int or host_seat < 0):
                raise ValueError(f"host_seat {host_seat!r} is not a seat")
            resume = raw.get("resume")
            resume = resume if isinstance(resume, str) else None
            given = raw.get("handovers", {})
            if not isinstance(given, dict):
                raise ValueError("handovers is not a mapping")
            handovers = {int(seat): Handover.from_dict(h) for seat, h in given.items()}
            password = raw.get("password")
            return cls(str(raw["seed"]), str(raw["key"]), password, host_seat, resume, handovers)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise TableError(f"{path}: cannot read the game's secrets ({exc})") from None


def secrets_path(log_path: Path) -> Path:
    return log_path.with_name(log_path.name + ".secret")


class BackgroundFsync:
    """fsyncs one file on a thread whenever asked; ``close`` waits for a last one."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._wanted = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="jetset-fsync", daemon=True)
        self._thread.start()

    def request(self) -> None:
        self._wanted.set()

    def _run(self) -> None:
        while True:
            self._wanted.wait()
            self._wanted.clear()
            try:
                os.fsync(self.fd)
            except OSError:
                return
            if self._stopping:
                return

    def close(self) -> None:
        self._stopping = True
        self._wanted.set()
        self._thread.join(timeout=5)
