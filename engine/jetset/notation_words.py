"""The notation's words (docs/notation.md): a board's cities, airlinks, cards and Investor cards
read from their codes, and the small words of a line (a count, a seat, hex), each refused with
a NotationError that says what was expected. ``NotationWords`` is the base of ``Notation``
(engine/jetset/notation.py); each verb's parser (engine/jetset/notation_*.py) reads its words
through it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from engine.errors import NotationError
from engine.jetset.actions import Action
from engine.jetset.board import Board, load_board
from engine.jetset.business_deck import KIND
from engine.jetset.distant_state import DistantBoard, load_distant
from engine.jetset.rules.investors import investor_cards

HIDDEN: Final = "hidden"
FACE_UP: Final = "up"
NO_LINK: Final = "-"

_HEX = re.compile("[0-9a-f]{1,128}")
_HEX_PAIR = re.compile("[0-9a-f]{1,128} [0-9a-f]{1,128}")


class NotationWords:
    """The words of one board."""

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board()
        self.distant: DistantBoard = load_distant()

    def path(self, path: tuple[int, ...]) -> str:
        return "-".join(self.board.city_code(c) for c in path)

    def city(self, code: str) -> int:
        city = self.board.city_index.get(code.upper())
        if city is None:
            raise NotationError("unknown city {city}", city=repr(code))
        return city

    def link(self, word: str) -> int:
        link = self.board.link_named.get(word.upper())
        if link is not None:
            return link
        parts = word.split("-")
        if len(parts) != 2:
            raise NotationError(
                "{word} is not an airlink; write two city codes, e.g. MIL-ROM", word=repr(word)
            )
        a, b = self.city(parts[0]), self.city(parts[1])
        link = self.board.link_between(a, b)
        if link is None:
            raise NotationError(
                "there is no airlink {link}", link=f"{parts[0].upper()}-{parts[1].upper()}"
            )
        return link

    def card(self, word: str) -> str:
        cid = word.upper()
        if cid not in self.board.cards:
            raise NotationError("unknown card {word}", word=repr(word))
        return cid

    def investor(self, word: str) -> str:
        cid = word.upper()
        if cid not in investor_cards():
            raise NotationError("unknown Investor card {word}", word=repr(word))
        return cid

    def parse_path(self, word: str) -> tuple[int, ...]:
        cities = tuple(self.city(c) for c in word.split("-"))
        if len(cities) < 2:
            raise NotationError("{word} is not a path; write cities joined by '-'", word=repr(word))
        return cities

    def kind(self, word: str) -> str:
        """A Business card's kind."""
        kind = word.lower()
        if kind not in KIND:
            raise NotationError(
                "unknown Business card {word}; the cards are: {cards}",
                word=repr(word),
                cards=", ".join(KIND),
            )
        return kind

    def link_word(self, word: str) -> int:
        """An airlink, or -1 for ``NO_LINK``."""
        return -1 if word == NO_LINK else self.link(word)

    def link_and_count(self, args: list[str], verb: str) -> tuple[int, int]:
        if len(args) not in (1, 2):
            raise NotationError("write: {verb} LINK N, e.g. {verb} MIL-ROM 2", verb=verb)
        return self.link(args[0]), read_count(args[1]) if len(args) == 2 else 1

    def card_and_path(self, args: list[str], verb: str) -> tuple[str, tuple[int, ...]]:
        if len(args) != 2:
            raise NotationError("write: {verb} CARD PATH, e.g. {verb} S3-07 HAM-BER-MUC", verb=verb)
        return self.card(args[0]), self.parse_path(args[1])


Parser = Callable[[NotationWords, list[str]], Action]
"""A verb's parser: the words after the verb, read on the board of ``NotationWords``."""


def read_count(word: str) -> int:
    """A whole number from 1, in at most four ASCII digits (``str.isdigit`` alone also takes
    digits such as "²" that ``int`` refuses)."""
    if len(word) <= 4 and word.isascii() and word.isdigit():
        count = int(word)
        if count >= 1:
            return count
    raise NotationError("{word} is not a count (a whole number from 1)", word=repr(word))


def is_count_word(word: str) -> bool:
    """Whether ``word`` is written as a count, well or not ("2", "0", "-1", "²"): after a link,
    it is read as that link's count, so that "-1" is refused as a count, not as a city."""
    return word.lstrip("+-").isdigit()


def is_seat(word: str) -> bool:
    """One or two ASCII digits (``str`` tests: a regular expression costs twice as much for so
    short a word)."""
    return len(word) <= 2 and word.isascii() and word.isdigit()


def read_seat(word: str) -> int:
    if not (len(word) <= 2 and word.isascii() and word.isdigit()):  # is_seat(word)
        raise NotationError("{word} is not a seat number", word=repr(word))
    return int(word)


def read_hex(word: str) -> str:
    """``word`` if it is 1 to 128 lower-case hex digits (a regular expression: ``str.strip``
    with the digits as its characters searches them for each character, several times slower)."""
    if not _HEX.fullmatch(word):
        raise NotationError("{word} is not lower-case hex", word=repr(word))
    return word


def read_hex_pair(first: str, second: str) -> tuple[str, str]:
    """``read_hex`` of two words (a salt and its commitment, two of either) with one match: most
    of a match's cost is fixed (the words, from ``str.split``, hold no space)."""
    if not _HEX_PAIR.fullmatch(f"{first} {second}"):
        read_hex(first)  # says which word is wrong
        read_hex(second)
    return first, second


def no_args(args: list[str], verb: str) -> None:
    if args:
        raise NotationError("{verb} takes nothing after it", verb=verb)
