"""The commands printed to players still work when the game's path holds a space: a shell reads
each one as the command, path whole (``jetset host`` and ``jetset join`` as processes, and the
printed command run through a real ``bash -c``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from jetset_tui.commands.play import in_play_elsewhere, saved_words
from netcode.loglock import LogLock

from .procs import json_result, start_host, start_join

BIN = str(Path(sys.executable).parent)
"""Where ``jetset`` is installed, for the shell that runs a printed command."""


def bash(command: str) -> subprocess.CompletedProcess[str]:
    """``command`` as a player would paste it into a shell, with ``jetset`` on the PATH."""
    env = {**os.environ, "PATH": f"{BIN}:{os.environ.get('PATH', '/usr/bin:/bin')}"}
    return subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", command],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip


def words_of(command: str) -> list[str]:
    """The words a shell gives ``jetset`` in ``command`` (a function stands in for it)."""
    said = bash(f"jetset() {{ printf '%s\\n' \"$@\"; }}; {command}")
    assert said.returncode == 0, said.stderr
    return said.stdout.splitlines()


def test_the_replay_command_printed_at_the_end_runs(tmp_path: Path) -> None:
    log = tmp_path / "my games" / "a game.jetset"
    log.parent.mkdir()
    host, port = start_host(
        "--players", "2", "--bots", "greedy", "--seed", "spaced", "--linger", "0",
        "--log", str(log),
    )  # fmt: skip
    assert json_result(start_join(port, "--bot", "greedy"))["ok"]
    out, err = host.communicate(timeout=60)
    assert host.returncode == 0, (out, err)
    printed = next(line for line in out.splitlines() if "watch it again with" in line)
    command = printed.split("watch it again with", 1)[1].strip()
    assert words_of(command) == ["replay", str(log)], command
    verified = bash(f"{command} --verify")
    assert verified.returncode == 0, (command, verified.stdout, verified.stderr)
    assert "seed matches its commitment" in verified.stdout


def test_the_resume_and_watch_commands_keep_a_spaced_path_whole(tmp_path: Path) -> None:
    log = tmp_path / "Application Support" / "a game.jetset"
    log.parent.mkdir()
    log.write_text("")
    resume = saved_words(log).splitlines()[-1]
    assert words_of(resume) == ["play", "--resume", str(log)], resume
    lock = LogLock.acquire(log, "jetset host")
    try:
        said = in_play_elsewhere(log)
    finally:
        lock.release()
    assert said is not None
    watch = said.split("`")[1]
    assert words_of(watch) == ["replay", str(log)], said
