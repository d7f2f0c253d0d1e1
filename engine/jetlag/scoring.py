"""Jet Lag's scoring (rulebook, "End of the Game"): affinities, control and the objectives,
which both players score; then the winner, ties going to who played more tourists.

A double destination is both of its kinds, and counts as two destinations for control and for
objectives counted per destination (docs/rules-decisions.md, "Jet Lag").
"""

from __future__ import annotations

from dataclasses import dataclass

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


def score(state: State, seat: int) -> Score:
    """``seat``'s points if the game ended now."""
    cards = deck()
    other = 1 - seat
    affinity = control = 0
    for dest, stack in zip(state.line, state.stacks, strict=True):
        d = cards[dest]
        mine = [cards[c] for c in stack[seat]]
        affinity += sum(t.affinity(d.destination) for t in mine)
        theirs = sum(cards[c].value for c in stack[other])
        if sum(t.value for t in mine) > theirs:
            control += CONTROL * d.weight
    objectives = tuple(
        objective_points(cards[dest].objective, state, seat) for dest in state.line
    )
    return Score(affinity, control, objectives)


def totals(state: State) -> tuple[int, int]:
    return score(state, 0).total, score(state, 1).total


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


def objective_points(o: Objective, state: State, seat: int) -> int:
    """What objective ``o`` gives ``seat`` in ``state`` (its kinds: data/README.md)."""
    cards = deck()
    kind = o.kind
    mine = [(cards[d], [cards[c] for c in s[seat]]) for d, s in zip(state.line, state.stacks)]
    if kind == "count":
        return o.points * sum(t.tourist == o.tourist for _, ts in mine for t in ts)
    if kind == "value":
        return sum(t.value for _, ts in mine for t in ts if t.tourist == o.tourist)
    if kind == "value_at":
        return sum(t.value for d, ts in mine if o.destination in d.destination for t in ts)
    if kind == "most":
        return o.points if _count(state, seat, o.tourist) > _count(state, 1 - seat, o.tourist) else 0
    other = [s[1 - seat] for s in state.stacks]
    return o.points * sum(
        d.weight for (d, ts), theirs in zip(mine, other) if _per_destination(kind, o, ts, theirs)
    )


def _per_destination(kind: str, o: Objective, ts: list[Card], theirs: list[str]) -> bool:
    """Whether a destination counts for objective ``kind``, given ``ts``, the seat's tourists
    there in the order played, and ``theirs``, the opponent's."""
    if kind == "top":
        return bool(ts) and ts[-1].tourist == o.tourist
    if kind == "bottom":
        return bool(ts) and ts[0].tourist == o.tourist
    if kind == "rising":
        return len(ts) >= 2 and all(a.value < b.value for a, b in zip(ts, ts[1:]))
    if kind == "set":
        return all(any(t.tourist == k for t in ts) for k in TOURISTS)
    if kind == "alone":
        return bool(ts) and not theirs
    raise ValueError(f"unknown objective {kind!r}")


def _count(state: State, seat: int, tourist: str) -> int:
    cards = deck()
    return sum(cards[c].tourist == tourist for s in state.stacks for c in s[seat])
