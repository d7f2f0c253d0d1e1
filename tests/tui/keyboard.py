"""How a person at the keyboard plays an action: the keys for it, guided or typed."""

from __future__ import annotations

from engine import (
    Action,
    Buy,
    Claim,
    ClaimFinal,
    EndVote,
    FinalPlane,
    HubBonus,
    Income,
    Pass,
    Place,
    PlaceHub,
    Refill,
    Rent,
)
from engine.jetset.actions import BUSINESS_DECISIONS, Decline, EndTurn, ReplaceInvestor
from engine.jetset.notation import Notation


def typed(line: str) -> list[str]:
    """Open the command line, type the notation, press Enter."""
    return [":", *line, "enter"]


def keys_for(action: Action, notation: Notation) -> list[str]:
    """Guided keys for most actions (find the item by typing its codes), typed notation for
    placing and renting planes, so both ways of acting are played."""
    board = notation.board
    match action:
        case Buy(link, planes):
            return ["b", *board.link_name(link).replace("-", ""), str(planes), "enter"]
        case Claim(card, path):
            route = notation.path(path)
            return ["c", *card, "enter", *route, "enter"]
        case ClaimFinal(card, path):
            return ["f", *card, "enter", *notation.path(path), "enter"]
        case Income():
            return ["i", "enter"]
        case FinalPlane() | Pass():
            return ["f", "enter"]
        case Refill(row, count):
            return ["e", *row, str(count), "enter"]
        case PlaceHub(city):
            return ["u", *board.city_code(city), "enter"]
        case HubBonus("hub", city):
            return typed(notation.format_action(action))
        case HubBonus(kind):
            return ["u", *kind, "enter"]
        case Place() | Rent():
            return typed(notation.format_action(action))
        case Decline():
            return ["y", *"refuse", "enter"]
        case EndTurn():
            return ["y", *"turn", "enter"]
        case ReplaceInvestor(card):
            return ["n", *card, "enter"]
        case EndVote(accept):
            return ["y" if accept else "n"]
    if isinstance(action, BUSINESS_DECISIONS):
        return typed(notation.format_action(action))
    raise AssertionError(f"no keys for {action!r}")
