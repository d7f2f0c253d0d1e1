"""A game: its options, its log of entries, and the state that is their fold.

Like python-chess's ``Board`` with its move stack: ``push`` applies an entry (after checking it),
``entries`` is the log, ``digests`` the state digest after each entry. A ``Game`` may hold the full
state (the host, a finished log) or one seat's view (a peer replaying redacted entries).
"""

from __future__ import annotations

from engine.errors import DesyncError
from engine.jetset.actions import CHANCE, Action, Entry, redact
from engine.jetset.board import Board, load_board
from engine.jetset.business_state import new_business
from engine.jetset.distant_state import DistantState
from engine.jetset.options import Options
from engine.jetset.ruleset import Ruleset
from engine.jetset.scoring import Score, scores, winners
from engine.jetset.state import Config, State
from engine.platform import Result

__all__ = ["DesyncError", "Game"]


class Game:
    def __init__(self, options: Options | None = None, board: Board | None = None) -> None:
        self.options = options or Options()
        self.rules = Ruleset.of(self.options)
        self.board = board or load_board(self.options.extra_cards)
        self.state = State(self.board, Config(self.options.players))
        if self.options.distant_lands:
            self.state.distant = DistantState(self.options.players)
        if self.options.business_cards:
            self.state.business = new_business(self.state)
        if self.options.hubs:
            self.state.enable_hubs()
        if self.options.investors:
            self.state.enable_investors(self.options.investors_face_up)
        self.state.refresh_quiet()
        self.entries: list[Entry] = []
        self.digests: list[str] = []
        self.turns: list[int] = []  # the turn number each entry was made in (0: setup)

    # -- moving -----------------------------------------------------------------------------

    def to_move(self) -> int | None:
        """The seat to decide, ``CHANCE`` (-1) when the dealer must act, None when it is over."""
        return self.rules.to_move(self.state)

    def check(self, entry: Entry) -> None:
        """Raise NotationError/IllegalAction if ``entry`` would be refused; change nothing."""
        self.rules.check(self.state, entry)

    def push(self, entry: Entry, digest: str | None = None) -> str:
        """Apply an entry. With ``digest``, the state after it must match (else ValueError and
        the entry is still applied: the caller decides what a desync means)."""
        state = self.state
        turn = state.turn
        self.rules.apply(state, entry)
        self.turns.append(turn)
        self.entries.append(entry)
        mine = state.digest()
        self.digests.append(mine)
        if digest is not None and digest != mine:
            raise DesyncError(len(self.entries) - 1, digest, mine)
        return mine

    def play(self, action: Action) -> str:
        """Apply a decision for the seat to move."""
        seat = self.to_move()
        return self.push(Entry(CHANCE if seat is None else seat, action))

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    # -- reading ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    def view(self, seat: int | None) -> State:
        return self.state.view(seat)

    def redact(self, entry: Entry, seat: int | None) -> Entry:
        """The copy of ``entry`` (already pushed) that ``seat`` (None: a spectator) may receive."""
        return redact(entry, seat)

    def result(self) -> Result:
        """Each seat's total and the winners (a tie on points and cash: every such seat)."""
        return Result(tuple(s.total for s in scores(self.state)), tuple(winners(self.state)))

    def scores(self) -> list[Score]:
        return scores(self.state)

    def winners(self) -> list[int]:
        return winners(self.state)

    def digest(self) -> str:
        return self.digests[-1] if self.digests else self.state.digest()
