"""The notation: one line per action, readable by people and parsed by the engine.

``parse_action(line)`` and ``format_action(action)`` round-trip; ``parse_entry``/``format_entry``
add the actor (a seat number, or ``*`` for the dealer). The grammar is in docs/notation.md. A
malformed line raises NotationError; whether a well-formed action is legal is the rules' question.

Each verb is read by a function of the module named for whose verbs they are: the players'
(engine/jetset/notation_actions.py), the dealer's (engine/jetset/notation_chance.py) and the
Business cards module's, whose lines are written there too (engine/jetset/notation_business.py);
the words they share (cities, airlinks, cards, counts, seats, hex) are
engine/jetset/notation_words.py, whose ``NotationWords`` is the base of ``Notation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.errors import NotationError, Reason
from engine.jetset.actions import (
    CHANCE,
    Action,
    Buy,
    BuyDistant,
    Claim,
    ClaimDistant,
    ClaimFinal,
    Deal,
    DealInvestors,
    DrawDistant,
    EndVote,
    Entry,
    FinalPlane,
    HubBonus,
    Income,
    Pass,
    Place,
    PlaceDistant,
    PlaceHub,
    Refill,
    Rent,
    RentDistant,
    ReplaceInvestor,
    Reveal,
    Setup,
    TurnInvestor,
)
from engine.jetset.notation_actions import ACTION_PARSERS
from engine.jetset.notation_business import BUSINESS_PARSERS, format_business
from engine.jetset.notation_chance import CHANCE_PARSERS, format_investors
from engine.jetset.notation_words import HIDDEN, NotationWords, Parser, is_seat

if TYPE_CHECKING:
    from engine.jetset.options import Options

VERBS: Final = (
    "refill", "buy", "place", "rent", "claim", "final", "income", "plane", "pass", "hub", "bonus",
    "replace", "end",
)  # fmt: skip
CHANCE_VERBS: Final = ("setup", "deal", "reveal", "draw", "investors", "investor")
BUSINESS_VERBS: Final = (
    "play", "dividends", "cash", "offer", "accept", "decline", "discard", "done",
)  # fmt: skip
"""The Business cards module's decisions (docs/notation.md, "Business cards")."""
BUSINESS_CHANCE_VERBS: Final = ("bdraw", "bshuffle", "buyout", "bfinals", "bopen")
UNKNOWN_VERB: Final = Reason("unknown action {verb}; the actions are: {verbs}")
"""A line whose first word is no verb (the verbs listed: every module's; a front end that knows
the game's options lists its own, ``verbs_of``)."""
MODULE_VERBS: Final = {"hubs": ("hub", "bonus"), "investors": ("replace",)}
"""The decisions only a module plays (Distant Lands buys, places, rents and claims as the base
game does; the Business cards' are ``BUSINESS_VERBS``)."""


def verbs_of(options: Options) -> tuple[str, ...]:
    """The players' verbs in a game of ``options``: the base game's and its modules' (a
    tinkerer's play test was told of a dozen a base game never plays)."""
    kept = [v for v in VERBS if not any(v in vs for vs in MODULE_VERBS.values())]
    for module, verbs in MODULE_VERBS.items():
        if getattr(options, module):
            kept += verbs
    return (*kept, *(BUSINESS_VERBS if options.business_cards else ()))


class Notation(NotationWords):
    """Parser and formatter for one board."""

    # -- formatting -------------------------------------------------------------------------

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
                return format_investors(cards, salts, commitments)
            case TurnInvestor(space, card, salt):
                return f"investor {space + 1} {card} {salt}"
            case ReplaceInvestor(card):
                return f"replace {card}"
        return format_business(self, action)

    def format_entry(self, entry: Entry) -> str:
        who = "*" if entry.actor == CHANCE else str(entry.actor)
        return f"{who} {self.format_action(entry.action)}"

    # -- parsing ----------------------------------------------------------------------------

    def parse_entry(self, line: str) -> Entry:
        head, _, rest = line.strip().partition(" ")
        if head == "*":
            return Entry(CHANCE, self.parse_action(rest))
        if not is_seat(head):
            raise NotationError(
                "an entry starts with a seat number or '*', not {head}", head=repr(head)
            )
        return Entry(int(head), self.parse_action(rest))

    def parse_action(self, line: str) -> Action:
        words = line.split()
        if not words:
            raise NotationError("the line is empty")
        verb, args = words[0].lower(), words[1:]
        parse = PARSERS.get(verb)
        if parse is None:
            raise NotationError(
                UNKNOWN_VERB,
                verb=repr(verb),
                verbs=", ".join((*VERBS, *BUSINESS_VERBS)),  # every player's, modules' too
            )
        return parse(self, args)


PARSERS: Final[dict[str, Parser]] = {**ACTION_PARSERS, **CHANCE_PARSERS, **BUSINESS_PARSERS}
"""Each verb's parser (``parse_<verb>`` of its module): those of ``VERBS``, ``CHANCE_VERBS``,
``BUSINESS_VERBS`` and ``BUSINESS_CHANCE_VERBS``, no more (a test holds them equal)."""

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
