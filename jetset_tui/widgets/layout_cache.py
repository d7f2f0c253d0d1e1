"""The map's layouts kept on disk, so that a size laid out once (about a tenth of a second of
CPU, ``map_layout.layout``) is read back in a millisecond the next time the game opens.

One JSON file per board, size and hub slots, under the user's cache folder (``$JETSET_HOME/
cache/maps`` if set, else platformdirs' user cache folder); its name is a digest of the board's
cities and links and of the layout code itself, so a change to either makes new files and never
reads an old one. The files are safe to delete: a missing, unreadable or damaged one is made
again. A layout depends on nothing but its key (no clock, no randomness), so a file read back is
the layout ``map_layout.layout`` would make.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from engine.jetset.board import Board
from jetset_tui.widgets import map_layout, map_routing, map_schematic
from jetset_tui.widgets.map_layout import Layout
from jetset_tui.widgets.map_routing import Block

FORMAT = 1
"""The files' shape: raised when ``_encode`` changes."""

_FINGERPRINTS: dict[int, tuple[Board, str]] = {}


def cache_dir() -> Path:
    """Where the layouts are kept: ``$JETSET_HOME/cache/maps``, else the user cache folder."""
    from netcode.userdirs import HOME_VARIABLE

    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser() / "cache" / "maps"
    from platformdirs import user_cache_path

    return user_cache_path("jetset", appauthor=False) / "maps"


def layout(board: Board, width: int, height: int, hubs: bool) -> Layout:
    """``map_layout.layout``, read from the disk cache when it is there, written to it when
    it was made here."""
    kept = kept_layout(board, width, height, hubs)
    if kept is not None:
        return kept
    made = map_layout.layout(board, width, height, hubs)
    _write(_path(board, width, height, hubs), made)
    return made


def kept_layout(board: Board, width: int, height: int, hubs: bool) -> Layout | None:
    """The layout of this size if it is in memory or on disk, else None (nothing is made)."""
    found = map_layout.cached_layout(board, width, height, hubs)
    if found is not None:
        return found
    kept = _read(_path(board, width, height, hubs), width, height, hubs)
    if kept is not None:
        map_layout.remember(board, kept)
    return kept


def _path(board: Board, width: int, height: int, hubs: bool) -> Path:
    return cache_dir() / f"{fingerprint(board)}-{width}x{height}{'-hubs' if hubs else ''}.json"


def fingerprint(board: Board) -> str:
    """A digest of what a layout depends on: the board's cities and links, and the code."""
    found = _FINGERPRINTS.get(id(board))
    if found is not None and found[0] is board:
        return found[1]
    digest = hashlib.sha256(f"{FORMAT}{board.cities!r}{board.links!r}".encode())
    for module in (map_layout, map_routing, map_schematic):
        digest.update(Path(module.__file__ or "").read_bytes())
    _FINGERPRINTS[id(board)] = board, digest.hexdigest()[:24]
    return _FINGERPRINTS[id(board)][1]


def _read(path: Path, width: int, height: int, hubs: bool) -> Layout | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        made = _decode(data)
    except (OSError, ValueError, TypeError, KeyError):
        return None  # none yet, or damaged: made again
    if (made.width, made.height, made.hubs) != (width, height, hubs):
        return None
    return made


def _write(path: Path, made: Layout) -> None:
    """Write the file whole or not at all (a temporary file renamed); a disk that refuses
    only costs the next start the layout's time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
        ) as out:
            json.dump(_encode(made), out, separators=(",", ":"))
        os.replace(out.name, path)
    except OSError:
        return


def _encode(made: Layout) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "width": made.width,
        "height": made.height,
        "hubs": made.hubs,
        "blocks": [[b.x, b.y, b.width] for b in made.blocks],
        "paths": [[[x, y, c] for x, y, c in path] for path in made.paths],
        "spots": [list(spot) if spot is not None else None for spot in made.spots],
        "names": made.names,
        "loose": list(made.loose),
    }


def _decode(data: dict[str, Any]) -> Layout:
    if data["format"] != FORMAT:
        raise ValueError("another format")
    return Layout(
        width=int(data["width"]),
        height=int(data["height"]),
        blocks=[Block(int(x), int(y), int(w)) for x, y, w in data["blocks"]],
        paths=[[(int(x), int(y), str(c)) for x, y, c in path] for path in data["paths"]],
        hubs=bool(data["hubs"]),
        spots=[(int(s[0]), int(s[1])) if s is not None else None for s in data["spots"]],
        names=[int(n) if n is not None else None for n in data["names"]],
        loose=tuple(int(n) for n in data["loose"]),
    )
