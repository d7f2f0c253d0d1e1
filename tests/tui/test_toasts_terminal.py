"""Notices leave nothing on the terminal when they go, however many came at once: a flurry of
twelve (more than an 80×24 screen can stack) in the real app, in a real tmux pane, read back
from the pane once every one has expired (``jetset_tui/toasts.py``; without it, textual 8.2 left
the last six drawn)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

# .ci/run installs tmux; under CI (CI=true) this runs or fails, elsewhere it needs tmux.
pytestmark = pytest.mark.skipif(
    not shutil.which("tmux") and not os.environ.get("CI"), reason="needs tmux (.ci/run installs it)"
)

FLURRY = """
from jetset_tui.app import JetSetApp

app = JetSetApp()


def flurry() -> None:
    for i in range(12):
        app.set_timer(0.15 * i, lambda i=i: app.notify(f"notice number {i}", timeout=1.5))


app.call_later(flurry)
app.run()
"""


@pytest.fixture
def tmux_socket() -> Iterator[str]:
    """A tmux server of this test's own (its panes see none of the user's)."""
    socket = f"jetset-toasts-{os.getpid()}"
    yield socket
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def pane_text(socket: str) -> str:
    out = subprocess.run(
        ["tmux", "-L", socket, "capture-pane", "-p", "-t", "toasts"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


def test_a_flurry_of_notices_leaves_no_trace_once_they_expire(
    tmux_socket: str, tmp_path: Path
) -> None:
    script = tmp_path / "flurry.py"
    script.write_text(FLURRY)
    here = {"JETSET_HOME": str(tmp_path / "home"), "PYTHONPATH": os.getcwd()}
    command = shlex.join(
        ["env", *(f"{k}={v}" for k, v in here.items()), sys.executable, str(script)]
    )
    line = f"sleep 0.5; {command}; sleep 60"  # the pane's real size first (test_spectate.py)
    subprocess.run(
        ["tmux", "-L", tmux_socket, "new", "-d", "-s", "toasts", "-x", "80", "-y", "24", line],
        check=True,
    )
    deadline = time.monotonic() + 30
    shown = 0
    while time.monotonic() < deadline and shown < 5:  # the flurry, stacked to the top
        shown = pane_text(tmux_socket).count("notice number")
        time.sleep(0.05)
    assert shown >= 5, pane_text(tmux_socket)
    deadline = time.monotonic() + 5.0  # the last is said at 1.65 s and lives 1.5 s
    while time.monotonic() < deadline and "notice number" in pane_text(tmux_socket):
        time.sleep(0.1)
    time.sleep(0.3)  # and the screen repainted after it went
    text = pane_text(tmux_socket)
    assert "notice number" not in text, text
    assert "▌" not in text, text  # nor the left edge of one
