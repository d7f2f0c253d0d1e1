"""Logs of play tests, kept as the game wrote them, to rebuild the positions they found.

- ``modules-11.jetset``: ``jetset play --modules all --bots greedy,greedy --seed 11``;
- ``base-7.jetset``: ``jetset play --bots greedy,greedy --seed 7``;
- ``investors-21.jetset``: every module, face-up Investors, seed 21.

Root (seat 0) is the person; the others are greedy bots. Each game is over, its seed revealed.
"""

from __future__ import annotations

from pathlib import Path

from engine.jetset.game import Game
from netcode.logfile import read_log
from netcode.replay import replay

HERE = Path(__file__).parent


def position(name: str, entries: int) -> Game:
    """The game of log ``name`` after its first ``entries`` entries."""
    replayed = replay(read_log(HERE / f"{name}.jetset"), stop_at=entries)
    assert replayed.ok, replayed.error
    game = replayed.game
    assert isinstance(game, Game)
    return game
