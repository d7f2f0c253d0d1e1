"""Every Jet Lag entry as one line (docs/notation.md, "Jet Lag"): a seat's decision in
``engine/jetlag/notation.py``'s notation, and the dealer's entries:

- ``setup 1 H3 P2 <c1> <c2> <c3> <c4>``: seat 1 starts, H3 and P2 open the line (left to right),
  then the commitment to each pile;
- ``take 0 P1 P4 H2 B6 <salt>``: seat 0 takes the round's pile (``take 0 hidden`` in every other
  seat's copy);
- ``pass 1 H1 H2 B3``: the three cards passed to seat 1 (``pass 1 hidden`` for spectators).

Logs, exports and the network carry these lines (engine/wire.py).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from engine.errors import NotationError
from engine.jetlag.actions import CHANCE, Action, Chance, Entry, Pass, Setup, Take
from engine.jetlag.cards import OPENING, PILE_SIZE, PILES, card_set
from engine.jetlag.notation import canonical_actions, format_action, parse_action
from engine.wire import line_from_wire, line_to_wire

HIDDEN: Final = "hidden"
PASSED: Final = PILE_SIZE - 1
HEX: Final = frozenset("0123456789abcdef")
SEATS: Final = {"0": 0, "1": 1}


def format_entry_action(action: Action | Chance) -> str:
    """The line of an entry's action (a decision or the dealer's)."""
    if isinstance(action, Setup):
        return " ".join(("setup", str(action.starter), *action.opening, *action.commitments))
    if isinstance(action, Take):
        if action.cards is None or action.salt is None:
            return f"take {action.seat} {HIDDEN}"
        return " ".join(("take", str(action.seat), *action.cards, action.salt))
    if isinstance(action, Pass):
        cards = (HIDDEN,) if action.cards is None else action.cards
        return " ".join(("pass", str(action.seat), *cards))
    return format_action(action)


def parse_entry_action(actor: int, line: str) -> Action | Chance:
    """The action of ``actor``'s entry (CHANCE: the dealer's) on ``line``; NotationError."""
    if actor != CHANCE:
        return parse_action(line)
    verb, *args = line.split() or [""]
    verb = verb.lower()
    if verb == "setup":
        return _setup(args)
    if verb == "take" or verb == "pass":
        seat = SEATS.get(args[0]) if args else None
        if seat is None:
            raise NotationError("{verb} names seat 0 or 1 first", verb=verb)
        if len(args) == 2 and args[1] == HIDDEN:
            return Take(seat, None, None) if verb == "take" else Pass(seat, None)
        if verb == "take":
            return Take(seat, _cards(args[1:-1], PILE_SIZE), _hex(args[-1]))
        return Pass(seat, _cards(args[1:], PASSED))
    raise NotationError("{line}: the dealer's entries are setup, take and pass", line=repr(line))


def _setup(args: list[str]) -> Setup:
    seat = SEATS.get(args[0]) if len(args) == 1 + OPENING + PILES else None
    if seat is None:
        raise NotationError("setup: a starting seat, two cards and four pile commitments")
    opening = _cards(args[1 : 1 + OPENING], OPENING)
    commitments = tuple([_hex(word) for word in args[1 + OPENING :]])
    return Setup(seat, (opening[0], opening[1]), commitments)


def _cards(words: list[str], count: int) -> tuple[str, ...]:
    if len(words) != count:
        raise NotationError("expected {count} cards", count=count)
    cards = tuple(map(str.upper, words))
    known = card_set()
    if not known.issuperset(cards):
        unknown = next(card for card in cards if card not in known)
        raise NotationError("no card {card}", card=repr(unknown))
    return cards


def _hex(word: str) -> str:
    if not word or not HEX.issuperset(word):
        raise NotationError("expected lower-case hex digits")
    return word


def entry_line(entry: Entry) -> tuple[int, str]:
    return entry.seat, format_entry_action(entry.action)


def entry_from_line(actor: int, line: str) -> Entry:
    """NotationError if ``line`` is no entry of ``actor``'s."""
    known = canonical_entries().get((actor, line))
    if known is not None:
        return known
    return Entry(actor, parse_entry_action(actor, line))


@cache
def canonical_entries() -> dict[tuple[int, str], Entry]:
    """Every seat's decision by its seat and canonical line, built once: a log's records are
    looked up (an entry is immutable, so one serves every game), other lines parsed."""
    return {
        (seat, line): Entry(seat, action)
        for line, action in canonical_actions().items()
        for seat in (0, 1)
    }


def entry_to_wire(entry: Entry) -> dict[str, object]:
    return line_to_wire(*entry_line(entry))


def entry_from_wire(raw: object) -> Entry:
    """ValueError (NotationError among them) for anything but an entry's plain data."""
    return entry_from_line(*line_from_wire(raw))
