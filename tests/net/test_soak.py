"""The soak of issue 15 (``benchmarks/soak.py``) in a small form: one host process serving four
games whose TCP peers drop and come back; every game ends, every log verifies, nothing is lost.
``JETSET_SLOW=1`` runs it at the benchmark's size, 20 games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.soak import SoakConfig, check_game, run_soak
from netcode.logfile import read_log, write_log
from netcode.replay import replay

SLOW = os.environ.get("JETSET_SLOW") == "1"


@pytest.mark.slow
async def test_peers_drop_and_come_back_and_nothing_is_lost(tmp_path: Path) -> None:
    games = 20 if SLOW else 4
    config = SoakConfig(games=games, max_drops=3, seed="ci-soak", timeout=120)
    result = await run_soak(config, tmp_path)
    assert result.problems == []
    assert result.drops >= games  # this seed's plan: about three drops a game
    assert 0 < result.reconnects <= result.drops
    assert result.entries > 200 * games  # whole games, not a stalled start

    # The checks are real: the same log with one entry's digest altered fails them.
    path = tmp_path / "game00.jetset"
    log = read_log(path)
    digest = replay(log).digest
    assert check_game(0, path, digest, []) == []
    index, actor, text, _ = log.records[100]
    log.records[100] = (index, actor, text, "0" * 32)
    write_log(path, log)
    problems = check_game(0, path, digest, [])
    assert problems[0].startswith("game 0: the log does not verify: entry 100 "), problems
