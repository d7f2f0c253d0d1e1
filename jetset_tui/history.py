"""Points and cash turn by turn, from a game's log: the end screen's chart."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Game


@dataclass(frozen=True)
class Sample:
    """Everyone's points and cash at the end of one turn."""

    turn: int
    points: tuple[int, ...]
    cash: tuple[int, ...]


def history(game: Game) -> list[Sample]:
    """Replay the log into a fresh game and sample the scores whenever a turn ends."""
    replay = Game(game.options, game.board)
    out: list[Sample] = []
    turn = 0
    for entry in game.entries:
        replay.push(entry)
        if replay.state.turn != turn or replay.over:
            turn = replay.state.turn
            scores = replay.scores()
            out.append(Sample(turn, tuple(s.total for s in scores), tuple(s.cash for s in scores)))
    return out
