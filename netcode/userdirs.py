"""Where jetset keeps a user's files: saved games, seat keys, the SSH server's key, log files.

One place for every path under the user's data directory (platformdirs'), so that one override,
``JETSET_HOME``, moves all of them: tests point it at a temporary folder, and a user can keep
several setups apart. (Not to be confused with ``engine.jetset.paths``, which is about flight
paths.)
"""

from __future__ import annotations

import os
import secrets
from datetime import datetime
from pathlib import Path

HOME_VARIABLE = "JETSET_HOME"
LOG_SUFFIX = ".jetset"


def data_dir() -> Path:
    """The root of everything jetset keeps for this user: ``$JETSET_HOME`` if set, else the
    platform's user data directory (``~/.local/share/jetset`` on Linux)."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path("jetset", appauthor=False)


def saves_dir() -> Path:
    """Games saved by the app and by ``jetset host``."""
    return data_dir() / "games"


def ssh_games_dir() -> Path:
    """The logs of the SSH server's games."""
    return data_dir() / "ssh-games"


def seat_keys_dir() -> Path:
    """The keys of the seats this user holds in other people's games (``jetset join``)."""
    return data_dir() / "seats"


def logs_dir() -> Path:
    """The diagnostic log files of the long-running commands."""
    return data_dir() / "logs"


def ssh_host_key_path() -> Path:
    return data_dir() / "ssh_host_ed25519_key"


def new_game_path(tag: str | None = None, folder: Path | None = None) -> Path:
    """A new log file's name: when it was started, and ``tag`` (a little of its seed) or a few
    random characters."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    tag = tag[:6] if tag else secrets.token_hex(3)
    return (folder or saves_dir()) / f"{stamp}-{tag}{LOG_SUFFIX}"
