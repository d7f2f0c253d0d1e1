"""``engine``'s re-exports are imported when first asked for (engine/__init__.py, PEP 562): every
name in ``__all__`` still comes from ``from engine import X``, as the object its module defines,
and a program asking for one name loads that name's module, not the whole engine."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import engine


@pytest.mark.parametrize("name", engine.__all__)
def test_every_name_comes_from_the_package(name: str) -> None:
    value = getattr(engine, name)
    home = getattr(value, "__module__", None)
    if home is not None and home.startswith("engine.") and not isinstance(value, str):
        assert getattr(importlib.import_module(home), name, value) is value
    assert name in dir(engine)


def test_a_name_that_is_not_there_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        engine.Gmae  # noqa: B018 - the lookup is the test
    with pytest.raises(ImportError):
        exec("from engine import Gmae")


def loaded_after(code: str) -> set[str]:
    """The engine's modules a fresh interpreter has loaded after running ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(*sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {m for m in out if m == "engine" or m.startswith("engine.")}


def test_asking_for_options_loads_no_game() -> None:
    loaded = loaded_after("from engine import Options")
    assert "engine.jetset.options" in loaded
    assert (
        not {
            "engine.jetset.game",
            "engine.jetset.dealer",
            "engine.jetset.notation",
            "engine.jetset.bots",
        }
        & loaded
    )
    assert loaded_after("import engine") == {"engine"}


def test_star_import_gives_every_name() -> None:
    names: dict[str, object] = {}
    exec("from engine import *", names)
    assert set(engine.__all__) <= set(names)
