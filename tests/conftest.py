"""Shared test settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.register_profile("long", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def quicker_pilot() -> None:
    """Textual's Pilot waits for the app to go idle after each key it presses, and twice a key,
    in steps of 20 ms (``textual._wait.SLEEP_GRANULARITY``): a whole game typed key by key spent
    two thirds of its time asleep. Steps of 5 ms keep the same test of idleness (under 1 ms of
    the process's CPU time in a step, ``SLEEP_IDLE``, unchanged) and took the slowest test from
    41 s to 15 s. Textual's private name, so checked: a rename fails every test run at once."""
    from textual import _wait

    assert isinstance(getattr(_wait, "SLEEP_GRANULARITY", None), float), "textual._wait changed"
    _wait.SLEEP_GRANULARITY = 0.005


quicker_pilot()


USER_DIRS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")
"""Where platformdirs would look instead of ``HOME``: unset for the session, so that ``HOME``
decides every user folder."""


def pytest_configure(config: pytest.Config) -> None:
    """Every test, and every process a test starts, keeps its files (saved games, seat keys, log
    files) in one temporary folder, ``JETSET_HOME``, never in the user's real data folder. The
    session's ``HOME`` is an empty temporary folder too, which must stay empty: anything written
    there (a path that ignores ``JETSET_HOME``) fails the suite (``pytest_sessionfinish``)."""
    import tempfile

    os.environ["JETSET_HOME"] = tempfile.mkdtemp(prefix="jetset-home-")
    os.environ["HOME"] = tempfile.mkdtemp(prefix="jetset-user-home-")
    for name in USER_DIRS:
        os.environ.pop(name, None)


def written_to_home() -> list[str]:
    """What the suite left in its ``HOME`` (relative paths, sorted; empty when all is well)."""
    home = Path(os.environ["HOME"])
    return sorted(str(p.relative_to(home)) for p in home.rglob("*"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the suite if anything was written to the user's folders rather than JETSET_HOME."""
    if "jetset-user-home-" not in os.environ.get("HOME", ""):
        return
    written = written_to_home()
    if written:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            listing = "\n  ".join(written[:20])
            said = f"the tests wrote into HOME, not JETSET_HOME:\n  {listing}"
            reporter.write_line(said, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    import shutil

    home = os.environ.pop("JETSET_HOME", "")
    if home and "jetset-home-" in home:
        shutil.rmtree(home, ignore_errors=True)
    user_home = os.environ.get("HOME", "")
    if "jetset-user-home-" in user_home:
        shutil.rmtree(user_home, ignore_errors=True)
