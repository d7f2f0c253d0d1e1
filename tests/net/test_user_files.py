"""The commands keep every file under ``JETSET_HOME`` when it is set: a hosted game (its log and
secret), a joiner's seat key and both commands' log files; nothing lands in ``HOME``. Without
``JETSET_HOME`` the same run writes into ``HOME``'s data folder, so the check can fail.

(tests/conftest.py also gives the whole session an empty ``HOME`` and fails the suite if anything
is written there.)"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .procs import JETSET

USER_DIRS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


def play_a_hosted_game(env: dict[str, str]) -> None:
    """``jetset host --headless`` with no ``--log`` and a ``jetset join`` bot, to the end."""
    host = subprocess.Popen(
        [*JETSET, "host", "--headless", "--players", "2", "--bots", "greedy", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        port = first.rsplit(":", 1)[-1].strip()
        assert port.isdigit(), (first, host.stderr.read() if host.stderr else "")
        joined = subprocess.run(
            [*JETSET, "join", f"127.0.0.1:{port}", "--bot", "greedy", "--json"],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
            check=False,
        )
        assert joined.returncode == 0, joined.stderr
        host.wait(timeout=30)
    finally:
        host.kill()
        host.communicate()


def environment(home: Path, jetset_home: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (*USER_DIRS, "JETSET_HOME")}
    env["HOME"] = str(home)
    if jetset_home is not None:
        env["JETSET_HOME"] = str(jetset_home)
    return env


def everything_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_a_hosted_game_writes_only_under_jetset_home(tmp_path: Path) -> None:
    home, jetset_home = tmp_path / "home", tmp_path / "jetset"
    home.mkdir()
    play_a_hosted_game(environment(home, jetset_home))
    assert everything_in(home) == []
    kept = everything_in(jetset_home)
    assert any(p.startswith("games/") and p.endswith(".jetset") for p in kept), kept
    assert "logs/host.log" in kept and "logs/join.log" in kept, kept


def test_without_jetset_home_the_same_game_goes_to_the_user_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    play_a_hosted_game(environment(home, None))
    kept = everything_in(home / ".local" / "share" / "jetset")
    assert any(p.startswith("games/") and p.endswith(".jetset") for p in kept), kept
