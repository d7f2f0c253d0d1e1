"""Jet Lag's scoring (rulebook, "End of the Game"): affinities, control and the objectives,
which both players score; then the winner, ties going to who played more tourists.

A double destination is both of its kinds, and counts as two destinations for control and for
objectives counted per destination (docs/rules-decisions.md, "Jet Lag"). The bots score
thousands of positions a move, so both seats are scored in one pass over the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from engine.jetlag.cards import CONTROL, TOURISTS, Card, Objective, deck
from engine.jetlag.state import State


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's points: affinities, control and each objective of the line, left to right."""

    affinity: int
    control: int
    objectives: tuple[int, ...]

    @property
    def total(self) -> int:
        return self.affinity + self.control + sum(self.objectives)


@cache
def _affinities() -> dict[tuple[str, str], int]:
    """The affinity points of each card as a tourist at each card as a destination."""
    cards = deck()
    return {(t, d): cards[t].affinity(cards[d].destination) for t in cards for d in cards}


@dataclass(slots=True)
class _Side:
    """One seat's tourists, as the objectives read them."""

    stacks: list[list[Card]]
    sums: list[int]
    count: dict[str, int]
    value: dict[str, int]


def _side(state: State, seat: int) -> _Side:
    cards = deck()
    stacks = [[cards[c] for c in s[seat]] for s in state.stacks]
    count = dict.fromkeys(TOURISTS, 0)
    value = dict.fromkeys(TOURISTS, 0)
    for ts in stacks:
        for t in ts:
            count[t.tourist] += 1
            value[t.tourist] += t.value
    return _Side(stacks, [sum(t.value for t in ts) for ts in stacks], count, value)


def scores(state: State) -> tuple[Score, Score]:
    """Both seats' points if the game ended now."""
    cards = deck()
    aff = _affinities()
    line = [cards[d] for d in state.line]
    sides = (_side(state, 0), _side(state, 1))
    out = []
    for seat in (0, 1):
        me, them = sides[seat], sides[1 - seat]
        affinity = sum(
            aff[t.id, d]
            for d, s in zip(state.line, state.stacks, strict=True)
            for t in (cards[c] for c in s[seat])
        )
        control = sum(
            CONTROL * d.weight for d, a, b in zip(line, me.sums, them.sums, strict=True) if a > b
        )
        objectives = tuple(objective_points(d.objective, line, me, them) for d in line)
        out.append(Score(affinity, control, objectives))
    return out[0], out[1]


def score(state: State, seat: int) -> Score:
    """``seat``'s points if the game ended now."""
    return scores(state)[seat]


def totals(state: State) -> tuple[int, int]:
    a, b = scores(state)
    return a.total, b.total


def margin(state: State, seat: int) -> tuple[int, int]:
    """(points, tourists) of ``seat`` less its opponent's: the order the rulebook ranks by."""
    a, b = totals(state)
    diff = a - b if seat == 0 else b - a
    t = state.tourists(seat) - state.tourists(1 - seat)
    return diff, t


def winners(state: State) -> list[int]:
    """The winning seat in a list, or both seats for a draw (same points, same tourists)."""
    diff, tourists = margin(state, 0)
    if diff or tourists:
        return [0] if (diff, tourists) > (0, 0) else [1]
    return [0, 1]


def objective_points(o: Objective, line: list[Card], me: _Side, them: _Side) -> int:
    """What objective ``o`` gives the seat of ``me`` (its kinds: data/README.md)."""
    kind = o.kind
    if kind == "count":
        return o.points * me.count[o.tourist]
    if kind == "value":
        return me.value[o.tourist]
    if kind == "value_at":
        return sum(s for d, s in zip(line, me.sums, strict=True) if o.destination in d.destination)
    if kind == "most":
        return o.points if me.count[o.tourist] > them.count[o.tourist] else 0
    return o.points * sum(
        d.weight
        for d, ts, theirs in zip(line, me.stacks, them.stacks, strict=True)
        if _per_destination(kind, o, ts, theirs)
    )


def _per_destination(kind: str, o: Objective, ts: list[Card], theirs: list[Card]) -> bool:
    """Whether a destination counts for objective ``kind``, given ``ts``, the seat's tourists
    there in the order played, and ``theirs``, the opponent's."""
    if kind == "top":
        return bool(ts) and ts[-1].tourist == o.tourist
    if kind == "bottom":
        return bool(ts) and ts[0].tourist == o.tourist
    if kind == "rising":
        return len(ts) >= 2 and all(a.value < b.value for a, b in pairwise(ts))
    if kind == "set":
        return all(any(t.tourist == k for t in ts) for k in TOURISTS)
    if kind == "alone":
        return bool(ts) and not theirs
    raise ValueError(f"unknown objective {kind!r}")
