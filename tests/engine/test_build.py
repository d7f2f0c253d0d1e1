"""The build that runs is the build asked for: pure Python by default, every module in setup.py's
``COMPILED`` an extension module under ``python3 tasks.py compiled`` (JETSET_EXPECT_COMPILED=1).

In the pure build this also guards a developer against a compiled module left in the source tree,
which Python would import instead of the ``.py`` file being edited."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import operator
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from engine import Buy, Entry, Options
from engine.jetset import actions
from engine.jetset.selfplay import play_game
from engine.jetset.state import Seat, State

ROOT = Path(__file__).resolve().parents[2]
EXPECT_COMPILED = os.environ.get("JETSET_EXPECT_COMPILED") == "1"


def setup_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("jetset_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def is_extension(module: ModuleType) -> bool:
    return isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)


def test_every_listed_module_is_compiled_exactly_when_the_build_is() -> None:
    compiled = setup_script().COMPILED
    assert "engine/jetset/state.py" in compiled and "netcode/replay.py" in compiled
    for path in compiled:
        module = importlib.import_module(module_name(path))
        assert is_extension(module) == EXPECT_COMPILED, (path, module.__file__)


def test_values_are_equal_and_hashed_by_their_fields_in_either_build() -> None:
    """Compiled, a value must be a dataclass to mypyc (engine/values.py), or ``==`` between two
    values in compiled code is ``is``: the dealer check of a replay compares two entries."""
    interpreted = setup_script().INTERPRETED
    # errors: str subclasses; the package: its re-exports come from a module __getattr__;
    # table: a base for games outside the compiled engine; platform: runtime-checked protocols
    assert interpreted == {
        "engine/__init__.py",
        "engine/values.py",
        "engine/errors.py",
        "engine/table.py",
        "engine/platform.py",
    }
    a, b = Entry(0, Buy(3, 2)), Entry(0, Buy(3, 2))
    assert a is not b and a == b and operator.ne(a, b) is False and hash(a) == hash(b)
    assert a != Entry(0, Buy(3, 1)) and Options(players=3) == Options(players=3)
    assert {a: 1}[b] == 1
    assert actions.MYPYC == EXPECT_COMPILED


def attribute_names(obj: object) -> list[str]:
    """An object's fields, in either build: a compiled class lists them in __mypyc_attrs__."""
    names = getattr(type(obj), "__mypyc_attrs__", None)
    if names is None:
        names = getattr(type(obj), "__slots__", None) or list(vars(obj))
    return sorted(n for n in names if n != "__dict__")


def test_a_copy_carries_every_field_of_the_state_and_its_seats() -> None:
    """``State.copy`` names each field (a compiled class has no ``__dict__`` to copy whole)."""
    state = play_game(Options(players=3), "copy-every-field").state
    copy = state.copy()
    names = attribute_names(state)
    assert len(names) > 20 and "hash" in names and "to_reveal" in names
    for name in names:
        if name != "seats":  # compared field by field below
            assert getattr(copy, name) == getattr(state, name), name
    assert attribute_names(copy.seats[0]) == attribute_names(Seat(0, 0, 0))
    for mine, theirs in zip(copy.seats, state.seats, strict=True):
        for name in attribute_names(mine):
            assert getattr(mine, name) == getattr(theirs, name), name
    assert isinstance(copy, State) and copy.digest() == state.digest()


def test_the_compiled_build_refuses_to_be_editable() -> None:
    """An editable compiled build would leave compiled modules in the source tree."""
    env = {**os.environ, "JETSET_COMPILE": "1"}
    command = [sys.executable, "setup.py", "editable_wheel"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 1
    assert "non-editable install only" in done.stderr
    assert not list(ROOT.glob("engine/*.so"))
