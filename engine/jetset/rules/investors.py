"""The Investors module (expansion rulebook, "Investors", and the combining passages naming it).

Two of the eight Investor cards lie on the Vacation card spaces from the start, face down (or
face up, the variant); the six others stay unseen all game. When a Vacation card comes up it
replaces one Investor, which pays every qualifying player from the bank, "ties resolved in a
money-friendly manner, with tied players receiving the higher amount". The cards and why they
say what they say: data/investors.json, data/README.md and docs/rules-decisions.md.

- ``vacation_card_up(state)`` is the one way in: the Flight card decks call it when a Vacation
  card reaches the Vacation track, and so does any other Vacation card (the Business card
  "Vacation", which "has the same effect as a Vacation card from one of the Flight card decks").
- Face down, the Investor on the first space still holding one goes (both are unseen, so the
  choice is the deal's), and the dealer turns it up (``TurnInvestor``). Face up, the player to
  move chooses (``ReplaceInvestor``) while two are left; the last one goes by itself.
- The payouts are pure functions of each seat's Flight cards and points (``payouts``), read
  through ``engine.jetset.scoring.scores``, the one reading of the points on the table.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

import data
from engine.errors import IllegalAction, Reason, Seat, rule_name
from engine.jetset.actions import CHANCE, Action, DealInvestors, ReplaceInvestor, TurnInvestor
from engine.jetset.investors_state import SPACES, investor_commitment
from engine.jetset.rules.base import AnyRule, Rule
from engine.jetset.scoring import scores
from engine.jetset.state import DEAL, State

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value

SECTION: Final = rule_name("Investors")

EQUAL: Final = "equal"
DIVERSITY: Final = "diversity"
MAJORITY: Final = "majority"
PROMINENCE: Final = "prominence"
CATCH_UP: Final = "catchup"
KINDS: Final = (EQUAL, DIVERSITY, MAJORITY, PROMINENCE, CATCH_UP)


@value(unsafe_hash=True)
class InvestorCard:
    """One Investor card: its id (``INV-MAJORITY-1``), kind, name and what it says."""

    id: str
    kind: str
    name: str
    text: str


@value(unsafe_hash=True)
class Terms:
    """What the Investor cards pay (data/investors.json)."""

    equal: int
    diversity_values: tuple[int, ...]
    diversity_each: int
    majority: tuple[tuple[int, int], ...]  # (card points, prize), in points order
    prominence: tuple[int, ...]  # most points first, then second most, then everyone else
    catch_up: tuple[int, ...]  # fewest cards first, then second fewest, then everyone else


@lru_cache(maxsize=1)
def investor_deck() -> tuple[InvestorCard, ...]:
    """The eight Investor cards, in the data file's order (the dealer shuffles them)."""
    out = []
    for kind in data.investors_json()["kinds"]:
        for copy in range(1, int(kind["copies"]) + 1):
            cid = f"INV-{kind['kind'].upper()}-{copy}"
            out.append(InvestorCard(cid, str(kind["kind"]), str(kind["name"]), str(kind["text"])))
    return tuple(out)


@lru_cache(maxsize=1)
def investor_cards() -> dict[str, InvestorCard]:
    """Every Investor card by its id."""
    return {card.id: card for card in investor_deck()}


@lru_cache(maxsize=1)
def terms() -> Terms:
    kinds = {str(k["kind"]): k for k in data.investors_json()["kinds"]}
    return Terms(
        equal=int(kinds[EQUAL]["each"]),
        diversity_values=tuple(int(v) for v in kinds[DIVERSITY]["values"]),
        diversity_each=int(kinds[DIVERSITY]["per_value"]),
        majority=tuple(sorted((int(p), int(e)) for p, e in kinds[MAJORITY]["prizes"].items())),
        prominence=tuple(int(e) for e in kinds[PROMINENCE]["ranks"]),
        catch_up=tuple(int(e) for e in kinds[CATCH_UP]["ranks"]),
    )


# -- what each card pays -------------------------------------------------------------------


def ranked(values: list[int], prizes: tuple[int, ...]) -> tuple[int, ...]:
    """Prizes by rank, ``values`` best first: every seat with the best value gets the first
    prize, every seat with the next distinct value the second, everyone else the last. Tied
    players share a rank, and the next value is the next rank (Example 6: two players with
    the fewest cards get €40 each, the two with the next fewest €30)."""
    distinct = sorted(set(values))
    last = len(prizes) - 1
    return tuple(prizes[min(distinct.index(v), last)] for v in values)


def pay_equal(players: int) -> tuple[int, ...]:
    """Equal: every player receives the same."""
    return (terms().equal,) * players


def pay_diversity(cards: list[list[int]]) -> tuple[int, ...]:
    """Diversity: so much for each different point value (1, 3, 5, 7) among a seat's cards."""
    t = terms()
    return tuple(
        t.diversity_each * sum(1 for v in t.diversity_values if v in held) for held in cards
    )


def pay_majority(cards: list[list[int]]) -> tuple[int, ...]:
    """Majority: for each type of card (1, 3, 5, 7 points), the player(s) with the most of it
    (at least one) receive its prize; tied players each receive it in full."""
    paid = [0] * len(cards)
    for points, prize in terms().majority:
        counts = [held.count(points) for held in cards]
        most = max(counts)
        if most:
            for seat, count in enumerate(counts):
                if count == most:
                    paid[seat] += prize
    return tuple(paid)


def pay_prominence(standing: list[int]) -> tuple[int, ...]:
    """Prominence: most points €40, second most €30, every other player €20."""
    return ranked([-points for points in standing], terms().prominence)


def pay_catch_up(cards: list[list[int]]) -> tuple[int, ...]:
    """Catch Up: fewest Flight cards €40, second fewest €30, every other player €20."""
    return ranked([len(held) for held in cards], terms().catch_up)


def payouts(kind: str, cards: list[list[int]], standing: list[int]) -> tuple[int, ...]:
    """What an Investor of ``kind`` pays each seat, from each seat's claimed cards' points and
    each seat's points now."""
    if kind == EQUAL:
        return pay_equal(len(cards))
    if kind == DIVERSITY:
        return pay_diversity(cards)
    if kind == MAJORITY:
        return pay_majority(cards)
    if kind == PROMINENCE:
        return pay_prominence(standing)
    if kind == CATCH_UP:
        return pay_catch_up(cards)
    raise ValueError(f"no Investor kind {kind!r}")


def payouts_now(state: State, card: str) -> tuple[int, ...]:
    """What ``card`` would pay each seat if it were turned up now. Cards and points are read
    from ``engine.jetset.scoring.scores``: every claimed Flight card (a Distant Flight card too),
    and
    the points as they stand (with any module's points the final score counts, hub 1-point
    markers too, but never an end-of-game Business card: "Points totaled do not include points
    for Business cards that say, 'Play at the end of the game'")."""
    kind = investor_cards()[card].kind
    if kind == EQUAL:  # the same to everyone, whatever the table holds
        return pay_equal(state.players)
    table = scores(state)
    standing = [s.total - s.business for s in table]
    return payouts(kind, [list(s.cards) for s in table], standing)


# -- the Vacation card comes up ------------------------------------------------------------


def vacation_card_up(state: State) -> None:
    """A Vacation card came up (from a deck, or played as a Business card): it replaces an
    Investor still on the board, if any. Face down, the first such space's card is turned up
    by the dealer next; face up, the player to move chooses while two are left."""
    inv = state.investors
    if inv is None:
        return
    waiting = inv.waiting()
    if not waiting:
        return
    if not inv.face_up:
        inv.set_to_turn(state, waiting[0])
    elif len(waiting) > 1:
        inv.set_choosing(state, True)
    else:
        pay(state, waiting[0])


def pay(state: State, space: int) -> None:
    """The Investor on ``space`` (known to this state) pays, and the Vacation card replaces it."""
    inv = state.investors
    assert inv is not None
    card = inv.cards[space]
    assert card is not None
    inv.pay_out(state, space, card, payouts_now(state, card))


def unseen_investors(state: State) -> list[str]:
    """The Investor cards a seat cannot see: all but those face up or turned up."""
    inv = state.investors
    if inv is None:
        return []
    shown = [inv.cards[space] for space in range(SPACES) if inv.dealt and inv.public(space)]
    return [card.id for card in investor_deck() if card.id not in shown]


def guess_investors(state: State, pool: list[str]) -> None:
    """A search's guessed world: the face-down Investors not yet turned up are the first cards
    of ``pool`` (shuffled by the caller), whatever the state held for them (handed a full state
    by mistake, a bot still guesses). Only a bot's copy of its view is changed so; its digest is
    then meaningless and never read."""
    inv = state.investors
    if inv is None or not inv.dealt:
        return
    for space in range(SPACES):
        if not inv.public(space):
            inv.cards[space] = pool.pop(0)


def turn_up_guessed(state: State) -> None:
    """A guessed world's dealer: the Investor the state holds for the space to turn up pays
    (a guess has no salt to open the commitment with)."""
    inv = state.investors
    assert inv is not None and inv.to_turn >= 0
    space = inv.to_turn
    inv.set_to_turn(state, -1)
    pay(state, space)


def investor_choice_due(state: State) -> bool:
    """Face-up Investors: a Vacation card came up and the seat whose turn it is chooses the
    Investor it replaces (decision I7); nothing else happens first."""
    inv = state.investors
    return inv is not None and inv.choosing


def pending_reason(state: State) -> str:
    """Why nothing else may happen now: the table waits for an Investor."""
    inv = state.investors
    if inv is not None and inv.choosing:
        return Reason(
            "{seat} first chooses which Investor the Vacation card replaces",
            seat=Seat(state.current),
        )
    return Reason("the Investor the Vacation card replaced is turned up and pays first")


# -- the rules -----------------------------------------------------------------------------


def require_module(rule: AnyRule, state: State, seat: int, dealer: bool) -> None:
    """The module is on, and the actor is the dealer (``dealer``) or a seat."""
    if state.investors is None:
        raise rule.illegal("this game is played without the Investors")
    if dealer and seat != CHANCE:
        raise rule.illegal("only the dealer places and turns up Investor cards")
    if not dealer and seat == CHANCE:
        raise rule.illegal("a player chooses the Investor, not the dealer")


class DealInvestorsRule(Rule[DealInvestors]):
    """Setup: two Investor cards onto the Vacation spaces, before the Final Flights are dealt;
    face down, the full log carries the cards and salts, every seat only the commitments."""

    action = DealInvestors
    section = rule_name("Investors: Setup")
    ends_turn = False

    def check(self, state: State, seat: int, action: DealInvestors) -> None:
        require_module(self, state, seat, dealer=True)
        inv = state.investors
        assert inv is not None
        if state.phase != DEAL or inv.dealt or state.dealt:
            raise self.illegal("the Investor cards are placed once, before the Final Flights")
        if inv.face_up:
            if action.cards is None or action.salts is not None or action.commitments is not None:
                raise self.illegal("the Investor cards lie face up: deal them without salts")
        elif action.commitments is None:
            raise self.illegal("the Investor cards lie face down: deal them with commitments")
        if action.cards is None:
            return
        known = investor_cards()
        if action.cards[0] == action.cards[1] or not all(c in known for c in action.cards):
            raise self.illegal("two different Investor cards go on the Vacation spaces")
        if action.commitments is None:
            return
        if action.salts is None or any(
            investor_commitment(space, action.cards[space], action.salts[space])
            != action.commitments[space]
            for space in range(SPACES)
        ):
            raise self.illegal("the Investor cards do not match their commitments")

    def perform(self, state: State, seat: int, action: DealInvestors) -> None:
        inv = state.investors
        assert inv is not None
        cards: list[str | None] = list(action.cards) if action.cards else [None] * SPACES
        inv.deal(state, cards, list(action.commitments or ("",) * SPACES))


class TurnInvestorRule(Rule[TurnInvestor]):
    """Face down: the dealer turns up the Investor a Vacation card replaced; it pays at once."""

    action = TurnInvestor
    section = rule_name("Investors: Getting Investment Money")
    ends_turn = False

    def check(self, state: State, seat: int, action: TurnInvestor) -> None:
        require_module(self, state, seat, dealer=True)
        inv = state.investors
        assert inv is not None
        if inv.to_turn < 0:
            raise self.illegal("no Vacation card waits for its Investor")
        if action.space != inv.to_turn:
            raise self.illegal(
                "the Investor on Vacation space {space} is turned up", space=inv.to_turn + 1
            )
        if action.card not in investor_cards():
            raise self.illegal("{card} is not an Investor card", card=action.card)
        commitment = investor_commitment(action.space, action.card, action.salt)
        if commitment != inv.commitments[action.space]:
            raise self.illegal("that is not the card dealt face down on this space")

    def perform(self, state: State, seat: int, action: TurnInvestor) -> None:
        inv = state.investors
        assert inv is not None
        inv.set_to_turn(state, -1)
        inv.pay_out(state, action.space, action.card, payouts_now(state, action.card))


class ReplaceInvestorRule(Rule[ReplaceInvestor]):
    """Face up: the player to move chooses the Investor the Vacation card replaces
    (docs/rules-decisions.md); it pays at once."""

    action = ReplaceInvestor
    section = rule_name("Investors: Getting Investment Money")
    ends_turn = False

    def check(self, state: State, seat: int, action: ReplaceInvestor) -> None:
        require_module(self, state, seat, dealer=False)
        inv = state.investors
        assert inv is not None
        if not inv.choosing:
            raise self.illegal("no Vacation card waits for an Investor to replace")
        if seat != state.current:
            raise self.illegal(
                "{seat} chooses, not {other}", seat=Seat(state.current), other=Seat(seat)
            )
        if action.card not in [inv.cards[space] for space in inv.waiting()]:
            raise self.illegal("{card} is not on a Vacation space", card=action.card)

    def perform(self, state: State, seat: int, action: ReplaceInvestor) -> None:
        inv = state.investors
        assert inv is not None
        inv.set_choosing(state, False)
        pay(state, inv.cards.index(action.card))

    def options(self, state: State, seat: int) -> list[Action]:
        inv = state.investors
        if inv is None or not inv.choosing:
            return []
        return [ReplaceInvestor(str(inv.cards[space])) for space in inv.waiting()]


INVESTOR_RULES: Final[dict[type, AnyRule]] = {
    DealInvestors: DealInvestorsRule(),
    TurnInvestor: TurnInvestorRule(),
    ReplaceInvestor: ReplaceInvestorRule(),
}
"""The Investors module's rules by the action each handles."""


def investor_rule(state: State, action: Action) -> AnyRule | None:
    """The rule for an Investors action; while the table waits for an Investor, IllegalAction
    for anything else."""
    rule = INVESTOR_RULES.get(type(action))
    inv = state.investors
    if rule is None and inv is not None and inv.pending():
        raise IllegalAction(SECTION, pending_reason(state))
    return rule
