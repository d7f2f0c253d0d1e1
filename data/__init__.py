"""The map and the decks, as shipped data files.

`board.json` is copied from ``../shared/board/board.json`` by ``tools/build_data.py``; nothing in
the rules code depends on which cities a link joins, only on what this file says.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

BOARD_FILE = "board.json"
HUBS_FILE = "hubs.json"
INVESTORS_FILE = "investors.json"
JETLAG_FILE = "jetlag.json"
FOLDER = Path(__file__).parent
"""Where the data files lie: beside this module, in the source tree and in an installed wheel
alike (pyproject.toml's package data). Read straight from there rather than through
``importlib.resources``, whose import (with ``zipfile``) ``jetset play`` would wait for before
its first frame; the package is never run from a zip archive."""


def read_bytes(name: str) -> bytes:
    """The raw bytes of the data file ``name``."""
    return (FOLDER / name).read_bytes()


@lru_cache(maxsize=1)
def board_bytes() -> bytes:
    """The raw bytes of the shipped board file."""
    return read_bytes(BOARD_FILE)


def board_json() -> dict[str, Any]:
    """The board file, parsed (a fresh dict on every call)."""
    data: dict[str, Any] = json.loads(board_bytes())
    return data


@lru_cache(maxsize=1)
def board_hash() -> str:
    """SHA-256 of the board file alone: the data hash of log formats 1 to 5."""
    return hashlib.sha256(board_bytes()).hexdigest()


BUSINESS_FILE = "business.json"


def business_json() -> dict[str, Any]:
    """The Business cards file (the expansion's Business cards module), parsed."""
    data: dict[str, Any] = json.loads(read_bytes(BUSINESS_FILE))
    return data


def hubs_json() -> dict[str, Any]:
    """The Hubs module's pieces (``hubs.json``): tokens per player, markers, the payoff."""
    raw = read_bytes(HUBS_FILE)
    data: dict[str, Any] = json.loads(raw)
    return data


def distant_city_codes() -> tuple[str, ...]:
    """The codes of the Distant Lands cities (``board.json``, ``expansion.distant_cities``)."""
    return tuple(c["code"] for c in board_json()["expansion"]["distant_cities"])


def investors_json() -> dict[str, Any]:
    """The Investors module's cards (``investors.json``): each kind, its copies and its terms."""
    raw = read_bytes(INVESTORS_FILE)
    data: dict[str, Any] = json.loads(raw)
    return data


def jetlag_json() -> dict[str, Any]:
    """Jet Lag's 18 cards and its numbers (``jetlag.json``; README.md, "Jet Lag")."""
    raw = read_bytes(JETLAG_FILE)
    data: dict[str, Any] = json.loads(raw)
    return data


DATA_FILES = (BOARD_FILE, BUSINESS_FILE, HUBS_FILE, INVESTORS_FILE, JETLAG_FILE)
"""Every data file the games read, in the order the data hash takes them (Jet Lag's cards last:
until logs name their game, one hash covers every game's data)."""


@lru_cache(maxsize=1)
def data_hash() -> str:
    """SHA-256 of every data file the game reads (``DATA_FILES``: each file's name, a zero
    byte, its length as 8 bytes big-endian, then its bytes): logs record it (format 6 on), so a
    replay on other data is caught and two installs with other cards do not play together."""
    digest = hashlib.sha256()
    for name in DATA_FILES:
        raw = read_bytes(name)
        digest.update(name.encode() + b"\0" + len(raw).to_bytes(8, "big") + raw)
    return digest.hexdigest()
