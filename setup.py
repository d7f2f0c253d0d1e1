"""The build's one switch: ``JETSET_COMPILE=1`` compiles the engine with mypyc.

Without it (the default) Jet Set is pure Python. With it, the modules in ``COMPILED`` become C
extensions, which replay a game in about half the time, with the same behaviour: the same
digests, errors and logs (docs/architecture.md, "The compiled engine"). Compiling needs mypy and
a C compiler in the build environment, so build without isolation, and never editable (a
compiled module in the source tree would be imported instead of the ``.py`` file being edited):

    pip install mypy setuptools msgpack-types
    JETSET_COMPILE=1 pip install --no-build-isolation .

``python3 tasks.py compiled`` does all of that into ``.venv-compiled``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent

INTERPRETED = {
    "engine/__init__.py",
    "engine/values.py",
    "engine/errors.py",
    "engine/table.py",
    "engine/platform.py",
}
"""``value`` carries ``typing.dataclass_transform``, which cannot mark a compiled function;
the refusals' ``Word`` and ``Reason`` are ``str`` subclasses, which mypyc cannot compile (and a
refusal is no hot path); the package's re-exports are imported when first asked for, by a
module ``__getattr__`` (PEP 562), a plain module's hook; ``LoggedTable`` is subclassed by games
outside the compiled engine (Jet Lag's ``Table``), which a compiled class does not allow; the
platform's protocols are checked at run time (``runtime_checkable``), which needs real
``Protocol`` classes, not compiled ones."""

MYPY_OPTIONS = ["--config-file=", "--always-true=MYPYC"]
"""mypyc's own mypy run: not pyproject.toml's settings, which tell the type checker that
``MYPYC`` is false; here it is true, so the values are dataclasses to mypyc (engine/values.py)."""

COMPILED = [
    *sorted(
        name
        for folder in ("engine", "engine/jetset", "engine/jetset/rules")
        for p in (ROOT / folder).glob("*.py")
        if (name := p.relative_to(ROOT).as_posix()) not in INTERPRETED
    ),
    "engine/jetset/bots/planning.py",
    "engine/jetset/bots/sampling.py",
    "netcode/logerrors.py",
    "netcode/logfile.py",
    "netcode/logheader.py",
    "netcode/replay.py",
]
"""What replaying a log runs: every rule, the dealer, the notation, the log reader; and where
the bots spend their time: route-finding and sampling (with the engine alone compiled, games
between bots were no faster). The bot classes, the network and the app stay Python (they call
into these; a bot of your own subclasses ``engine.jetset.bots.Bot``)."""

EDITABLE_COMMANDS = ("editable_wheel", "develop")
"""What setuptools runs for ``pip install -e``."""


def extensions() -> list[object]:
    if os.environ.get("JETSET_COMPILE") != "1":
        return []
    if any(command in sys.argv for command in EDITABLE_COMMANDS):
        sys.exit("JETSET_COMPILE=1 builds a non-editable install only (see setup.py)")
    from mypyc.build import mypycify

    return list(mypycify([*MYPY_OPTIONS, *COMPILED], opt_level="3"))


if __name__ == "__main__":  # as setuptools runs it; tests import COMPILED from here
    ext_modules = extensions()
    from setuptools import setup

    setup(ext_modules=ext_modules)
