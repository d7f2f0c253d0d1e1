"""Jet Lag's cards in the player's words: tourists, destinations, objectives, and their colours
(colour is never the only sign: every card shows its id and its kinds in words)."""

from __future__ import annotations

from rich.text import Text

from engine.jetlag.actions import Destination, Tourist
from engine.jetlag.cards import Card, Objective, deck
from jetset_tui.i18n import N_, _

TOURIST = {"panda": N_("red panda"), "hyena": N_("hyena"), "beaver": N_("beaver")}
TOURIST_SHORT = {"panda": N_("panda"), "hyena": N_("hyena"), "beaver": N_("beaver")}
TOURISTS = {"panda": N_("red pandas"), "hyena": N_("hyenas"), "beaver": N_("beavers")}
PLACE = {
    "beach": N_("beach"),
    "city": N_("city"),
    "mountain": N_("mountain"),
    "countryside": N_("countryside"),
}
PLACE_TITLE = {
    "beach": N_("Beach"),
    "city": N_("City"),
    "mountain": N_("Mountain"),
    "countryside": N_("Countryside"),
}
TOURIST_COLOUR = {"panda": "#f0605a", "hyena": "#f2c94c", "beaver": "#d19a66"}
PLACE_COLOUR = {
    "beach": "#f2d98c",
    "city": "#b0bac5",
    "mountain": "#8fb3ff",
    "countryside": "#5fd068",
}
SHORT_OBJECTIVE = {
    "count": N_("{points} per {tourist}"),
    "value": N_("value of {tourists}"),
    "value_at": N_("value at {place}"),
    "most": N_("most {tourists}: {points}"),
    "top": N_("{points}: {tourist} on top"),
    "bottom": N_("{points}: {tourist} first"),
    "rising": N_("{points}: rising values"),
    "set": N_("{points}: all 3 kinds"),
    "alone": N_("{points}: only yours"),
}
"""An objective as a destination's column shows it (about 15 characters)."""
LONG_OBJECTIVE = {
    "count": N_("{points} points for each {tourist} you played"),
    "value": N_("the values of every {tourist} you played, added up"),
    "value_at": N_("the values of your tourists at every {place}, added up"),
    "most": N_("{points} points if you have more {tourists} than your opponent"),
    "top": N_("{points} points for each destination where your last tourist is a {tourist}"),
    "bottom": N_("{points} points for each destination where your first tourist is a {tourist}"),
    "rising": N_(
        "{points} points for each destination where your tourists (2 or more) were played "
        "in rising value"
    ),
    "set": N_(
        "{points} points for each destination where you have a red panda, a hyena and a beaver"
    ),
    "alone": N_("{points} points for each destination where only you have tourists"),
}
"""An objective said whole (the hand, the help page)."""


def _fill(template: str, o: Objective) -> str:
    return _(template).format(
        points=o.points,
        tourist=_(TOURIST_SHORT.get(o.tourist, o.tourist)),
        tourists=_(TOURISTS.get(o.tourist, o.tourist)),
        place=_(PLACE.get(o.destination, o.destination)),
    )


def objective_short(o: Objective) -> str:
    return _fill(SHORT_OBJECTIVE[o.kind], o)


def objective_long(o: Objective) -> str:
    return _fill(LONG_OBJECTIVE[o.kind], o)


def place_title(kind: str) -> str:
    return _(PLACE_TITLE[kind])


def places(card: Card) -> Text:
    """A card's destination side: its kind, or both kinds of a double joined by ``+``."""
    text = Text()
    for i, kind in enumerate(card.destination):
        if i:
            text.append("+")
        text.append(place_title(kind), style=PLACE_COLOUR[kind])
    return text


def tourist_face(card: Card) -> Text:
    """A card's tourist side: id, kind, value and its affinities (+ and − before a kind)."""
    text = Text()
    text.append(card.id, style="bold")
    text.append(" ")
    text.append(_(TOURIST_SHORT[card.tourist]), style=TOURIST_COLOUR[card.tourist])
    text.append(f" {card.value}")
    for kind in card.positive:
        text.append(" +" + _(PLACE[kind]))
    for kind in card.negative:
        text.append(" −" + _(PLACE[kind]))
    return text


def tourist_cell(card: Card, points: int | None, *, width: int | None = None) -> Text:
    """A tourist in a destination's column: ``P3 panda 3`` and the affinity points it scores
    there (``+2``, ``−1``; nothing for none). Where that is wider than ``width``, the kind's
    word goes (the card's letter says it: ``P3 3 +2``), never the points."""
    text = Text()
    text.append(card.id, style="bold")
    word = _(TOURIST_SHORT[card.tourist])
    affinity = f" {points:+d}".replace("-", "−") if points else ""
    long = len(f"{card.id} {word} {card.value}{affinity}")
    if width is None or long <= width:
        text.append(" ")
        text.append(word, style=TOURIST_COLOUR[card.tourist])
    text.append(f" {card.value}")
    text.append(affinity)
    return text


PLAY_WORDS = (
    (N_("a {tourist} ({card}) to destination {n}"), N_("{places} as a new destination on the left"),
     N_("{places} as a new destination on the right")),
    (N_("{tourist} {card} to {n}"), N_("new {places} on the left"),
     N_("new {places} on the right")),
)  # fmt: skip
"""A tourist played, a destination on the left, on the right: in words, then in fewer words
for a narrow line. A tourist is named by its card, as its stack shows it; a destination by its
kinds, as its column's heading shows them (its card's id is not on the table)."""


def places_words(card: Card) -> str:
    """A card's destination side in words, as a column's heading shows it: "Beach+City"."""
    return "+".join(place_title(kind) for kind in card.destination)


def play_words(action: Tourist | Destination, *, short: bool = False) -> str:
    """A play in words: "a hyena (H5) to destination 1", "Beach as a new destination on the
    right"; ``short``: "hyena H5 to 1", "new Beach on the right" (the line of news and the
    replay's log said only its notation, "t H5 1")."""
    card = deck()[action.card]
    tourist, left, right = PLAY_WORDS[short]
    if isinstance(action, Tourist):
        return _(tourist).format(
            tourist=_(TOURIST_SHORT[card.tourist]), card=card.id, n=action.at + 1
        )
    return _(right if action.right else left).format(places=places_words(card))
