"""The Business cards module (001_0ac1a519298b1465.txt, "Business Cards"), played through real
entries on a scripted table: the deal, drawing and reshuffling, the €5 cash-in, the secrecy of
hands, the notation and the module's digest slots. Each card kind with its restrictions is
tests/engine/test_business_cards.py; the Business Deal, tests/engine/test_business_deal.py."""

from __future__ import annotations

import pytest

from engine import CHANCE, Entry, Game, IllegalAction, Options, Reveal, redact
from engine.jetset.actions import (
    Accept,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    CashIn,
    DealDiscard,
    Decline,
    Dividends,
    EndTurn,
    FinalsDraw,
    Offer,
    PlayCard,
)
from engine.jetset.business_state import (
    DECK,
    FIELD_SLOTS,
    FIELD_VALUES,
    KINDS,
    SCALARS,
    BusinessState,
    draw_commitment,
    sorted_kinds,
    with_card,
)
from engine.jetset.notation import Notation
from engine.jetset.options import MODULES
from engine.jetset.rules.business import action_done, chance_entry_kind
from engine.jetset.rules.business_cards import CARDS
from engine.jetset.selfplay import play_bot_choice, play_game, seat_bots
from tests.engine.business_tables import (
    BOARD,
    claim_without_stalling,
    done,
    hand,
    refused,
    table,
)
from tests.engine.scripted import ScriptedDealer
from tests.engine.test_combinations import check_pile

# -- the deck and the deal --------------------------------------------------------------------


def test_the_deck_has_the_rulebooks_forty_cards_and_every_kind_plays() -> None:
    """ "40 Business cards" (Contents); every kind has an effect (PlayCard or Dividends)."""
    assert len(DECK) == 40
    assert len(KINDS) == 22
    assert {k.key for k in KINDS} == set(CARDS) | {"dividends"}


def test_two_cards_are_dealt_to_each_player_before_the_first_turn() -> None:
    """ "Shuffle the Business cards and deal two to each player.\""""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    b = t.state.business
    assert b is not None
    assert b.hands == [["buyout", "taxes"], ["delay", "lock"]]  # kept in data order
    assert b.sizes == [2, 2] and b.deck_size == 36
    assert t.game.to_move() == 0


def test_hands_are_secret_in_views_but_every_view_has_the_same_digest() -> None:
    """Hands are kept like Final Flights: cards only in the holder's view, commitments public."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    full = t.state
    for seat in (0, 1, None):
        view = full.view(seat)
        assert view.business is not None
        assert [h is not None for h in view.business.hands] == [seat == 0, seat == 1]
        assert view.business.sizes == [2, 2]
        assert view.digest() == full.digest() and view.recompute_hash() == view.hash


def test_a_seats_copy_of_the_log_hides_the_other_seats_draws_and_replays_to_the_same_digests() -> (
    None
):
    t = table(("taxes", "buyout"), ("lock", "delay"))
    n = Notation(BOARD)
    mine = [redact(e, 1) for e in t.game.entries]
    lines = [n.format_entry(e) for e in mine]
    draws = [line for line in lines if " bdraw 0 " in line]
    assert draws and all(" hidden " in line for line in draws)
    assert not any("taxes" in line or "buyout" in line for line in draws)
    replay = Game(t.game.options)
    for entry, digest in zip(mine, t.game.digests, strict=True):
        replay.push(entry, digest)


def test_a_draw_that_does_not_match_its_commitment_is_refused() -> None:
    dealer = ScriptedDealer(BOARD, 2)
    game = Game(Options(players=2, business_cards=True))
    while game.state.phase != "play":
        game.push(dealer.next_entry(game.state))
    honest = dealer.next_entry(game.state)
    assert isinstance(honest.action, BusinessDraw)
    act = honest.action
    forged = BusinessDraw(act.seat, "vacation", act.salt, act.commitment)
    with pytest.raises(IllegalAction, match="commitment"):
        game.push(Entry(CHANCE, forged))
    assert act.kind is not None and act.salt is not None
    assert draw_commitment(act.seat, 0, act.kind, act.salt) == act.commitment


# -- drawing ----------------------------------------------------------------------------------


def test_a_card_drawn_goes_into_the_hand_where_sorting_would_put_it() -> None:
    keys = [kind.key for kind in KINDS]
    hands = [[], sorted_kinds(keys), sorted_kinds([*keys[::3], *keys[::3], keys[-1]])]
    for cards in hands:
        for kind in keys:
            assert with_card(cards, kind) == sorted_kinds([*cards, kind])


def test_a_long_flight_claimed_draws_a_card_playable_the_same_turn() -> None:
    """ "Each time you claim a Long Flight card ... you also take a Business card"; "You may
    play a Business card on the same turn you draw it.\""""
    t = table(("taxes", "buyout"), rest=("income",))
    t.claim(0, "L5-01")
    assert hand(t, 0) == ["income", "buyout", "taxes"]
    assert t.game.to_move() == 0, "the turn goes on after the draw"
    assert EndTurn() in t.game.legal_actions()
    refused(t, 0, "income", "your action is done")
    t.do(0, "play income")
    assert t.state.business is not None and t.state.business.front[0] == ["income"]
    done(t)
    assert t.game.to_move() == 1


def test_a_card_may_be_played_after_the_action() -> None:
    """ "you may play it any time during your turn. Playing a Business card does not count as
    your turn action" (B2): a link bought, then the Free Plane put on it, in the same turn."""
    t = table(("freeplane", "buyout"))
    t.do(0, "buy AMS-LON 1")
    assert t.game.to_move() == 0 and action_done(t.state), "the turn goes on after the action"
    assert "play freeplane AMS-LON" in [t.n.format_action(a) for a in t.game.legal_actions()]
    refused(t, 0, "buy AMS-PAR 1", "your action is done")
    t.do(0, "play freeplane AMS-LON")
    assert t.state.link_planes[t.link("AMS-LON")][0] == 2
    done(t)
    assert t.game.to_move() == 1


def test_a_turn_with_no_card_in_hand_ends_with_its_action() -> None:
    """With nothing left to play, cash in or deal with, the action ends the turn as in the base
    game: no ``done`` to type."""
    t = table(("income", "buyout"))
    t.do(0, "cash income")
    t.do(0, "cash buyout")
    t.do(0, "buy AMS-LON 1")
    assert t.game.to_move() == 1 and EndTurn() not in t.game.legal_actions()


def test_taxes_to_pick_up_keep_the_turn_going_but_not_on_the_turn_laid() -> None:
    """A hand emptied, Taxes in front: the turn it was laid ends with its action (it is picked
    up "on any of your later turns"); a later turn goes on after its action for the pick-up."""
    t = table(("taxes", "buyout"))
    t.do(0, "play taxes")
    t.do(0, "cash buyout")
    t.do(0, "buy AMS-LON 1")
    assert t.game.to_move() == 1, "Taxes was laid this turn: nothing left to do"
    t.do(1, "income")  # a euro onto the Taxes card
    t.do(0, "income")
    assert t.game.to_move() == 0 and action_done(t.state), "Taxes may be picked up now"
    t.do(0, "play taxes")
    done(t)
    assert t.game.to_move() == 1


def test_no_row_is_refilled_while_the_turn_goes_on() -> None:
    """The base game's Flight Card Phase comes at the start of a turn ("you will refill the rows
    ... and then do one action"): a Long Flight claimed draws a Business card and the turn goes
    on, but the card that refills the row turns up only at the next turn, so the claimant can
    neither lock it nor see it first."""
    t = table(("lock", "buyout"), rest=("income",), long_deck=["L7-05", "L7-06"])
    claimed = t.state.rows["long"][0]
    claim_without_stalling(t, claimed, end_turn=False)
    assert t.game.to_move() == 0 and action_done(t.state)
    assert "L7-05" not in t.state.rows["long"]
    assert not any(isinstance(e.action, Reveal) for e in t.game.entries[-2:])
    assert not any(isinstance(a, PlayCard) and a.card == "L7-05" for a in t.game.legal_actions())
    done(t)
    assert "L7-05" in t.state.rows["long"], "turned up at the start of the next turn"
    assert t.game.to_move() == 1


def test_income_then_a_card_counts_as_an_idle_turn() -> None:
    """Decision 13 counts a turn by its action: Take income, then a card cashed in, is still a
    turn of only income; ``done`` adds nothing to the count and takes nothing from it."""
    t = table(("income", "buyout"))
    before = t.state.idle_turns
    t.do(0, "income")
    assert t.state.idle_turns == before + 1
    t.do(0, "cash buyout")
    done(t)
    assert t.state.idle_turns == before + 1 and t.game.to_move() == 1


def test_a_short_flight_claimed_draws_no_card() -> None:
    t = table(("taxes", "buyout"))
    t.claim(0, "S1-03")
    assert t.state.business is not None and t.state.business.sizes[0] == 2
    assert chance_entry_kind(t.state) == "" and not t.state.business.owed
    assert t.game.to_move() == 0, "the turn goes on for the two cards in hand, not a new one"


def test_when_the_pile_runs_out_the_discards_are_shuffled_through_the_dealer() -> None:
    """ "If the deck runs out, shuffle the discards": greedy bots on a scripted table draw the
    pile empty; the dealer's ``bshuffle`` (a chance entry) turns the discards, counted, into the
    new pile, and the next card drawn is the first of the order the script gives."""
    game = Game(Options(players=4, business_cards=True))
    dealer = ScriptedDealer(BOARD, 4)
    bots = seat_bots(["greedy"], 4, "script")
    while chance_entry_kind(game.state) != "shuffle" or game.state.to_reveal is not None:
        seat = game.to_move()
        assert seat is not None, "the game ended before the pile ran out"
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            play_bot_choice(game, seat, bots[seat])
    b = game.state.business
    assert b is not None and b.deck_size == 0 and b.owed
    count = len(b.discards)
    order = sorted(b.discards, reverse=True)
    dealer.business_orders[1] = order
    with pytest.raises(IllegalAction, match="discard pile holds"):
        game.push(Entry(CHANCE, BusinessShuffle(count + 1)))
    game.push(dealer.next_entry(game.state))
    assert game.entries[-1].action == BusinessShuffle(count)
    assert b.deck_size == count and b.discards == [] and b.epoch == 1
    seat = b.owed[0]
    game.push(dealer.next_entry(game.state))
    draw = game.entries[-1].action
    assert isinstance(draw, BusinessDraw) and draw.seat == seat and draw.kind == order[0]
    assert b.deck_size == count - 1
    check_pile(b)  # the kept count of the draw pile's kinds follows the reshuffle


def test_cash_in_discards_a_card_for_five_euros() -> None:
    """ "you may discard the Business card and take 5 Euros from the bank.\""""
    t = table(("taxes", "buyout"))
    t.do(0, "cash buyout")
    b = t.state.business
    assert b is not None
    assert t.cash(0) == 35 and hand(t, 0) == ["taxes"] and b.discards == ["buyout"]
    refused(t, 0, "cash buyout", "no Buyout")
    assert t.game.to_move() == 0, "cashing in is not the turn's action"


def test_the_module_is_playable_alone_and_with_the_others() -> None:
    Options(players=3, business_cards=True).check_supported()
    Options(players=3, business_cards=True, hubs=True, distant_lands=True).check_supported()


# -- notation ---------------------------------------------------------------------------------


ACTIONS = [
    PlayCard("income"),
    PlayCard("commandeer", seat=2),
    PlayCard("three", links=(4, 4, 5)),
    PlayCard("transfers", links=(4, 5, 4, 6)),
    PlayCard("relocate", links=(4, 9)),
    PlayCard("lock", card="S1-03"),
    Dividends(),
    CashIn("buyout"),
    Offer(1, 4),
    Offer(3, -1),
    Accept("lock", 5),
    Accept("lock", -1),
    Decline(),
    DealDiscard("taxes"),
    EndTurn(),
    BusinessDraw(1, "taxes", "ab" * 16, "cd" * 16),
    BusinessDraw(1, None, None, "cd" * 16),
    BusinessShuffle(12),
    BuyoutDraw("S3-05"),
    FinalsDraw(0, ("F-11", "F-12"), "ab" * 16, "cd" * 16),
    FinalsDraw(0, None, None, "cd" * 16),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: type(a).__name__)
def test_notation_round_trips(action: object) -> None:
    n = Notation(BOARD)
    line = n.format_action(action)  # type: ignore[arg-type]
    assert n.parse_action(line) == action, line


def test_notation_writes_the_cards_as_people_read_them() -> None:
    n = Notation(BOARD)
    ams_lon = n.link("AMS-LON")
    assert n.format_action(PlayCard("three", links=(ams_lon,) * 3)) == "play three AMS-LON 3"
    assert n.format_action(Offer(1, -1)) == "offer 1 -"


# -- the digest -------------------------------------------------------------------------------


def test_each_scalar_field_lies_in_the_slots_that_set_fields_compares() -> None:
    """``set_fields`` compares only the slots ``FIELD_SLOTS`` names for the fields it sets: each
    field, changed alone, moves exactly those of ``scalar_values``, and every scalar slot is
    some field's."""
    b = BusinessState(4)
    before = b.scalar_values()
    samples: dict[str, object] = {
        "offer": (1, 2, "taxes", 3),
        "commandeer": (5, 2),
        "acted": (5, 1),
        "owed": [1, 2],
    }
    for name, slots in FIELD_SLOTS.items():
        changed = b.copy()
        setattr(changed, name, samples.get(name, 7))
        after = changed.scalar_values()
        assert tuple(i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y) == (
            slots
        ), name
    assert sorted({s for slots in FIELD_SLOTS.values() for s in slots}) == list(range(SCALARS))


def test_each_scalar_fields_values_alone_are_those_of_all_the_scalars() -> None:
    """``FIELD_VALUES`` (what ``set_fields`` puts) gives each field's slots the values
    ``scalar_values`` gives them, in new tables and along whole games with every module."""
    assert FIELD_VALUES.keys() == FIELD_SLOTS.keys()
    for players in (2, 4, 6):
        check_field_values(BusinessState(players))
    options = Options(players=4, **dict.fromkeys(MODULES, True))
    for seed in ("fields/0", "fields/1"):
        played = play_game(options, seed)
        game = Game(options)
        for entry in played.entries:
            game.push(entry)
            b = game.state.business
            assert b is not None
            check_field_values(b)


def check_field_values(b: BusinessState) -> None:
    scalars = b.scalar_values()
    for name, slots in FIELD_SLOTS.items():
        assert FIELD_VALUES[name](b) == tuple(scalars[s] for s in slots), name
