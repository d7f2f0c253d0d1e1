"""What the SSH server's lobby keeps of a game beside its log, so a restarted server brings the
game back: ``<log>.lobby``, a small JSON file (mode 0600) with the game's lobby id, title and
creator, and which identity (an SSH key's fingerprint, or an ``--open`` user name) holds which
seat, with the digest of its seat code. Seat tokens are not in it: the log's ``.secret`` file
derives them. No Textual, no asyncio.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("jetset.ssh.saved")

SUFFIX = ".lobby"


@dataclass(frozen=True)
class SavedSeat:
    seat: int
    code_digest: bytes


@dataclass(frozen=True)
class SavedRoom:
    """One game as the lobby knew it."""

    id: str
    title: str
    creator: str
    created: float
    members: dict[str, SavedSeat] = field(default_factory=dict)
    closed: bool = False
    """The lobby closed it (abandoned, or over and gone from the list): a restart leaves it."""

    def to_json(self) -> str:
        members = {
            who: {"seat": s.seat, "code": s.code_digest.hex()} for who, s in self.members.items()
        }
        return json.dumps(
            {
                "id": self.id,
                "title": self.title,
                "creator": self.creator,
                "created": self.created,
                "members": members,
                "closed": self.closed,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> SavedRoom:
        """ValueError if ``text`` is not one."""
        try:
            raw = json.loads(text)
            members = {
                str(who): SavedSeat(_seat(m["seat"]), bytes.fromhex(str(m["code"])))
                for who, m in dict(raw["members"]).items()
            }
            return cls(
                str(raw["id"]),
                str(raw["title"]),
                str(raw["creator"]),
                float(raw["created"]),
                members,
                raw.get("closed") is True,
            )
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
            raise ValueError(f"not a saved game ({exc})") from None


def _seat(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a seat")
    return value


def saved_path(log_path: Path) -> Path:
    return log_path.with_name(log_path.name + SUFFIX)


def save(log_path: Path, room: SavedRoom) -> None:
    """Write ``<log>.lobby`` whole (a new file renamed over the old one), mode 0600."""
    path = saved_path(log_path)
    new = path.with_name(path.name + ".new")
    fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(room.to_json())
    os.replace(new, path)


def saved_games(games_dir: Path) -> list[tuple[Path, SavedRoom]]:
    """Every game a server left in ``games_dir`` that may come back: its log exists (it
    started) and the lobby did not close it; by lobby id. Unreadable files are skipped, with a line
    in the server's log."""
    out = []
    for path in sorted(games_dir.glob(f"*.jetset{SUFFIX}")):
        log_path = path.with_name(path.name.removesuffix(SUFFIX))
        try:
            room = SavedRoom.from_json(path.read_text())
        except (OSError, ValueError) as exc:
            log.warning("%s: skipped: %s", path, exc)
            continue
        if not room.closed and log_path.is_file():
            out.append((log_path, room))
    return sorted(out, key=lambda pair: (len(pair[1].id), pair[1].id))
