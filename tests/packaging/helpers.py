"""A copy of the project in a temporary folder, and fresh venvs: packaging tests build and
install for real there, never in the clone under test (a build leaves ``build/`` and
``*.egg-info`` behind) and never in the venv running the tests."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
BIN = "Scripts" if sys.platform == "win32" else "bin"
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)


def copy_project(into: Path) -> Path:
    """The working tree as a fresh clone would have it, without venvs, caches and builds."""
    folder = into / "jetset-clone"
    shutil.copytree(ROOT, folder, ignore=LEFT_OUT)
    return folder


def fresh_venv(folder: Path) -> Path:
    """A new venv with pip and nothing else; its folder of commands."""
    venv.EnvBuilder(with_pip=True).create(folder)
    return folder / BIN


def run(command: list[str | Path], cwd: Path | None = None) -> str:
    """Run to the end (bounded), fail with its output if it fails; its stdout."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def tasks_module() -> ModuleType:
    """The repository's tasks.py, imported as a module."""
    spec = importlib.util.spec_from_file_location("jetset_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
