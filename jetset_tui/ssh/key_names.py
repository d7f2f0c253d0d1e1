"""Which SSH key each name is, on a server with keys (docs/security.md, "With keys, a name is one
key's"): the names the authorized keys' comments give (each its key's alone, whoever comes
first), and the names keys have gone by, the latest ``NAMES_KEPT`` of them, kept in
``names.json`` (mode 0600) beside the server's games so that a restart keeps them (a play test's
bob logged in as ``ann`` just after a restart, before she did, and kept her name for the run).
Names are kept by their ``look_alike_key`` (netcode/names.py). No Textual, no asyncio."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path

from netcode.connection import BucketsByAddress
from netcode.names import look_alike_key

log = logging.getLogger("jetset.ssh.lobby")

NAMES_KEPT = 4096
"""Names remembered as a key's (the latest ones), beside those of every seat held."""
NAMES_PER_KEY = 8
"""Names one key is remembered by: a ninth lets go of its own oldest, never another key's."""
NEW_NAMES_PER_HOUR = 16.0
"""New names remembered from one address an hour (bursts of as many): a red team's one key
logged in under 4,100 throwaway names in a minute, pushed a player's name out of the
``NAMES_KEPT`` and went by it (and rewrote ``names.json`` twenty times a second). Past it a
name is still gone by for the session, but not remembered."""
NAMES_FILE = "names.json"


class KeyNames:
    """The key each name belongs to: reserved by a comment, or taken by going by it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / NAMES_FILE
        self.reserved: dict[str, str] = {}
        """The names the authorized keys' comments give, each its key's identity alone."""
        self.taken: dict[str, str] = self._load()
        """The identity each name was last the name of, the latest NAMES_KEPT, oldest first."""
        self._new_names = BucketsByAddress(NEW_NAMES_PER_HOUR / 3600, NEW_NAMES_PER_HOUR)

    def reserve(self, names: Mapping[str, str]) -> None:
        """Keep each name for the key (by fingerprint) whose authorized-keys comment gives it.
        Two keys whose comments give one name (or two that read alike): the first keeps it."""
        for fingerprint, name in names.items():
            key = look_alike_key(name)
            if key in self.reserved:
                log.warning("two authorized keys are named %s: the first keeps the name", name)
                continue
            self.reserved[key] = f"key:{fingerprint}"

    def owner(self, name: str) -> str | None:
        """The key identity ``name`` (or one that reads the same) belongs to, if any."""
        key = look_alike_key(name)
        return self.reserved.get(key) or self.taken.get(key)

    def take(self, name: str, identity: str, address: str | None = None) -> None:
        """``identity`` goes by ``name`` from now on (saved when that is new), unless
        ``address`` has had its ``NEW_NAMES_PER_HOUR``: then only for this session."""
        key = look_alike_key(name)
        new = self.taken.get(key) != identity
        if new and address is not None and not self._new_names.of(address).take():
            log.info("%s: a new name not remembered: too many from this address", address)
            return
        self.taken.pop(key, None)
        self.taken[key] = identity
        own = [k for k, who in self.taken.items() if who == identity] if new else []
        for old in own[:-NAMES_PER_KEY]:  # this key's oldest, not another's
            del self.taken[old]
        while len(self.taken) > NAMES_KEPT:
            del self.taken[next(iter(self.taken))]  # the oldest: insertion order
        if new:
            self._save()

    def _load(self) -> dict[str, str]:
        try:
            raw = json.loads(self.path.read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("%s: names not read (%s): each is the first key's again", self.path, exc)
            return {}
        pairs = raw.get("names") if isinstance(raw, dict) else None
        if not isinstance(pairs, list):
            return {}
        kept = [p for p in pairs if isinstance(p, list) and len(p) == 2 and all(map(_text, p))]
        return dict((key, identity) for key, identity in kept[-NAMES_KEPT:])

    def _save(self) -> None:
        """Written whole (a new file renamed over the old one), mode 0600; a disk that refuses
        costs the names after a restart, never the session."""
        new = self.path.with_name(self.path.name + ".new")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                json.dump({"names": [list(pair) for pair in self.taken.items()]}, f)
            os.replace(new, self.path)
        except OSError as exc:
            log.warning("%s: names not saved (%s)", self.path, exc)
            new.unlink(missing_ok=True)


def _text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 200
