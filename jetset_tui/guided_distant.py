"""The guided Distant Lands action (key ``d``): buy a distant airlink and choose its City marker,
place or rent planes on one, or claim a Distant Flight card.

Like ``jetset_tui/guided.py``: the choices come from the board and the engine's legal actions,
and the picker asks the engine to check each action before it is confirmed.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Action
from engine.jetset.actions import BuyDistant, ClaimDistant, PlaceDistant, RentDistant
from engine.jetset.distant_state import PLANE_PRICE, RENT_TO_BANK, DistantState
from engine.jetset.state import State
from jetset_tui.cities import city_name
from jetset_tui.describe import distant_card_text, route_text
from jetset_tui.guided import ONE, Choice, Stage
from jetset_tui.i18n import _, ngettext

BUY = "buy"
PLACE = "place"
RENT = "rent"
CLAIM = "claim"


def distant_stage(state: State, seat: int, legal: list[Action], names: list[str]) -> Stage | str:
    """What the seat may do in the Distant Lands now: each a choice leading to its details."""
    d = state.distant
    if d is None:
        return _("Distant Lands is not in play in this game")
    buys = buy_choices(d, legal)
    choices = [c for c in buys if c.ready is None] + plane_choices(d, seat, names)
    choices += claim_choices(state, legal) + [c for c in buys if c.ready is False]
    if not choices:
        return _("nothing to do in the Distant Lands yet: a distant airlink costs €45 at least")
    return Stage(
        _("Distant Lands"),
        choices,
        confirm=_("choose"),
        then=lambda c: next_stage(state, seat, legal, c),
    )


def buy_choices(d: DistantState, legal: list[Action]) -> list[Choice]:
    """Every distant airlink nobody owns: those the seat may buy now, and (``ready`` False,
    listed last) the others with their price (the list once showed only what the cash reached,
    so a player with €30 met no distant airlink to buy and no word of what one costs)."""
    out = []
    for slot in d.board.slots:
        if d.owner[slot.index] >= 0:
            continue
        name = d.board.slot_name(slot.index)
        city = city_name(d.board.cities[slot.city])
        label = _("buy {link}").format(link=name)
        search = f"BUY {label} {city}".upper()
        if any(isinstance(a, BuyDistant) and a.slot == slot.index for a in legal):
            note = _("{city}: €{cost} + €{price} a plane, then its City marker")
            note = note.format(city=city, cost=slot.cost, price=PLANE_PRICE)
            out.append(Choice(label=label, search=search, note=note, value=(BUY, slot.index)))
        else:
            note = _("{city}: €{cost} + €{price} a plane").format(
                city=city, cost=slot.cost, price=PLANE_PRICE
            )
            out.append(Choice(label, search, note, value=(BUY, slot.index), ready=False))
    return out


def plane_choices(d: DistantState, seat: int, names: list[str]) -> list[Choice]:
    out = []
    for slot, owner in enumerate(d.owner):
        if owner < 0:
            continue
        link = d.link_name(slot)
        if owner == seat:
            note = _("yours: €{price} a plane + €2 service").format(price=PLANE_PRICE)
            label = _("place on {link}").format(link=link)
            out.append(Choice(label, f"PLACE {label}".upper(), note, value=(PLACE, slot)))
        else:
            note = _("{name}'s: €{price} a plane to them + €{bank} to the bank").format(
                name=names[owner], price=PLANE_PRICE, bank=RENT_TO_BANK
            )
            label = _("rent {link}").format(link=link)
            out.append(Choice(label, f"RENT {label}".upper(), note, value=(RENT, slot)))
    return out


def claim_choices(state: State, legal: list[Action]) -> list[Choice]:
    d = state.distant
    assert d is not None
    out = []
    for cid in d.row:
        ready = any(isinstance(a, ClaimDistant) and a.card == cid for a in legal)
        text = distant_card_text(state.board, cid)
        note = _("✓ ready to claim, 8 points") if ready else _("needs your plane on a link to it")
        label = _("claim {card}").format(card=text)
        search = f"CLAIM {label}".upper()
        out.append(Choice(label, search, note, value=(CLAIM, cid), ready=ready))
    return out


def next_stage(state: State, seat: int, legal: list[Action], choice: Choice) -> Stage | str:
    d = state.distant
    assert d is not None and isinstance(choice.value, tuple)
    what, which = choice.value
    planes = max(1, state.seats[seat].planes)
    if what == BUY:
        airlink = d.board.slots[int(which)]
        cash = state.seats[seat].cash
        if choice.ready is False and cash < airlink.cost + PLANE_PRICE:
            said = _("you have €{cash}; {link} costs €{cost} + €{price} a plane")
            link = d.board.slot_name(airlink.index)
            return said.format(cash=cash, link=link, cost=airlink.cost, price=PLANE_PRICE)
        return marker_stage(state, d, int(which), legal, planes)
    if what in (PLACE, RENT):
        slot = int(which)
        link = d.link_name(slot)
        only = [Choice(link, link.upper(), choice.note, value=slot)]
        if what == PLACE:
            title, confirm = _("Put planes on your distant airlink"), _("place")
        else:
            title, confirm = _("Rent a distant airlink"), _("rent")

        def build(c: Choice, n: int, each: dict[int, int]) -> Action:
            return PlaceDistant((), ((slot, n),)) if what == PLACE else RentDistant(slot, n)

        return Stage(title, only, counting=ONE, max_count=planes, confirm=confirm, build=build)
    return path_stage(state, str(which), legal)


def marker_stage(
    state: State, d: DistantState, slot: int, legal: list[Action], planes: int
) -> Stage | str:
    """The City markers the slot may take, and how many planes."""
    cities = sorted({a.city for a in legal if isinstance(a, BuyDistant) and a.slot == slot})
    if not cities:
        return _("no City marker is free for that airlink")
    far = d.board.cities[d.board.slots[slot].city].code
    choices = []
    for city in cities:
        code = state.board.city_code(city)
        used = d.markers_used(city)
        left = d.board.markers_each - used
        note = ngettext("{city}: {n} marker left", "{city}: {n} markers left", left).format(
            city=city_name(state.board.cities[city]), n=left
        )
        choices.append(Choice(f"{code}-{far}", f"{code} {code}-{far}", note, value=city))
    return Stage(
        _("Buy {link}: choose the City marker for its European end").format(
            link=d.board.slot_name(slot)
        ),
        choices,
        counting=ONE,
        max_count=planes,
        confirm=_("buy"),
        build=lambda c, n, each: BuyDistant(slot, int(str(c.value)), n),
    )


def path_stage(state: State, cid: str, legal: list[Action]) -> Stage | str:
    options = [a for a in legal if isinstance(a, ClaimDistant) and a.card == cid]
    if not options:
        why = _("you cannot fly {card} yet: it needs your plane on a distant link to its city")
        return why.format(card=cid)
    d = state.distant
    assert d is not None
    far = d.board.cities[d.board.cards[cid].distant].code
    choices = []
    for act in options:
        route = f"{route_text(state.board, act.path, '-')}-{far}"
        links = len(act.path)
        note = ngettext(
            "{n} link, one plane back from it", "{n} links, one plane back from each", links
        ).format(n=links)
        choices.append(Choice(route, route.upper(), note, cities=frozenset(act.path), value=act))
    return Stage(
        _("Claim {card}: choose the path").format(card=distant_card_text(state.board, cid)),
        choices,
        confirm=_("claim"),
        build=lambda c, n, each: c.value if isinstance(c.value, ClaimDistant) else None,
    )


def with_distant_paths(
    state: State, legal: list[Action], then: Callable[[Choice], Stage | str]
) -> Callable[[Choice], Stage | str]:
    """The claim key's next stage: a Distant card's paths, or ``then`` for other cards."""

    def next_for(choice: Choice) -> Stage | str:
        if isinstance(choice.value, tuple) and choice.value[0] == CLAIM:
            return path_stage(state, str(choice.value[1]), legal)
        return then(choice)

    return next_for
