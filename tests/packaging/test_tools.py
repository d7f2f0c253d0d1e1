"""``uv tool install .`` and ``pipx install .`` from a clone, as the README says, put a working
``jetset`` in the tool's folder of commands. The tools themselves are installed into a venv of the
test's own, and every folder they write is the test's (never the user's PATH or tool homes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.helpers import copy_project, fresh_venv, run

SLOW = os.environ.get("JETSET_SLOW") == "1"
SELFPLAY = ["selfplay", "--players", "2", "--games", "1", "--seed", "tools"]


def tool_env(tmp_path: Path) -> dict[str, str]:
    """The tools' homes, caches and command folders inside ``tmp_path``."""
    homes = {
        "UV_TOOL_DIR": "uv-tools",
        "UV_TOOL_BIN_DIR": "uv-bin",
        "UV_CACHE_DIR": "uv-cache",  # else ~/.cache/uv, which the suite's HOME guard refuses
        "PIPX_HOME": "pipx-home",
        "PIPX_BIN_DIR": "pipx-bin",
        "PIPX_MAN_DIR": "pipx-man",
    }
    return {**os.environ, **{name: str(tmp_path / folder) for name, folder in homes.items()}}


def installs_jetset(
    command: list[str | Path], bin_dir: Path, clone: Path, env: dict[str, str]
) -> None:
    """Install the clone with ``command`` and check the ``jetset`` it put in ``bin_dir``."""
    done = subprocess.run(
        [*map(str, command), str(clone)], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    jetset = bin_dir / "jetset"
    assert jetset.exists(), sorted(p.name for p in bin_dir.iterdir())
    assert run([jetset, "--help"], cwd=bin_dir).startswith("usage: jetset ")
    expected = run([sys.executable, "-m", "jetset_tui", *SELFPLAY])
    assert run([jetset, *SELFPLAY], cwd=bin_dir) == expected


@pytest.mark.slow
def test_uv_tool_and_pipx_install_the_jetset_command(tmp_path: Path) -> None:
    """Short form: uv alone (seconds); ``JETSET_SLOW=1``: pipx too."""
    clone = copy_project(tmp_path)
    tools = fresh_venv(tmp_path / "tools")
    run([tools / "python", "-m", "pip", "install", "-q", "uv", *(["pipx"] if SLOW else [])])
    env = tool_env(tmp_path)
    installs_jetset([tools / "uv", "tool", "install"], tmp_path / "uv-bin", clone, env)
    if SLOW:
        installs_jetset([tools / "pipx", "install"], tmp_path / "pipx-bin", clone, env)
