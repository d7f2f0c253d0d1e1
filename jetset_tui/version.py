"""``jetset --version``: the version of the installed distribution that provides this package.

The distribution is found from the package's name (``importlib.metadata``), not written here, so
renaming the distribution in pyproject.toml changes nothing in the code.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

PACKAGE = __name__.partition(".")[0]


def installed_version(package: str = PACKAGE) -> str:
    """``NAME VERSION`` of the distribution that provides ``package``; ``unknown`` when it is
    not installed (run from a source tree that was never installed). ``importlib.metadata``
    is imported here, when asked: it costs every start of ``jetset`` tens of milliseconds."""
    from importlib import metadata

    names = metadata.packages_distributions().get(package, [])
    for name in sorted(set(names)):
        try:
            return f"{name} {metadata.version(name)}"
        except metadata.PackageNotFoundError:
            continue
    return f"{package} (version unknown: not installed)"


class VersionAction(argparse.Action):
    """``--version``: print the installed version and exit 0, looked up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("help", "print the installed version and exit")
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(installed_version())
        parser.exit(0)
