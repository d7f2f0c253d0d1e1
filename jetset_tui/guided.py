"""Guided actions: for each action key, the choices to offer, step by step (which stage each key
starts with is in ``jetset_tui/actions.py``).

A ``Stage`` is one list to choose from (links, cards, paths, rows). Choosing either leads to a
further stage (a card, then its path) or completes an action. Nothing here decides legality:
the choices come from the board and the engine's ``legal_actions``, and the picker asks the
engine to check each action before it is confirmed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from itertools import pairwise

from engine import (
    Action,
    Buy,
    Claim,
    ClaimFinal,
    FinalPlane,
    HubBonus,
    Income,
    Pass,
    Place,
    PlaceHub,
    Refill,
    Rent,
)
from engine.jetset.actions import ReplaceInvestor
from engine.jetset.board import LONG, SHORT, Board
from engine.jetset.bots.planning import Need, Planner, Route
from engine.jetset.business_effects import income_cards, income_tax
from engine.jetset.rules.costs import REFILL_PRICE
from engine.jetset.rules.hubs import main_cities
from engine.jetset.rules.income import income_paid, seat_income
from engine.jetset.rules.investors import investor_cards, payouts_now
from engine.jetset.state import State
from engine.values import record
from jetset_tui.card_names import investor_name
from jetset_tui.cities import city_name
from jetset_tui.describe import card_text, route_text
from jetset_tui.i18n import N_, _, money, ngettext

ONE = "one"  # a single count for the chosen item (planes on a link, cards to turn up)
EACH = "each"  # a count per item (planes on each of your links)
NONE = "none"
NEED_WORDS = {
    "buy": N_("buy {link} €{cost}"),
    "place": N_("place on your {link} €{cost}"),
    "rent": N_("rent {link} €{cost}"),
}
"""How a plane still needed gets onto its link (``Need.how``): a step of a plan in words, not the
notation (Italian says it with nouns, "acquisto di AMS-LON (5 €)", not as a command)."""


def need_words(board: Board, need: Need) -> str:
    """``buy AMS-LON €5``: one plane a route still needs, in words (``NEED_WORDS``)."""
    return _(NEED_WORDS[need.how]).format(link=board.link_name(need.link), cost=need.cost)


@record
class Choice:
    """One item of a stage's list."""

    label: str
    search: str
    note: str = ""
    links: frozenset[int] = frozenset()
    cities: frozenset[int] = frozenset()
    route: frozenset[int] = frozenset()
    value: object = None
    ready: bool | None = None
    """Whether it can be played now (a card ready to claim); None: the picker asks the rules."""
    then: Callable[[], Stage | str] | None = None
    """This choice's next stage, in a stage whose other choices are actions (a Business Deal's
    offer among the cards to play: its card, then its link)."""


@record
class Stage:
    """One list to choose from; ``build`` makes the action, ``then`` the next stage."""

    title: str
    choices: list[Choice]
    counting: str = NONE
    max_count: int = 1
    default_count: int = 1
    confirm: str = N_("confirm")
    """The word after Enter in the key steps (translated where the stage is made)."""
    build: Callable[[Choice, int, dict[int, int]], Action | None] = field(
        default=lambda c, n, each: None
    )
    then: Callable[[Choice], Stage | str] | None = None
    opens_on_first: bool = False
    """The list opens on its first line even when it cannot be chosen now (the `y` list's "End
    your turn", which Enter out of habit chooses), not on the first that can."""


def link_search(state: State, link: int) -> str:
    """What typing finds a link by: both codes in either order, and the cities' names."""
    board = state.board
    ln = board.links[link]
    a, b = board.city_code(ln.a), board.city_code(ln.b)
    cities = (board.cities[ln.a], board.cities[ln.b])
    names = " ".join(n for c in cities for n in dict.fromkeys((c.name, city_name(c))))
    return f"{a}-{b} {a}{b} {b}-{a} {b}{a} {names}".upper()


def link_choice(state: State, link: int, note: str) -> Choice:
    board = state.board
    ln = board.links[link]
    return Choice(
        label=board.link_name(link),
        search=link_search(state, link),
        note=note,
        links=frozenset({link}),
        cities=frozenset({ln.a, ln.b}),
        value=link,
    )


def planes_on(state: State, names: list[str], link: int) -> str:
    """Whose planes are on ``link``: ``Root 2, Amelia 1`` ('' for none)."""
    planes = state.link_planes[link]
    return ", ".join(f"{names[s]} {n}" for s, n in enumerate(planes) if n)


def owner_note(state: State, names: list[str], link: int) -> str:
    """Another player's link: its owner and the planes on it."""
    on = planes_on(state, names, link)
    owner = names[state.owner[link]]
    if on:
        return _("owner {name} · planes: {planes}").format(name=owner, planes=on)
    return _("owner {name}").format(name=owner)


def own_link_note(state: State, names: list[str], link: int) -> str:
    """One of your links: the planes on it (it said "owner Root" on every line of your own)."""
    on = planes_on(state, names, link)
    return _("planes: {planes}").format(planes=on) if on else _("no planes on it")


def buy_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    board = state.board
    free = [ln.index for ln in board.links if state.owner[ln.index] < 0]
    if not free:
        return _("every airlink is owned")
    choices = [
        link_choice(state, ln, _("€{cost} link").format(cost=board.links[ln].cost)) for ln in free
    ]
    return Stage(
        _("Buy an unowned airlink"),
        choices,
        counting=ONE,
        max_count=max(1, state.seats[seat].planes),
        confirm=_("buy"),
        build=lambda c, n, each: Buy(int(str(c.value)), n),
    )


def rent_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    theirs = [i for i, o in enumerate(state.owner) if o >= 0 and o != seat]
    if not theirs:
        return _("nobody else owns an airlink yet")
    choices = [link_choice(state, ln, owner_note(state, names, ln)) for ln in theirs]
    return Stage(
        _("Put planes on another player's airlink"),
        choices,
        counting=ONE,
        max_count=max(1, state.seats[seat].planes),
        confirm=_("rent"),
        build=lambda c, n, each: Rent(int(str(c.value)), n),
    )


def place_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    own = state.owned_links(seat)
    if not own:
        return _("you own no airlink yet: buy one first (b)")
    choices = [link_choice(state, ln, own_link_note(state, names, ln)) for ln in own]

    def build(choice: Choice, n: int, each: dict[int, int]) -> Action:
        placements = {int(str(choices[i].value)): k for i, k in each.items() if k > 0}
        if not placements:
            placements = {int(str(choice.value)): 1}
        return Place(tuple(sorted(placements.items())))

    return Stage(
        _("Put planes on airlinks you own"),
        choices,
        counting=EACH,
        max_count=max(1, state.seats[seat].planes),
        default_count=0,
        confirm=_("place"),
        build=build,
    )


def path_stage(title: str, options: Sequence[Claim | ClaimFinal], state: State) -> Stage:
    """The paths the engine lists for one card: choose one to confirm the claim."""
    choices = []
    for act in options:
        path = act.path
        links = frozenset(
            link for a, b in pairwise(path) if (link := state.board.link_between(a, b)) is not None
        )
        choices.append(
            Choice(
                label=route_text(state.board, path, "-"),
                search=route_text(state.board, path, "-"),
                note=(
                    _("1 link, one plane back from it")
                    if len(path) == 2
                    else _("{links} links, one plane back from each").format(links=len(path) - 1)
                ),
                route=links,
                cities=frozenset(path),
                value=act,
            )
        )
    return Stage(title, choices, confirm=_("claim"), build=chosen_action)


def chosen_action(choice: Choice, count: int, each: dict[int, int]) -> Action | None:
    """The action a choice carries (a path to claim, income, a plane, an Investor)."""
    value = choice.value
    kinds = Claim | ClaimFinal | Income | FinalPlane | Pass | PlaceHub | HubBonus | ReplaceInvestor
    if isinstance(value, kinds):
        return value
    return None


def claim_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    board = state.board
    planner = Planner(state, seat)
    cards = state.rows[SHORT] + state.rows[LONG]
    if not cards and state.distant is None:
        return _("no card is face up")
    choices = []
    for cid in cards:
        card = board.cards[cid]
        route = planner.route(card.cities)
        note = route_note(board, route)
        label = f"{card_text(board, cid)} ({card.points})"
        choices.append(card_choice(state, cid, label, note, route, legal))
    then = choose_path(state, legal, Claim, _("Claim {card}: choose the path"))
    if state.distant is not None:  # the Distant row too (jetset_tui/guided_distant.py)
        from jetset_tui.guided_distant import claim_choices, with_distant_paths

        choices += claim_choices(state, legal)
        then = with_distant_paths(state, legal, then)
    return Stage(_("Claim a Flight card"), choices, confirm=_("choose"), then=then)


def route_note(board: Board, route: Route | None) -> str:
    """What claiming a card along ``route`` takes now, as the claim picker says it beside the
    card ("need 1✈: buy MIL-PAR €10", "no route", "✓ ready to claim")."""
    if route is None:
        note = _("no route")
    elif route.ready:
        note = _("✓ ready to claim")
    else:
        need = ", ".join(need_words(board, n) for n in route.needs)
        planes = len(route.needs)
        note = ngettext("need {planes}✈: {steps}", "need {planes}✈: {steps}", planes)
        note = note.format(planes=planes, steps=need)
    return note


def short_claim_refusal(state: State, seat: int, line: str) -> str | None:
    """Why ``claim CARD``, typed without its path, names no claim to make now, when the card
    is face up: what it takes (a play test's ``claim XS3-28`` was told the notation's form, where
    the picker said what the card needed). None for any other line."""
    words = line.split()
    if len(words) != 2 or words[0].casefold() != "claim":
        return None
    cid = words[1].upper()
    if cid in state.board.cards and cid not in state.rows[SHORT] + state.rows[LONG]:
        return _("{card} is not face up: only the cards in the rows can be claimed").format(
            card=cid
        )
    if cid not in state.rows[SHORT] + state.rows[LONG]:
        return None
    card = state.board.cards[cid]
    label = f"{card_text(state.board, cid)} ({card.points})"
    return f"{label} {route_note(state.board, Planner(state, seat).route(card.cities))}"


def card_choice(
    state: State,
    cid: str,
    label: str,
    note: str,
    route: Route | None,
    legal: list[Action] | None = None,
) -> Choice:
    """A card to pick: found by its id or its cities, its cities and route lit on the map;
    ready when ``legal`` holds a claim of it."""
    board = state.board
    cities = board.cards[cid].cities
    ready = any(isinstance(a, Claim | ClaimFinal) and a.card == cid for a in legal or ())
    return Choice(
        label=label,
        search=f"{cid} {route_text(board, cities, '-')}".upper(),
        note=note,
        cities=frozenset(cities),
        route=frozenset(route.links) if route else frozenset(),
        value=cid,
        ready=ready,
    )


def choose_path(
    state: State, legal: list[Action], kind: type[Claim] | type[ClaimFinal], title: str
) -> Callable[[Choice], Stage | str]:
    """After a card: the legal paths for it (``title`` names the card as ``{card}``), or why
    there is none."""

    def then(choice: Choice) -> Stage | str:
        paths = [a for a in legal if isinstance(a, kind) and a.card == choice.value]
        if not paths:
            return _("you cannot fly {card} yet: {why}").format(card=choice.value, why=choice.note)
        return path_stage(title.format(card=choice.label), paths, state)

    return then


def final_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    st = state.seats[seat]
    if st.finished:
        if any(isinstance(a, FinalPlane) for a in legal):
            return single_stage(
                _("Put a plane on your Final Flight"),
                _("plane: +2 points"),
                FinalPlane(),
                _("place"),
            )
        return single_stage(
            _("Nothing left to do"), _("pass (no plane in stock)"), Pass(), _("pass")
        )
    if not state.vacation_time:
        return _("Final Flights open when two Vacation cards are up")
    board = state.board
    planner = Planner(state, seat)
    choices = []
    for cid in st.hand or ():
        route = planner.route(board.cards[cid].cities)
        note = final_note(route)
        choices.append(card_choice(state, cid, card_text(board, cid), note, route, legal))
    then = choose_path(state, legal, ClaimFinal, _("Final Flight {card}: choose the path"))
    return Stage(_("Claim your Final Flight"), choices, confirm=_("choose"), then=then)


def final_note(route: Route | None) -> str:
    """A Final Flight in the hand: ready, or the planes and euros it still needs."""
    if route is None:
        return ""
    if route.ready:
        return _("✓ ready")
    planes = len(route.needs)  # one form in English, two in Italian ("serve 1✈", "servono 2✈")
    need = ngettext("need {planes}✈ €{cost}", "need {planes}✈ €{cost}", planes)
    return need.format(planes=planes, cost=route.cost)


def single_stage(title: str, label: str, action: Action, confirm: str) -> Stage:
    choices = [Choice(label, label.upper(), value=action)]
    return Stage(title, choices, confirm=confirm, build=chosen_action)


NO_CARDS_INCOME = N_("no claimed card yet: income pays €0")
"""docs/rules-decisions.md, decision 25: what a player is told who takes income with no card
(a msgid: show it with ``_``)."""


def could_refill(state: State, row: str) -> bool:
    """The row has room and its deck has cards, and it was not paid for this turn: only money
    stands in the way."""
    room = len(state.rows[row]) < state.config.row_max and bool(state.deck[row])
    return room and not state.paid[row]


def income_stage(state: State, seat: int) -> Stage:
    st = state.seats[seat]
    marked = sum(1 for _, m in st.cards if m)
    label = _("Take income: +€{cash}").format(cash=income_paid(state, seat))
    extra = seat_income(state, seat) - sum(5 if m else 2 for _, m in st.cards)
    if extra:
        note = _(
            "{marked} with markers × €5 + {unmarked} without × €2 + €{extra} from the expansion "
            "(Distant cards, 2-Euro markers)"
        )
    else:
        note = _("{marked} with markers × €5 + {unmarked} without × €2")
    note = note.format(marked=marked, unmarked=len(st.cards) - marked, extra=extra)
    if not st.cards and not extra:
        note = _(NO_CARDS_INCOME)
    note += business_income_words(state, seat)
    stage = single_stage(_("Take income"), label, Income(), _("take income"))
    stage.choices[0].note = note
    return stage


def business_income_words(state: State, seat: int) -> str:
    """What the Business cards change in the income about to be taken (the engine's
    ``income_paid``): `` + €2 (+2 Income) − €1 (Taxes)``; '' when they change nothing."""
    if income_paid(state, seat) == seat_income(state, seat):
        return ""
    cards = income_cards(state, seat)
    tax = income_tax(state, seat, seat_income(state, seat) + cards)
    words = ""
    if cards:
        words += " + " + _("€{cash} (+2 Income)").format(cash=cards)
    if tax:
        words += " − " + _("€{cash} (Taxes)").format(cash=tax)
    return words


def refill_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    rows = [r for r in (SHORT, LONG) if any(isinstance(a, Refill) and a.row == r for a in legal)]
    if not rows:
        if state.vacation_time:
            return _("no more Flight cards: it is Vacation Time")
        cash = state.seats[seat].cash
        if cash < REFILL_PRICE and any(could_refill(state, row) for row in (SHORT, LONG)):
            return _("you have €{cash}: more Flight cards cost €{price} a row").format(
                cash=cash, price=REFILL_PRICE
            )
        return _("no row can take more cards now")
    choices = []
    for row in rows:
        room = state.config.row_max - len(state.rows[row])
        if state.paid[row]:
            note = _("paid, up to {room} more (deck {deck})")
        else:
            note = _("€1, up to {room} more (deck {deck})")
        label = _("short row") if row == SHORT else _("long row")
        choices.append(
            Choice(
                label=label,
                search=f"{row} {label}".upper(),
                note=note.format(room=room, deck=len(state.deck[row])),
                value=row,
            )
        )
    most = max(state.config.row_max - len(state.rows[r]) for r in rows)
    return Stage(
        _("Turn up more Flight cards (€1 a row)"),
        choices,
        counting=ONE,
        max_count=most,
        default_count=most,
        confirm=_("turn up"),
        build=lambda c, n, each: Refill(str(c.value), n),
    )


def hub_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    """Hubs: the first hub's city before the first turn, or the choice a flight through your own
    hub gives (the €2, a marker, or the second hub's city)."""
    hubs = state.hubs
    if hubs is None:
        return _("this game is played without hubs")
    board = state.board
    if hubs.placing >= 0:  # every city, those with a hub too: the rules say why not there
        choices = [hub_city_choice(state, city, PlaceHub(city)) for city in main_cities(board)]
        return Stage(
            _("Place your first hub"), choices, confirm=_("place the hub"), build=chosen_action
        )
    if not hubs.pending:
        return _(
            "hubs are placed before the first turn; a bonus comes with a flight through your hub"
        )
    name = city_name(board.cities[hubs.pending[0]])
    now = income_paid(state, seat)
    labels = {
        "cash": (_("€2 hub payoff"), _("the bank pays you €2 now")),
        "point": (_("1-point marker"), _("one more point at the end of the game")),
        "income": (
            _("2-Euro marker"),  # "(now €15)" read as the income after it, to a play test
            _("+€2 income from now on: €{now} → €{after}").format(now=now, after=now + 2),
        ),
    }
    choices = []
    for act in legal:
        if isinstance(act, HubBonus) and act.kind in labels:
            label, note = labels[act.kind]
            choices.append(Choice(label, f"{act.kind} {label}".upper(), note=note, value=act))
        elif isinstance(act, HubBonus):
            choice = hub_city_choice(state, act.city, act)
            choice.label = _("second hub: {city}").format(city=choice.label)
            choices.append(choice)
    return Stage(
        _("Your hub in {city}: choose a bonus").format(city=name),
        choices,
        confirm=_("take it"),
        build=chosen_action,
    )


def hub_city_choice(state: State, city: int, action: Action) -> Choice:
    """A city for a hub, found by its code or name, lit on the map, with its airlinks counted."""
    board = state.board
    code, name = board.city_code(city), city_name(board.cities[city])
    links = len(board.adjacency[city])
    note = ngettext("{n} airlink", "{n} airlinks", links).format(n=links)
    hubs = state.hubs
    if hubs is not None and hubs.owner(city) >= 0:
        note = _("has a hub")
    return Choice(
        label=f"{code} {name}",
        search=f"{code} {name}".upper(),
        note=note,
        cities=frozenset({city}),
        value=action,
    )


def investor_stage(state: State, seat: int, legal: list[Action], names: list[str]) -> Stage | str:
    """Face-up Investors: which one the Vacation card replaces, with what each would pay now."""
    options = [a for a in legal if isinstance(a, ReplaceInvestor)]
    if not options:
        return _("no Vacation card is waiting for you to choose an Investor")
    choices = []
    for action in options:
        card = investor_cards()[action.card]
        shown = investor_name(card.id)
        paid = payouts_now(state, action.card)
        others = ", ".join(f"{names[i]} {money(p)}" for i, p in enumerate(paid) if i != seat)
        choices.append(
            Choice(
                label=_("{name}: you get €{cash}").format(name=shown, cash=paid[seat]),
                search=f"{shown} {card.name} {card.id}".upper(),
                note=others,
                value=action,
            )
        )
    return Stage(
        _("A Vacation card came up: which Investor does it replace?"),
        choices,
        confirm=_("replace"),
        build=chosen_action,
    )
