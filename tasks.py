"""Set up and run the project with nothing but Python 3.11+: the README's two commands.

python3 tasks.py play [ARGS...]       create .venv, install, and open the game (ARGS go to jetset)
python3 tasks.py test [ARGS...]       create .venv, install, then ruff, mypy and pytest; then,
                                      where a C compiler and Python's headers are found, the
                                      engine's tests again on the compiled engine (not when
                                      ARGS choose tests or pytest flags: pure Python only)
python3 tasks.py compiled [ARGS...]   jetset with the engine compiled by mypyc (.venv-compiled)
python3 tasks.py compiled -m MODULE   a module of this repository (a benchmark) on that engine
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = "python.exe" if os.name == "nt" else "python"
STAMP = VENV / ".installed"
COMPILED = ROOT / ".venv-compiled"
COMPILED_BIN = COMPILED / ("Scripts" if os.name == "nt" else "bin")
COMPILED_STAMP = COMPILED / ".built-from"
TOOLS_STAMP = COMPILED / ".tools-from"
BUILD_TOOLS = ["setuptools>=77", "mypy>=2.4,<3", "msgpack-types>=0.3"]
"""What ``JETSET_COMPILE=1`` needs in the build environment (setup.py)."""
COMPILED_TESTS = [
    *("tests/engine", "tests/replays", "tests/net", "tests/bots"),
    *("tests/tui/test_actions.py", "tests/tui/test_game.py"),
]
"""The tests run a second time on the compiled engine: every rule, log, table and bot, and the
app's actions and whole games."""


def require_python() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py runs under any python3
        sys.exit(f"Jet Set needs Python 3.11 or newer; this is {sys.version.split()[0]}")


def pure_env() -> dict[str, str]:
    """The environment of the pure build: never compiled in place, never expected compiled."""
    return {
        k: v for k, v in os.environ.items() if k not in ("JETSET_COMPILE", "JETSET_EXPECT_COMPILED")
    }


def ensure_venv() -> None:
    require_python()
    if not (BIN / PYTHON).exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pyproject = ROOT / "pyproject.toml"
    if not STAMP.exists() or STAMP.stat().st_mtime < pyproject.stat().st_mtime:
        print("installing jetset and its test tools into .venv ...", flush=True)
        run([str(BIN / PYTHON), "-m", "pip", "install", "-q", "--upgrade", "pip"])
        run([str(BIN / PYTHON), "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"], pure_env())
        STAMP.touch()


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
    if not (COMPILED_BIN / PYTHON).exists():
        print("creating .venv-compiled ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(COMPILED)
    tools = "\n".join([sys.version, *BUILD_TOOLS, *requirements()])
    if read(TOOLS_STAMP) != tools:  # the network only when these change, not on every rebuild
        run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"])
        run([python, "-m", "pip", "install", "-q", *BUILD_TOOLS, *requirements()])
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


def requirements() -> list[str]:
    """The project's dependencies and its test tools, as pyproject.toml lists them."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["dev"]]


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
    ensure_venv()
    os.execv(str(BIN / "jetset"), [str(BIN / "jetset"), *args])


def test(args: list[str]) -> None:
    ensure_venv()
    run([str(BIN / "ruff"), "check", "."])
    run([str(BIN / "ruff"), "format", "--check", "."])
    run([str(BIN / "mypy")])
    run([str(BIN / PYTHON), "-m", "pytest", *args], pure_env())
    if args:
        return  # chosen tests or flags: the pure engine only
    if not can_compile():
        print("no C compiler or Python headers: the compiled engine was not tested", flush=True)
        return
    ensure_compiled()
    pytest = [str(COMPILED_BIN / PYTHON), "-m", "pytest", "-p", "no:cacheprovider"]
    run([*pytest, "--import-mode=append", *COMPILED_TESTS], compiled_env())


def compiled(args: list[str]) -> None:
    ensure_compiled()
    env = compiled_env()
    if args[:1] == ["-m"]:
        python = str(COMPILED_BIN / PYTHON)
        os.execve(python, [python, *args], env)
    os.execve(str(COMPILED_BIN / "jetset"), [str(COMPILED_BIN / "jetset"), *args], env)


def main() -> None:
    commands = {"play": play, "test": test, "compiled": compiled}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
