"""Set up and run the project with nothing but Python 3.11+: the README's two commands.

python3 tasks.py play [ARGS...]       create .venv with what the game needs, and open the game
                                      (ARGS go to jetset; afterwards .venv/bin/jetset is jetset)
python3 tasks.py test [ARGS...]       create .venv with the test tools too, then ruff, mypy and
                                      pytest; then, where a C compiler and Python's headers are
                                      found, the engine's tests again on the compiled engine (not
                                      when ARGS choose tests or pytest flags: pure Python only)
python3 tasks.py compiled [ARGS...]   jetset with the engine compiled by mypyc (.venv-compiled),
                                      built on the first run (40 s of CPU); with no C compiler,
                                      or if the build fails, the same on the pure engine
python3 tasks.py compiled -m MODULE   a module of this repository (a benchmark) on that engine
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = "python.exe" if os.name == "nt" else "python"
STAMP = VENV / ".installed"
"""Written once .venv holds the project: the extra installed with it ("" or "dev")."""
COMPILED = ROOT / ".venv-compiled"
COMPILED_BIN = COMPILED / ("Scripts" if os.name == "nt" else "bin")
COMPILED_STAMP = COMPILED / ".built-from"
TOOLS_STAMP = COMPILED / ".tools-from"
QUIET_EDITABLE = ["-W", "ignore:Editable installation"]
"""pip without setuptools' note on every editable install, that a folder named like one of our
packages in the working directory is imported first: here they are ours (the README says more)."""
MYPYC_TOOLS = ("mypy", "msgpack-types")
"""What mypyc needs besides the build backend (setup.py), by name: pyproject.toml pins them once,
in the ``dev`` extra."""
COMPILED_NET_TESTS = [
    f"tests/net/test_{name}.py"
    for name in (
        *("games", "legal_turns", "desync", "fair_deal", "repair", "reconnect", "local"),
        *("secrecy", "business_secrecy", "investors_secrecy", "all_modules_secrecy"),
        *("hubs_net", "botplayer"),
        *("messages", "hostile", "fuzz", "soak"),
    )
]
"""The table's tests whose outcome rests on the engine: games played, logs checked, secrets kept,
hostile messages refused. The rest of tests/net (leaving, chat, seat codes, presence, storage,
the command line) is about the table's sessions, the same code whichever engine is imported; it
runs once, on the pure build, which keeps CI's two passes within its time."""
COMPILED_TESTS = [
    *("tests/engine", "tests/replays", "tests/bots"),
    *COMPILED_NET_TESTS,
    *("tests/tui/test_actions.py", "tests/tui/test_game.py"),
]
"""The tests run a second time on the compiled engine: every rule, log and bot, the table's
games, and the app's actions and whole games."""


def workers() -> list[str]:
    """The whole suite on one pytest worker a core (two to four): most of its time is spent
    waiting on real sockets, processes and the app's timers, and CI's machine has two cores.
    A file's tests stay on one worker (``loadfile``): they share its fixtures."""
    n = max(2, min(4, os.cpu_count() or 1))
    return ["-n", str(n), "--dist", "loadfile"]


def require_python() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py runs under any python3
        sys.exit(f"Jet Set needs Python 3.11 or newer; this is {sys.version.split()[0]}")


def pure_env() -> dict[str, str]:
    """The environment of the pure build: never compiled in place, never expected compiled."""
    return {
        k: v for k, v in os.environ.items() if k not in ("JETSET_COMPILE", "JETSET_EXPECT_COMPILED")
    }


def ensure_venv(extra: str) -> None:
    """``.venv`` with the project installed, editable, and ``extra``: "" for the game alone
    (``play``), "dev" for the test tools too (``test``). Installed again when pyproject.toml
    changes; the first install needs the package index."""
    require_python()
    installed = read(STAMP)
    pyproject = ROOT / "pyproject.toml"
    fresh = installed is not None and STAMP.stat().st_mtime >= pyproject.stat().st_mtime
    if fresh and extra in ("", installed) and (BIN / PYTHON).exists():
        return
    make_venv(VENV)
    extra = "dev" if "dev" in (extra, installed) else ""  # never fewer tools than before
    what = "jetset and its test tools" if extra else "jetset (what the game needs)"
    print(f"installing {what} into .venv from the package index ...", flush=True)
    python = str(BIN / PYTHON)
    run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"])
    target = f"{ROOT}[{extra}]" if extra else str(ROOT)
    run([python, *QUIET_EDITABLE, "-m", "pip", "install", "-q", "-e", target], pure_env())
    STAMP.write_text(extra)
    print(next_steps(), flush=True)


def make_venv(folder: Path) -> None:
    """A venv with a working pip at ``folder``: made when missing, and made again when its pip
    does not run (a first run killed while the venv was being made leaves one without pip)."""
    python = folder / BIN.name / PYTHON
    if python.exists() and has_pip(python):
        return
    if python.exists():
        print(f"{folder.name} has no working pip (an interrupted first run?): making it again")
    print(f"creating {folder.name} ...", flush=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(folder)


def has_pip(python: Path) -> bool:
    done = subprocess.run([python, "-m", "pip", "--version"], capture_output=True, check=False)
    return done.returncode == 0


def next_steps() -> str:
    """What the setup commands print once they have installed: how to run ``jetset`` next."""
    jetset = f"{(BIN / 'jetset').relative_to(ROOT)} ARGS"
    activate = "" if os.name == "nt" else f"(or `. {(BIN / 'activate').relative_to(ROOT)}` once)"
    return "\n".join(
        [
            f"jetset is installed in {VENV.name}; from here on, run it as",
            f"  {jetset:<30}  {activate}",
            f"  {'python3 tasks.py play ARGS':<30}  (the same, after checking the install)",
            "or put `jetset` on your PATH, in an environment of its own:",
            f"  {'pipx install .':<30}  (or `uv tool install .`)",
        ]
    )


def run(cmd: list[str], env: dict[str, str] | None = None) -> None:
    code = subprocess.call(cmd, cwd=ROOT, env=env)
    if code:
        sys.exit(code)


def sources_fingerprint() -> str:
    """A hash of everything a non-editable install copies, and of the Python that builds it: a
    change means a new build."""
    digest = hashlib.sha256(f"{ROOT}\0{sys.version}".encode())  # the .pth below names ROOT
    files = [ROOT / "pyproject.toml", ROOT / "setup.py"]
    for package in ("engine", "netcode", "jetset_tui", "data"):
        files += (ROOT / package).rglob("*")
    for path in sorted(f for f in files if f.is_file() and "__pycache__" not in f.parts):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def ensure_compiled() -> None:
    """``.venv-compiled``: the project installed (not editable) with its engine compiled by
    mypyc, rebuilt whenever a source file changes. It is a venv of its own, outside the source
    tree, so that a compiled module never shadows the ``.py`` file a developer is editing."""
    require_python()
    python = str(COMPILED_BIN / PYTHON)
    fingerprint = sources_fingerprint()
    if (COMPILED_BIN / PYTHON).exists() and read(COMPILED_STAMP) == fingerprint:
        return
    if not can_compile():
        sys.exit("the compiled engine needs a C compiler (gcc or clang) and Python's headers")
    make_venv(COMPILED)
    tools = "\n".join([sys.version, *build_tools(), *requirements()])
    if read(TOOLS_STAMP) != tools:  # the network only when these change, not on every rebuild
        run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"])
        run([python, "-m", "pip", "install", "-q", *build_tools(), *requirements()])
        TOOLS_STAMP.write_text(tools)
    print("compiling the engine with mypyc into .venv-compiled (a minute or two) ...", flush=True)
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' and mypyc's work files
    build = ["install", "-q", "--no-build-isolation", "--no-deps", "--force-reinstall"]
    run([python, "-m", "pip", *build, str(ROOT)], {**os.environ, "JETSET_COMPILE": "1"})
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    # The repository itself on the path after the installed packages: its tests and benchmarks
    # import, and ``engine`` still comes from the compiled install.
    purelib = subprocess.check_output(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
    ).strip()
    Path(purelib, "jetset-repository.pth").write_text(f"{ROOT}\n")
    COMPILED_STAMP.write_text(fingerprint)


def read(stamp: Path) -> str | None:
    return stamp.read_text() if stamp.exists() else None


def pyproject() -> dict[str, Any]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def requirements() -> list[str]:
    """The project's dependencies and its test tools, as pyproject.toml lists them."""
    project = pyproject()["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["dev"]]


def build_tools() -> list[str]:
    """What ``JETSET_COMPILE=1`` needs in the build environment (setup.py): the build backend
    and mypyc's tools, with the versions pyproject.toml gives them."""
    dev = pyproject()["project"]["optional-dependencies"]["dev"]
    mypyc = [r for r in dev if re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0] in MYPYC_TOOLS]
    return [*pyproject()["build-system"]["requires"], *mypyc]


def compiled_env() -> dict[str, str]:
    """Python started without the working directory on its path (``-P`` for every process a
    benchmark starts too), so ``engine`` is the compiled one and not the sources."""
    return {**os.environ, "PYTHONSAFEPATH": "1", "JETSET_EXPECT_COMPILED": "1"}


def can_compile() -> bool:
    """A C compiler and this Python's headers, which mypyc's C needs."""
    import sysconfig

    compilers = (os.environ.get("CC", "cc"), "gcc", "clang", "cl")
    headers = Path(sysconfig.get_paths()["include"], "Python.h")
    return any(shutil.which(cc) for cc in compilers) and headers.exists()


def play(args: list[str]) -> None:
    ensure_venv("")
    os.execv(str(BIN / "jetset"), [str(BIN / "jetset"), *args])


def test(args: list[str]) -> None:
    ensure_venv("dev")
    run([str(BIN / "ruff"), "check", "."])
    run([str(BIN / "ruff"), "format", "--check", "."])
    run([str(BIN / "mypy")])
    run([str(BIN / PYTHON), "-m", "pytest", *(args or workers())], pure_env())
    if args:
        return  # chosen tests or flags: the pure engine only
    if not can_compile():
        print("no C compiler or Python headers: the compiled engine was not tested", flush=True)
        return
    ensure_compiled()
    pytest = [str(COMPILED_BIN / PYTHON), "-m", "pytest", "-p", "no:cacheprovider"]
    run([*pytest, *workers(), "--import-mode=append", *COMPILED_TESTS], compiled_env())


def compiled(args: list[str]) -> None:
    """jetset ARGS on the compiled engine, built first when needed; where it cannot be built,
    the game on the pure engine. A module (``-m``) runs compiled or not at all: a benchmark must
    measure what it says."""
    if args[:1] == ["-m"]:
        ensure_compiled()
        python = str(COMPILED_BIN / PYTHON)
        os.execve(python, [python, *args], compiled_env())
    try:
        ensure_compiled()
    except SystemExit as failed:
        why = failed.code if isinstance(failed.code, str) else "the compiled build failed"
        print(f"{why}: playing on the pure-Python engine", file=sys.stderr, flush=True)
        play(args)
    jetset = str(COMPILED_BIN / "jetset")
    os.execve(jetset, [jetset, *args], compiled_env())


def main() -> None:
    commands = {"play": play, "test": test, "compiled": compiled}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
