"""A Jet Lag position as plain data (``jetset position --json`` on a Jet Lag log): what one seat
(or a spectator) knows of the table, and the scores as they would be if the game ended now."""

from __future__ import annotations

from engine.jetlag import rules
from engine.jetlag.scoring import scores
from engine.jetlag.state import ROUNDS, TAKE, State


def piles_left(view: State) -> int:
    """The piles no one has taken yet."""
    taken = view.round - (view.step == TAKE) if view.round else 0
    return ROUNDS - taken


def position(view: State) -> dict[str, object]:
    """``view`` (a seat's or a spectator's) as data: the round, who plays, the line of
    destinations left to right with each seat's tourists there in the order played, the hands
    this view knows (None where it does not) and their sizes, the piles left, each seat's score
    now."""
    return {
        "round": view.round,
        "step": view.step,
        "starter": view.starter,
        "first": view.first,
        "to_move": rules.to_move(view),
        "line": [
            {"card": card, "tourists": [list(stack[0]), list(stack[1])]}
            for card, stack in zip(view.line, view.stacks, strict=True)
        ],
        "hands": [None if hand is None else list(hand) for hand in view.hands],
        "hand_sizes": list(view.sizes),
        "piles_left": piles_left(view),
        "scores": [
            {
                "affinity": s.affinity,
                "control": s.control,
                "objectives": list(s.objectives),
                "total": s.total,
            }
            for s in scores(view)
        ],
    }
