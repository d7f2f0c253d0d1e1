"""Guided actions: for each action key, the choices to offer, step by step (which stage each key
starts with is in ``jetset_tui/actions.py``).

A ``Stage`` is one list to choose from (links, cards, paths, rows). Choosing either leads to a
further stage (a card, then its path) or completes an action. Nothing here decides legality:
the choices come from the board and the engine's ``legal_actions``, and the picker asks the
engine to check each action before it is confirmed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
from engine.actions import ReplaceInvestor
from engine.board import LONG, SHORT
from engine.bots.planning import Planner, Route
from engine.rules.costs import REFILL_PRICE
from engine.rules.income import seat_income
from engine.rules.investors import investor_cards, payouts_now
from engine.state import State
from jetset_tui.describe import card_text, route_text

ONE = "one"  # a single count for the chosen item (planes on a link, cards to turn up)
EACH = "each"  # a count per item (planes on each of your links)
NONE = "none"


@dataclass
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


@dataclass
class Stage:
    """One list to choose from; ``build`` makes the action, ``then`` the next stage."""

    title: str
    choices: list[Choice]
    counting: str = NONE
    max_count: int = 1
    default_count: int = 1
    confirm: str = "confirm"
    build: Callable[[Choice, int, dict[int, int]], Action | None] = field(
        default=lambda c, n, each: None
    )
    then: Callable[[Choice], Stage | str] | None = None


def link_search(state: State, link: int) -> str:
    """What typing finds a link by: both codes in either order, and the cities' names."""
    board = state.board
    ln = board.links[link]
    a, b = board.city_code(ln.a), board.city_code(ln.b)
    names = f"{board.cities[ln.a].name} {board.cities[ln.b].name}"
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


def owner_note(state: State, names: list[str], link: int) -> str:
    planes = state.link_planes[link]
    on = ", ".join(f"{names[s]} {n}" for s, n in enumerate(planes) if n)
    return f"owner {names[state.owner[link]]}" + (f" · planes: {on}" if on else "")


def buy_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    board = state.board
    free = [ln.index for ln in board.links if state.owner[ln.index] < 0]
    if not free:
        return "every airlink is owned"
    choices = [link_choice(state, ln, f"€{board.links[ln].cost} link") for ln in free]
    return Stage(
        "Buy an unowned airlink",
        choices,
        counting=ONE,
        max_count=max(1, state.seats[seat].planes),
        confirm="buy",
        build=lambda c, n, each: Buy(int(str(c.value)), n),
    )


def rent_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    theirs = [i for i, o in enumerate(state.owner) if o >= 0 and o != seat]
    if not theirs:
        return "nobody else owns an airlink yet"
    choices = [link_choice(state, ln, owner_note(state, names, ln)) for ln in theirs]
    return Stage(
        "Put planes on another player's airlink",
        choices,
        counting=ONE,
        max_count=max(1, state.seats[seat].planes),
        confirm="rent",
        build=lambda c, n, each: Rent(int(str(c.value)), n),
    )


def place_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    own = state.owned_links(seat)
    if not own:
        return "you own no airlink yet: buy one first (b)"
    choices = [link_choice(state, ln, owner_note(state, names, ln)) for ln in own]

    def build(choice: Choice, n: int, each: dict[int, int]) -> Action:
        placements = {int(str(choices[i].value)): k for i, k in each.items() if k > 0}
        if not placements:
            placements = {int(str(choice.value)): 1}
        return Place(tuple(sorted(placements.items())))

    return Stage(
        "Put planes on airlinks you own",
        choices,
        counting=EACH,
        max_count=max(1, state.seats[seat].planes),
        default_count=0,
        confirm="place",
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
                    "1 link, one plane back from it"
                    if len(path) == 2
                    else f"{len(path) - 1} links, one plane back from each"
                ),
                route=links,
                cities=frozenset(path),
                value=act,
            )
        )
    return Stage(title, choices, confirm="claim", build=chosen_action)


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
        return "no card is face up"
    choices = []
    for cid in cards:
        card = board.cards[cid]
        route = planner.route(card.cities)
        if route is None:
            note = "no route"
        elif route.ready:
            note = "✓ ready to claim"
        else:
            need = ", ".join(f"{n.how} {board.link_name(n.link)} €{n.cost}" for n in route.needs)
            note = f"need {len(route.needs)}✈: {need}"
        label = f"{card_text(board, cid)} ({card.points})"
        choices.append(card_choice(state, cid, label, note, route, legal))
    then = choose_path(state, legal, Claim, "Claim")
    if state.distant is not None:  # the Distant row too (jetset_tui/guided_distant.py)
        from jetset_tui.guided_distant import claim_choices, with_distant_paths

        choices += claim_choices(state, legal)
        then = with_distant_paths(state, legal, then)
    return Stage("Claim a Flight card", choices, confirm="choose", then=then)


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
    state: State, legal: list[Action], kind: type[Claim] | type[ClaimFinal], verb: str
) -> Callable[[Choice], Stage | str]:
    """After a card: the legal paths for it, or why there is none."""

    def then(choice: Choice) -> Stage | str:
        paths = [a for a in legal if isinstance(a, kind) and a.card == choice.value]
        if not paths:
            return f"you cannot fly {choice.value} yet: {choice.note}"
        return path_stage(f"{verb} {choice.label}: choose the path", paths, state)

    return then


def final_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    st = state.seats[seat]
    if st.finished:
        if any(isinstance(a, FinalPlane) for a in legal):
            return single_stage(
                "Put a plane on your Final Flight", "plane: +2 points", FinalPlane(), "place"
            )
        return single_stage("Nothing left to do", "pass (no plane in stock)", Pass(), "pass")
    if not state.vacation_time:
        return "Final Flights open when two Vacation cards are up"
    board = state.board
    planner = Planner(state, seat)
    choices = []
    for cid in st.hand or ():
        route = planner.route(board.cards[cid].cities)
        ready = route is not None and route.ready
        note = "✓ ready" if ready else f"need {len(route.needs)}✈ €{route.cost}" if route else ""
        choices.append(card_choice(state, cid, card_text(board, cid), note, route, legal))
    then = choose_path(state, legal, ClaimFinal, "Final Flight")
    return Stage("Claim your Final Flight", choices, confirm="choose", then=then)


def single_stage(title: str, label: str, action: Action, confirm: str) -> Stage:
    choices = [Choice(label, label.upper(), value=action)]
    return Stage(title, choices, confirm=confirm, build=chosen_action)


NO_CARDS_INCOME = "no claimed card yet: income pays €0"
"""docs/rules-decisions.md, decision 25: what a player is told who takes income with no card."""


def could_refill(state: State, row: str) -> bool:
    """The row has room and its deck has cards, and it was not paid for this turn: only money
    stands in the way."""
    room = len(state.rows[row]) < state.config.row_max and bool(state.deck[row])
    return room and not state.paid[row]


def income_stage(state: State, seat: int) -> Stage:
    st = state.seats[seat]
    marked = sum(1 for _, m in st.cards if m)
    label = f"Take income: +€{seat_income(state, seat)}"
    note = f"{marked} with markers × €5 + {len(st.cards) - marked} without × €2"
    extra = seat_income(state, seat) - sum(5 if m else 2 for _, m in st.cards)
    if not st.cards and not extra:
        note = NO_CARDS_INCOME
    elif extra:
        note += f" + €{extra} from the expansion (Distant cards, 2-Euro markers)"
    stage = single_stage("Take income", label, Income(), "take income")
    stage.choices[0].note = note
    return stage


def refill_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    rows = [r for r in (SHORT, LONG) if any(isinstance(a, Refill) and a.row == r for a in legal)]
    if not rows:
        if state.vacation_time:
            return "no more Flight cards: it is Vacation Time"
        cash = state.seats[seat].cash
        if cash < REFILL_PRICE and any(could_refill(state, row) for row in (SHORT, LONG)):
            return f"you have €{cash}: more Flight cards cost €{REFILL_PRICE} a row"
        return "no row can take more cards now"
    choices = []
    for row in rows:
        room = state.config.row_max - len(state.rows[row])
        price = "paid" if state.paid[row] else "€1"
        choices.append(
            Choice(
                label=f"{row} row",
                search=row.upper(),
                note=f"{price}, up to {room} more (deck {len(state.deck[row])})",
                value=row,
            )
        )
    most = max(state.config.row_max - len(state.rows[r]) for r in rows)
    return Stage(
        "Turn up more Flight cards (€1 a row)",
        choices,
        counting=ONE,
        max_count=most,
        default_count=most,
        confirm="turn up",
        build=lambda c, n, each: Refill(str(c.value), n),
    )


def hub_stage(state: State, seat: int, legal: list[Action]) -> Stage | str:
    """Hubs: the first hub's city before the first turn, or the choice a flight through your own
    hub gives (the €2, a marker, or the second hub's city)."""
    hubs = state.hubs
    if hubs is None:
        return "this game is played without hubs"
    board = state.board
    if hubs.placing >= 0:
        cities = [a.city for a in legal if isinstance(a, PlaceHub)]
        choices = [hub_city_choice(state, city, PlaceHub(city)) for city in cities]
        return Stage("Place your first hub", choices, confirm="place the hub", build=chosen_action)
    if not hubs.pending:
        return "hubs are placed before the first turn; a bonus comes with a flight through your hub"
    name = board.cities[hubs.pending[0]].name
    now = seat_income(state, seat)
    labels = {
        "cash": ("€2 hub payoff", "the bank pays you €2 now"),
        "point": ("1-point marker", "one more point at the end of the game"),
        "income": ("2-Euro marker", f"+€2 income from now on (now €{now})"),
    }
    choices = []
    for act in legal:
        if isinstance(act, HubBonus) and act.kind in labels:
            label, note = labels[act.kind]
            choices.append(Choice(label, f"{act.kind} {label}".upper(), note=note, value=act))
        elif isinstance(act, HubBonus):
            choice = hub_city_choice(state, act.city, act)
            choice.label = f"second hub: {choice.label}"
            choices.append(choice)
    return Stage(
        f"Your flight passed through your hub in {name}: choose",
        choices,
        confirm="take it",
        build=chosen_action,
    )


def hub_city_choice(state: State, city: int, action: Action) -> Choice:
    """A city for a hub, found by its code or name, lit on the map, with its airlinks counted."""
    board = state.board
    code, name = board.city_code(city), board.cities[city].name
    links = len(board.adjacency[city])
    return Choice(
        label=f"{code} {name}",
        search=f"{code} {name}".upper(),
        note=f"{links} airlinks",
        cities=frozenset({city}),
        value=action,
    )


def investor_stage(state: State, seat: int, legal: list[Action], names: list[str]) -> Stage | str:
    """Face-up Investors: which one the Vacation card replaces, with what each would pay now."""
    options = [a for a in legal if isinstance(a, ReplaceInvestor)]
    if not options:
        return "no Vacation card is waiting for you to choose an Investor"
    choices = []
    for action in options:
        card = investor_cards()[action.card]
        paid = payouts_now(state, action.card)
        others = ", ".join(f"{names[i]} €{p}" for i, p in enumerate(paid) if i != seat)
        choices.append(
            Choice(
                label=f"{card.name}: you get €{paid[seat]}",
                search=f"{card.name} {card.id}".upper(),
                note=others,
                value=action,
            )
        )
    return Stage(
        "A Vacation card came up: which Investor does it replace?",
        choices,
        confirm="replace",
        build=chosen_action,
    )
