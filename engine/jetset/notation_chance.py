"""The dealer's verbs of the base game and of the modules (docs/notation.md): ``setup``,
``deal``, ``reveal``, ``draw`` (Distant Lands), ``investors`` and ``investor`` (the Investors),
each read from its words by ``parse_<verb>``; the Business cards' draws are
engine/jetset/notation_business.py.
"""

from __future__ import annotations

from typing import Final

from engine.errors import NotationError
from engine.jetset.actions import (
    Action,
    Deal,
    DealInvestors,
    DrawDistant,
    Reveal,
    Setup,
    TurnInvestor,
)
from engine.jetset.board import ROWS
from engine.jetset.notation_words import (
    FACE_UP,
    HIDDEN,
    NotationWords,
    Parser,
    read_hex,
    read_hex_pair,
    read_seat,
)


def parse_setup(n: NotationWords, args: list[str]) -> Action:
    if args.count("/") != 1:
        raise NotationError("write: setup SHORT-CARDS... / LONG-CARDS...")
    cut = args.index("/")
    return Setup(tuple(n.card(c) for c in args[:cut]), tuple(n.card(c) for c in args[cut + 1 :]))


def parse_deal(n: NotationWords, args: list[str]) -> Action:
    if len(args) == 3 and args[1] == HIDDEN:
        return Deal(read_seat(args[0]), None, None, read_hex(args[2]))
    if len(args) != 5:
        raise NotationError("write: deal SEAT CARD CARD SALT COMMITMENT")
    cards = (n.card(args[1]), n.card(args[2]))
    salt, commitment = read_hex_pair(args[3], args[4])  # not *read_hex_pair(...): compiled, a
    return Deal(read_seat(args[0]), cards, salt, commitment)  # call through Python


def parse_reveal(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 2 or args[0].lower() not in ROWS:
        raise NotationError("write: reveal short CARD  or  reveal long CARD")
    return Reveal(args[0].lower(), n.card(args[1]))


def parse_draw(n: NotationWords, args: list[str]) -> Action:
    if len(args) not in (1, 2) or args[1:] not in ([], ["bottom"]):
        raise NotationError("write: draw CARD  or  draw CARD bottom")
    card = args[0].upper()
    if card not in n.distant.card_number:
        raise NotationError("unknown Distant Flight card {card}", card=repr(args[0]))
    return DrawDistant(card, len(args) == 2)


def parse_investors(n: NotationWords, args: list[str]) -> Action:
    if len(args) == 3 and args[0] == FACE_UP:
        return DealInvestors((n.investor(args[1]), n.investor(args[2])), None, None)
    if len(args) == 3 and args[0] == HIDDEN:
        return DealInvestors(None, None, (read_hex(args[1]), read_hex(args[2])))
    if len(args) != 6:
        raise NotationError(
            "write: investors CARD CARD SALT SALT COMMITMENT COMMITMENT, "
            "investors hidden COMMITMENT COMMITMENT  or  investors up CARD CARD"
        )
    cards = (n.investor(args[0]), n.investor(args[1]))
    return DealInvestors(cards, read_hex_pair(args[2], args[3]), read_hex_pair(args[4], args[5]))


def parse_investor(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 3 or args[0] not in ("1", "2"):
        raise NotationError("write: investor SPACE CARD SALT, SPACE 1 or 2")
    return TurnInvestor(int(args[0]) - 1, n.investor(args[1]), read_hex(args[2]))


def format_investors(
    cards: tuple[str, str] | None,
    salts: tuple[str, str] | None,
    commitments: tuple[str, str] | None,
) -> str:
    """The line of ``DealInvestors``: face up, hidden (a seat's view) or whole."""
    if commitments is None:
        return f"investors {FACE_UP} {' '.join(cards or ())}"
    if cards is None or salts is None:
        return f"investors {HIDDEN} {' '.join(commitments)}"
    return f"investors {' '.join(cards)} {' '.join(salts)} {' '.join(commitments)}"


CHANCE_PARSERS: Final[dict[str, Parser]] = {
    "setup": parse_setup,
    "deal": parse_deal,
    "reveal": parse_reveal,
    "draw": parse_draw,
    "investors": parse_investors,
    "investor": parse_investor,
}
"""The dealer's verbs, in ``CHANCE_VERBS``' order (engine/jetset/notation.py)."""
