"""The expansion's cards in the player's language: Business cards and Investors.

Their English names and texts live in ``data/`` (``business.json``, ``investors.json``), which the
engine reads; gettext can only find strings written in the code, so they are repeated here, marked
``N_``. A test checks that every card of the data is here with the very same English, so the two
cannot drift apart.
"""

from __future__ import annotations

from typing import Final

from engine.jetset.business_state import KIND
from engine.jetset.rules.investors import investor_cards
from jetset_tui.i18n import N_, _

BUSINESS_NAMES: Final[dict[str, str]] = {
    "income": N_("+2 Income"),
    "acquisition": N_("Acquisition"),
    "buyout": N_("Buyout"),
    "catchup": N_("Catch up"),
    "commandeer": N_("Commandeer"),
    "delay": N_("Delay"),
    "discount": N_("Discount"),
    "dividends": N_("Dividends"),
    "extra": N_("Extra Action"),
    "finals": N_("Final Flights"),
    "freeplane": N_("Free Plane"),
    "rivalry": N_("Friendly Rivalry"),
    "lock": N_("Lock a Flight Card"),
    "overhead": N_("No Overhead"),
    "ownership": N_("Ownership"),
    "planes": N_("Planes"),
    "recall": N_("Recall Planes"),
    "relocate": N_("Relocate"),
    "taxes": N_("Taxes"),
    "three": N_("Three Planes"),
    "transfers": N_("Transfers"),
    "vacation": N_("Vacation"),
}
"""Each Business card's name, by its kind."""

BUSINESS_TEXTS: Final[dict[str, str]] = {
    "income": N_("Play face up in front of you: +€2 income for the rest of the game."),
    "acquisition": N_(
        "Pay another player €15, then replace one of his ownership markers with yours."
    ),
    "buyout": N_(
        "Pay €10 to the bank; the top Short Flight card of the deck is yours as if claimed."
    ),
    "catchup": N_(
        "End of game: 0 points if you were first to play a Final Flight, 2 if you played one "
        "later, 4 if you never did."
    ),
    "commandeer": N_(
        "Pay one player €15; this turn's claim may use one of his planes as your own."
    ),
    "delay": N_(
        "Before your own Final Flight: one plane comes off another player's Final Flight card, "
        "back to his stock."
    ),
    "discount": N_("This turn the planes your action places cost €2 less each."),
    "dividends": N_("Your action: take income, paid twice (markers come off once)."),
    "extra": N_("Take two actions this turn, neither of them income."),
    "finals": N_("Two more Final Flight cards into your hand; you still play only one."),
    "freeplane": N_("One plane from your stock onto a link you own, free, not your action."),
    "rivalry": N_(
        "Buy up to three planes on other players' links, €5 each to the link's owner (€25 on a "
        "Distant link) and nothing to the bank."
    ),
    "lock": N_(
        "Put one of your planes on a face-up Flight card: nobody else may claim it, and you "
        "claim no other card until you claim it."
    ),
    "overhead": N_(
        "Play face up in front of you: no service charge when you place planes, for the rest of "
        "the game."
    ),
    "ownership": N_(
        "Put your ownership marker on an unowned link, free and without planes; not your action."
    ),
    "planes": N_("End of game: 1 point for every three of your planes on airlinks."),
    "recall": N_(
        "Sell any of your planes on airlinks back to your stock for €6 each (€26 each off a "
        "Distant link)."
    ),
    "relocate": N_(
        "Move one of your links' ownership marker and all its planes to an unowned link."
    ),
    "taxes": N_(
        "Play face up: €1 of every other player's income goes on it; on a later turn discard it "
        "and take the money."
    ),
    "three": N_("Up to three planes from your stock onto links you own, free, not your action."),
    "transfers": N_("Move any of your planes on airlinks to links you own."),
    "vacation": N_(
        "After three Long Flight cards claimed: onto a Vacation space, as if a Vacation card had "
        "come up."
    ),
}
"""Each Business card's text, by its kind."""

INVESTOR_NAMES: Final[dict[str, str]] = {
    "equal": N_("Equal"),
    "diversity": N_("Diversity"),
    "majority": N_("Majority"),
    "prominence": N_("Prominence"),
    "catchup": N_("Catch Up"),
}
"""Each Investor card's name, by its kind."""

INVESTOR_TEXTS: Final[dict[str, str]] = {
    "equal": N_("Every player receives €30."),
    "diversity": N_(
        "Count the different point values among your Flight cards (1, 3, 5 and 7 points): €10 "
        "for each."
    ),
    "majority": N_(
        "The player with the most of each type of card receives money: 1 point = €10, "
        "3 point = €20, 5 point = €25, 7 point = €30."
    ),
    "prominence": N_(
        "Total your points: most points = €40, second most = €30, all other players = €20."
    ),
    "catchup": N_(
        "Count your Flight cards: fewest cards = €40, second fewest = €30, all other players = €20."
    ),
}
"""Each Investor card's text, by its kind."""


def business_name(kind: str) -> str:
    """A Business card's name, translated (the data's name for a kind not listed here)."""
    return _(BUSINESS_NAMES[kind]) if kind in BUSINESS_NAMES else KIND[kind].name


def business_rule(kind: str) -> str:
    """What a Business card does, translated."""
    return _(BUSINESS_TEXTS[kind]) if kind in BUSINESS_TEXTS else KIND[kind].text


def investor_name(card: str) -> str:
    """An Investor card's name (by its id, ``INV-EQUAL-1``), translated."""
    investor = investor_cards()[card]
    return _(INVESTOR_NAMES[investor.kind]) if investor.kind in INVESTOR_NAMES else investor.name


def investor_rule(card: str) -> str:
    """What an Investor card pays, translated."""
    investor = investor_cards()[card]
    return _(INVESTOR_TEXTS[investor.kind]) if investor.kind in INVESTOR_TEXTS else investor.text
