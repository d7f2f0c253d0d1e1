"""The Hubs module over the network and on the command line: ``--modules`` on ``jetset host``,
``selfplay`` and ``play``; a hosted hubs game played by ``jetset join`` bots over TCP."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine.jetset.options import MODULE_WORDS, MODULES
from jetset_tui.modules import playable
from netcode.logfile import read_log

from .procs import JETSET, json_result, replay_json, start_host, start_join


def test_a_hosted_hubs_game_joined_over_tcp_and_watched_has_equal_digests(
    tmp_path: Path,
) -> None:
    log = tmp_path / "hubs.jetset"
    host, port = start_host(
        "--port", "0", "--players", "3", "--bots", "greedy", "--seed", "hubs-net",
        "--modules", "hubs", "--log", str(log), "--json",
    )  # fmt: skip
    watcher = start_join(port, "--spectate")
    joins = [start_join(port, "--bot", kind) for kind in ("greedy", "random")]
    results = [json_result(j) for j in joins]
    watched = json_result(watcher)
    hosted = json_result(host)
    assert watched["ok"] and watched["seat"] is None
    assert watched["digest"] == hosted["digest"], "the spectator replays the same variant"
    verified = replay_json(log)
    assert verified["ok"] and verified["commitment_ok"]
    for result in results:
        assert result["ok"], result
        assert result["digest"] == verified["digest"] == hosted["digest"]
    game_log = read_log(log)
    assert game_log.header.options.hubs
    texts = [text for _, _, text, _ in game_log.records]
    assert sum(1 for text in texts if text.startswith("hub ")) == 3, "a first hub each"


def selfplay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*JETSET, "selfplay", "--players", "2", *args],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("word", list(MODULE_WORDS))
def test_each_module_plays_or_is_refused_with_a_sentence(word: str) -> None:
    module = MODULE_WORDS[word]
    run = selfplay("--modules", word, "--json")
    refusal = playable(module)
    if refusal is None:
        assert run.returncode == 0, run.stderr
        assert '"digest"' in run.stdout
    else:
        assert run.returncode == 2
        assert run.stderr.strip() == f"jetset selfplay: {refusal}"
        assert "Traceback" not in run.stderr


def test_all_modules_and_a_wrong_word() -> None:
    run = selfplay("--modules", "all")
    refused = [m for m in MODULES if playable(m) is not None]
    if refused:
        assert run.returncode == 2 and playable(refused[0]) in run.stderr
    else:
        assert run.returncode == 0, run.stderr
    run = selfplay("--modules", "hubs,teleport")
    assert run.returncode == 2
    assert "'teleport' is not a module; the modules are distant, hubs, business, investors" in (
        run.stderr
    )


def test_selfplay_with_hubs_saves_a_log_that_replays(tmp_path: Path) -> None:
    run = selfplay("--modules", "hubs", "--bot", "greedy", "--save", str(tmp_path), "--json")
    assert run.returncode == 0, run.stderr
    (log,) = tmp_path.glob("*.jetset")
    assert read_log(log).header.options.hubs
    verified = replay_json(log)
    assert verified["ok"]
