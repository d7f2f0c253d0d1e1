"""The notation: one line per action, readable by people and parsed by the engine.

``parse_action(line)`` and ``format_action(action)`` round-trip; ``parse_entry``/``format_entry``
add the actor (a seat number, or ``*`` for the dealer). The grammar is in docs/notation.md. A
malformed line raises NotationError; whether a well-formed action is legal is the rules' question.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from engine.errors import NotationError
from engine.jetset.actions import (
    CHANCE,
    HUB_BONUS_KINDS,
    Accept,
    Action,
    BusinessDraw,
    BusinessShuffle,
    Buy,
    BuyDistant,
    BuyoutDraw,
    CashIn,
    Claim,
    ClaimDistant,
    ClaimFinal,
    Deal,
    DealInvestors,
    Decline,
    Dividends,
    DrawDistant,
    EndTurn,
    EndVote,
    Entry,
    FinalPlane,
    FinalsDraw,
    HubBonus,
    Income,
    Offer,
    Pass,
    Place,
    PlaceDistant,
    PlaceHub,
    PlayCard,
    Refill,
    Rent,
    RentDistant,
    ReplaceInvestor,
    Reveal,
    Setup,
    TurnInvestor,
)
from engine.jetset.board import ROWS, Board, load_board
from engine.jetset.business_deck import KIND
from engine.jetset.distant_state import DistantBoard, load_distant
from engine.jetset.rules.investors import investor_cards

VERBS: Final = (
    "refill", "buy", "place", "rent", "claim", "final", "income", "plane", "pass", "hub", "bonus",
    "replace", "end",
)  # fmt: skip
CHANCE_VERBS: Final = ("setup", "deal", "reveal", "draw", "investors", "investor")
HIDDEN: Final = "hidden"
FACE_UP: Final = "up"
BUSINESS_VERBS: Final = ("play", "dividends", "cash", "offer", "accept", "decline", "done")
"""The Business cards module's decisions (docs/notation.md, "Business cards")."""
BUSINESS_CHANCE_VERBS: Final = ("bdraw", "bshuffle", "buyout", "bfinals")
SEAT_CARDS: Final = ("commandeer", "delay")
"""Business cards that name a player."""
NO_LINK: Final = "-"


class Notation:
    """Parser and formatter for one board."""

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board()
        self.distant: DistantBoard = load_distant()

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
            case PlaceHub(city):
                return f"hub {b.city_code(city)}"
            case HubBonus(kind, city):
                return f"bonus {b.city_code(city) if kind == 'hub' else kind}"
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
            case BuyDistant(slot, city, planes):
                return f"buy {b.city_code(city)}-{self.distant.slot_name(slot)} {planes}"
            case PlaceDistant(placements, distant):
                words = [f"{b.link_name(ln)} {n}" for ln, n in placements]
                words += [f"{self.distant.slot_name(slot)} {n}" for slot, n in distant]
                return "place " + " ".join(words)
            case RentDistant(slot, planes):
                return f"rent {self.distant.slot_name(slot)} {planes}"
            case ClaimDistant(card, path):
                far = self.distant.cities[self.distant.cards[card].distant].code
                return f"claim {card} {self.path(path)}-{far}"
            case DrawDistant(card, bottom):
                return f"draw {card} bottom" if bottom else f"draw {card}"
            case DealInvestors(cards, salts, commitments):
                return _format_investors(cards, salts, commitments)
            case TurnInvestor(space, card, salt):
                return f"investor {space + 1} {card} {salt}"
            case ReplaceInvestor(card):
                return f"replace {card}"
        return self.format_business(action)

    def format_business(self, action: Action) -> str:
        """The Business cards module's lines."""
        match action:
            case PlayCard(kind, seat, links, card, distant):
                words = [kind]
                if seat >= 0:
                    words.append(str(seat))
                words.extend(self._card_links(kind, links))
                words.extend(self._runs(distant, self.distant.slot_name))
                if card:
                    words.append(card)
                return "play " + " ".join(words)
            case Dividends():
                return "dividends"
            case CashIn(kind):
                return f"cash {kind}"
            case Offer(seat, kind, link):
                return f"offer {seat} {kind} {self._link_or_none(link)}"
            case Accept(kind, link):
                return f"accept {kind} {self._link_or_none(link)}"
            case Decline():
                return "decline"
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
        raise TypeError(f"not an action: {action!r}")

    def format_entry(self, entry: Entry) -> str:
        who = "*" if entry.actor == CHANCE else str(entry.actor)
        return f"{who} {self.format_action(entry.action)}"

    def _link_or_none(self, link: int) -> str:
        return NO_LINK if link < 0 else self.board.link_name(link)

    def _card_links(self, kind: str, links: tuple[int, ...]) -> list[str]:
        """A card's airlinks: ``FROM>TO`` pairs for Transfers, else each link with its count of
        planes when more than one (``LON-PAR 3``)."""
        name = self.board.link_name
        if kind == "transfers":
            return [f"{name(a)}>{name(b)}" for a, b in zip(links[0::2], links[1::2], strict=False)]
        return self._runs(links, name)

    @staticmethod
    def _runs(links: tuple[int, ...], name: Callable[[int], str]) -> list[str]:
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

    # -- parsing ----------------------------------------------------------------------------

    def parse_entry(self, line: str) -> Entry:
        head, _, rest = line.strip().partition(" ")
        if head == "*":
            return Entry(CHANCE, self.parse_action(rest))
        if not _is_seat(head):
            raise NotationError(
                "an entry starts with a seat number or '*', not {head}", head=repr(head)
            )
        return Entry(int(head), self.parse_action(rest))

    def parse_action(self, line: str) -> Action:
        words = line.split()
        if not words:
            raise NotationError("the line is empty")
        verb, args = words[0].lower(), words[1:]
        parse = _PARSERS.get(verb)
        if parse is None:
            raise NotationError(
                "unknown action {verb}; the actions are: {verbs}",
                verb=repr(verb),
                verbs=", ".join(VERBS),
            )
        return parse(self, args)

    def _parse_refill(self, args: list[str]) -> Action:
        if len(args) != 2 or args[0].lower() not in ROWS:
            raise NotationError("write: refill short N  or  refill long N")
        return Refill(args[0].lower(), _count(args[1]))

    def _parse_buy(self, args: list[str]) -> Action:
        bought = self._distant_link(args[0]) if args else None
        if bought is not None:
            slot, city = bought
            return BuyDistant(slot, city, _count(args[1]) if len(args) == 2 else 1)
        link, planes = self._link_and_count(args, "buy")
        return Buy(link, planes)

    def _parse_rent(self, args: list[str]) -> Action:
        slot = self.distant.slot_named.get(args[0].upper()) if args else None
        if slot is not None and len(args) <= 2:
            return RentDistant(slot, _count(args[1]) if len(args) == 2 else 1)
        link, planes = self._link_and_count(args, "rent")
        return Rent(link, planes)

    def _distant_link(self, word: str) -> tuple[int, int] | None:
        """``PAR-WAS1`` (or ``WAS1-PAR``): a distant slot and the City-marker city to buy it
        from; None if the word names no distant slot."""
        parts = word.upper().split("-")
        named = self.distant.slot_named
        if len(parts) != 2 or not (parts[0] in named or parts[1] in named):
            return None
        city, slot = parts if parts[1] in named else parts[::-1]
        return named[slot], self.city(city)

    def _parse_place(self, args: list[str]) -> Action:
        if not args:
            raise NotationError("write: place LINK N [LINK N ...], e.g. place PAR-LON 2 LON-DUB 1")
        placements: list[tuple[int, int]] = []
        distant: list[tuple[int, int]] = []
        i = 0
        while i < len(args):
            slot = self.distant.slot_named.get(args[i].upper())
            link = self.link(args[i]) if slot is None else slot
            count = 1
            if i + 1 < len(args) and args[i + 1].isdigit():
                count = _count(args[i + 1])
                i += 1
            (placements if slot is None else distant).append((link, count))
            i += 1
        if distant:
            return PlaceDistant(tuple(sorted(placements)), tuple(sorted(distant)))
        return Place(tuple(sorted(placements)))

    def _parse_claim(self, args: list[str]) -> Action:
        if args and args[0].upper() in self.distant.cards:
            return self._parse_distant_claim(args)
        card, path = self._card_and_path(args, "claim")
        return Claim(card, path)

    def _parse_distant_claim(self, args: list[str]) -> Action:
        """``claim D-03 LON-PAR-WAS``: the European cities, then the card's distant city (or
        the other way round)."""
        if len(args) != 2:
            raise NotationError("write: claim CARD PATH, e.g. claim D-03 LON-PAR-WAS")
        card = self.distant.cards[args[0].upper()]
        distant = self.distant.cities[card.distant].code
        words = args[1].upper().split("-")
        if words[0] == distant:
            words.reverse()
        if len(words) < 2 or words[-1] != distant:
            raise NotationError(
                "the path of {card} ends at {distant}, e.g. LON-PAR-{distant}",
                card=card.id,
                distant=distant,
            )
        return ClaimDistant(card.id, tuple(self.city(c) for c in words[:-1]))

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

    def _parse_hub(self, args: list[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write: hub CITY, e.g. hub BER")
        return PlaceHub(self.city(args[0]))

    def _parse_bonus(self, args: list[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write: bonus cash, bonus point, bonus income or bonus CITY")
        kind = args[0].lower()
        if kind in HUB_BONUS_KINDS[:3]:
            return HubBonus(kind, -1)
        if kind == "hub":
            raise NotationError("write the second hub's city: bonus CITY, e.g. bonus BER")
        return HubBonus("hub", self.city(args[0]))

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
        salt, commitment = _hex_pair(args[3], args[4])  # not *_hex_pair(...): compiled, a
        return Deal(_seat(args[0]), cards, salt, commitment)  # call through Python

    def _parse_play(self, args: list[str]) -> Action:
        if not args:
            raise NotationError("write: play CARD ..., e.g. play freeplane LON-PAR")
        kind = self._kind(args[0])
        rest = args[1:]
        seat = -1
        if kind in SEAT_CARDS:
            if not rest:
                raise NotationError("write: play {kind} SEAT", kind=kind)
            seat, rest = _seat(rest[0]), rest[1:]
        card = ""
        if kind == "lock":
            if len(rest) != 1:
                raise NotationError("write: play lock CARD, e.g. play lock S1-07")
            return PlayCard(kind, seat, (), self.card(rest[0]))
        links: list[int] = []
        distant: list[int] = []
        i = 0
        while i < len(rest):
            word = rest[i]
            if kind == "transfers":
                source, sep, target = word.partition(">")
                if not sep:
                    raise NotationError("write: play transfers FROM>TO ..., e.g. LON-PAR>PAR-MAD")
                links += [self.link(source), self.link(target)]
            else:
                slot = self.distant.slot_named.get(word.upper())
                link, count = (-1, 1) if slot is not None else (self.link(word), 1)
                if i + 1 < len(rest) and rest[i + 1].isdigit():
                    count = _count(rest[i + 1])
                    i += 1
                if slot is not None:
                    distant += [slot] * count
                else:
                    links += [link] * count
            i += 1
        return PlayCard(kind, seat, tuple(links), card, tuple(distant))

    def _parse_dividends(self, args: list[str]) -> Action:
        _no_args(args, "dividends")
        return Dividends()

    def _parse_cash(self, args: list[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write: cash CARD, e.g. cash buyout")
        return CashIn(self._kind(args[0]))

    def _parse_offer(self, args: list[str]) -> Action:
        if len(args) != 3:
            raise NotationError("write: offer SEAT CARD LINK, e.g. offer 2 taxes LON-PAR")
        return Offer(_seat(args[0]), self._kind(args[1]), self._link_word(args[2]))

    def _parse_accept(self, args: list[str]) -> Action:
        if len(args) != 2:
            raise NotationError("write: accept CARD LINK, e.g. accept buyout MIL-ROM")
        return Accept(self._kind(args[0]), self._link_word(args[1]))

    def _parse_decline(self, args: list[str]) -> Action:
        _no_args(args, "decline")
        return Decline()

    def _parse_done(self, args: list[str]) -> Action:
        _no_args(args, "done")
        return EndTurn()

    def _parse_bdraw(self, args: list[str]) -> Action:
        if len(args) == 3 and args[1] == HIDDEN:
            return BusinessDraw(_seat(args[0]), None, None, _hex(args[2]))
        if len(args) != 4:
            raise NotationError("write: bdraw SEAT CARD SALT COMMITMENT")
        kind = args[1].lower()  # self._kind(args[1]), read here: a draw is a common line
        if kind not in KIND:
            kind = self._kind(args[1])  # says which cards there are
        salt, commitment = _hex_pair(args[2], args[3])
        return BusinessDraw(_seat(args[0]), kind, salt, commitment)

    def _parse_bshuffle(self, args: list[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write: bshuffle COUNT")
        return BusinessShuffle(_count(args[0]))

    def _parse_buyout(self, args: list[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write: buyout CARD")
        return BuyoutDraw(self.card(args[0]))

    def _parse_bfinals(self, args: list[str]) -> Action:
        if len(args) == 3 and args[1] == HIDDEN:
            return FinalsDraw(_seat(args[0]), None, None, _hex(args[2]))
        if len(args) != 5:
            raise NotationError("write: bfinals SEAT CARD CARD SALT COMMITMENT")
        cards = (self.card(args[1]), self.card(args[2]))
        salt, commitment = _hex_pair(args[3], args[4])
        return FinalsDraw(_seat(args[0]), cards, salt, commitment)

    def _kind(self, word: str) -> str:
        kind = word.lower()
        if kind not in KIND:
            raise NotationError(
                "unknown Business card {word}; the cards are: {cards}",
                word=repr(word),
                cards=", ".join(KIND),
            )
        return kind

    def _link_word(self, word: str) -> int:
        return -1 if word == NO_LINK else self.link(word)

    def _parse_reveal(self, args: list[str]) -> Action:
        if len(args) != 2 or args[0].lower() not in ROWS:
            raise NotationError("write: reveal short CARD  or  reveal long CARD")
        return Reveal(args[0].lower(), self.card(args[1]))

    def _parse_draw(self, args: list[str]) -> Action:
        if len(args) not in (1, 2) or args[1:] not in ([], ["bottom"]):
            raise NotationError("write: draw CARD  or  draw CARD bottom")
        card = args[0].upper()
        if card not in self.distant.card_number:
            raise NotationError("unknown Distant Flight card {card}", card=repr(args[0]))
        return DrawDistant(card, len(args) == 2)

    def _parse_investors(self, args: list[str]) -> Action:
        if len(args) == 3 and args[0] == FACE_UP:
            return DealInvestors((self.investor(args[1]), self.investor(args[2])), None, None)
        if len(args) == 3 and args[0] == HIDDEN:
            return DealInvestors(None, None, (_hex(args[1]), _hex(args[2])))
        if len(args) != 6:
            raise NotationError(
                "write: investors CARD CARD SALT SALT COMMITMENT COMMITMENT, "
                "investors hidden COMMITMENT COMMITMENT  or  investors up CARD CARD"
            )
        cards = (self.investor(args[0]), self.investor(args[1]))
        return DealInvestors(cards, _hex_pair(args[2], args[3]), _hex_pair(args[4], args[5]))

    def _parse_investor(self, args: list[str]) -> Action:
        if len(args) != 3 or args[0] not in ("1", "2"):
            raise NotationError("write: investor SPACE CARD SALT, SPACE 1 or 2")
        return TurnInvestor(int(args[0]) - 1, self.investor(args[1]), _hex(args[2]))

    def _parse_replace(self, args: list[str]) -> Action:
        if len(args) != 1:
            raise NotationError("write: replace INVESTOR, e.g. replace INV-MAJORITY-1")
        return ReplaceInvestor(self.investor(args[0]))

    # -- words ------------------------------------------------------------------------------

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

    def _link_and_count(self, args: list[str], verb: str) -> tuple[int, int]:
        if len(args) not in (1, 2):
            raise NotationError("write: {verb} LINK N, e.g. {verb} MIL-ROM 2", verb=verb)
        return self.link(args[0]), _count(args[1]) if len(args) == 2 else 1

    def _card_and_path(self, args: list[str], verb: str) -> tuple[str, tuple[int, ...]]:
        if len(args) != 2:
            raise NotationError("write: {verb} CARD PATH, e.g. {verb} S3-07 HAM-BER-MUC", verb=verb)
        return self.card(args[0]), self.parse_path(args[1])


_PARSERS: dict[str, Callable[[Notation, list[str]], Action]] = {
    verb: getattr(Notation, f"_parse_{verb}")
    for verb in VERBS + CHANCE_VERBS + BUSINESS_VERBS + BUSINESS_CHANCE_VERBS
}
"""Each verb's parser: ``Notation._parse_<verb>``."""

_HEX = re.compile("[0-9a-f]{1,128}")
_HEX_PAIR = re.compile("[0-9a-f]{1,128} [0-9a-f]{1,128}")


def _format_investors(
    cards: tuple[str, str] | None,
    salts: tuple[str, str] | None,
    commitments: tuple[str, str] | None,
) -> str:
    if commitments is None:
        return f"investors {FACE_UP} {' '.join(cards or ())}"
    if cards is None or salts is None:
        return f"investors {HIDDEN} {' '.join(commitments)}"
    return f"investors {' '.join(cards)} {' '.join(salts)} {' '.join(commitments)}"


def _count(word: str) -> int:
    """A whole number from 1, in at most four ASCII digits (``str.isdigit`` alone also takes
    digits such as "²" that ``int`` refuses)."""
    if len(word) <= 4 and word.isascii() and word.isdigit():
        count = int(word)
        if count >= 1:
            return count
    raise NotationError("{word} is not a count (a whole number from 1)", word=repr(word))


def _is_seat(word: str) -> bool:
    """One or two ASCII digits (``str`` tests: a regular expression costs twice as much for so
    short a word)."""
    return len(word) <= 2 and word.isascii() and word.isdigit()


def _seat(word: str) -> int:
    if not (len(word) <= 2 and word.isascii() and word.isdigit()):  # _is_seat(word)
        raise NotationError("{word} is not a seat number", word=repr(word))
    return int(word)


def _hex(word: str) -> str:
    """``word`` if it is 1 to 128 lower-case hex digits (a regular expression: ``str.strip``
    with the digits as its characters searches them for each character, several times slower)."""
    if not _HEX.fullmatch(word):
        raise NotationError("{word} is not lower-case hex", word=repr(word))
    return word


def _hex_pair(first: str, second: str) -> tuple[str, str]:
    """``_hex`` of two words (a salt and its commitment, two of either) with one match: most of
    a match's cost is fixed (the words, from ``str.split``, hold no space)."""
    if not _HEX_PAIR.fullmatch(f"{first} {second}"):
        _hex(first)  # says which word is wrong
        _hex(second)
    return first, second


def _no_args(args: list[str], verb: str) -> None:
    if args:
        raise NotationError("{verb} takes nothing after it", verb=verb)


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
