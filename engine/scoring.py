"""Scoring and winning (rulebook, "Scoring and Winning", Example 7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.rules.hubs import hub_points
from engine.state import State

FINAL_BASE: Final = 10
FINAL_PER_PLANE: Final = 2


@dataclass(frozen=True)
class Score:
    """One seat's points, broken down as the end screen shows them."""

    seat: int
    cards: tuple[int, ...]  # points of each claimed Short/Long card, in claim order
    final: int  # 10 + 2 per plane, or 0 if no Final Flight was played
    cash: int
    hubs: int = 0
    """Points of the Hubs module's 1-point markers."""

    @property
    def total(self) -> int:
        return sum(self.cards) + self.final + self.hubs


def final_flight_points(planes: int) -> int:
    """A played Final Flight: 10 points plus 2 for each plane on it."""
    return FINAL_BASE + FINAL_PER_PLANE * planes


def scores(state: State) -> list[Score]:
    cards = state.board.cards
    out = []
    for i, st in enumerate(state.seats):
        points = tuple(cards[str(cid)].points for cid, _ in st.cards)
        final = final_flight_points(st.final_planes) if st.finished else 0
        out.append(Score(i, points, final, st.cash, hub_points(state, i)))
    return out


def winners(state: State) -> list[int]:
    """Highest score wins; ties go to the most cash; a tie in both is shared
    (docs/rules-decisions.md)."""
    table = scores(state)
    best = max((s.total, s.cash) for s in table)
    return [s.seat for s in table if (s.total, s.cash) == best]
