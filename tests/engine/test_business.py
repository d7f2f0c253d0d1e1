"""The Business cards module (001_0ac1a519298b1465.txt, "Business Cards"), played through real
entries on a scripted table: the deal, drawing and reshuffling, each card kind with its
restrictions, the €5 cash-in, the Business Deal, and the secrecy of hands."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pytest

from engine import CHANCE, Entry, Game, IllegalAction, Options, redact
from engine.jetset.actions import (
    Accept,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    CashIn,
    Decline,
    Dividends,
    EndTurn,
    FinalsDraw,
    Offer,
    PlayCard,
)
from engine.jetset.board import LONG, SHORT, load_board
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
from engine.jetset.rules.business import chance_entry_kind
from engine.jetset.rules.business_cards import CARDS
from engine.jetset.rules.business_deal import answer_on_timeout
from engine.jetset.scoring import scores
from engine.jetset.selfplay import play_bot_choice, play_game, seat_bots
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table
from tests.engine.test_combinations import check_pile

BOARD = load_board()


def table(
    hand0: Sequence[str],
    hand1: Sequence[str] = ("recall", "recall"),
    rest: Sequence[str] = (),
    **script: Sequence[str],
) -> Table:
    """A 2-player table whose Business pile deals ``hand0`` to seat 0 and ``hand1`` to seat 1
    (round the table, twice), then ``rest``."""
    top = [hand0[0], hand1[0], hand0[1], hand1[1], *rest]
    dealer = ScriptedDealer(BOARD, 2, business=top, **script)  # type: ignore[arg-type]
    return Table(dealer=dealer, options=Options(players=2, business_cards=True))


def hand(t: Table, seat: int) -> list[str] | None:
    b = t.state.business
    assert b is not None
    return b.hands[seat]


def refused(t: Table, seat: int, line: str, words: str) -> None:
    """``line`` is refused for ``seat`` now, saying ``words``, and changes nothing."""
    before = t.state.digest()
    with pytest.raises(IllegalAction, match=words):
        t.try_do(seat, line)
    assert t.state.digest() == before


def done(t: Table) -> None:
    """End the turn that went on after a Business card was drawn."""
    seat = t.game.to_move()
    assert seat is not None and seat >= 0
    t.do(seat, "done")


def planes_of(t: Table, seat: int, link: str) -> int:
    return t.state.link_planes[t.link(link)][seat]


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


# -- drawing ------------------------------------------------------------------------------------


def test_a_card_drawn_goes_into_the_hand_where_sorting_would_put_it() -> None:
    keys = [kind.key for kind in KINDS]
    hands = [[], sorted_kinds(keys), sorted_kinds([*keys[::3], *keys[::3], keys[-1]])]
    for hand in hands:
        for kind in keys:
            assert with_card(hand, kind) == sorted_kinds([*hand, kind])


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


def test_a_short_flight_claimed_draws_no_card() -> None:
    t = table(("taxes", "buyout"))
    t.claim(0, "S1-03")
    assert t.state.business is not None and t.state.business.sizes[0] == 2
    assert t.game.to_move() == 1


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


# -- the cards ----------------------------------------------------------------------------------


def test_plus_two_income_stays_in_front_and_adds_two_euros() -> None:
    t = table(("income", "buyout"))
    t.do(0, "play income")
    t.do(0, "income")
    assert t.cash(0) == 32, "no cards claimed: €0 plus the card's €2"
    assert t.state.business is not None and t.state.business.front[0] == ["income"]


def test_acquisition_pays_fifteen_and_takes_another_players_link() -> None:
    t = table(("acquisition", "buyout"))
    t.do(0, "income")
    t.do(1, "buy AMS-LON 1")
    refused(t, 0, "play acquisition AMS-PAR", "not another player's airlink")
    t.do(0, "play acquisition AMS-LON")
    assert t.state.owner[t.link("AMS-LON")] == 0
    assert t.cash(0) == 15 and t.cash(1) == 21 + 15
    assert t.state.seats[1].markers == 30 and t.state.seats[0].markers == 29
    assert planes_of(t, 1, "AMS-LON") == 1, "his planes stay"


def test_buyout_takes_the_top_short_card_as_if_claimed() -> None:
    t = table(("buyout", "taxes"), short_deck=["S3-05"])
    t.do(0, "play buyout")
    assert t.state.seats[0].cards == [["S3-05", 3]]
    assert t.cash(0) == 20 and t.state.drawn[SHORT] == 1
    assert isinstance(t.game.entries[-1].action, BuyoutDraw)


def test_buyout_with_a_vacation_card_on_top_turns_it_up_and_takes_the_next() -> None:
    """Decision: the Vacation card goes to its space as in the Flight Card Phase."""
    t = table(("buyout", "taxes"), short_deck=["SV-1", "S3-05"])
    t.do(0, "play buyout")
    assert t.state.vacations == ["SV-1"]
    assert t.state.seats[0].cards == [["S3-05", 3]]


def test_catch_up_and_planes_score_at_the_end() -> None:
    """Catch up: 4 points when you never play your Final Flight; Planes: a point for every
    three of your planes on airlinks."""
    t = table(("catchup", "planes"))
    t.do(0, "play catchup")
    t.do(0, "buy AMS-LON 3")
    t.do(0, "play planes")
    assert scores(t.state)[0].business == 4 + 1
    assert scores(t.state)[0].total == 5


def test_commandeer_lets_a_claim_use_another_players_plane() -> None:
    t = table(("commandeer", "buyout"))
    t.do(0, "income")
    t.do(1, "buy AMS-LON 1")
    refused(t, 0, "claim S1-03 AMS-LON", "no plane on AMS-LON")
    t.do(0, "play commandeer 1")
    assert t.cash(0) == 15 and t.cash(1) == 21 + 15
    t.do(0, "claim S1-03 AMS-LON")
    assert planes_of(t, 1, "AMS-LON") == 0 and t.state.seats[1].planes == 24
    assert t.state.seats[0].planes == 24 and t.state.seats[0].cards == [["S1-03", 3]]


def test_commandeer_is_played_before_the_action() -> None:
    t = table(("extra", "commandeer"))
    t.do(0, "play extra")
    t.do(0, "buy AMS-LON 1")
    refused(t, 0, "play commandeer 1", "before your action")


def test_discount_takes_two_euros_off_each_plane_of_the_action() -> None:
    t = table(("discount", "buyout"))
    t.do(0, "play discount")
    t.do(0, "buy AMS-LON 2")
    assert t.cash(0) == 30 - (4 + 10 - 4)


def test_dividends_is_the_income_action_paid_twice() -> None:
    t = table(("dividends", "buyout"))
    t.claim(0, "S1-03")
    t.wait_for(0)
    before = t.cash(0)
    t.do(0, "dividends")
    assert t.cash(0) == before + 10
    assert t.state.seats[0].cards == [["S1-03", 2]], "markers come off once"
    assert t.game.to_move() == 1


def test_extra_action_gives_two_actions_neither_income() -> None:
    t = table(("extra", "buyout"))
    t.do(0, "play extra")
    refused(t, 0, "income", "neither action may be income")
    t.do(0, "buy AMS-LON 1")
    assert t.game.to_move() == 0
    refused(t, 0, "refill short 1", "Flight Card Phase is over")
    t.do(0, "buy AMS-PAR 1")
    assert t.game.to_move() == 1


def test_final_flights_deals_two_more_secret_final_flights() -> None:
    t = table(("finals", "buyout"))
    first = t.state.seats[0].hand
    assert first is not None
    t.do(0, "play finals")
    assert isinstance(t.game.entries[-1].action, FinalsDraw)
    st = t.state.seats[0]
    assert st.hand is not None and len(st.hand) == 4 and st.hand[:2] == first
    assert st.hand_size == 4
    assert t.state.view(1).seats[0].hand is None
    assert t.state.view(1).digest() == t.state.digest()


def test_free_plane_goes_on_a_link_you_own() -> None:
    t = table(("freeplane", "buyout"))
    t.do(0, "buy AMS-LON 1")
    t.do(1, "buy AMS-PAR 1")
    refused(t, 0, "play freeplane AMS-PAR", "you do not own")
    t.do(0, "play freeplane AMS-LON")
    assert planes_of(t, 0, "AMS-LON") == 2 and t.cash(0) == 21


def test_friendly_rivalry_pays_the_owners_only() -> None:
    t = table(("rivalry", "buyout"))
    t.do(0, "buy AMS-LON 1")
    t.do(1, "buy AMS-PAR 1")
    refused(t, 0, "play rivalry AMS-LON", "not another player's airlink")
    t.do(0, "play rivalry AMS-PAR 2")
    assert planes_of(t, 0, "AMS-PAR") == 2
    assert t.cash(0) == 21 - 10 and t.cash(1) == 21 + 10


def test_lock_a_flight_card() -> None:
    """ "You may not claim any other Flight card ... while you have a card locked"; nobody else
    may claim it; "When you claim the card, the airplane comes off.\""""
    t = table(("lock", "buyout"))
    t.do(0, "play lock S1-03")
    assert t.state.seats[0].planes == 23
    t.do(0, "buy AMS-LON 1")
    t.do(1, "rent AMS-LON 1")
    t.do(0, "income")
    refused(t, 1, "claim S1-03 AMS-LON", "locked by seat 0")
    refused(t, 1, "play lock S1-03", "no Lock")
    t.do(1, "buy AMS-FRA 1")
    t.do(0, "rent AMS-FRA 1")
    t.do(1, "income")
    refused(t, 0, "claim S1-01 AMS-FRA", "claim it before any other card")
    t.do(0, "claim S1-03 AMS-LON")
    assert t.state.business is not None and t.state.business.locks == ["", ""]
    assert t.state.seats[0].planes == 24 - 1 - 1 - 1 + 1 + 1


def test_no_overhead_removes_the_service_charge() -> None:
    t = table(("overhead", "buyout"))
    t.do(0, "buy AMS-LON 1")
    t.do(0, "play overhead")
    before = t.cash(0)
    t.do(0, "place AMS-LON 2")
    assert t.cash(0) == before - 10


def test_ownership_marks_an_unowned_link_for_free() -> None:
    t = table(("ownership", "buyout"))
    t.do(0, "play ownership AMS-LON")
    assert t.state.owner[t.link("AMS-LON")] == 0 and t.cash(0) == 30
    assert t.game.to_move() == 0, "placing it is not your action"
    refused(t, 0, "play ownership AMS-LON", "no Ownership")


def test_recall_planes_sells_your_planes_for_six_euros() -> None:
    t = table(("recall", "buyout"), ("taxes", "lock"))
    t.do(0, "buy AMS-LON 3")
    t.wait_for(0)
    refused(t, 0, "play recall AMS-LON 4", "you have 3 planes")
    t.do(0, "play recall AMS-LON 2")
    assert planes_of(t, 0, "AMS-LON") == 1 and t.state.seats[0].planes == 23
    assert t.cash(0) == 30 - 19 + 12


def test_relocate_moves_a_link_with_every_plane_on_it() -> None:
    t = table(("relocate", "buyout"))
    t.do(0, "buy AMS-LON 2")
    t.do(1, "rent AMS-LON 1")
    refused(t, 0, "play relocate AMS-LON AMS-LON", "already owned")
    t.do(0, "play relocate AMS-LON AMS-PAR")
    assert t.state.owner[t.link("AMS-LON")] == -1 and t.state.owner[t.link("AMS-PAR")] == 0
    assert planes_of(t, 0, "AMS-PAR") == 2 and planes_of(t, 1, "AMS-PAR") == 1


def test_taxes_collects_a_euro_of_every_other_players_income() -> None:
    t = table(("taxes", "buyout"))
    t.do(0, "play taxes")
    t.do(0, "income")
    t.claim(1, "S1-03")
    t.wait_for(1)
    before = t.cash(1)
    t.do(1, "income")
    b = t.state.business
    assert b is not None
    assert t.cash(1) == before + 4 and b.taxes_pot == 1
    mine = t.cash(0)
    t.do(0, "play taxes")
    assert t.cash(0) == mine + 1 and b.taxes_pot == 0 and b.discards == ["taxes"]


def test_taxes_is_picked_up_on_a_later_turn() -> None:
    t = table(("taxes", "buyout"))
    t.do(0, "play taxes")
    refused(t, 0, "play taxes", "later turn")


def test_three_planes_are_free_on_your_own_links() -> None:
    t = table(("three", "buyout"))
    t.do(0, "buy AMS-LON 1")
    t.do(0, "buy AMS-PAR 1")
    t.do(0, "play three AMS-LON 2 AMS-PAR")
    assert planes_of(t, 0, "AMS-LON") == 3 and planes_of(t, 0, "AMS-PAR") == 2
    refused(t, 0, "play three AMS-LON", "no Three Planes")


def test_transfers_move_your_planes_to_links_you_own() -> None:
    t = table(("transfers", "buyout"))
    t.do(0, "buy AMS-LON 2")
    t.do(1, "buy AMS-FRA 1")
    t.do(0, "buy AMS-PAR 1")
    t.wait_for(0)
    refused(t, 0, "play transfers AMS-LON>AMS-FRA", "you do not own")
    t.do(0, "play transfers AMS-LON>AMS-PAR AMS-LON>AMS-PAR")
    assert planes_of(t, 0, "AMS-LON") == 0 and planes_of(t, 0, "AMS-PAR") == 3


def test_vacation_needs_three_long_flights() -> None:
    t = table(("vacation", "buyout"))
    refused(t, 0, "play vacation", "three Long Flight cards")


def test_delay_needs_a_player_with_planes_on_a_final_flight() -> None:
    t = table(("delay", "buyout"))
    refused(t, 0, "play delay 1", "no plane on a Final Flight")


def test_a_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    t = table(("taxes", "buyout"))
    refused(t, 0, "play income", "no \\+2 Income")
    refused(t, 0, "cash lock", "no Lock")


# -- the Business Deal --------------------------------------------------------------------------


def test_a_business_deal_accepted() -> None:
    """Both discard a card, then each places one of his planes on a link of the other, free."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "buy AMS-LON 1")
    t.do(1, "buy AMS-PAR 1")
    t.do(0, "offer 1 taxes AMS-PAR")
    assert t.game.to_move() == 1, "the answer is seat 1's decision"
    refused(t, 0, "income", "seat 1's turn")
    refused(t, 1, "income", "must answer")
    t.do(1, "accept lock AMS-LON")
    b = t.state.business
    assert b is not None
    assert hand(t, 0) == ["buyout"] and hand(t, 1) == ["delay"]
    assert sorted(b.discards) == ["lock", "taxes"]
    assert planes_of(t, 1, "AMS-LON") == 1 and planes_of(t, 0, "AMS-PAR") == 1
    assert t.cash(0) == 21 and t.cash(1) == 21
    assert t.game.to_move() == 0, "the offering player's turn goes on"
    refused(t, 0, "offer 1 buyout AMS-PAR", "already made an offer")


def test_a_business_deal_refused() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "offer 1 taxes -")
    t.do(1, "decline")
    b = t.state.business
    assert b is not None and b.sizes == [2, 2] and b.discards == []
    assert t.game.to_move() == 0
    refused(t, 0, "offer 1 taxes -", "already made an offer")
    t.do(0, "income")
    assert t.game.to_move() == 1


def test_a_player_with_no_card_cannot_accept() -> None:
    """ "both of you must discard a Business card": an offer to a player with none is refused."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "income")
    t.do(1, "cash lock")
    t.do(1, "cash delay")
    t.do(1, "income")
    refused(t, 0, "offer 1 taxes -", "no Business card")


def test_the_deal_names_a_link_when_a_plane_can_be_placed() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "buy AMS-LON 1")
    t.do(1, "buy AMS-PAR 1")
    refused(t, 0, "offer 1 taxes -", "name the airlink")
    refused(t, 0, "offer 1 taxes AMS-LON", "goes on a link of seat 1")
    t.do(0, "offer 1 taxes AMS-PAR")
    refused(t, 1, "accept lock -", "name the airlink")
    refused(t, 1, "accept taxes AMS-LON", "no taxes card")


def test_legal_actions_of_the_answering_seat_are_the_answers() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "offer 1 taxes -")
    legal = t.game.legal_actions()
    assert set(legal) == {Accept("delay", -1), Accept("lock", -1), Decline()}


# -- notation -----------------------------------------------------------------------------------


ACTIONS = [
    PlayCard("income"),
    PlayCard("commandeer", seat=2),
    PlayCard("three", links=(4, 4, 5)),
    PlayCard("transfers", links=(4, 5, 4, 6)),
    PlayCard("relocate", links=(4, 9)),
    PlayCard("lock", card="S1-03"),
    Dividends(),
    CashIn("buyout"),
    Offer(1, "taxes", 4),
    Offer(3, "taxes", -1),
    Accept("lock", 5),
    Accept("lock", -1),
    Decline(),
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
    assert n.format_action(Offer(1, "taxes", -1)) == "offer 1 taxes -"


def test_vacation_after_three_long_flights_fills_a_vacation_space() -> None:
    """ "Place this card on one of the two empty Vacation card spaces on the board. Then proceed
    as if you had drawn a Vacation card": with one Vacation card already up, Vacation Time
    begins (both rows fill to their maximum, the decks are set aside)."""
    t = table(("vacation", "buyout"), long_deck=["LV-1"])
    t.do(0, "refill long 1")
    t.do(0, "income")
    assert t.state.vacations == ["LV-1"] and not t.state.vacation_time
    for card in ("L5-01", "L5-02", "L5-03"):
        claim_without_stalling(t, card)
    t.wait_for(0)
    b = t.state.business
    assert b is not None
    t.do(0, "play vacation")
    assert b.vacations == 1 and "vacation" not in (hand(t, 0) or [])
    assert t.state.vacation_time
    assert len(t.state.rows[SHORT]) == t.state.config.row_max
    assert t.state.deck[SHORT] == [] and t.state.deck[LONG] == [], "the decks are set aside"
    assert t.game.to_move() == 0, "playing it is not the turn's action"


SPARE_LINKS = ("LIS-SVQ", "LIS-MAD", "MAD-SVQ", "DUB-EDI")
"""Links far from the claims below that seat 1 buys to keep the game from stalling."""


def claim_without_stalling(t: Table, card: str) -> None:
    """Seat 0 claims a Long ``card`` (ending the turn that goes on after the draw) while seat 1
    buys a spare link whenever the turns of only income add up toward the stall rule."""
    cities = t.game.board.cards[card].cities
    a, b = (t.game.board.city_code(c) for c in cities)
    path = t.cheapest_path(0, a, b)
    for x, y in pairwise(path):
        link = t.link(f"{x}-{y}")
        if t.state.link_planes[link][0]:
            continue
        owned = t.state.owner[link] == 0
        cost = 7 if owned else t.game.board.links[link].cost + 5
        while t.cash(0) < cost:
            if t.state.idle_turns >= 4:
                spare = next(s for s in SPARE_LINKS if t.state.owner[t.link(s)] < 0)
                t.do(1, f"buy {spare} 1")
            t.do(0, "income")
        t.do(0, f"place {x}-{y} 1" if owned else f"buy {x}-{y} 1")
    t.do(0, f"claim {card} {'-'.join(path)}")
    done(t)


def test_a_deal_left_unanswered_is_declined_when_the_clock_runs_out() -> None:
    """The host's turn clock asks ``answer_on_timeout``: no to a deal, nothing otherwise."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    assert answer_on_timeout(t.state, 1) is None
    t.do(0, "offer 1 taxes -")
    assert answer_on_timeout(t.state, 1) == Decline()
    assert answer_on_timeout(t.state, 0) is None


def test_the_module_is_playable_alone_and_with_the_others() -> None:
    Options(players=3, business_cards=True).check_supported()
    Options(players=3, business_cards=True, hubs=True, distant_lands=True).check_supported()


def test_end_of_game_cards_score_by_how_the_game_went() -> None:
    """A whole game of greedy bots, who lay down Catch up (seats 0 and 1) and Planes (seat 2) on
    their first turn: at the end Catch up is worth 0 to the first player to play a Final Flight
    (read from the log), 2 to one who played one later, 4 to one who never did; Planes a point
    for every three planes on airlinks."""
    dealer = ScriptedDealer(BOARD, 3, business=["catchup", "catchup", "planes"])
    game = Game(Options(players=3, business_cards=True))
    bots = seat_bots(["greedy"], 3, "end-cards")
    while (seat := game.to_move()) is not None:
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            play_bot_choice(game, seat, bots[seat])
    b = game.state.business
    assert b is not None and "catchup" in b.front[0] and "planes" in b.front[2]
    finals = [e.actor for e in game.entries if type(e.action).__name__ == "ClaimFinal"]
    first = finals[0] if finals else -1
    for seat in (0, 1):
        expected = 0 if seat == first else 2 if seat in finals else 4
        assert scores(game.state)[seat].business == expected
    on_board = sum(row[2] for row in game.state.link_planes)
    assert scores(game.state)[2].business == on_board // 3


def test_delay_takes_a_plane_off_another_players_final_flight() -> None:
    """Seat 0 holds Delay and only takes income; greedy seats play their Final Flights and put
    planes on them. Once one has a plane there, Delay sends it back to that player's stock: the
    fifth plane that ends the game comes a turn later."""
    dealer = ScriptedDealer(BOARD, 3, business=["delay", "taxes", "lock"])
    game = Game(Options(players=3, business_cards=True))
    bots = seat_bots(["greedy"], 3, "delay")
    n = Notation(BOARD)
    while (seat := game.to_move()) is not None:
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        elif seat != 0:
            play_bot_choice(game, seat, bots[seat])
        else:
            delays = [
                a for a in game.legal_actions() if isinstance(a, PlayCard) and a.kind == "delay"
            ]
            if delays:
                break
            game.push(Entry(0, n.parse_action("income")))
    else:
        raise AssertionError("the game ended before anyone put a plane on a Final Flight")
    target = delays[0]
    assert isinstance(target, PlayCard)
    victim = game.state.seats[target.seat]
    planes, stock = victim.final_planes, victim.planes
    game.push(Entry(0, target))
    assert victim.final_planes == planes - 1 and victim.planes == stock + 1
    b = game.state.business
    assert b is not None and b.discards[-1] == "delay"


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
