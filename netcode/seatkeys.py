"""The keys of the seats a player holds in other people's games, so they can come back.

A seat is taken back by its secret token, never by name. ``jetset join`` keeps the token of each
seat it takes in one small file per game (mode 0600, in ``userdirs.seat_keys_dir()``), named by
the game's seed commitment, which the host publishes in ``welcome`` and which no other game
shares. A later join of the same game (after a drop, a crash of the joiner, a host restarted
with ``--resume``) finds it and reconnects without anyone typing a token. One file may hold
several seats (two players of one account on one machine); the file goes when the game is over.
"""

from __future__ import annotations

import contextlib
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
    """The seat keys kept in ``folder``: ``load``, ``keep``, ``forget``, one file per game."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, commitment: str) -> Path | None:
        """The file of a game, or None for a commitment that is not plain hex."""
        if COMMITMENT.fullmatch(commitment) is None:
            return None
        return self.folder / f"{commitment[:64]}.seat"

    def load(self, commitment: str) -> list[SeatKey]:
        """The seats kept for this game, in the order they were taken (none if unreadable)."""
        path = self.path(commitment)
        if path is None:
            return []
        try:
            raw = json.loads(path.read_text())
            items = raw["seats"]
            keys = [SeatKey(int(item["seat"]), str(item["token"])) for item in items]
        except (OSError, ValueError, KeyError, TypeError):
            return []
        return [k for k in keys if k.seat >= 0 and TOKEN.fullmatch(k.token)]

    def keep(self, commitment: str, key: SeatKey) -> None:
        """Remember ``key`` for this game (replacing what was kept for its seat)."""
        path = self.path(commitment)
        if path is None or TOKEN.fullmatch(key.token) is None:
            return
        keys = [k for k in self.load(commitment) if k.seat != key.seat] + [key]
        self._write(path, keys)

    def forget(self, commitment: str, seat: int | None = None) -> None:
        """Drop one seat's key (``seat``), or the whole game's file."""
        path = self.path(commitment)
        if path is None:
            return
        keys = [] if seat is None else [k for k in self.load(commitment) if k.seat != seat]
        if keys:
            self._write(path, keys)
        else:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def _write(self, path: Path, keys: list[SeatKey]) -> None:
        """Write the file whole (a temporary file renamed over it), readable by this user only."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        text = json.dumps({"seats": [{"seat": k.seat, "token": k.token} for k in keys]})
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(temporary, path)
