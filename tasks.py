"""Set up and run the project with nothing but Python 3.11+: the README's two commands.

python3 tasks.py play [ARGS...]   create .venv, install, and open the game (ARGS go to jetset)
python3 tasks.py test             create .venv, install, then ruff, mypy and pytest
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"


def ensure_venv() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py runs under any python3
        sys.exit(f"Jet Set needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pyproject = ROOT / "pyproject.toml"
    if not STAMP.exists() or STAMP.stat().st_mtime < pyproject.stat().st_mtime:
        print("installing jetset and its test tools into .venv ...", flush=True)
        run([str(BIN / "python"), "-m", "pip", "install", "-q", "--upgrade", "pip"])
        run([str(BIN / "python"), "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"])
        STAMP.touch()


def run(cmd: list[str]) -> None:
    code = subprocess.call(cmd, cwd=ROOT)
    if code:
        sys.exit(code)


def play(args: list[str]) -> None:
    ensure_venv()
    os.execv(str(BIN / "jetset"), [str(BIN / "jetset"), *args])


def test(args: list[str]) -> None:
    ensure_venv()
    run([str(BIN / "ruff"), "check", "."])
    run([str(BIN / "ruff"), "format", "--check", "."])
    run([str(BIN / "mypy")])
    run([str(BIN / "python"), "-m", "pytest", *args])


def main() -> None:
    commands = {"play": play, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
