"""Scoring and winning (rulebook, "Scoring and Winning", Example 7)."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from engine.jetset.business_effects import end_points
from engine.jetset.distant_state import distant_points
from engine.jetset.hubs_state import hub_points
from engine.jetset.state import State

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value

FINAL_BASE: Final = 10
FINAL_PER_PLANE: Final = 2


@value(unsafe_hash=True)
class Score:
    """One seat's points, broken down as the end screen shows them."""

    seat: int
    cards: tuple[int, ...]  # points of each claimed Short/Long card in claim order, then Distant
    final: int  # 10 + 2 per plane, or 0 if no Final Flight was played
    cash: int
    business: int = 0
    """Points of end-of-game Business cards (Catch up, Planes)."""
    hubs: int = 0
    """Points of the Hubs module's 1-point markers."""

    @property
    def total(self) -> int:
        return sum(self.cards) + self.final + self.business + self.hubs


def final_flight_points(planes: int) -> int:
    """A played Final Flight: 10 points plus 2 for each plane on it."""
    return FINAL_BASE + FINAL_PER_PLANE * planes


def scores(state: State) -> list[Score]:
    cards = state.board.cards
    out = []
    for i, st in enumerate(state.seats):
        points = tuple(cards[str(cid)].points for cid, _ in st.cards) + distant_points(state, i)
        final = final_flight_points(st.final_planes) if st.finished else 0
        business, hubs = end_points(state, i), hub_points(state, i)
        out.append(Score(i, points, final, st.cash, business=business, hubs=hubs))
    return out


def winners(state: State) -> list[int]:
    """Highest score wins; ties go to the most cash; a tie in both is shared
    (docs/rules-decisions.md)."""
    table = scores(state)
    best = max((s.total, s.cash) for s in table)
    return [s.seat for s in table if (s.total, s.cash) == best]
