"""Jet Lag's self-play and replay: a game's entries, written as plain data, replay to the same
digests in a fresh process under another PYTHONHASHSEED, and bad entries change nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from engine.errors import IllegalAction
from engine.jetlag.actions import from_wire, to_wire
from engine.jetlag.game import Table
from engine.jetlag.selfplay import play_game, replay
from engine.jetset.game import DesyncError

REPLAY = """
import json, sys
from engine.jetlag.actions import from_wire
from engine.jetlag.game import Table
table = Table()
for raw in json.load(sys.stdin):
    table.push(from_wire(raw))
print(json.dumps({"digests": table.digests, "points": table.result().points}))
"""

PLAY = """
import json, sys
from engine.jetlag.actions import to_wire
from engine.jetlag.selfplay import play_game, replay
print(json.dumps([to_wire(e) for e in play_game(sys.argv[1], ("greedy", "random")).entries]))
"""


def run(code: str, hash_seed: str, stdin: str = "", *args: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


def test_a_game_replays_to_the_same_digests_in_fresh_processes() -> None:
    for seed in ("fresh-1", "fresh-2"):
        game = play_game(seed, ("greedy", "random"))
        wire = json.dumps([to_wire(e) for e in game.entries])
        assert run(PLAY, "7", "", seed) == wire + "\n", "the same game in another process"
        for hash_seed in ("0", "12345"):
            out = json.loads(run(REPLAY, hash_seed, wire))
            assert out["digests"] == game.digests
            assert tuple(out["points"]) == game.result().points


def test_entries_round_trip_and_bad_ones_are_refused() -> None:
    game = play_game("wire")
    for entry in game.entries:
        assert from_wire(json.loads(json.dumps(to_wire(entry)))) == entry
    for bad in (
        {},
        {"seat": 0, "t": "fly"},
        {"seat": "0", "t": "tourist", "card": "P1", "at": 0},
        {"seat": 0, "t": "tourist", "card": "P1", "at": True},
        {"seat": -1, "t": "setup"},
    ):
        with pytest.raises(ValueError):
            from_wire(bad)  # type: ignore[arg-type]


def test_a_wrong_digest_or_entry_is_caught() -> None:
    game = play_game("desync")
    table = Table()
    table.push(game.entries[0], game.digests[0])
    with pytest.raises(DesyncError):
        table.push(game.entries[1], game.digests[2])
    other = play_game("desync-other")
    with pytest.raises(IllegalAction):
        table.push(other.entries[3])


def test_self_play_is_deterministic_and_seeds_differ() -> None:
    a, b = play_game("same", ("greedy", "greedy")), play_game("same", ("greedy", "greedy"))
    assert a.entries == b.entries and a.digests == b.digests
    assert play_game("other", ("greedy", "greedy")).digests != a.digests


def test_replay_checks_each_digest() -> None:
    game = play_game("replayed", ("greedy", "search"))
    assert replay(game.entries, game.digests).digests == game.digests
    with pytest.raises(DesyncError):
        replay(game.entries, game.digests[1:] + game.digests[:1])
