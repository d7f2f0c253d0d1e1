"""Jet Lag's scoring: the rulebook's official example, played as a whole game from our cards,
and each part of the scoring on its own."""

from __future__ import annotations

from engine.jetlag.actions import CHANCE, Entry, Pass, Setup, Take
from engine.jetlag.game import Table
from engine.jetlag.notation import parse_action
from engine.jetlag.scoring import Score, margin, score, winners
from engine.jetlag.state import State, pile_commitment

JUAN, MARTA = 0, 1

PILES = (
    ("B2", "B1", "P4", "H3"),
    ("H4", "B5", "P3", "H2"),
    ("P5", "B3", "H5", "H1"),
    ("H6", "B4", "B6", "P1"),
)
"""Round by round: the first player plays 1, the second 2 of the 3 passed, the first the last."""

ROUNDS = (
    (JUAN, ["d B2 L"], ["d P4 R", "t H3 2"], ["t B1 2"]),
    (MARTA, ["t H4 2"], ["t P3 2", "t H2 2"], ["t B5 4"]),
    (JUAN, ["t P5 2"], ["t H5 4", "t H1 4"], ["t B3 1"]),
    (MARTA, ["t H6 1"], ["t B4 1", "t P1 4"], ["t B6 3"]),
)


def example() -> Table:
    """The official scoring example: Juan (seat 0) starts; P2 and P6 open the line."""
    table = Table()
    salts = [f"salt{i}" for i in range(4)]
    commitments = tuple(
        pile_commitment(i, p, s) for i, (p, s) in enumerate(zip(PILES, salts, strict=True))
    )
    table.push(Entry(CHANCE, Setup(JUAN, ("P2", "P6"), commitments)))
    for i, (first, one, two, last) in enumerate(ROUNDS):
        table.push(Entry(CHANCE, Take(first, PILES[i], salts[i])))
        table.play(parse_action(one[0]))
        table.push(Entry(CHANCE, Pass(1 - first, tuple(table.state.hands[first] or ()))))
        for line in two + last:
            table.play(parse_action(line))
    return table


def test_the_official_scoring_example() -> None:
    table = example()
    state = table.state
    assert table.over and state.line == ["B2", "P2", "P6", "P4"]
    assert score(state, JUAN) == Score(7, 6, (12, 1, 11, 6)) and score(state, JUAN).total == 43
    assert score(state, MARTA) == Score(3, 6, (6, 10, 9, 0)) and score(state, MARTA).total == 34
    assert table.result().points == (43, 34) and table.result().winners == (JUAN,)


def position(line: list[str], stacks: list[tuple[list[str], list[str]]]) -> State:
    return State(step="over", round=4, line=line, stacks=[[a, b] for a, b in stacks])


def test_affinities_control_and_doubles() -> None:
    # P3 (+beach +countryside, 3) on H5's double beach+countryside: +4; B3 (−beach −countryside,
    # 3) for the opponent there: −2; equal values: nobody controls it.
    s = position(["H5"], [(["P3"], ["B3"])])
    assert score(s, 0).affinity == 4 and score(s, 1).affinity == -2
    assert score(s, 0).control == score(s, 1).control == 0
    # a double controlled is worth two destinations: 6
    s = position(["H5"], [(["P3", "P1"], ["B3"])])
    assert score(s, 0).control == 6 and score(s, 1).control == 0
    # alone (H5): 4 a destination where only you have tourists, a double counting two
    assert score(position(["H5"], [(["P1"], [])]), 0).objectives == (8,)


def test_objectives_that_read_the_order_of_tourists() -> None:
    # H3 rising (3): P1 (1) then P3 (3) then B1 (5) rises; the reverse does not
    assert score(position(["H3"], [(["P1", "P3", "B1"], [])]), 0).objectives == (6,)
    assert score(position(["H3"], [(["B1", "P3", "P1"], [])]), 0).objectives == (0,)
    # P3 top panda (3), B3 bottom beaver (3), each on a double: 6
    assert score(position(["P3"], [(["B1", "P1"], [])]), 0).objectives == (6,)
    assert score(position(["P3"], [(["P1", "B1"], [])]), 0).objectives == (0,)
    assert score(position(["B3"], [(["B1", "P1"], [])]), 0).objectives == (6,)
    # P5 set (5): a panda, a hyena and a beaver at one destination
    assert score(position(["P5"], [(["P1", "H1", "B1"], ["P2", "H2"])]), 0).objectives == (10,)
    assert score(position(["P5"], [(["P1", "H1", "B1"], ["P2", "H2"])]), 1).objectives == (0,)


def test_ties_go_to_more_tourists_then_a_draw() -> None:
    # B2 is a city (its objective: value at countryside, 0 here). P3 and H3 have no affinity
    # with cities and the same value: 0 points each, one tourist each: a draw.
    even = position(["B2"], [(["P3"], ["H3"])])
    assert score(even, 0).total == score(even, 1).total == 0
    assert margin(even, 0) == (0, 0) and winners(even) == [0, 1]
    # P1 (+2 at a city) and P3 against H5 (+2, worth 4): 2 points each, two tourists to one
    more = position(["B2"], [(["P1", "P3"], ["H5"])])
    assert score(more, 0).total == score(more, 1).total == 2
    assert winners(more) == [0] and margin(more, 1) == (0, -1)
