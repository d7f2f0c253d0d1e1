"""Jet Set's replay viewer's model (jetset_tui/screens/replay.py): a replayed log whose state
can be looked at after any entry (a Jet Lag log's: jetset_tui/screens/jetlag_replay.py)."""

from __future__ import annotations

from engine.games import DEFAULT, TITLES
from engine.jetset.game import Game
from engine.jetset.state import State
from netcode.logfile import GameLog, LogFormatError
from netcode.replay import replay


class Timeline:
    """A replayed log that can be looked at after any entry, forward and back.

    Position ``n`` is the state after the first ``n`` entries (0 = before any). A copy of the
    state is kept every ``every`` entries, so any position costs one copy and fewer than ``every``
    applications.
    """

    def __init__(self, log: GameLog, every: int = 32) -> None:
        """LogFormatError for another game's log: the viewer shows Jet Set's table (another
        game's table screen would take a ``replay`` of the log here)."""
        if log.header.game != DEFAULT:
            game = TITLES[log.header.game]
            raise LogFormatError(f"a game of {game}: watching it comes with {game}'s table")
        self.every = every
        first = Game(log.header.options).state
        self._snapshots = [first]
        self.cash: list[tuple[int, ...]] = [tuple(s.cash for s in first.seats)]
        """Each seat's cash at each position: what an entry paid or took, for the log pane."""

        def keep(n: int, state: State) -> None:
            self.cash.append(tuple(s.cash for s in state.seats))
            if n % every == 0:
                self._snapshots.append(state.copy())

        result = replay(log, after_entry=keep)
        self.result = result
        self.log = log
        self.game: Game = result.game
        self._rules = self.game.rules
        self.length = result.entries
        self.turns: list[int] = self.game.turns[: self.length]
        self.entries = self.game.entries[: self.length]

    @property
    def finished(self) -> bool:
        """The game ended: every seat's Final Flights may be shown."""
        return self.game.over

    def money_moved(self, index: int) -> tuple[int, ...]:
        """Each seat's cash after entry ``index`` less before it."""
        before, after = self.cash[index], self.cash[index + 1]
        return tuple(a - b for a, b in zip(after, before, strict=True))

    def state_at(self, n: int) -> State:
        n = max(0, min(n, self.length))
        state = self._snapshots[n // self.every].copy()
        for entry in self.entries[(n // self.every) * self.every : n]:
            self._rules.apply(state, entry)
        return state

    def around(self, index: int) -> tuple[State, State]:
        """The table before entry ``index`` and after it (the entry applied to a copy, not the
        game replayed twice from its snapshot)."""
        before = self.state_at(index)
        after = before.copy()
        self._rules.apply(after, self.entries[index])
        return before, after

    def turn_at(self, n: int) -> int:
        """The turn the next entry belongs to (the last turn at the end)."""
        if not self.turns:
            return 0
        return self.turns[min(n, self.length - 1)]

    def start_of_turn(self, turn: int) -> int:
        """The position before the first entry of ``turn`` (clamped to the log)."""
        for i, t in enumerate(self.turns):
            if t >= turn:
                return i
        return self.length

    def next_turn(self, n: int, turns: int = 1) -> int:
        return self.start_of_turn(self.turn_at(n) + turns) if n < self.length else n

    def previous_turn(self, n: int, turns: int = 1) -> int:
        """The start of this turn if we are inside it, else the start of an earlier one."""
        here = self.turn_at(n) if n < self.length else self.turn_at(n) + 1
        start = self.start_of_turn(here)
        if start < n and turns == 1:
            return start
        return self.start_of_turn(max(0, here - turns))

    def last_turn_of(self, seat: int, n: int) -> int | None:
        """The start of ``seat``'s latest turn that began before position ``n``."""
        for i in range(min(n, self.length) - 1, -1, -1):
            if self.entries[i].actor == seat:
                return self.start_of_turn(self.turns[i])
        return None
