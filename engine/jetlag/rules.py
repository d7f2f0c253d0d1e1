"""Jet Lag's rules: whose turn, what is legal, and applying an entry.

Every refusal is an ``IllegalAction`` naming the rulebook section it comes from ("Setup",
"Round", "Playing a Card"); a refused entry changes nothing.
"""

from __future__ import annotations

from engine.errors import IllegalAction, Seat, rule_name
from engine.jetlag.actions import (
    CHANCE,
    Action,
    Chance,
    Destination,
    Entry,
    Setup,
    Take,
    Tourist,
)
from engine.jetlag.cards import LINE_LIMIT, OPENING, PILE_SIZE, PILES, card_set
from engine.jetlag.digest import MODULUS, board_sums, line_added, tourist_key
from engine.jetlag.state import FIRST, LAST, OVER, PASS, ROUNDS, SECOND, SETUP, TAKE, State

SETUP_RULE = rule_name("Setup")
ROUND_RULE = rule_name("Round")
PLAY_RULE = rule_name("Playing a Card")
DECISIONS = (Tourist, Destination)
"""The two kinds of a seat's entry (a tuple: ``isinstance`` needs no union built per call)."""


def to_move(state: State) -> int | None:
    """The seat to play, CHANCE when the dealer must, None once the game is over."""
    step = state.step
    if step in (FIRST, LAST):
        return state.first
    if step == SECOND:
        return state.second
    if step == OVER:
        return None
    return CHANCE


def legal_actions(state: State) -> list[Action]:
    """Every play open to the seat to move, card by card in hand order: as a tourist at each
    destination left to right, then as a destination at the left end and the right end."""
    seat = to_move(state)
    if seat is None or seat == CHANCE:
        return []
    hand = state.hands[seat]
    if hand is None:
        return []
    room = len(state.line) < LINE_LIMIT
    out: list[Action] = []
    for card in hand:
        out.extend(Tourist(card, at) for at in range(len(state.line)))
        if room:
            out.append(Destination(card, False))
            out.append(Destination(card, True))
    return out


def check(state: State, entry: Entry) -> None:
    """Raise IllegalAction if ``entry`` would be refused now; change nothing."""
    seat = to_move(state)
    a = entry.action
    if isinstance(a, DECISIONS):
        _check_play(state, entry.seat, seat, a)
    else:
        _check_chance(state, entry.seat, seat, a)


def _check_play(state: State, who: int, seat: int | None, a: Action) -> None:
    if seat is None:
        raise IllegalAction(ROUND_RULE, "the game is over")
    if seat == CHANCE:
        raise IllegalAction(ROUND_RULE, "the cards are being dealt; wait for them")
    if who != seat:
        raise IllegalAction(
            ROUND_RULE, "it is {seat}'s turn to play, not {who}'s", seat=Seat(seat), who=Seat(who)
        )
    hand = state.hands[seat]
    if hand is not None and a.card not in hand:
        raise IllegalAction(PLAY_RULE, "{card} is not in your hand", card=a.card)
    if isinstance(a, Tourist):
        if not 0 <= a.at < len(state.line):
            raise IllegalAction(
                PLAY_RULE,
                "there is no destination {at}: the line has {count}",
                at=a.at + 1,
                count=len(state.line),
            )
    elif len(state.line) >= LINE_LIMIT:
        raise IllegalAction(
            PLAY_RULE, "there are already {limit} destinations in play", limit=LINE_LIMIT
        )


def _check_chance(state: State, who: int, seat: int | None, a: Chance) -> None:
    if who != CHANCE:
        raise IllegalAction(ROUND_RULE, "only the dealer deals")
    if isinstance(a, Setup):
        _check_setup(state, a)
    elif isinstance(a, Take):
        if state.step != TAKE or a.seat != state.first:
            raise IllegalAction(ROUND_RULE, "a pile goes to the round's first player")
        if a.cards is not None and (len(a.cards) != PILE_SIZE or _seen(state, a.cards)):
            raise IllegalAction(ROUND_RULE, f"a pile is {PILE_SIZE} cards not seen before")
    else:
        if state.step != PASS or a.seat != state.second:
            raise IllegalAction(ROUND_RULE, "the first player passes 3 cards to the second")
        hand = state.hands[state.first]
        if a.cards is not None and hand is not None and sorted(a.cards) != sorted(hand):
            raise IllegalAction(ROUND_RULE, "the first player passes the 3 cards it kept")


def _check_setup(state: State, a: Setup) -> None:
    if state.step != SETUP:
        raise IllegalAction(SETUP_RULE, "the game is already set up")
    if a.starter not in (0, 1):
        raise IllegalAction(SETUP_RULE, "the starting player is seat 0 or seat 1")
    if len(set(a.opening)) != OPENING or not card_set().issuperset(a.opening):
        raise IllegalAction(SETUP_RULE, f"the game opens with {OPENING} different cards")
    if len(a.commitments) != PILES:
        raise IllegalAction(SETUP_RULE, f"the dealer commits to {PILES} piles")


def _seen(state: State, cards: tuple[str, ...]) -> bool:
    """Whether ``cards`` repeat a card, name no card, or hold one already on the table."""
    public = set(state.line)
    for seat0, seat1 in state.stacks:
        public.update(seat0, seat1)
    return (
        len(set(cards)) != len(cards)
        or not card_set().issuperset(cards)
        or not public.isdisjoint(cards)
    )


def apply(state: State, entry: Entry) -> None:
    """Check ``entry`` and apply it (IllegalAction, and no change, if refused)."""
    seat, a = to_move(state), entry.action
    if isinstance(a, DECISIONS):
        _check_play(state, entry.seat, seat, a)
        play(state, entry.seat, a)
    else:
        _check_chance(state, entry.seat, seat, a)
        _deal(state, a)


def _deal(state: State, a: Chance) -> None:
    """Apply the dealer's entry (no checks: ``apply`` checks first)."""
    if isinstance(a, Setup):
        state.starter = state.first = a.starter
        state.line = list(a.opening)
        state.stacks = [[[], []] for _ in a.opening]
        state.line_sum, state.tourist_sum = board_sums(state.line, state.stacks)
        state.commitments = a.commitments
        state.round = 1
        state.step = TAKE
    elif isinstance(a, Take):
        state.hands[a.seat] = None if a.cards is None else list(a.cards)
        state.sizes[a.seat] = PILE_SIZE
        state.step = FIRST
    else:
        first, second = state.first, state.second
        known = state.hands[first] if a.cards is None else list(a.cards)
        state.hands[second] = None if known is None else list(known)
        state.sizes[second] = state.sizes[first]
        state.hands[first] = []
        state.sizes[first] = 0
        state.step = SECOND


def play(state: State, seat: int, a: Action) -> None:
    """Put the card down and move the round on (no checks: ``apply`` checks first)."""
    hand = state.hands[seat]
    if hand is not None:
        hand.remove(a.card)
    state.sizes[seat] -= 1
    if isinstance(a, Tourist):
        _place_tourist(state, seat, a)
    else:
        _place_destination(state, a)
    _advance(state)


def _place_tourist(state: State, seat: int, a: Tourist) -> None:
    stack = state.stacks[a.at][seat]
    stack.append(a.card)
    added = tourist_key(a.card, state.line[a.at], seat, len(stack))
    state.tourist_sum = (state.tourist_sum + added) % MODULUS


def _place_destination(state: State, a: Destination) -> None:
    state.line_sum = line_added(state.line_sum, a.card, len(state.line), a.right)
    if a.right:
        state.line.append(a.card)
        state.stacks.append([[], []])
    else:
        state.line.insert(0, a.card)
        state.stacks.insert(0, [[], []])


def _advance(state: State) -> None:
    step = state.step
    if step == FIRST:
        state.step = PASS
    elif step == SECOND and state.sizes[state.second] == 1:
        first, second = state.first, state.second
        state.hands[first] = state.hands[second]  # the card left goes back to the first player
        state.hands[second] = []
        state.sizes[first], state.sizes[second] = 1, 0
        state.step = LAST
    elif step == LAST:
        if state.round == ROUNDS:
            state.step = OVER
        else:
            state.round += 1
            state.first = state.second
            state.step = TAKE
