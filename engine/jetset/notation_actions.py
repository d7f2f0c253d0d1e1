"""The players' verbs of the base game and of the modules that add actions (docs/notation.md):
``refill``, ``buy``, ``place``, ``rent``, ``claim``, ``final``, ``income``, ``plane``, ``pass``,
``hub``, ``bonus``, ``replace`` and ``end``, each read from its words by ``parse_<verb>``. The
Business cards' verbs are engine/jetset/notation_business.py; the dealer's,
engine/jetset/notation_chance.py.
"""

from __future__ import annotations

from typing import Final

from engine.errors import NotationError
from engine.jetset.actions import (
    HUB_BONUS_KINDS,
    Action,
    Buy,
    BuyDistant,
    Claim,
    ClaimDistant,
    ClaimFinal,
    EndVote,
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
)
from engine.jetset.board import ROWS
from engine.jetset.notation_words import NotationWords, Parser, is_count_word, no_args, read_count


def parse_refill(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 2 or args[0].lower() not in ROWS:
        raise NotationError("write: refill short N  or  refill long N")
    return Refill(args[0].lower(), read_count(args[1]))


def parse_buy(n: NotationWords, args: list[str]) -> Action:
    if args and args[0].upper() in n.distant.slot_named:  # the distant airlink alone
        raise NotationError(
            "a distant airlink is bought from a City-marker city, e.g. buy {city}-{slot} 1",
            city=n.board.city_code(n.distant.marker_cities[0]),
            slot=args[0].upper(),
        )
    bought = distant_link(n, args[0]) if args else None
    if bought is not None:
        slot, city = bought
        return BuyDistant(slot, city, read_count(args[1]) if len(args) == 2 else 1)
    link, planes = n.link_and_count(args, "buy")
    return Buy(link, planes)


def parse_rent(n: NotationWords, args: list[str]) -> Action:
    slot = n.distant.slot_named.get(args[0].upper()) if args else None
    if slot is not None and len(args) <= 2:
        return RentDistant(slot, read_count(args[1]) if len(args) == 2 else 1)
    link, planes = n.link_and_count(args, "rent")
    return Rent(link, planes)


def distant_link(n: NotationWords, word: str) -> tuple[int, int] | None:
    """``PAR-WAS1`` (or ``WAS1-PAR``): a distant slot and the City-marker city to buy it
    from; None if the word names no distant slot."""
    parts = word.upper().split("-")
    named = n.distant.slot_named
    if len(parts) != 2 or not (parts[0] in named or parts[1] in named):
        return None
    city, slot = parts if parts[1] in named else parts[::-1]
    return named[slot], n.city(city)


def parse_place(n: NotationWords, args: list[str]) -> Action:
    if not args:
        raise NotationError("write: place LINK N [LINK N ...], e.g. place PAR-LON 2 LON-DUB 1")
    placements: list[tuple[int, int]] = []
    distant: list[tuple[int, int]] = []
    i = 0
    while i < len(args):
        slot = n.distant.slot_named.get(args[i].upper())
        link = n.link(args[i]) if slot is None else slot
        count = 1
        if i + 1 < len(args) and is_count_word(args[i + 1]):
            count = read_count(args[i + 1])
            i += 1
        (placements if slot is None else distant).append((link, count))
        i += 1
    if distant:
        return PlaceDistant(tuple(sorted(placements)), tuple(sorted(distant)))
    return Place(tuple(sorted(placements)))


def parse_claim(n: NotationWords, args: list[str]) -> Action:
    if args and args[0].upper() in n.distant.cards:
        return parse_distant_claim(n, args)
    card, path = n.card_and_path(args, "claim")
    return Claim(card, path)


def parse_distant_claim(n: NotationWords, args: list[str]) -> Action:
    """``claim D-03 LON-PAR-WAS``: the European cities, then the card's distant city (or
    the other way round)."""
    if len(args) != 2:
        raise NotationError("write: claim CARD PATH, e.g. claim D-03 LON-PAR-WAS")
    card = n.distant.cards[args[0].upper()]
    distant = n.distant.cities[card.distant].code
    words = args[1].upper().split("-")
    if words[0] == distant:
        words.reverse()
    if len(words) < 2 or words[-1] != distant:
        raise NotationError(
            "the path of {card} ends at {distant}, e.g. LON-PAR-{distant}",
            card=card.id,
            distant=distant,
        )
    return ClaimDistant(card.id, tuple(n.city(c) for c in words[:-1]))


def parse_final(n: NotationWords, args: list[str]) -> Action:
    card, path = n.card_and_path(args, "final")
    return ClaimFinal(card, path)


def parse_income(n: NotationWords, args: list[str]) -> Action:
    no_args(args, "income")
    return Income()


def parse_plane(n: NotationWords, args: list[str]) -> Action:
    no_args(args, "plane")
    return FinalPlane()


def parse_pass(n: NotationWords, args: list[str]) -> Action:
    no_args(args, "pass")
    return Pass()


def parse_hub(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: hub CITY, e.g. hub BER")
    return PlaceHub(n.city(args[0]))


def parse_bonus(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: bonus cash, bonus point, bonus income or bonus CITY")
    kind = args[0].lower()
    if kind in HUB_BONUS_KINDS[:3]:
        return HubBonus(kind, -1)
    if kind == "hub":
        raise NotationError("write the second hub's city: bonus CITY, e.g. bonus BER")
    return HubBonus("hub", n.city(args[0]))


def parse_replace(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1:
        raise NotationError("write: replace INVESTOR, e.g. replace INV-MAJORITY-1")
    return ReplaceInvestor(n.investor(args[0]))


def parse_end(n: NotationWords, args: list[str]) -> Action:
    if len(args) != 1 or args[0].lower() not in ("yes", "no"):
        raise NotationError("write: end yes  (end the game now)  or  end no  (play on)")
    return EndVote(args[0].lower() == "yes")


ACTION_PARSERS: Final[dict[str, Parser]] = {
    "refill": parse_refill,
    "buy": parse_buy,
    "place": parse_place,
    "rent": parse_rent,
    "claim": parse_claim,
    "final": parse_final,
    "income": parse_income,
    "plane": parse_plane,
    "pass": parse_pass,
    "hub": parse_hub,
    "bonus": parse_bonus,
    "replace": parse_replace,
    "end": parse_end,
}
"""The players' verbs, in ``VERBS``' order (engine/jetset/notation.py)."""
