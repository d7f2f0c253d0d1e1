"""The Business cards (001_0ac1a519298b1465.txt, "Business Cards", "Detailed descriptions"),
played through real entries on a scripted table: each card kind with its restrictions, and the
end-of-game cards and Delay in whole games of greedy bots."""

from __future__ import annotations

from engine import CHANCE, Entry, Game, Options
from engine.jetset.actions import BuyoutDraw, FinalsDraw, PlayCard
from engine.jetset.board import LONG, SHORT
from engine.jetset.notation import Notation
from engine.jetset.rules.business import action_done, dividends_paid
from engine.jetset.rules.income import seat_income
from engine.jetset.scoring import scores
from engine.jetset.selfplay import play_bot_choice, seat_bots
from tests.engine.business_tables import (
    BOARD,
    claim_without_stalling,
    hand,
    planes_of,
    refused,
    table,
)
from tests.engine.playout import play_greedy
from tests.engine.scripted import ScriptedDealer


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


def test_after_commandeer_the_turns_action_is_a_claim() -> None:
    """ "Play at the beginning of a turn when your turn action will be, 'Claim a Flight card'"
    (B16): after it, income and the other actions are refused and left out of the legal list,
    which lists the claim that flies the commandeered plane."""
    t = table(("commandeer", "buyout"))
    t.do(0, "income")
    t.do(1, "buy AMS-LON 1")
    t.do(0, "play commandeer 1")
    refused(t, 0, "income", "Commandeer is played when your action will be a claim")
    refused(t, 0, "buy AMS-PAR 1", "Commandeer is played when your action will be a claim")
    legal = [t.n.format_action(a) for a in t.game.legal_actions()]
    assert "claim S1-03 AMS-LON" in legal
    assert not [line for line in legal if line.split()[0] in ("income", "buy", "place", "rent")]
    t.do(0, "claim S1-03 AMS-LON")
    assert t.state.seats[0].cards == [["S1-03", 3]]


def test_commandeer_is_refused_when_no_claim_could_follow() -> None:
    """B16: with no Flight card to claim, even with the other player's plane, Commandeer is
    refused (as Buyout is with an empty deck) and is not in the legal list."""
    t = table(("commandeer", "buyout"))
    refused(t, 0, "play commandeer 1", "none is open now")
    legal = [t.n.format_action(a) for a in t.game.legal_actions()]
    assert "play commandeer 1" not in legal and "income" in legal


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
    assert t.game.to_move() == 0 and action_done(t.state), "Buyout is still in hand"
    refused(t, 0, "income", "your action is done")


def test_dividends_doubles_the_plus_two_income_card_and_takes_the_tax_once() -> None:
    """B21: +2 Income "adds two Euros to your income", so Dividends pays it twice with the rest
    of the income; Taxes takes its €1 once, as from any one Take income."""
    t = table(("income", "dividends"), ("taxes", "buyout"))
    t.do(0, "play income")
    t.do(0, "income")
    t.do(1, "play taxes")
    t.do(1, "income")
    t.claim(0, "S1-03")
    t.wait_for(0)
    b = t.state.business
    assert b is not None and b.in_front(0, "income") and b.taxed_by == 1
    income, pot, before = seat_income(t.state, 0), b.taxes_pot, t.cash(0)
    assert income == 5
    assert dividends_paid(t.state, 0) == 2 * (5 + 2) - 1
    t.do(0, "dividends")
    assert t.cash(0) == before + 2 * (5 + 2) - 1 and b.taxes_pot == pot + 1


def test_extra_action_gives_two_actions_neither_income() -> None:
    t = table(("extra", "buyout"))
    t.do(0, "play extra")
    refused(t, 0, "income", "neither action may be income")
    t.do(0, "buy AMS-LON 1")
    assert t.game.to_move() == 0
    refused(t, 0, "refill short 1", "Flight Card Phase is over")
    t.do(0, "buy AMS-PAR 1")
    assert action_done(t.state), "two actions taken: only Business cards are left (Buyout)"
    refused(t, 0, "buy DUB-LON 1", "your action is done")
    t.do(0, "done")
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


def test_final_flights_may_be_played_in_vacation_time_as_its_text_says() -> None:
    """B12: the rulebook limits Final Flights only by "You will still only play one Final Flight
    card", so it may be played in Vacation Time too, and the card's text (data/business.json,
    jetset_tui/card_names.py) sets no other time."""
    from engine.jetset.business_deck import KIND
    from jetset_tui.card_names import BUSINESS_TEXTS

    t = table(("finals", "buyout"), long_deck=["LV-1"], short_deck=["SV-1"])
    t.claim(0, t.state.rows["short"][0])
    t.claim(1, t.state.rows["short"][0])
    t.start_vacation_time(0)
    t.wait_for(0)
    assert t.state.vacation_time
    t.do(0, "play finals")
    hand = t.state.seats[0].hand
    assert hand is not None and len(hand) == 4
    for text in (KIND["finals"].text, BUSINESS_TEXTS["finals"]):
        assert "Vacation Time" not in text and "only one" in text


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
    refused(t, 0, "play recall AMS-LON 4", "on AMS-LON: you have 3 there")
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


def test_end_of_game_cards_score_by_how_the_game_went() -> None:
    """A whole game of greedy bots, who lay down Catch up (seats 0 and 1) and Planes (seat 2) on
    their first turn: at the end Catch up is worth 0 to the first player to play a Final Flight
    (read from the log), 2 to one who played one later, 4 to one who never did; Planes a point
    for every three planes on airlinks."""
    dealer = ScriptedDealer(BOARD, 3, business=["catchup", "catchup", "planes"])
    game = play_greedy(Game(Options(players=3, business_cards=True)), dealer, "end-cards")
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
            line = "done" if action_done(game.state) else "income"
            game.push(Entry(0, n.parse_action(line)))
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


def test_the_bots_play_dividends_only_where_it_beats_cashing_the_card_in() -> None:
    """A play test's advice said "Dividends pays more than plain income" to a player with no
    claimed card: income €0 twice, the card thrown away where it cashes in for €5. The greedy
    choice (and so the search bot's, whose playouts and candidates start from it) takes plain
    income until the second income beats €5: at €0 and at €5 (one card), not at €7 (two)."""
    from engine import Income
    from engine.jetset.actions import Dividends
    from engine.jetset.bots.business_play import with_cards
    from engine.jetset.rules.income import income_paid

    t = table(("dividends", "buyout"))
    rules = t.game.rules

    def chosen() -> object:
        t.wait_for(0)
        return with_cards(t.state.view(0), 0, rules, Income())

    assert income_paid(t.state, 0) == 0 and chosen() == Income()
    claim_without_stalling(t, "L5-01")
    assert income_paid(t.state, 0) == 5 and chosen() == Income(), "not more than its €5"
    claim_without_stalling(t, "L5-02")
    assert income_paid(t.state, 0) == 7 and chosen() == Dividends(), "€7 beats €5"
