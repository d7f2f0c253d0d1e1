"""Jet Lag's notation (docs/notation.md, "Jet Lag"): ``t P3 2`` plays card P3 as a tourist at
the second destination from the left; ``d H5 L`` / ``d H5 R`` plays H5 as a destination at the
left or right end of the line. Case and extra spaces do not matter; ``format`` is canonical."""

from __future__ import annotations

from functools import cache

from engine.errors import NotationError
from engine.jetlag.actions import Action, Destination, Tourist
from engine.jetlag.cards import LINE_LIMIT, card_ids, card_set


def format_action(action: Action) -> str:
    if isinstance(action, Tourist):
        return f"t {action.card} {action.at + 1}"
    return f"d {action.card} {'R' if action.right else 'L'}"


@cache
def canonical_actions() -> dict[str, Action]:
    """Every action by its canonical line (what logs and the network carry), built once: reading
    a log looks each line up here, and only other spellings are parsed word by word."""
    actions: list[Action] = []
    for card in card_ids():
        actions += [Tourist(card, at) for at in range(LINE_LIMIT)]
        actions += [Destination(card, False), Destination(card, True)]
    return {format_action(action): action for action in actions}


def parse_action(text: str) -> Action:
    """The action a line of notation names; NotationError saying what is wrong."""
    known = canonical_actions().get(text)
    if known is not None:
        return known
    words = text.split()
    if len(words) != 3:
        raise NotationError("{text}: expected 't CARD N' or 'd CARD L|R'", text=repr(text.strip()))
    verb, card, where = words[0].lower(), words[1].upper(), words[2].upper()
    if card not in card_set():
        raise NotationError("no card {card}; cards are P1–P6, H1–H6, B1–B6", card=repr(words[1]))
    if verb == "t":
        if not (where.isascii() and where.isdigit()) or not 1 <= int(where) <= 9:
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
