"""Issue 15, item 7: ``jetset join`` ends with a sentence and the right exit code: 0 when the host
pauses the game, 1 with "the host closed the connection" when the host vanishes (kill -9); never
a raw dict, a traceback or an exception's name. ``--json`` keeps its shape."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

from .procs import JETSET, start_host, wait_for_entries

JSON_KEYS = {
    "ok", "seat", "name", "entries", "digest", "scores", "winners", "commitment_ok", "replay_ok",
    "desync", "error",
}  # fmt: skip

TECHNICAL = ("{", "Traceback", "ConnectionClosed", "bytes read", "FAILED", "Error")


def join(port: int, *args: str) -> subprocess.Popen[str]:
    """``jetset join`` as a person types it (no --json), playing as a bot so no screen is needed."""
    return subprocess.Popen(
        [*JETSET, "join", f"127.0.0.1:{port}", "--bot", "greedy", "--delay", "0.02", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def last_line(proc: subprocess.Popen[str]) -> tuple[str, str]:
    out, err = proc.communicate(timeout=60)
    lines = out.strip().splitlines()
    return (lines[-1] if lines else ""), err


def assert_plain(text: str) -> None:
    for word in TECHNICAL:
        assert word not in text, (word, text)


def test_the_host_pauses_the_joiner_ends_normally_and_knows_how_to_come_back(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "3", "--bots", "greedy", "--log", str(log))
    person = join(port)
    script = join(port, "--json")
    wait_for_entries(log, 12)
    host.send_signal(signal.SIGINT)  # --headless: Ctrl+C pauses the game
    out, err = host.communicate(timeout=30)
    assert host.returncode == 0, err
    assert "jetset host: the game is paused at turn " in out, out  # as players count, not entries
    assert f"jetset host --resume {log}" in out
    assert_plain(err)

    said, err = last_line(person)
    assert person.returncode == 0, (said, err)
    back = f"jetset join 127.0.0.1:{port} takes your seat back"
    assert said == f"jetset join: the host paused the game; then {back}"
    assert "--resume" not in said and str(log.parent) not in said  # the host's folders: theirs
    assert "Traceback" not in err

    result, _ = last_line(script)
    summary = json.loads(result)
    assert set(summary) == JSON_KEYS and summary["ok"] is False
    assert summary["error"].startswith("the host paused the game")
    assert script.returncode == 0


def test_a_host_that_vanishes_is_the_host_closed_the_connection(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    person = join(port, "--reconnect-for", "1")
    wait_for_entries(log, 12)
    host.send_signal(signal.SIGKILL)
    host.wait(10)
    said, err = last_line(person)
    assert person.returncode == 1
    assert said.startswith("jetset join: the host closed the connection"), said
    assert_plain(said)
    assert "Traceback" not in err and "ConnectionClosed" not in err, err
