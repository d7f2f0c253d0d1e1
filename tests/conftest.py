"""Shared test settings."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.register_profile("long", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config: object) -> None:
    """Every test, and every process a test starts, keeps its files (saved games, seat keys, log
    files) in one temporary folder, never in the user's real data folder."""
    import tempfile

    os.environ["JETSET_HOME"] = tempfile.mkdtemp(prefix="jetset-home-")


def pytest_unconfigure(config: object) -> None:
    import shutil

    home = os.environ.pop("JETSET_HOME", "")
    if home and "jetset-home-" in home:
        shutil.rmtree(home, ignore_errors=True)
