"""One way for every long-running command (``play``, ``host``, ``join``, ``ssh-server``) to keep
its diagnostics: a log file in the user's data directory, ``-v`` for more of it, ``--debug`` for
the details and tracebacks on stderr too. The screen shows sentences; the details go here.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from jetset_tui.i18n import _

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_BYTES = 10 * 1024 * 1024
LOG_BACKUPS = 3
"""A command's log file is rotated at 10 MiB, three old ones kept: strangers' connections each
write a line, and a full disk would pause the games beside it (docs/security.md)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``-v`` and ``--debug`` for a long-running command."""
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help=_("more detail in the log file")
    )
    parser.add_argument(
        "--debug", action="store_true", help=_("details and tracebacks on stderr too")
    )


class _StderrHandler(logging.Handler):
    """Writes to whatever ``sys.stderr`` is at the time (the app captures it while it runs)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:  # logging never raises
            self.handleError(record)


class PrivateLogFile(RotatingFileHandler):
    """A rotating log file that only its user may read (0600, in a 0700 folder): it names
    players, their addresses and the commands that resume games (another user of a shared
    machine read them; docs/security.md)."""

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.fchmod(fd, 0o600)  # one an older jetset wrote
        return open(fd, "a", encoding=self.encoding, errors=self.errors)  # as its base opens it


_current: Path | None = None
"""The log file ``configure`` chose."""


def log_path(command: str) -> Path:
    from netcode.userdirs import logs_dir

    return logs_dir() / f"{command}.log"


def configure(command: str, args: argparse.Namespace, path: Path | None = None) -> Path:
    """Send the ``jetset`` loggers to ``path`` (default: ``<logs_dir>/<command>.log``): INFO, or
    DEBUG with ``-v``; with ``--debug`` to stderr as well. Returns the file's path."""
    path = path or log_path(command)
    verbose = int(getattr(args, "verbose", 0) or 0)
    debug = bool(getattr(args, "debug", False))
    root = logging.getLogger("jetset")
    for old in list(root.handlers):  # configured once per process
        root.removeHandler(old)
        old.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handler: logging.Handler = PrivateLogFile(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError:
        handler = logging.NullHandler()  # no log file is no reason not to play
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose or debug else logging.INFO)
    if debug:
        stderr = _StderrHandler()
        stderr.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(stderr)
    root.propagate = False
    global _current
    _current = path
    return path


def debugging(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "debug", False))


def failed(command: str, args: argparse.Namespace, exc: BaseException) -> int:
    """An unexpected failure: a sentence on stderr, the traceback in the log file (and on stderr
    with ``--debug``, where it is raised again). The exit code."""
    logging.getLogger("jetset").error("%s failed", command, exc_info=exc)
    if debugging(args):
        raise exc
    where = _current or log_path(command)
    said = _("something went wrong and it stopped; the details are in {file}")
    print(f"jetset {command}: {said.format(file=where)}", file=sys.stderr)
    return 1
