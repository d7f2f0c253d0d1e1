"""Jet Lag's notation (docs/notation.md, "Jet Lag"): ``t P3 2`` plays card P3 as a tourist at
the second destination from the left; ``d H5 L`` / ``d H5 R`` plays H5 as a destination at the
left or right end of the line. Case and extra spaces do not matter; ``format`` is canonical."""

from __future__ import annotations

from engine.errors import NotationError
from engine.jetlag.actions import Action, Destination, Tourist
from engine.jetlag.cards import card_ids


def format_action(action: Action) -> str:
    if isinstance(action, Tourist):
        return f"t {action.card} {action.at + 1}"
    return f"d {action.card} {'R' if action.right else 'L'}"


def parse_action(text: str) -> Action:
    """The action a line of notation names; NotationError saying what is wrong."""
    words = text.split()
    if len(words) != 3:
        raise NotationError("{text}: expected 't CARD N' or 'd CARD L|R'", text=repr(text.strip()))
    verb, card, where = words[0].lower(), words[1].upper(), words[2].upper()
    if card not in card_ids():
        raise NotationError("no card {card}; cards are P1–P6, H1–H6, B1–B6", card=repr(words[1]))
    if verb == "t":
        if not where.isdigit() or not 1 <= int(where) <= 9:
            raise NotationError(
                "{where}: a destination is a number from the left, 1–5", where=repr(words[2])
            )
        return Tourist(card, int(where) - 1)
    if verb == "d":
        if where not in ("L", "R"):
            raise NotationError(
                "{where}: a destination goes at the L or R end", where=repr(words[2])
            )
        return Destination(card, where == "R")
    raise NotationError("{verb}: 't' plays a tourist, 'd' a destination", verb=repr(words[0]))
