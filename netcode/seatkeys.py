"""The keys of the seats a player holds in other people's games, so they can come back.

A seat is taken back by its secret token, never by name. ``jetset join`` keeps the token of each
seat it takes in a small file (mode 0600, in ``userdirs.seat_keys_dir()``) named by the game's
seed commitment, which the host publishes in ``welcome`` and which no other game shares, and the
seat. A later join of the same game (after a drop, a crash of the joiner, a host restarted
with ``--resume``) finds it and reconnects without anyone typing a token. The file goes when the
game is over.

Over ``ssh://`` the server's lobby comes before the host's ``welcome``, so the commitment is not
known when the seat is asked for: a ``<digest>.place`` file names the game and seat kept for one
server's game (``keep_place``, ``at_place``: the place is the server's host key, the name its
lobby knows this user by, its address and the game's id), so that ``jetset join ssh://…/GAME``
can give the lobby the seat's code (docs/security.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

COMMITMENT = re.compile(r"[0-9a-f]{16,128}")
"""A commitment as the host sends it: hex. Anything else is never a file name."""
TOKEN = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class SeatKey:
    """One seat held in one game."""

    seat: int
    token: str


class SeatKeys:
    """The seat keys kept in ``folder``: a file per game and seat, ``<commitment>-<seat>.seat``.

    A file per seat, written whole and renamed into place: two joiners of one account in one game
    (or a test's several) never rewrite each other's keys. A process that sits in a seat holds an
    OS lock on the seat's ``.lock`` file (it goes with the process, ``kill -9`` included), and a
    joiner takes back only a kept seat whose lock it gets: two joiners started at once never take
    each other's seat."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._held: dict[Path, int] = {}  # lock file -> its descriptor, for this process

    def hold(self, commitment: str, seat: int) -> bool:
        """Take this seat's lock for this process (again: True); False when another live process
        sits in it."""
        path = self.path(commitment, seat)
        if path is None:
            return False
        lock = path.with_suffix(".lock")
        if lock in self._held:
            return True
        import fcntl

        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._held[lock] = fd
        return True

    def _release(self, path: Path) -> None:
        lock = path.with_suffix(".lock")
        fd = self._held.pop(lock, None)
        if fd is not None:  # the empty lock file stays: unlinking it would let a process that
            os.close(fd)  # opened it just before lock a file the next one no longer finds

    def path(self, commitment: str, seat: int) -> Path | None:
        """A seat's file, or None for a commitment that is not plain hex."""
        if COMMITMENT.fullmatch(commitment) is None or not 0 <= seat < 100:
            return None
        return self.folder / f"{commitment[:64]}-{seat}.seat"

    def load(self, commitment: str) -> list[SeatKey]:
        """The seats kept for this game, by seat number (unreadable files are skipped)."""
        if COMMITMENT.fullmatch(commitment) is None or not self.folder.is_dir():
            return []
        keys = []
        for path in self.folder.glob(f"{commitment[:64]}-*.seat"):
            seat = path.name[len(commitment[:64]) + 1 : -len(".seat")]
            try:
                token = str(json.loads(path.read_text())["token"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if seat.isascii() and seat.isdigit() and TOKEN.fullmatch(token):
                keys.append(SeatKey(int(seat), token))
        return sorted(keys, key=lambda k: k.seat)

    def keep(self, commitment: str, key: SeatKey) -> None:
        """Remember ``key`` for this game (replacing what was kept for its seat)."""
        path = self.path(commitment, key.seat)
        if path is None or TOKEN.fullmatch(key.token) is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps({"seat": key.seat, "token": key.token}))
        os.replace(temporary, path)

    def forget(self, commitment: str, seat: int) -> None:
        """Drop one seat's key."""
        path = self.path(commitment, seat)
        if path is not None:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            self._release(path)

    def place_path(self, place: str) -> Path:
        """The file naming the seat kept at ``place`` (its digest: any text makes a file name)."""
        digest = hashlib.sha256(place.encode()).hexdigest()[:32]
        return self.folder / f"{digest}.place"

    def keep_place(self, place: str, commitment: str, seat: int) -> None:
        """Remember that the seat kept for game ``commitment`` at ``seat`` is the one at
        ``place``."""
        if self.path(commitment, seat) is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.place_path(place)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(json.dumps({"commitment": commitment, "seat": seat}))
        os.replace(temporary, path)

    def at_place(self, place: str) -> SeatKey | None:
        """The seat key kept at ``place``, its lock taken for this process (None: none, another
        live process sits in it, or its game is over and its key gone; a place whose key is
        gone is forgotten)."""
        path = self.place_path(place)
        try:
            kept = json.loads(path.read_text())
            commitment, seat = str(kept["commitment"]), int(kept["seat"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        for key in self.load(commitment):
            if key.seat == seat:
                return key if self.hold(commitment, seat) else None
        with contextlib.suppress(OSError):
            path.unlink()
        return None
