"""Running ``jetset host`` and ``jetset join`` as subprocesses on 127.0.0.1."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

JETSET = [sys.executable, "-m", "jetset_tui"]


def start_host(*args: str) -> tuple[subprocess.Popen[str], int]:
    """``jetset host --headless --bind 127.0.0.1 ARGS``; the process and the port it took."""
    proc = subprocess.Popen(
        [*JETSET, "host", "--headless", "--bind", "127.0.0.1", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()  # with --json, a JSON line: {"listening": "127.0.0.1:N", ...}
    match = re.search(r'listening(?: on |":")127\.0\.0\.1:(\d+)', line)
    if match is None:
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError(f"the host did not start: {line!r} {err!r}")
    return proc, int(match.group(1))


def start_join(port: int, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*JETSET, "join", f"127.0.0.1:{port}", "--json", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def json_result(proc: subprocess.Popen[str], timeout: float = 60) -> dict[str, Any]:
    out, err = proc.communicate(timeout=timeout)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    assert lines, f"no JSON from {proc.args!r}: {out!r} {err!r}"
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def replay_json(log: Path) -> dict[str, Any]:
    out = subprocess.run(
        [*JETSET, "replay", str(log), "--verify", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def wait_for_entries(log: Path, count: int, timeout: float = 30) -> int:
    """Until the log file holds at least ``count`` entries; how many it holds."""
    from netcode.logfile import LogFormatError, read_log

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            held = len(read_log(log).records)
        except (OSError, LogFormatError):
            held = 0
        if held >= count:
            return held
        time.sleep(0.02)
    raise AssertionError(f"{log} never reached {count} entries")
