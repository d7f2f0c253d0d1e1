"""A joined bot slower than the host's turn clock: the clock plays each of its turns while it
waits out its --delay, and the game ends during one such wait. It must finish cleanly, not
decide for a finished game (random.choice of no legal actions: "below() needs a positive
bound", then IndexError in the fallback)."""

from __future__ import annotations

from pathlib import Path

from .procs import json_result, replay_json, start_host, start_join


def test_a_bot_slower_than_the_turn_clock_sees_the_game_end(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", "clock",
        "--turn-time", "0.2", "--log", str(log), "--json",
    )  # fmt: skip
    join = start_join(port, "--bot", "random", "--delay", "1.5")
    result = json_result(join, timeout=180)
    assert join.returncode == 0, (result, join.stderr.read() if join.stderr else "")
    assert json_result(host, timeout=60)["digest"] == replay_json(log)["digest"]
