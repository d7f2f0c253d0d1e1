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
python3 tasks.py i18n                 extract every catalog's messages from the sources, update the
                                      .po files (docs/translating.md) and compile them to .mo
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
    *("tests/engine", "tests/platform", "tests/replays", "tests/bots"),
    *COMPILED_NET_TESTS,
    *("tests/tui/test_actions.py", "tests/tui/test_game.py"),
]
"""The tests run a second time on the compiled engine: every rule, log and bot, every game's
options and wire entries (a hostile one refused alike in both builds), the table's games, and
the app's actions and whole games."""

LOCALE = ROOT / "jetset_tui" / "locale"
LANGUAGES = {"it": "nplurals=2; plural=(n != 1);"}
"""The languages with catalogs (English is the source text itself), and their plural rule as
gettext writes it (CLDR gives Italian a third form for millions, which no message needs)."""
DOMAINS: dict[str, tuple[str, ...]] = {
    "start": (
        *("jetset_tui/cli.py", "jetset_tui/commands", "jetset_tui/ssh", "jetset_tui/web"),
        *("jetset_tui/screens/start.py", "jetset_tui/screens/new_game.py"),
        *("jetset_tui/screens/load.py", "jetset_tui/screens/remote_lobby.py"),
        *("jetset_tui/version.py", "jetset_tui/diagnostics.py", "jetset_tui/bot_plugins.py"),
        *("jetset_tui/i18n.py", "jetset_tui/cities.py", "jetset_tui/argparse_words.py"),
    ),
    "game": ("jetset_tui/screens", "jetset_tui/widgets"),
    "play": ("jetset_tui",),
    "engine": ("engine", "netcode"),  # the rules' refusals, and netcode's (taking a move back)
}
"""Each catalog (gettext domain) and the sources it covers. A file belongs to the first domain
that names it or a folder above it, in this order; "play" takes the rest of jetset_tui/."""
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "illegal": None,
    "refused": None,
    "IllegalAction": (2,),
    "NotationError": None,
    "OptionError": None,
    "option_text": None,
    "Reason": None,
    "Word": None,
    "rule_name": None,
}
"""The functions whose string arguments are messages (Babel's keyword specs)."""


def workers(per_core: int = 2) -> list[str]:
    """The suite on ``per_core`` pytest workers a core (two to four). The pure suite's worker
    spends more than half its time waiting on real sockets, processes and the app's timers (each
    of two workers kept its core 40-50% busy), so on CI's two cores four workers ran it in 436 s
    where two took 692 s (2026-12-07); the compiled run is the engine's tests and bots, busy
    all the time, so it keeps one a core. A file's tests stay on one worker (``loadfile``):
    they share its fixtures."""
    n = max(2, min(4, per_core * (os.cpu_count() or 1)))
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
    purelib = subprocess.check_output(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
    ).strip()
    for package in ("engine", "netcode", "jetset_tui", "data"):  # no module compiled before
        shutil.rmtree(Path(purelib, package), ignore_errors=True)  # and Python now shadows it
    build = ["install", "-q", "--no-build-isolation", "--no-deps", "--force-reinstall"]
    run([python, "-m", "pip", *build, str(ROOT)], {**os.environ, "JETSET_COMPILE": "1"})
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    # The repository itself on the path after the installed packages: its tests and benchmarks
    # import, and ``engine`` still comes from the compiled install.
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
    run([*pytest, *workers(per_core=1), "--import-mode=append", *COMPILED_TESTS], compiled_env())


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


def domain_of(path: Path) -> str | None:
    """The catalog ``path`` (a source file) belongs to, or None (not a player's text)."""
    relative = path.resolve().relative_to(ROOT).as_posix()
    for domain, sources in DOMAINS.items():
        if any(relative == s or relative.startswith(s + "/") for s in sources):
            return domain
    return None


def domain_files(domain: str) -> list[Path]:
    """The Python sources of ``domain``, sorted."""
    found: set[Path] = set()
    for source in DOMAINS[domain]:
        path = ROOT / source
        found.update([path] if path.is_file() else path.rglob("*.py"))
    return sorted(p for p in found if domain_of(p) == domain and "__pycache__" not in p.parts)


def extract(domain: str) -> Any:
    """``domain``'s messages, read from its sources: a Babel catalog (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    template = Catalog(project="Jet Set", domain=domain, fuzzy=False)
    for path in domain_files(domain):
        relative = path.relative_to(ROOT).as_posix()
        for line, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            template.add(
                message, locations=[(relative, line)], auto_comments=comments, context=context
            )
    return template


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def compiled_mo(po: Path) -> bytes:
    """The .mo that ``po`` compiles to (fuzzy translations left out, as gettext does)."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def update_catalogs() -> None:
    """Every domain's .po brought up to its sources, and compiled; runs inside .venv (Babel).
    A .po is written only when its messages changed, so catalogs do not churn on dates."""
    import io

    from babel.messages.pofile import read_po, write_po

    for domain in DOMAINS:
        template = extract(domain)
        for language in LANGUAGES:
            po = po_path(language, domain)
            if po.exists():
                with po.open("rb") as handle:
                    catalog = read_po(handle, locale=language, domain=domain)
            else:
                po.parent.mkdir(parents=True, exist_ok=True)
                catalog = new_catalog(language, domain)
            before = po.read_bytes() if po.exists() else b""
            catalog.update(template, update_creation_date=False)
            out = io.BytesIO()
            write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)
            if out.getvalue() != before:
                po.write_bytes(out.getvalue())
            missing = sum(1 for m in catalog if m.id and not translated(m))
            mo = po.with_suffix(".mo")
            mo.write_bytes(compiled_mo(po))
            print(f"{po.relative_to(ROOT)}: {len(catalog)} messages, {missing} untranslated")


def new_catalog(language: str, domain: str) -> Any:
    """An empty catalog for ``language``'s ``domain``, its header filled in."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        locale=language,
        domain=domain,
        project="Jet Set",
        version="0.1",
        copyright_holder="Jet Set's authors",
        msgid_bugs_address="see docs/translating.md",
        last_translator="Jet Set's translators",
        language_team=f"{language} (docs/translating.md)",
        fuzzy=False,
    )
    catalog.mime_headers = [("Plural-Forms", LANGUAGES[language])]
    return catalog


def translated(message: Any) -> bool:
    """Whether a catalog's message has every form translated, and is not marked fuzzy."""
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(forms) and not message.fuzzy


def i18n(args: list[str]) -> None:
    ensure_venv("dev")
    run([str(BIN / PYTHON), str(ROOT / "tasks.py"), "i18n-in-venv", *args])


def main() -> None:
    commands = {
        "play": play,
        "test": test,
        "compiled": compiled,
        "i18n": i18n,
        "i18n-in-venv": lambda args: update_catalogs(),
    }
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
