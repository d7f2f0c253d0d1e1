"""The Business cards module's rules (001_0ac1a519298b1465.txt, "Business Cards"): playing a card
(the cards themselves are in ``business_cards``), the €5 cash-in, ending a turn that went on,
the dealer's draws, and the hooks the ruleset calls around the base game's actions (the Business
Deal is in ``business_deal``)."""

from __future__ import annotations

from typing import Final

from engine.errors import IllegalAction, Seat, Word, rule_name
from engine.jetset.actions import (
    BUSINESS_DECISIONS,
    Accept,
    Action,
    BusinessDraw,
    BusinessShuffle,
    Buy,
    BuyDistant,
    BuyoutDraw,
    CashIn,
    Claim,
    ClaimDistant,
    ClaimFinal,
    DealDiscard,
    Decline,
    Dividends,
    EndTurn,
    EndVote,
    FinalsDraw,
    HubBonus,
    Income,
    Place,
    PlaceDistant,
    PlayCard,
    Refill,
    Rent,
    RentDistant,
    ReplaceInvestor,
)
from engine.jetset.board import LONG, SHORT
from engine.jetset.business_deck import KIND, KIND_INDEX, draw_commitment
from engine.jetset.business_effects import income_after_cards, income_cards, income_with_cards
from engine.jetset.business_state import NO_OFFER, BusinessState
from engine.jetset.rules.base import AnyRule, Rule
from engine.jetset.rules.business_cards import CARDS, CASH_IN, card_options
from engine.jetset.rules.business_checks import DEAL_SECTION, SECTION, business, refused
from engine.jetset.rules.business_deal import (
    AcceptRule,
    DealDiscardRule,
    DeclineRule,
    OfferRule,
)
from engine.jetset.rules.business_end import OpenEndCardsRule
from engine.jetset.rules.business_turn_cards import (
    claim_could_follow,
    locked_by,
    taxes_to_pick_up,
)
from engine.jetset.rules.claims import markers_for_next_card
from engine.jetset.rules.flight_cards import start_vacation_time
from engine.jetset.rules.income import seat_income
from engine.jetset.state import END_CARDS, State, hand_commitment


class PlayRule(Rule[PlayCard]):
    """A Business card from your hand, any time in your turn, not your action."""

    action = PlayCard
    section = SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: PlayCard) -> None:
        found = CARDS.get(action.kind)
        if found is None:
            raise self.illegal(
                "there is no Business card {card} to play this way", card=repr(action.kind)
            )
        b = business(state)
        picking_up = action.kind == "taxes" and b.in_front(seat, "taxes")
        if not picking_up and not b.has(seat, action.kind):
            raise self.illegal("you have no {card} card", card=Word(KIND[action.kind].name))
        found[0](state, seat, action)

    def perform(self, state: State, seat: int, action: PlayCard) -> None:
        CARDS[action.kind][1](state, seat, action)

    def options(self, state: State, seat: int) -> list[Action]:
        b = business(state)
        out: list[Action] = []
        hand = b.hands[seat] or []
        kinds = list(dict.fromkeys(hand))
        if b.in_front(seat, "taxes") and "taxes" not in kinds:
            kinds.append("taxes")
        for kind in kinds:
            if kind not in CARDS:
                continue  # Dividends: an action of its own
            for action in card_options(state, seat, kind):
                try:
                    CARDS[kind][0](state, seat, action)
                except IllegalAction:
                    continue
                out.append(action)
        return out


def dividends_paid(state: State, seat: int) -> int:
    """What Dividends would pay ``seat`` now (decision B21): the whole Take income twice (the
    Flight cards, Distant cards, Hubs' +€2 markers and the +2 Income cards, which "add two Euros
    to your income"), less the Taxes €1 once: "Play this card when taking income" is one Take
    income, and Taxes takes €1 "each time another player takes income"."""
    base = seat_income(state, seat)
    return income_with_cards(state, seat, base) + base + income_cards(state, seat)


class DividendsRule(Rule[Dividends]):
    """The card "Dividends", played when taking income: the turn's action, income paid twice
    (+2 Income cards included), Taxes' €1 taken once (decision B21)."""

    action = Dividends
    section = SECTION
    idle = True

    def check(self, state: State, seat: int, action: Dividends) -> None:
        if not business(state).has(seat, "dividends"):
            raise self.illegal("you have no Dividends card")

    def perform(self, state: State, seat: int, action: Dividends) -> None:
        base = seat_income(state, seat)  # Distant cards' €5 and hub markers too (B21)
        once = income_after_cards(state, seat, base)  # +2 Income cards, and the tax on its card
        state.add_cash(seat, once + base + income_cards(state, seat))  # = dividends_paid
        state.take_markers_back(seat)
        business(state).discard(state, seat, "dividends")

    def options(self, state: State, seat: int) -> list[Action]:
        return [Dividends()] if business(state).has(seat, "dividends") else []


class CashInRule(Rule[CashIn]):
    """Any card not used for its purpose: discard it for €5 from the bank."""

    action = CashIn
    section = rule_name("Business Cards: Cash")
    ends_turn = False

    def check(self, state: State, seat: int, action: CashIn) -> None:
        if action.kind not in KIND:
            raise self.illegal("there is no Business card {card}", card=repr(action.kind))
        if not business(state).has(seat, action.kind):
            raise self.illegal("you have no {card} card", card=Word(KIND[action.kind].name))

    def perform(self, state: State, seat: int, action: CashIn) -> None:
        business(state).discard(state, seat, action.kind)
        state.add_cash(seat, CASH_IN)

    def options(self, state: State, seat: int) -> list[Action]:
        hand = business(state).hands[seat] or []
        return [CashIn(kind) for kind in list(dict.fromkeys(hand))]


def action_done(state: State) -> bool:
    """The turn's action is done and the turn goes on (a Long Flight drew a Business card):
    only Business cards and the end of the turn are open now. False without the module."""
    b = state.business
    return b is not None and b.open_turn == state.turn


def extra_actions_taken(state: State) -> int | None:
    """With Extra Action played this turn (two actions, neither income: decision B11), the
    actions taken so far; None on any other turn."""
    b = state.business
    if b is None or b.extra_turn != state.turn:
        return None
    return b.actions_taken(state.turn)


def may_end_turn(state: State) -> bool:
    b = business(state)
    return b.open_turn == state.turn or b.extra_turn == state.turn


class EndTurnRule(Rule[EndTurn]):
    """The end of a turn that went on after its action."""

    action = EndTurn
    section = SECTION
    idle = None  # the turn's action was counted when the turn went on (``count_idle``)

    def check(self, state: State, seat: int, action: EndTurn) -> None:
        if not may_end_turn(state):
            raise self.illegal("your turn ends with its action")

    def perform(self, state: State, seat: int, action: EndTurn) -> None:
        return None

    def options(self, state: State, seat: int) -> list[Action]:
        return [EndTurn()] if may_end_turn(state) else []


# -- the dealer's entries ---------------------------------------------------------------------


def _available(b: BusinessState, kind: str) -> int:
    """Copies of ``kind`` that may still be in the draw pile (all hands known), else -1: the
    kept count of the full state, or counted from what a view knows (a bot's sampled hands)."""
    if b.pile is not None:
        return b.pile[KIND_INDEX[kind]]
    return available_by_count(b, kind)


def available_by_count(b: BusinessState, kind: str) -> int:
    """``_available`` counted from the hands, the cards in front and the discards."""
    left = KIND[kind].copies - b.seen(kind)
    for hand in b.hands:
        if hand is None:
            return -1
        left -= hand.count(kind)
    return left - b.vacations if kind == "vacation" else left


class DrawRule(Rule[BusinessDraw]):
    """The top Business card to a player: two at setup, one for each Long Flight claimed."""

    action = BusinessDraw
    section = rule_name("Business Cards: Acquiring Business Cards")
    ends_turn = False

    def check(self, state: State, seat: int, action: BusinessDraw) -> None:
        b = state.business  # business(state), read here: a draw is the module's commonest entry
        assert b is not None, "the Business cards module is off"
        if not b.owed or b.deck_size == 0:
            raise self.illegal("no Business card is to be drawn now")
        if action.seat != b.owed[0]:
            raise self.illegal("{seat} draws the next Business card", seat=Seat(b.owed[0]))
        if action.kind is None:
            return
        if action.kind not in KIND or _available(b, action.kind) == 0:
            raise self.illegal("no {card} card is left to draw", card=action.kind)
        salt = action.salt or ""
        if draw_commitment(action.seat, b.draws, action.kind, salt) != action.commitment:
            raise self.illegal("the card does not match its commitment")

    def perform(self, state: State, seat: int, action: BusinessDraw) -> None:
        b = state.business
        assert b is not None, "the Business cards module is off"
        b.draw(state, action.seat, action.kind, action.commitment)


class ShuffleRule(Rule[BusinessShuffle]):
    """The Business deck ran out: the discards are shuffled into a new one."""

    action = BusinessShuffle
    section = rule_name("Business Cards: Acquiring Business Cards")
    ends_turn = False

    def check(self, state: State, seat: int, action: BusinessShuffle) -> None:
        b = business(state)
        if not b.owed or b.deck_size:
            raise self.illegal(
                "the Business discards are shuffled only when a card is due and none is left"
            )
        if action.count != len(b.discards):
            raise self.illegal("the discard pile holds {count} cards", count=len(b.discards))

    def perform(self, state: State, seat: int, action: BusinessShuffle) -> None:
        business(state).reshuffle(state)


class BuyoutRule(Rule[BuyoutDraw]):
    """Buyout: the top Short Flight card, as if claimed. A Vacation card on top is turned up as
    in the Flight Card Phase and the next card is taken (docs/rules-decisions.md)."""

    action = BuyoutDraw
    section = rule_name("Business Cards: Buyout")
    ends_turn = False

    def check(self, state: State, seat: int, action: BuyoutDraw) -> None:
        if business(state).buyout < 0:
            raise self.illegal("no Buyout waits for a card")
        if action.card not in state.deck[SHORT]:
            raise self.illegal("{card} is not in the Short deck", card=action.card)

    def perform(self, state: State, seat: int, action: BuyoutDraw) -> None:
        b = business(state)
        buyer = b.buyout
        if state.board.cards[action.card].vacation:
            was = state.vacation_time
            state.turn_up(SHORT, action.card)
            if state.vacation_time and not was:
                start_vacation_time(state)
                if state.to_reveal is None:
                    state.set_decks_aside()
            if state.vacation_time or not state.deck[SHORT]:
                b.set_fields(state, buyout=-1)
            return
        state.take_from_deck(buyer, SHORT, action.card, markers_for_next_card(state, buyer))
        b.set_fields(state, buyout=-1)


class FinalsRule(Rule[FinalsDraw]):
    """The card "Final Flights": two more Final Flight cards, dealt secretly like the first two;
    the player still plays only one."""

    action = FinalsDraw
    section = rule_name("Business Cards: Final Flights")
    ends_turn = False

    def check(self, state: State, seat: int, action: FinalsDraw) -> None:
        b = business(state)
        if b.finals < 0:
            raise self.illegal("no Final Flight cards are to be dealt now")
        if action.seat != b.finals:
            raise self.illegal("{seat} takes the Final Flight cards", seat=Seat(b.finals))
        if action.cards is None:
            return
        cards = state.board.cards
        if len(set(action.cards)) != 2:
            raise self.illegal("two different Final Flight cards are dealt")
        for cid in action.cards:
            card = cards.get(cid)
            if card is None or card.kind != "final":
                raise self.illegal("{card} is not a Final Flight card", card=cid)
            for other in state.seats:
                if other.hand and cid in other.hand:
                    raise self.illegal("{card} was already dealt", card=cid)
        salt = action.salt or ""
        if hand_commitment(action.seat, action.cards, salt) != action.commitment:
            raise self.illegal("the cards do not match their commitment")

    def perform(self, state: State, seat: int, action: FinalsDraw) -> None:
        b = business(state)
        state.add_finals(action.seat, action.cards, action.commitment)
        b.set_fields(state, finals=-1, finals_dealt=b.finals_dealt + 1)


DECISION_RULES: Final[tuple[AnyRule, ...]] = (
    PlayRule(),
    DividendsRule(),
    CashInRule(),
    OfferRule(),
    AcceptRule(),
    DeclineRule(),
    DealDiscardRule(),
    EndTurnRule(),
)
CHANCE_RULES: Final[tuple[AnyRule, ...]] = (
    DrawRule(),
    ShuffleRule(),
    BuyoutRule(),
    FinalsRule(),
    OpenEndCardsRule(),
)


# -- what the module adds to every turn --------------------------------------------------------


NOT_CLAIMS: Final = (Buy, Place, Rent, Income, Dividends, BuyDistant, PlaceDistant, RentDistant)
"""The turn's actions that are not "Claim a Flight card" (Commandeer, decision B16)."""
CLAIMS: Final = (Claim, ClaimFinal, ClaimDistant)


def commandeer_binds(state: State) -> bool:
    """Commandeer was played this turn and no action taken yet: the action is a claim
    ("Play at the beginning of a turn when your turn action will be, 'Claim a Flight card'")."""
    b = business(state)
    return b.commandeer[0] == state.turn and not b.actions_taken(state.turn)


def guard(state: State, seat: int, action: Action, claims: bool | None = None) -> None:
    """Refuse what the module forbids around the base actions: acting while a Business Deal
    waits for its answer, a second action or a refill after the action, income with Extra Action,
    claiming around a locked card, any action but a claim after Commandeer (while a claim is
    open: ``claims``, asked of ``claim_could_follow`` when None; False skips the question)."""
    b = business(state)
    if b.offer != NO_OFFER:
        if b.offer[0] == b.offer[1]:  # accepted: the offerer's card is all that may come
            if not isinstance(action, DealDiscard):
                raise IllegalAction(
                    DEAL_SECTION, "your Business Deal was accepted: discard a Business card first"
                )
        elif not isinstance(action, (Accept, Decline)):
            raise IllegalAction(
                DEAL_SECTION, "answer the Business Deal first: accept or decline it"
            )
        return
    if isinstance(action, BUSINESS_DECISIONS) and not isinstance(action, Dividends):
        return
    if isinstance(action, (HubBonus, ReplaceInvestor, EndVote)):
        return  # what a claim, a Vacation card or the stall rule asks now, not a second action
    turn = state.turn
    if action_done(state):
        raise refused("your action is done: play Business cards or end your turn")
    if b.actions_taken(turn) and isinstance(action, Refill):
        raise refused("the Flight Card Phase is over for this turn")
    if b.extra_turn == turn and isinstance(action, (Income, Dividends)):
        raise refused("with Extra Action, neither action may be income")
    if isinstance(action, NOT_CLAIMS) and commandeer_binds(state):
        if claims is None:  # the card's own player's later cards may have closed every claim
            claims = claim_could_follow(state, seat, b.commandeer[1])
        if claims:
            raise refused("Commandeer is played when your action will be a claim: claim a card")
    if isinstance(action, (Claim, ClaimFinal)):
        guard_locks(state, b, seat, action)


def guard_locks(state: State, b: BusinessState, seat: int, action: Claim | ClaimFinal) -> None:
    """``guard`` of a claim around locked Flight cards: yours first, never another's."""
    mine = b.locks[seat]
    if mine and action.card != mine:
        raise refused("you have locked {card}: claim it before any other card", card=mine)
    holder = locked_by(state, action.card)
    if holder >= 0 and holder != seat:
        raise refused("{card} is locked by {seat}", card=action.card, seat=Seat(holder))


def restricts(state: State) -> bool:
    """Whether ``guard`` can refuse anything now (a quick test before filtering a list)."""
    b = business(state)
    turn = state.turn
    return (
        b.offer[1] >= 0
        or b.open_turn == turn
        or b.extra_turn == turn
        or b.commandeer[0] == turn
        or any(b.locks)
        or b.actions_taken(turn) > 0
    )


def guard_if_needed(state: State, seat: int, action: Action) -> None:
    """``guard``, skipped when it could refuse nothing: with no turn restriction in play (no
    ``marked_turn`` of this turn, no Business Deal waiting) only a claim while a Flight card is
    locked can be refused, and only by the locks (``guard_locks``). Asked for many entries, so
    it reads the slots itself (``only_locks_restrict``, ``actions_taken``)."""
    b = state.business
    assert b is not None, "the Business cards module is off"
    if b.marked_turn == state.turn or b.offer[1] >= 0:  # a turn mark (open, extra, acted, ...)
        guard(state, seat, action)
    elif isinstance(action, (Claim, ClaimFinal)) and any(b.locks):
        guard_locks(state, b, seat, action)


def only_locks_restrict(state: State) -> bool:
    """Of what ``guard`` looks at, only locked Flight cards are in play: it can refuse nothing
    but a claim (a lock stays until its card is claimed, often for the rest of a game)."""
    b = business(state)
    turn = state.turn
    return (
        b.offer[1] < 0
        and b.open_turn != turn
        and b.extra_turn != turn
        and b.commandeer[0] != turn
        and not b.actions_taken(turn)
    )


def allowed_actions(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` without those ``guard`` refuses, in the same order."""
    if only_locks_restrict(state):
        return [
            a for a in actions if not isinstance(a, (Claim, ClaimFinal)) or allowed(state, seat, a)
        ]
    out = [a for a in actions if allowed(state, seat, a, claims=False)]
    if commandeer_binds(state) and any(isinstance(a, CLAIMS) for a in out):
        return [a for a in out if not isinstance(a, NOT_CLAIMS)]  # Commandeer: only claims
    return out


def allowed(state: State, seat: int, action: Action, claims: bool | None = None) -> bool:
    try:
        guard(state, seat, action, claims)
    except IllegalAction:
        return False
    return True


def after_action(state: State, seat: int, action: Action) -> bool:
    """After a turn's action: take a Business card for a Long Flight, free a locked card's plane,
    note the first Final Flight. True when the turn goes on: Extra Action's first action, or a
    player with a Business card to play, cash in or deal, or one just drawn ("you may play it
    any time during your turn", "You may play a Business card on the same turn you draw it")."""
    b = state.business
    assert b is not None, "the Business cards module is off"
    turn = state.turn
    if isinstance(action, EndTurn):
        return False
    drew = False
    if isinstance(action, Claim):
        if b.locks[seat] == action.card:
            state.add_stock(seat, planes=1)
            b.set_lock(state, seat, "")
        if state.board.cards[action.card].kind == LONG:
            before = len(b.owed)
            b.owe(state, seat)
            drew = len(b.owed) > before
    elif isinstance(action, ClaimFinal) and b.first_final < 0:
        b.set_first_final(state, seat)
    if state.ended:
        return False
    if isinstance(action, HubBonus):  # the claim before it decided whether the turn goes on
        return b.open_turn == turn or (b.extra_turn == turn and b.actions_taken(turn) < 2)
    if b.extra_turn == turn:  # only Extra Action counts the actions of a turn
        count = b.actions_taken(turn) + 1
        b.set_acted(state, turn, count)
        if count < 2:
            return True
    if drew or has_business_left(state, b, seat):
        b.set_open_turn(state, turn)
        return True
    return False


def turn_ends_quietly(state: State, b: BusinessState, seat: int) -> bool:
    """Whether ``after_action`` would surely say the turn ends, read from three slots where the
    ruleset asks it (after most entries of a game with the module): no Extra Action this turn,
    no card in ``seat``'s hand and no Taxes in front of it ("you may play it any time during
    your turn"). Only for an action that is no claim or hub bonus (``Rule.part_of_claim``),
    whose Long Flight or locked card ``after_action`` must see; False says only "ask it"."""
    return not b.sizes[seat] and b.taxed_by != seat and b.extra_turn != state.turn


def has_business_left(state: State, b: BusinessState, seat: int) -> bool:
    """Whether ``seat`` could still do something with Business cards this turn: a card in hand
    (every card can at least be cashed in) or a Taxes card in front to pick up. Read from what
    every seat's view knows (the hand's size), so every engine decides alike."""
    return b.sizes[seat] > 0 or taxes_to_pick_up(state, seat)


def chance_entry_kind(state: State) -> str:
    """What the dealer must supply for the module: "shuffle", "draw", "buyout", "finals",
    "open" (the end-of-game cards, ``business_end``) or ""."""
    b = state.business
    if b is None:
        return ""
    if state.phase == END_CARDS:
        return "open"
    if b.buyout >= 0:
        return "buyout"
    if b.finals >= 0:
        return "finals"
    if b.owed:
        return "draw" if b.deck_size else "shuffle"
    return ""
