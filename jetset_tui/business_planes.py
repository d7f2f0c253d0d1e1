"""The `y` picker's step for the Business cards that move several planes at once: Three Planes,
Friendly Rivalry, Recall Planes and Transfers. The engine's list of legal actions gives one
canonical form of each (three planes on one link, one plane of a rivalry, all your planes off one
link, one plane transferred: docs/notation.md, "Canonical lists"); a player at the keys chooses
how many planes go where, as the place picker does (←→ or a digit on each line), and the engine
judges the whole (its verdict shows before Enter)."""

from __future__ import annotations

from engine import Action
from engine.jetset.actions import PlayCard
from engine.jetset.distant_state import PLANE_PRICE as DISTANT_PLANE_PRICE
from engine.jetset.rules.business_airlink_cards import MOST_PLANES
from engine.jetset.rules.business_cards import (
    ACQUISITION_PRICE,
    BUYOUT_PRICE,
    COMMANDEER_PRICE,
    RECALL_DISTANT_PRICE,
    RECALL_PRICE,
    RIVALRY_PRICE,
)
from engine.jetset.state import State
from engine.values import value
from jetset_tui.card_names import business_name
from jetset_tui.guided import EACH, Choice, Stage, link_choice, owner_note
from jetset_tui.i18n import N_, _

PRICES = {
    "buyout": (N_("(€{price} to the bank)"), BUYOUT_PRICE),
    "acquisition": (N_("(€{price} to its owner)"), ACQUISITION_PRICE),
    "commandeer": (N_("(€{price} to them)"), COMMANDEER_PRICE),
    "rivalry": (N_("(€{price} a plane to the owner)"), RIVALRY_PRICE),
    "recall": (N_("(+€{price} a plane)"), RECALL_PRICE),
}
"""What a card costs or pays, as the picker shows it before you confirm: words and price."""
DISTANT_PRICES = {
    "rivalry": (N_("(€{price} a plane to the owner)"), DISTANT_PLANE_PRICE),
    "recall": (N_("(+€{price} a plane)"), RECALL_DISTANT_PRICE),
}
"""The same on a Distant airlink."""


def price_words(kind: str, distant: bool) -> str:
    """``(€10 to the bank)``: what playing ``kind`` costs or pays, in the player's language."""
    words, price = DISTANT_PRICES[kind] if distant else PRICES[kind]
    return _(words).format(price=price)


COUNTED_KINDS = ("three", "rivalry", "recall", "transfers")
"""The cards whose play names planes by the count: one step lists where they can go."""


@value(unsafe_hash=True)
class Target:
    """Where a counted card's planes go (or come from): a European link, a Distant airlink's
    slot, or a Transfers pair of links (from, to)."""

    link: int = -1
    slot: int = -1
    pair: tuple[int, int] = (-1, -1)


def counted_choice(state: State, seat: int, kind: str, names: list[str]) -> Choice:
    """``Play Three Planes…``: the card, whose next step says how many planes go where."""
    label = _("Play {card}…").format(card=business_name(kind))
    return Choice(label, label.upper(), then=lambda: counted_stage(state, seat, kind, names))


def counted_stage(state: State, seat: int, kind: str, names: list[str]) -> Stage | str:
    """The links (and Distant airlinks) the card can name, each with a count of planes."""
    choices = counted_targets(state, seat, kind, names)
    if not choices:
        return _("{card} has nothing to move now").format(card=business_name(kind))

    def build(choice: Choice, n: int, each: dict[int, int]) -> Action:
        counts = {i: k for i, k in each.items() if k > 0} or {choices.index(choice): 1}
        return counted_play(kind, [(choices[i].value, k) for i, k in sorted(counts.items())])

    return Stage(
        counted_title(kind),
        choices,
        counting=EACH,
        max_count=most_planes(state, seat, kind),
        default_count=0,
        confirm=_("play"),
        build=build,
    )


def counted_title(kind: str) -> str:
    titles = {
        "three": _("Three Planes: up to 3, free"),
        "rivalry": _("Friendly Rivalry: up to 3"),
        "recall": _("Recall Planes: sell them back"),
        "transfers": _("Transfers: move your planes"),
    }
    return titles[kind]


def counted_targets(state: State, seat: int, kind: str, names: list[str]) -> list[Choice]:
    """Each link (or Distant airlink, or pair) the card may name for ``seat`` now."""
    mine = [i for i, row in enumerate(state.link_planes) if row[seat]]
    own = state.owned_links(seat)
    if kind == "three":
        return [link_target(state, ln, yours(state.link_planes[ln][seat])) for ln in own]
    if kind == "transfers":
        return [pair_target(state, seat, s, t) for s in mine for t in own if s != t]
    d = state.distant
    if kind == "rivalry":
        others = [i for i, o in enumerate(state.owner) if o >= 0 and o != seat]
        near = price_words(kind, distant=False)
        out = [link_target(state, ln, f"{owner_note(state, names, ln)} {near}") for ln in others]
        if d is not None:
            far = price_words(kind, distant=True)
            slots = [s for s, o in enumerate(d.owner) if o >= 0 and o != seat]
            notes = [_("owner {name}").format(name=names[d.owner[s]]) + f" {far}" for s in slots]
            out += [slot_target(state, s, note) for s, note in zip(slots, notes, strict=True)]
        return out
    near = price_words(kind, distant=False)
    out = [link_target(state, ln, f"{yours(state.link_planes[ln][seat])} {near}") for ln in mine]
    if d is not None:
        far = price_words(kind, distant=True)
        slots = [s for s, row in enumerate(d.planes) if row[seat]]
        out += [slot_target(state, s, f"{yours(d.planes[s][seat])} {far}") for s in slots]
    return out


def yours(planes: int) -> str:
    return _("{planes} of your planes here").format(planes=planes)


def link_target(state: State, link: int, note: str) -> Choice:
    choice = link_choice(state, link, note)
    return Choice(
        choice.label, choice.search, note, choice.links, choice.cities, value=Target(link)
    )


def slot_target(state: State, slot: int, note: str) -> Choice:
    d = state.distant
    assert d is not None
    name = d.board.slot_name(slot)
    label = d.link_name(slot) if d.owner[slot] >= 0 else name
    return Choice(label, f"{name} {label}".upper(), note, value=Target(slot=slot))


def pair_target(state: State, seat: int, source: int, target: int) -> Choice:
    board = state.board
    label = f"{board.link_name(source)} → {board.link_name(target)}"
    search = f"{board.link_name(source)} {board.link_name(target)}".upper()
    note = _("{planes} of yours on {link}").format(
        planes=state.link_planes[source][seat], link=board.link_name(source)
    )
    links = frozenset({source, target})
    return Choice(label, search, note, links, value=Target(pair=(source, target)))


def most_planes(state: State, seat: int, kind: str) -> int:
    """The largest count one line may take: the card's three, or the planes on a link."""
    if kind in ("three", "rivalry"):
        return MOST_PLANES
    counts = [row[seat] for row in state.link_planes]
    if state.distant is not None:
        counts += [row[seat] for row in state.distant.planes]
    return max(1, *counts)


def counted_play(kind: str, counts: list[tuple[object, int]]) -> PlayCard:
    """The card played with ``counts`` planes on each target: a link once per plane, Distant
    airlinks after the European links, a Transfers pair once per plane (as the notation writes
    them)."""
    links: list[int] = []
    slots: list[int] = []
    for target, n in counts:
        assert isinstance(target, Target)
        if target.pair[0] >= 0:
            links += list(target.pair) * n
        elif target.slot >= 0:
            slots += [target.slot] * n
        else:
            links += [target.link] * n
    return PlayCard(kind, links=tuple(links), distant=tuple(slots))
