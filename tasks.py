"""Set up and run the project with nothing but Python 3.11+: the README's two commands.

python3 tasks.py play [ARGS...]       create .venv, install, and open the game (ARGS go to jetset)
python3 tasks.py test [ARGS...]       create .venv, install, then ruff, mypy and pytest; then,
                                      where there is a C compiler, the engine's tests again on
                                      the compiled engine
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
STAMP = VENV / ".installed"
COMPILED = ROOT / ".venv-compiled"
COMPILED_BIN = COMPILED / ("Scripts" if os.name == "nt" else "bin")
COMPILED_STAMP = COMPILED / ".built-from"
BUILD_TOOLS = ["setuptools>=77", "mypy>=2.4,<3", "msgpack-types>=0.3"]
"""What ``JETSET_COMPILE=1`` needs in the build environment (setup.py)."""
COMPILED_TESTS = ["tests/engine", "tests/replays", "tests/net", "tests/bots"]
"""The tests run a second time on the compiled engine: every rule, log, table and bot."""


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
        pure = {k: v for k, v in os.environ.items() if k != "JETSET_COMPILE"}  # never in place
        run([str(BIN / "python"), "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"], pure)
        STAMP.touch()


def run(cmd: list[str], env: dict[str, str] | None = None) -> None:
    code = subprocess.call(cmd, cwd=ROOT, env=env)
    if code:
        sys.exit(code)


def sources_fingerprint() -> str:
    """A hash of everything a non-editable install copies: a change means a new build."""
    digest = hashlib.sha256(str(ROOT).encode())  # the .pth file below names the checkout
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
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py runs under any python3
        sys.exit(f"Jet Set needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not have_c_compiler():
        sys.exit("the compiled engine needs a C compiler (gcc or clang) and Python's headers")
    python = str(COMPILED_BIN / "python")
    if not (COMPILED_BIN / "python").exists():
        print("creating .venv-compiled ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(COMPILED)
    fingerprint = sources_fingerprint()
    if COMPILED_STAMP.exists() and COMPILED_STAMP.read_text() == fingerprint:
        return
    print("compiling the engine with mypyc into .venv-compiled (a minute or two) ...", flush=True)
    run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"])
    run([python, "-m", "pip", "install", "-q", *BUILD_TOOLS, *requirements()])
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


def requirements() -> list[str]:
    """The project's dependencies and its test tools, as pyproject.toml lists them."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["dev"]]


def compiled_env() -> dict[str, str]:
    """Python started without the working directory on its path (``-P`` for every process a
    benchmark starts too), so ``engine`` is the compiled one and not the sources."""
    return {**os.environ, "PYTHONSAFEPATH": "1", "JETSET_EXPECT_COMPILED": "1"}


def have_c_compiler() -> bool:
    return any(shutil.which(cc) for cc in (os.environ.get("CC", "cc"), "gcc", "clang"))


def play(args: list[str]) -> None:
    ensure_venv()
    os.execv(str(BIN / "jetset"), [str(BIN / "jetset"), *args])


def test(args: list[str]) -> None:
    ensure_venv()
    run([str(BIN / "ruff"), "check", "."])
    run([str(BIN / "ruff"), "format", "--check", "."])
    run([str(BIN / "mypy")])
    run([str(BIN / "python"), "-m", "pytest", *args])
    if args:
        return  # a chosen test, for the pure engine only
    if not have_c_compiler():
        print("no C compiler found: the compiled engine was not built or tested", flush=True)
        return
    ensure_compiled()
    pytest = [str(COMPILED_BIN / "python"), "-m", "pytest", "-p", "no:cacheprovider"]
    run([*pytest, "--import-mode=append", *COMPILED_TESTS], compiled_env())


def compiled(args: list[str]) -> None:
    ensure_compiled()
    env = compiled_env()
    if args[:1] == ["-m"]:
        python = str(COMPILED_BIN / "python")
        os.execve(python, [python, *args], env)
    os.execve(str(COMPILED_BIN / "jetset"), [str(COMPILED_BIN / "jetset"), *args], env)


def main() -> None:
    commands = {"play": play, "test": test, "compiled": compiled}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
