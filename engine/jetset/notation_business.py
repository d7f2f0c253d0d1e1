"""The Business cards module's verbs (docs/notation.md, "Business cards"): the players' ``play``,
``dividends``, ``cash``, ``offer``, ``accept``, ``decline`` and ``done``, and the dealer's
``bdraw``, ``bshuffle``, ``buyout``, ``bfinals`` and ``bopen``, each read by ``parse_<verb>``;
and their lines, written by ``format_business``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.errors import NotationError
from engine.jetset.actions import (
    Accept,
    Action,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    CashIn,
    DealDiscard,
    Decline,
    Dividends,
    EndTurn,
    FinalsDraw,
    Offer,
    OpenEndCards,
    PlayCard,
)
from engine.jetset.business_deck import KIND
from engine.jetset.notation_words import (
    HIDDEN,
    NO_LINK,
    NotationWords,
    Parser,
    is_count_word,
    no_args,
    read_count,
    read_hex,
    read_hex_pair,
    read_seat,
)

SEAT_CARDS: Final = ("commandeer", "delay")
"""Business cards that name a player."""


def parse_play(n: NotationWords, args: list[str]) -> Action:
    if not args:
        raise NotationError("write: play CARD ..., e.g. play freeplane LON-PAR")
    kind = n.kind(args[0])
    rest = args[1:]
    seat = -1
    if kind in SEAT_CARDS:
        if not rest:
            raise NotationError("write: play {kind} SEAT", kind=kind)
        seat, rest = read_seat(rest[0]), rest[1:]
    card = ""
    if kind == "lock":
        if len(rest) != 1:
            raise NotationError("write: play lock CARD, e.g. play lock S1-07")
        return PlayCard(kind, seat, (), n.card(rest[0]))
    links: list[int] = []
    distant: list[int] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        if kind == "transfers":
            source, sep, target = word.partition(">")
            if not sep:
                raise NotationError("write: play transfers FROM>TO ..., e.g. LON-PAR>PAR-MAD")
            links += [n.link(source), n.link(target)]
        else:
            slot = n.distant.slot_named.get(word.upper())
            link, count = (-1, 1) if slot is not None else (n.link(word), 1)
            if i + 1 < len(rest) and is_count_word(rest[i + 1]):
                count = read_count(rest[i + 1])
                i += 1
            if slot is not None:
                distant += [slot] * count
            else:
                links += [link] * count
        i += 1
    return PlayCard(kind, seat, tuple(links), card, tuple(distant))


def parse_dividends(n: NotationWords, args: list[str]) -> Action:
    no_args(args, "dividends")
    return Dividends()


def parse_cash(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: cash CARD, e.g. cash buyout")
    return CashIn(n.kind(args[0]))


def parse_offer(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 2:
        raise NotationError("write: offer SEAT LINK, e.g. offer 2 LON-PAR")
    return Offer(read_seat(args[0]), n.link_word(args[1]))


def parse_accept(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 2:
        raise NotationError("write: accept CARD LINK, e.g. accept buyout MIL-ROM")
    return Accept(n.kind(args[0]), n.link_word(args[1]))


def parse_decline(n: NotationWords, args: list[str]) -> Action:
    no_args(args, "decline")
    return Decline()


def parse_discard(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: discard CARD, e.g. discard taxes")
    return DealDiscard(n.kind(args[0]))


def parse_done(n: NotationWords, args: list[str]) -> Action:
    no_args(args, "done")
    return EndTurn()


def parse_bdraw(n: NotationWords, args: list[str]) -> Action:
    if len(args) == 3 and args[1] == HIDDEN:
        return BusinessDraw(read_seat(args[0]), None, None, read_hex(args[2]))
    if len(args) != 4:
        raise NotationError("write: bdraw SEAT CARD SALT COMMITMENT")
    kind = args[1].lower()  # n.kind(args[1]), read here: a draw is a common line
    if kind not in KIND:
        kind = n.kind(args[1])  # says which cards there are
    salt, commitment = read_hex_pair(args[2], args[3])
    return BusinessDraw(read_seat(args[0]), kind, salt, commitment)


def parse_bshuffle(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: bshuffle COUNT")
    return BusinessShuffle(read_count(args[0]))


def parse_buyout(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: buyout CARD")
    return BuyoutDraw(n.card(args[0]))


def parse_bfinals(n: NotationWords, args: list[str]) -> Action:
    if len(args) == 3 and args[1] == HIDDEN:
        return FinalsDraw(read_seat(args[0]), None, None, read_hex(args[2]))
    if len(args) != 5:
        raise NotationError("write: bfinals SEAT CARD CARD SALT COMMITMENT")
    cards = (n.card(args[1]), n.card(args[2]))
    salt, commitment = read_hex_pair(args[3], args[4])
    return FinalsDraw(read_seat(args[0]), cards, salt, commitment)


NO_CARDS: Final = "-"
"""``bopen``: a seat with no end-of-game card in hand."""


def parse_bopen(n: NotationWords, args: list[str]) -> Action:
    """``bopen CARDS / CARDS / ...``: each seat's end-of-game cards, ``-`` for none."""
    groups: list[list[str]] = [[]]
    for word in args:
        if word == "/":
            groups.append([])
        else:
            groups[-1].append(word)
    if len(groups) < 2 or any(not g or (NO_CARDS in g and len(g) > 1) for g in groups):
        raise NotationError("write: bopen CARDS / CARDS ..., a group a player, - for none")
    return OpenEndCards(
        tuple(() if g == [NO_CARDS] else tuple(n.kind(w) for w in g) for g in groups)
    )


BUSINESS_PARSERS: Final[dict[str, Parser]] = {
    "play": parse_play,
    "dividends": parse_dividends,
    "cash": parse_cash,
    "offer": parse_offer,
    "accept": parse_accept,
    "decline": parse_decline,
    "discard": parse_discard,
    "done": parse_done,
    "bdraw": parse_bdraw,
    "bshuffle": parse_bshuffle,
    "buyout": parse_buyout,
    "bfinals": parse_bfinals,
    "bopen": parse_bopen,
}
"""The module's verbs, in ``BUSINESS_VERBS``' then ``BUSINESS_CHANCE_VERBS``' order
(engine/jetset/notation.py)."""


def format_business(n: NotationWords, action: Action) -> str:
    """The Business cards module's lines."""
    match action:
        case PlayCard(kind, seat, links, card, distant):
            words = [kind]
            if seat >= 0:
                words.append(str(seat))
            words.extend(card_links(n, kind, links))
            words.extend(runs(distant, n.distant.slot_name))
            if card:
                words.append(card)
            return "play " + " ".join(words)
        case Dividends():
            return "dividends"
        case CashIn(kind):
            return f"cash {kind}"
        case Offer(seat, link):
            return f"offer {seat} {link_or_none(n, link)}"
        case Accept(kind, link):
            return f"accept {kind} {link_or_none(n, link)}"
        case Decline():
            return "decline"
        case DealDiscard(kind):
            return f"discard {kind}"
        case EndTurn():
            return "done"
        case BusinessDraw(seat, kind, salt, commitment):
            if kind is None:
                return f"bdraw {seat} {HIDDEN} {commitment}"
            return f"bdraw {seat} {kind} {salt} {commitment}"
        case BusinessShuffle(count):
            return f"bshuffle {count}"
        case BuyoutDraw(card):
            return f"buyout {card}"
        case FinalsDraw(seat, cards, salt, commitment):
            if cards is None:
                return f"bfinals {seat} {HIDDEN} {commitment}"
            return f"bfinals {seat} {' '.join(cards)} {salt} {commitment}"
        case OpenEndCards(cards):
            return "bopen " + " / ".join(" ".join(held) or NO_CARDS for held in cards)
    raise TypeError(f"not an action: {action!r}")


def link_or_none(n: NotationWords, link: int) -> str:
    return NO_LINK if link < 0 else n.board.link_name(link)


def card_links(n: NotationWords, kind: str, links: tuple[int, ...]) -> list[str]:
    """A card's airlinks: ``FROM>TO`` pairs for Transfers, else each link with its count of
    planes when more than one (``LON-PAR 3``)."""
    name = n.board.link_name
    if kind == "transfers":
        return [f"{name(a)}>{name(b)}" for a, b in zip(links[0::2], links[1::2], strict=False)]
    return runs(links, name)


def runs(links: tuple[int, ...], name: Callable[[int], str]) -> list[str]:
    """Each link named once with its count when more than one (``LON-PAR 3``)."""
    words: list[str] = []
    i = 0
    while i < len(links):
        run = 1
        while i + run < len(links) and links[i + run] == links[i]:
            run += 1
        words.append(name(links[i]) if run == 1 else f"{name(links[i])} {run}")
        i += run
    return words
