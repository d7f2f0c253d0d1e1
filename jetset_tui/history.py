"""A game's story from its log: points and cash turn by turn (the end screen's charts), when each
Final Flight was played, and who ended the game.

Turns are counted as the turn bar counts them: ``Sample.turn`` 0 is the table as dealt, and
sample ``t`` is everyone's points and cash when turn ``t`` ended, up to the game's last turn
(``State.turn``), so "N turns", the charts' last turn and the log describe one game alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Game


@dataclass(frozen=True)
class Sample:
    """Everyone's points and cash at the end of one turn (turn 0: as dealt)."""

    turn: int
    points: tuple[int, ...]
    cash: tuple[int, ...]


@dataclass(frozen=True)
class Story:
    samples: list[Sample]
    finals: list[tuple[int, int]] = field(default_factory=list)
    """(seat, turn) for each Final Flight played, in the order they were played."""
    ender: int | None = None
    """The seat whose action ended the game (None: it did not end on a player's action)."""


def sample(game: Game, turn: int) -> Sample:
    scores = game.scores()
    return Sample(turn, tuple(s.total for s in scores), tuple(s.cash for s in scores))


def story(game: Game) -> Story:
    """Replay the log into a fresh game, sampling the scores whenever a turn ends."""
    replay = Game(game.options, game.board)
    samples: list[Sample] = []
    finals: list[tuple[int, int]] = []
    ender: int | None = None
    for entry in game.entries:
        before = replay.state.turn
        replay.push(entry)
        state = replay.state
        if state.turn != before and before > 0:
            samples.append(sample(replay, before))  # turn ``before`` ended with this entry
        elif state.turn != before:
            samples.append(sample(replay, 0))
        for seat, st in enumerate(state.seats):
            if st.finished and all(s != seat for s, _ in finals):
                finals.append((seat, before))  # played in turn ``before``, as the log says
        if replay.over:
            ender = entry.actor if entry.actor >= 0 else None
            break
    if replay.over and (not samples or samples[-1].turn != replay.state.turn):
        samples.append(sample(replay, replay.state.turn))
    return Story(samples, finals, ender)


def history(game: Game) -> list[Sample]:
    """Points and cash turn by turn (``story``'s samples)."""
    return story(game).samples
