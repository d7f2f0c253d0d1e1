"""The notation: one line per action, readable by people and parsed by the engine.

``parse_action(line)`` and ``format_action(action)`` round-trip; ``parse_entry``/``format_entry``
add the actor (a seat number, or ``*`` for the dealer). The grammar is in docs/notation.md. A
malformed line raises NotationError; whether a well-formed action is legal is the rules' question.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from engine.actions import (
    CHANCE,
    Action,
    Buy,
    Claim,
    ClaimFinal,
    Deal,
    EndVote,
    Entry,
    FinalPlane,
    Income,
    Pass,
    Place,
    Refill,
    Rent,
    Reveal,
    Setup,
)
from engine.board import ROWS, Board, load_board
from engine.errors import NotationError

VERBS: Final = (
    "refill", "buy", "place", "rent", "claim", "final", "income", "plane", "pass", "end",
)  # fmt: skip
CHANCE_VERBS: Final = ("setup", "deal", "reveal")
HIDDEN: Final = "hidden"


class Notation:
    """Parser and formatter for one board."""

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board()

    # -- formatting -------------------------------------------------------------------------

    def path(self, path: tuple[int, ...]) -> str:
        return "-".join(self.board.city_code(c) for c in path)

    def format_action(self, action: Action) -> str:
        b = self.board
        match action:
            case Refill(row, count):
                return f"refill {row} {count}"
            case Buy(link, planes):
                return f"buy {b.link_name(link)} {planes}"
            case Place(placements):
                return "place " + " ".join(f"{b.link_name(ln)} {n}" for ln, n in placements)
            case Rent(link, planes):
                return f"rent {b.link_name(link)} {planes}"
            case Claim(card, path):
                return f"claim {card} {self.path(path)}"
            case ClaimFinal(card, path):
                return f"final {card} {self.path(path)}"
            case Income():
                return "income"
            case FinalPlane():
                return "plane"
            case Pass():
                return "pass"
            case EndVote(accept):
                return "end yes" if accept else "end no"
            case Setup(short_row, long_row):
                return f"setup {' '.join(short_row)} / {' '.join(long_row)}"
            case Deal(seat, cards, salt, commitment):
                if cards is None:
                    return f"deal {seat} {HIDDEN} {commitment}"
                return f"deal {seat} {' '.join(cards)} {salt} {commitment}"
            case Reveal(row, card):
                return f"reveal {row} {card}"
        raise TypeError(f"not an action: {action!r}")

    def format_entry(self, entry: Entry) -> str:
        who = "*" if entry.actor == CHANCE else str(entry.actor)
        return f"{who} {self.format_action(entry.action)}"

    # -- parsing ----------------------------------------------------------------------------

    def parse_entry(self, line: str) -> Entry:
        head, _, rest = line.strip().partition(" ")
        if head == "*":
            return Entry(CHANCE, self.parse_action(rest))
        if not _SEAT.fullmatch(head):
            raise NotationError(f"an entry starts with a seat number or '*', not {head!r}")
        return Entry(int(head), self.parse_action(rest))

    def parse_action(self, line: str) -> Action:
        words = line.split()
        if not words:
            raise NotationError("the line is empty")
        verb, args = words[0].lower(), words[1:]
        parse = _PARSERS.get(verb)
        if parse is None:
            raise NotationError(f"unknown action {verb!r}; the actions are: {', '.join(VERBS)}")
        return parse(self, args)

    def _parse_refill(self, args: list[str]) -> Action:
        if len(args) != 2 or args[0].lower() not in ROWS:
            raise NotationError("write: refill short N  or  refill long N")
        return Refill(args[0].lower(), _count(args[1]))

    def _parse_buy(self, args: list[str]) -> Action:
        link, planes = self._link_and_count(args, "buy")
        return Buy(link, planes)

    def _parse_rent(self, args: list[str]) -> Action:
        link, planes = self._link_and_count(args, "rent")
        return Rent(link, planes)

    def _parse_place(self, args: list[str]) -> Action:
        if not args:
            raise NotationError("write: place LINK N [LINK N ...], e.g. place PAR-LON 2 LON-DUB 1")
        placements: list[tuple[int, int]] = []
        i = 0
        while i < len(args):
            link = self.link(args[i])
            count = 1
            if i + 1 < len(args) and args[i + 1].isdigit():
                count = _count(args[i + 1])
                i += 1
            placements.append((link, count))
            i += 1
        return Place(tuple(sorted(placements)))

    def _parse_claim(self, args: list[str]) -> Action:
        card, path = self._card_and_path(args, "claim")
        return Claim(card, path)

    def _parse_final(self, args: list[str]) -> Action:
        card, path = self._card_and_path(args, "final")
        return ClaimFinal(card, path)

    def _parse_income(self, args: list[str]) -> Action:
        _no_args(args, "income")
        return Income()

    def _parse_plane(self, args: list[str]) -> Action:
        _no_args(args, "plane")
        return FinalPlane()

    def _parse_pass(self, args: list[str]) -> Action:
        _no_args(args, "pass")
        return Pass()

    def _parse_end(self, args: list[str]) -> Action:
        if len(args) != 1 or args[0].lower() not in ("yes", "no"):
            raise NotationError("write: end yes  (end the game now)  or  end no  (play on)")
        return EndVote(args[0].lower() == "yes")

    def _parse_setup(self, args: list[str]) -> Action:
        if args.count("/") != 1:
            raise NotationError("write: setup SHORT-CARDS... / LONG-CARDS...")
        cut = args.index("/")
        return Setup(
            tuple(self.card(c) for c in args[:cut]), tuple(self.card(c) for c in args[cut + 1 :])
        )

    def _parse_deal(self, args: list[str]) -> Action:
        if len(args) == 3 and args[1] == HIDDEN:
            return Deal(_seat(args[0]), None, None, _hex(args[2]))
        if len(args) != 5:
            raise NotationError("write: deal SEAT CARD CARD SALT COMMITMENT")
        cards = (self.card(args[1]), self.card(args[2]))
        return Deal(_seat(args[0]), cards, _hex(args[3]), _hex(args[4]))

    def _parse_reveal(self, args: list[str]) -> Action:
        if len(args) != 2 or args[0].lower() not in ROWS:
            raise NotationError("write: reveal short CARD  or  reveal long CARD")
        return Reveal(args[0].lower(), self.card(args[1]))

    # -- words ------------------------------------------------------------------------------

    def city(self, code: str) -> int:
        city = self.board.city_index.get(code.upper())
        if city is None:
            raise NotationError(f"unknown city {code!r}")
        return city

    def link(self, word: str) -> int:
        link = self.board.link_named.get(word.upper())
        if link is not None:
            return link
        parts = word.split("-")
        if len(parts) != 2:
            raise NotationError(f"{word!r} is not an airlink; write two city codes, e.g. MIL-ROM")
        a, b = self.city(parts[0]), self.city(parts[1])
        link = self.board.link_between(a, b)
        if link is None:
            raise NotationError(f"there is no airlink {parts[0].upper()}-{parts[1].upper()}")
        return link

    def card(self, word: str) -> str:
        cid = word.upper()
        if cid not in self.board.cards:
            raise NotationError(f"unknown card {word!r}")
        return cid

    def parse_path(self, word: str) -> tuple[int, ...]:
        cities = tuple(self.city(c) for c in word.split("-"))
        if len(cities) < 2:
            raise NotationError(f"{word!r} is not a path; write cities joined by '-'")
        return cities

    def _link_and_count(self, args: list[str], verb: str) -> tuple[int, int]:
        if len(args) not in (1, 2):
            raise NotationError(f"write: {verb} LINK N, e.g. {verb} MIL-ROM 2")
        return self.link(args[0]), _count(args[1]) if len(args) == 2 else 1

    def _card_and_path(self, args: list[str], verb: str) -> tuple[str, tuple[int, ...]]:
        if len(args) != 2:
            raise NotationError(f"write: {verb} CARD PATH, e.g. {verb} S3-07 HAM-BER-MUC")
        return self.card(args[0]), self.parse_path(args[1])


_PARSERS: dict[str, Callable[[Notation, list[str]], Action]] = {
    verb: getattr(Notation, f"_parse_{verb}") for verb in VERBS + CHANCE_VERBS
}
"""Each verb's parser: ``Notation._parse_<verb>``."""

_SEAT = re.compile("[0-9]{1,2}")
_HEX = re.compile("[0-9a-f]{1,128}")


def _count(word: str) -> int:
    """A whole number from 1, in at most four ASCII digits (``str.isdigit`` alone also takes
    digits such as "²" that ``int`` refuses)."""
    if len(word) <= 4 and word.isascii() and word.isdigit():
        count = int(word)
        if count >= 1:
            return count
    raise NotationError(f"{word!r} is not a count (a whole number from 1)")


def _seat(word: str) -> int:
    if not _SEAT.fullmatch(word):
        raise NotationError(f"{word!r} is not a seat number")
    return int(word)


def _hex(word: str) -> str:
    if not _HEX.fullmatch(word):
        raise NotationError(f"{word!r} is not lower-case hex")
    return word


def _no_args(args: list[str], verb: str) -> None:
    if args:
        raise NotationError(f"{verb} takes nothing after it")


_DEFAULT: Notation | None = None


def default_notation() -> Notation:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Notation()
    return _DEFAULT


def parse_action(line: str) -> Action:
    return default_notation().parse_action(line)


def format_action(action: Action) -> str:
    return default_notation().format_action(action)
