"""Every long-running command keeps its details in one log file (jetset_tui/diagnostics.py) and
shows people sentences: tracebacks only with --debug."""

from __future__ import annotations

import logging
import logging.handlers
import subprocess
from pathlib import Path

import pytest

from jetset_tui import diagnostics
from jetset_tui.cli import build_parser
from netcode.userdirs import logs_dir

from .procs import JETSET


def test_a_refused_join_is_a_sentence_and_the_details_go_to_the_log_file() -> None:
    run = subprocess.run(
        [*JETSET, "join", "127.0.0.1:1", "--bot", "greedy", "-v"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 1
    said = "jetset join: nobody is hosting at 127.0.0.1:1 (connection refused)\n"
    assert run.stderr == said, run.stderr
    technical = "cannot join 127.0.0.1:1: cannot connect to 127.0.0.1:1: [Errno 111]"
    assert technical in (logs_dir() / "join.log").read_text()


def test_an_unexpected_failure_is_a_sentence_or_with_debug_the_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = logging.getLogger("jetset")
    saved = (list(root.handlers), root.level, root.propagate)
    try:
        args = build_parser().parse_args(["host", "--players", "2", "-v"])
        path = diagnostics.configure("host", args)
        assert path == logs_dir() / "host.log" and root.level == logging.DEBUG
        code = diagnostics.failed("host", args, RuntimeError("a bug"))
        assert code == 1
        said = capsys.readouterr().err
        assert said.startswith("jetset host: something went wrong") and str(path) in said
        assert "RuntimeError" not in said and "a bug" in path.read_text()
        debug = build_parser().parse_args(["host", "--players", "2", "--debug"])
        diagnostics.configure("host", debug)
        with pytest.raises(RuntimeError):
            diagnostics.failed("host", debug, RuntimeError("a bug"))
        assert "RuntimeError: a bug" in capsys.readouterr().err
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
            handler.close()
        handlers, level, propagate = saved
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(level)
        root.propagate = propagate


def test_a_commands_log_file_is_rotated_so_strangers_cannot_fill_the_disk(tmp_path: Path) -> None:
    """Every connection, refused ones too, writes a line: the red team grew `host.log` by 1 GiB
    an hour from 32 addresses, in the folder beside the games (a full disk pauses them). The
    file is rotated at ``LOG_BYTES``, ``LOG_BACKUPS`` old ones kept."""
    import argparse
    import logging.handlers

    path = tmp_path / "logs" / "host.log"
    diagnostics.configure("host", argparse.Namespace(), path)
    log = logging.getLogger("jetset.host")
    handler = logging.getLogger("jetset").handlers[0]
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    handler.maxBytes = 10_000  # as LOG_BYTES, small enough to see it turn
    for i in range(2_000):
        log.info("127.0.0.%d: refused (too many connections from one address)", i % 250)
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == ["host.log", "host.log.1", "host.log.2", "host.log.3"], files
    assert sum(p.stat().st_size for p in path.parent.iterdir()) < 5 * 10_000
    assert diagnostics.LOG_BYTES == 10 * 1024 * 1024 and diagnostics.LOG_BACKUPS == 3
    handler.close()


def test_a_commands_log_file_is_readable_by_its_user_only(tmp_path: Path) -> None:
    """The log names players, their addresses and the command that resumes a game (another
    user of a shared machine read `logs/host.log`, 0644): 0600 in a 0700 folder, rotated
    files too, and one an older jetset left readable is made private when written again."""
    import argparse
    import stat

    folder = tmp_path / "logs"
    folder.mkdir(mode=0o700)
    path = folder / "host.log"
    path.write_text("an older jetset's line\n")
    path.chmod(0o644)
    diagnostics.configure("host", argparse.Namespace(), path)
    handler = logging.getLogger("jetset").handlers[0]
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    handler.maxBytes = 2_000
    for i in range(200):
        logging.getLogger("jetset.host").info("ann at 127.0.0.%d: seated", i)
    handler.close()
    files = sorted(folder.iterdir())
    assert len(files) == 4, files
    assert {stat.S_IMODE(p.stat().st_mode) for p in files} == {0o600}
    fresh = tmp_path / "fresh" / "logs" / "join.log"
    diagnostics.configure("join", argparse.Namespace(), fresh)
    logging.getLogger("jetset.join").info("joined")
    logging.getLogger("jetset").handlers[0].close()
    assert stat.S_IMODE(fresh.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
