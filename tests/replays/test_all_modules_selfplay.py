"""Self-play with every module on, 2 to 6 players, is deterministic: ``jetset selfplay --modules
all --save`` run in fresh processes with different PYTHONHASHSEED writes the same log bytes, and
every log replays with every digest and the seed verified (``jetset replay --verify``). This file
is in the compiled set too (tasks.py, COMPILED_TESTS): there the processes run the compiled
engine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from netcode.logfile import read_log
from netcode.replay import replay

SEED = "every-module"
PLAYERS = range(2, 7)
HASH_SEEDS = ("0", "4242")

SELFPLAY = """
import sys
from jetset_tui.cli import main
folder = sys.argv[1]
for players in range({first}, {last}):
    code = main([
        "selfplay", "--modules", "all", "--players", str(players), "--seed", "{seed}",
        "--bot", "greedy,random", "--json", "--save", f"{{folder}}/{{players}}",
    ])
    assert code == 0, code
"""


def selfplay_in_fresh_processes(folder: Path) -> dict[str, list[dict[str, object]]]:
    """For each hash seed, one process (PYTHONHASHSEED set, all started at once) runs ``jetset
    selfplay`` for each player count through the command's own entry point, saving the logs in
    ``folder/<hash seed>``; each process's JSON summaries, one a game."""
    script = SELFPLAY.format(first=PLAYERS.start, last=PLAYERS.stop, seed=SEED)
    procs = {
        h: subprocess.Popen(
            [sys.executable, "-c", script, str(folder / h)],
            env=dict(os.environ, PYTHONHASHSEED=h),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for h in HASH_SEEDS
    }
    out = {}
    for h, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
        out[h] = [json.loads(line) for line in stdout.splitlines()]
    return out


def same_bytes(a: bytes, b: bytes, date_a: str | None, date_b: str | None) -> bool:
    """Equal logs; two runs on either side of midnight UTC differ only in the header's date."""
    if date_a != date_b and date_a and date_b:
        b = b.replace(date_b.encode(), date_a.encode(), 1)
    return a == b


def test_every_module_self_play_is_the_same_in_fresh_processes_and_every_log_verifies(
    tmp_path: Path,
) -> None:
    runs = selfplay_in_fresh_processes(tmp_path)
    first, second = (runs[h] for h in HASH_SEEDS)
    assert first == second, "the same summaries whatever the hash seed"
    assert [g["players"] for g in first] == list(PLAYERS)
    for summary in first:
        players = summary["players"]
        logs = [tmp_path / h / str(players) / "game-0000.jetset" for h in HASH_SEEDS]
        headers = [read_log(path).header for path in logs]
        assert headers[0].options.modules == (
            "distant_lands",
            "hubs",
            "business_cards",
            "investors",
        )
        raw = [path.read_bytes() for path in logs]
        assert same_bytes(*raw, headers[0].date, headers[1].date), f"{players} players' log bytes"
        result = replay(read_log(logs[0]))
        assert result.ok and not result.warnings, result.error
        assert result.commitment_ok is True, "every card was dealt from the seed"
        assert result.digest == summary["digest"]
        assert result.game.over and result.entries == summary["entries"]
