"""The base rules one by one, and the decisions of docs/rules-decisions.md."""

from __future__ import annotations

import pytest

from engine import CHANCE, Dealer, EndVote, Entry, Game, IllegalAction, Options, Reveal, play_chance
from engine.jetset.board import LONG, SHORT
from engine.jetset.dealer import LONG_TOP, SHORT_MIXED, SHORT_TOP
from engine.jetset.rules.costs import service_charge
from engine.jetset.rules.turns import END_AGREED, END_ALL_FINALS, END_FIFTH_PLANE, STALL_ROUNDS
from engine.jetset.scoring import winners
from engine.jetset.state import OFFER, PLAY
from tests.engine.table import Table

# -- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "short", "long_", "row_min", "row_max"),
    [(2, 6, 3, 3, 6), (3, 6, 3, 3, 6), (4, 8, 4, 4, 8), (5, 10, 5, 5, 10), (6, 12, 6, 6, 12)],
)
def test_setup_rows_and_limits(
    players: int, short: int, long_: int, row_min: int, row_max: int
) -> None:
    game = Game(Options(players=players))
    play_chance(game, Dealer("rows", game.board, players))
    state = game.state
    assert len(state.rows[SHORT]) == short
    assert len(state.rows[LONG]) == long_
    assert all(game.board.cards[c].points == 1 for c in state.rows[SHORT]), "1-point cards only"
    assert (state.config.row_min, state.config.row_max) == (row_min, row_max)
    for seat in state.seats:
        assert (seat.cash, seat.planes, seat.markers, seat.hand_size) == (30, 24, 30, 2)
    dealt = [c for s in state.seats for c in (s.hand or ())]
    assert len(set(dealt)) == 2 * players


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_deck_stacking_puts_vacations_where_the_rulebook_says(players: int, seed: str) -> None:
    game = Game(Options(players=players))
    dealer = Dealer(seed, game.board, players)
    cards = game.board.cards
    short = [cards[c].vacation for c in dealer.short_stack]
    long_ = [cards[c].vacation for c in dealer.long_stack]
    top, mixed = SHORT_TOP[players], SHORT_MIXED
    assert not any(short[:top]), "no Vacation in the Short deck's top block"
    assert sum(short[top : top + mixed + 1]) == 1, "one Vacation among the next six cards"
    assert sum(short) == 2
    assert not any(long_[: LONG_TOP[players]]) and long_[LONG_TOP[players]]
    assert sum(long_) == 2
    # the 3-point cards set aside while laying out the row went back into the deck
    assert len(dealer.short_stack) + len(dealer.short_row) == len(game.board.short_deck)


def test_three_point_cards_are_set_aside_then_shuffled_back() -> None:
    for seed in range(20):
        game = Game(Options(players=6))
        dealer = Dealer(seed, game.board, 6)
        assert all(game.board.cards[c].points == 1 for c in dealer.short_row)
        threes = [c for c in dealer.short_stack if game.board.cards[c].points == 3]
        assert len(threes) == 20


# -- flight card phase ----------------------------------------------------------------------


def test_rows_refill_to_the_minimum_at_the_start_of_a_turn() -> None:
    t = Table(long_row=["L5-01", "L5-02", "L5-03"])
    t.claim(0, "S1-01")
    for card in ("S1-02", "S1-03", "S1-04"):
        t.claim(0, card)
    # six cards laid out, four claimed: the next turn refills the row to the minimum of three
    assert len(t.state.rows[SHORT]) == 3


def test_paid_refill_costs_one_euro_per_row_not_per_card() -> None:
    t = Table()
    t.claim(0, "S1-01")
    t.claim(0, "S1-02")
    t.wait_for(0)
    cash = t.cash(0)
    t.do(0, "refill short 2")
    t.do(0, "refill long 3")
    assert cash - t.cash(0) == 2
    assert len(t.state.rows[SHORT]) == 6 and len(t.state.rows[LONG]) == 6
    with pytest.raises(IllegalAction, match="at most 6 cards"):
        t.try_do(0, "refill long 1")


def test_a_refill_may_stop_early_and_continue_free_but_not_after_another_decision() -> None:
    t = Table()
    t.claim(0, "S1-01")  # room in the Short row
    t.wait_for(0)
    cash = t.cash(0)
    t.do(0, "refill long 1")
    t.do(0, "refill long 1")  # looked at the card, wants one more: still the same €1
    assert cash - t.cash(0) == 1
    assert len(t.state.rows[LONG]) == 5
    t.do(0, "refill short 1")
    assert cash - t.cash(0) == 2
    with pytest.raises(IllegalAction, match="long row was already refilled this turn"):
        t.try_do(0, "refill long 1")


def test_refill_needs_the_euro() -> None:
    t = Table()
    t.do(0, "buy LIS-LON 3")  # €7 + €15 = €22
    t.do(0, "place LIS-LON 1")  # €5 + €2 = €7
    t.do(0, "refill long 1")  # the last euro
    t.do(0, "income")  # no cards: €0
    t.wait_for(0)
    assert t.cash(0) == 0
    with pytest.raises(IllegalAction, match="you have €0; this costs €1"):
        t.try_do(0, "refill long 1")


def test_vacation_time_fills_rows_sets_decks_aside_and_ignores_a_third_vacation() -> None:
    t = Table()
    t.claim(0, "S1-01")
    t.claim(0, "S1-02")  # room in the Short row for the Vacation Time fill
    t.wait_for(0)
    t.bring_up(0, "SV-1")
    assert t.state.vacations == ["SV-1"] and not t.state.vacation_time
    t.queue[SHORT] = ["SV-2"]  # the third Vacation turns up during the fill
    t.bring_up(0, "LV-1")
    state = t.state
    assert state.vacation_time
    assert state.vacations == ["SV-1", "LV-1"]
    assert state.ignored == ["SV-2"]
    assert len(state.rows[SHORT]) == 6 and len(state.rows[LONG]) == 6
    assert state.deck[SHORT] == [] and state.deck[LONG] == []
    assert state.set_aside, "the rest of the decks is set aside"
    with pytest.raises(IllegalAction, match="skipped in Vacation Time"):
        t.try_do(0, "refill short 1")
    # the rows never refill again, even below the minimum
    for card in list(state.rows[SHORT])[:4]:
        t.claim(0, card)
    t.wait_for(0)
    assert len(t.state.rows[SHORT]) == 2


def test_final_flights_only_in_vacation_time_and_from_your_own_hand() -> None:
    t = Table(short_row=["S1-26", "S1-18", "S1-22", "S1-01", "S1-02", "S1-03"])
    for card in ("S1-26", "S1-18"):
        t.claim(0, card)
    t.supply(0, ["MIL", "PAR", "LON", "DUB", "AMS", "PAR", "BOD"])
    t.wait_for(0)
    with pytest.raises(IllegalAction, match="two Vacation cards"):
        t.try_do(0, "final F-01 MIL-PAR-LON-DUB-AMS-PAR-BOD")
    t.start_vacation_time(0)
    with pytest.raises(IllegalAction, match="F-03 is not in your hand"):
        t.try_do(0, "final F-03 MIL-PAR-LON-DUB-AMS-PAR-BOD")
    t.do(0, "final F-01 MIL-PAR-LON-DUB-AMS-PAR-BOD")


# -- actions ----------------------------------------------------------------------------------


def test_service_charge_table_extends_without_end() -> None:
    assert [service_charge(k) for k in range(1, 9)] == [2, 5, 10, 15, 20, 25, 30, 35]


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    t = Table()
    t.do(0, "buy LIS-LON 3")
    t.wait_for(0)
    digest = t.state.digest()
    cases = {
        "buy LIS-LON 1": "owned by you",
        "buy MIL-ROM 2": "you have €8; this costs €16",
        "rent LIS-LON 1": "you own LIS-LON",
        "place MIL-ROM 1": "you do not own MIL-ROM",
        "claim S1-01 AMS-FRA": "no plane on AMS-FRA",
        "claim S1-01 AMS-HAM": "must start and end there",
        "claim L7-01 AMS-FRA": "not face up",
        "plane": "only a player who has played a Final Flight",
        "buy AMS-FRA 25": "not enough planes in stock: this needs 25, you have 21",
    }
    for line, message in cases.items():
        with pytest.raises(IllegalAction, match=message):
            t.try_do(0, line)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        t.try_do(1, "income")
    assert t.state.digest() == digest


def test_rent_needs_another_players_link() -> None:
    t = Table()
    with pytest.raises(IllegalAction, match="nobody owns"):
        t.try_do(0, "rent MIL-ROM 1")


def test_place_needs_at_least_one_plane_per_link_and_no_repeats() -> None:
    t = Table()
    t.do(0, "buy AMS-FRA 1")
    t.do(0, "buy AMS-HAM 1")
    t.wait_for(0)
    with pytest.raises(IllegalAction, match="named twice"):
        t.try_do(0, "place AMS-FRA 1 AMS-FRA 1")


def test_first_five_cards_get_three_markers_then_two() -> None:
    t = Table(short_row=["S1-01", "S1-02", "S1-03", "S1-04", "S1-05", "S1-06"])
    for card in ("S1-01", "S1-02", "S1-03", "S1-04", "S1-05", "S1-06"):
        t.claim(0, card)
    claimed = {c: m for c, m in t.state.seats[0].cards}
    assert claimed["S1-06"] == 2
    assert t.game.board.cards["S1-06"].points == 1


def test_a_claim_needs_its_markers_in_stock() -> None:
    """docs/rules-decisions.md: without its markers a claim is illegal until income frees some."""
    t = Table()
    t.do(0, "buy AMS-FRA 1")
    t.wait_for(0)
    t.state.seats[0].markers = 2  # what 28 markers on links and cards would leave
    with pytest.raises(IllegalAction, match="you have 2 markers in stock; this card takes 3"):
        t.try_do(0, "claim S1-01 AMS-FRA")


def test_game_ends_at_the_fifth_plane_on_a_final_flight() -> None:
    t = _finished_red()
    for _ in range(4):
        t.do(0, "plane")
    assert not t.game.over
    t.do(0, "plane")
    assert t.game.over and t.state.end_reason == END_FIFTH_PLANE
    with pytest.raises(IllegalAction, match="the game is over"):
        t.try_do(1, "income")


SEAT1_ROUTE = ["ATH", "BEG", "VIE", "BER", "CPH", "STO", "OSL", "EDI"]  # F-03: ATH → STO → EDI


def test_game_ends_when_all_players_have_played_their_final_flight() -> None:
    t = _finished_red(prepare_seat1=True)
    assert not t.game.over
    t.do(1, "final F-03 " + "-".join(SEAT1_ROUTE))
    assert t.game.over and t.state.end_reason == END_ALL_FINALS


def _finished_red(prepare_seat1: bool = False) -> Table:
    """Seat 0 has played F-01 and it is seat 1's turn."""
    t = Table(
        short_row=["S1-26", "S1-18", "S1-22", "S1-01", "S1-02", "S1-03"],
        hands=[("F-01", "F-02"), ("F-03", "F-04")],
    )
    if prepare_seat1:
        t.claim(1, "S1-02")
        t.claim(1, "S1-03")
        t.supply(1, SEAT1_ROUTE)
    for card in ("S1-26", "S1-18", "S1-22"):
        t.claim(0, card)
    t.wait_for(0)
    t.start_vacation_time(0)
    route = ["MIL", "PAR", "LON", "DUB", "AMS", "PAR", "BOD"]
    t.supply(0, route)
    t.wait_for(0)
    t.do(0, "final F-01 " + "-".join(route))
    assert t.game.to_move() == 1
    return t


def test_after_the_final_flight_only_planes_onto_the_card() -> None:
    t = _finished_red()
    t.do(1, "income")
    with pytest.raises(IllegalAction, match="place planes on it instead"):
        t.try_do(0, "income")
    planes = t.state.seats[0].planes
    t.do(0, "plane")
    assert t.state.seats[0].final_planes == 1 and t.state.seats[0].planes == planes - 1


def idle_rounds(t: Table, turns: int, first: int = 0) -> None:
    """``turns`` turns of only income, from seat ``first`` round the table."""
    players = t.game.options.players
    for turn in range(turns):
        t.do((first + turn) % players, "income")


def test_five_idle_rounds_offer_the_end_and_everyone_agreeing_ends_the_game() -> None:
    t = Table()
    idle_rounds(t, STALL_ROUNDS * 2 - 1)
    assert t.state.phase == PLAY
    t.do(1, "income")
    assert not t.game.over and t.state.phase == OFFER
    assert t.game.to_move() == 0 and t.game.legal_actions() == [EndVote(True), EndVote(False)]
    with pytest.raises(IllegalAction, match="first answer whether to end the game now"):
        t.do(0, "income")
    turn = t.state.turn
    t.do(0, "end yes")
    assert t.game.to_move() == 1 and not t.game.over and t.state.turn == turn
    t.do(1, "end yes")
    assert t.game.over and t.state.end_reason == END_AGREED


def test_one_player_declining_plays_on_from_the_seat_whose_turn_it_was() -> None:
    t = Table(players=3)
    idle_rounds(t, STALL_ROUNDS * 3 - 1)
    t.do(2, "income")
    assert t.state.phase == OFFER and t.game.to_move() == 0
    t.do(0, "end yes")
    t.do(1, "end no")
    assert t.state.phase == PLAY and not t.game.over
    assert t.game.to_move() == 0, "the turn the offer came before is played"
    assert t.state.idle_turns == 0, "the count starts again"
    idle_rounds(t, STALL_ROUNDS * 3 - 1)
    assert t.state.phase == PLAY
    t.do(2, "income")
    assert t.state.phase == OFFER, "five more idle rounds: asked again"


def test_no_one_answers_an_offer_that_was_not_made_or_out_of_turn() -> None:
    t = Table()
    with pytest.raises(IllegalAction, match="no one has offered to end the game"):
        t.do(0, "end yes")
    idle_rounds(t, STALL_ROUNDS * 2)
    with pytest.raises(IllegalAction, match="it is seat 0's turn, not seat 1's"):
        t.try_do(1, "end yes")


def test_bots_agree_so_a_table_of_bots_still_ends_after_five_idle_rounds() -> None:
    from engine.jetset.bots import make_bot

    t = Table()
    idle_rounds(t, STALL_ROUNDS * 2)
    for seat in (0, 1):
        for kind in ("random", "greedy", "mcts"):
            bot = make_bot(kind, seat, "offer")
            assert bot.act(t.state.view(seat), t.game.rules) == EndVote(True)
        t.do(seat, "end yes")
    assert t.game.over and t.state.end_reason == END_AGREED


def test_a_refill_restarts_the_stall_count_and_its_turn_counts_in_the_new_run() -> None:
    t = Table()
    for turn in range(STALL_ROUNDS * 2 - 2):
        t.do(turn % 2, "income")
    assert t.state.idle_turns == 8
    t.do(0, "refill long 1")
    assert t.state.idle_turns == 0
    t.do(0, "income")
    assert t.state.idle_turns == 1, "refill and income: the first turn of a new run"
    for turn in range(1, STALL_ROUNDS * 2 - 1):
        t.do(turn % 2, "income")
    assert t.state.phase == PLAY
    t.do(1, "income")
    assert t.state.phase == OFFER


def test_tie_on_points_goes_to_cash_and_equal_cash_is_shared() -> None:
    t = Table()
    t.do(0, "buy AMS-FRA 1")  # seat 0 spends €9
    state = t.state
    assert winners(state) == [1]
    t.do(1, "buy AMS-HAM 1")
    assert winners(t.state) == [0, 1]


def test_a_deck_that_runs_out_stops_turning_cards() -> None:
    t = Table()
    t.state.deck[LONG] = t.state.deck[LONG][:1]  # position setup: a nearly exhausted deck
    deck_card = t.state.deck[LONG][0]
    t.do(0, "refill long 3")
    assert t.state.deck[LONG] == [] and deck_card in t.state.rows[LONG]
    assert t.game.to_move() == 0, "the refill ends early; the turn goes on"
    with pytest.raises(IllegalAction, match="deck is empty"):
        t.try_do(0, "refill long 1")


def test_chance_entries_must_match_what_the_state_waits_for() -> None:
    t = Table()
    with pytest.raises(IllegalAction, match="it is seat 0's turn, not the dealer's"):
        t.game.check(Entry(CHANCE, Reveal(SHORT, t.state.deck[SHORT][0])))


def test_income_with_no_cards_pays_nothing() -> None:
    """Decision 18: legal, and €0, and an idle turn."""
    t = Table()
    before = t.cash(0)
    t.do(0, "income")
    assert t.cash(0) == before and t.state.idle_turns == 1


def test_pass_on_an_ordinary_turn_says_a_turn_cannot_be_passed() -> None:
    t = Table()
    with pytest.raises(IllegalAction, match="a turn cannot be passed") as refused:
        t.try_do(0, "pass")
    assert "Final Flight places planes" not in str(refused.value)


@pytest.mark.parametrize(
    ("line", "module"),
    [
        ("hub BER", "Hubs"),
        ("bonus cash", "Hubs"),
        ("play income", "Business cards"),
        ("cash buyout", "Business cards"),
        ("offer 1 -", "Business cards"),
        ("dividends", "Business cards"),
        ("place WAS1 1", "Distant Lands"),
        ("buy AMS-WAS1 1", "Distant Lands"),
    ],
)
def test_a_modules_action_in_a_base_game_names_the_module_not_its_code(
    line: str, module: str
) -> None:
    """A play test typed ``hub BER`` in a base game and read ``PlaceHub(city=4) is not an
    action of this game``: the refusal names the module the game is played without."""
    t = Table()
    digest = t.state.digest()
    with pytest.raises(IllegalAction) as refused:
        t.try_do(0, line)
    said = str(refused.value)
    assert f"this game is played without the {module} module" in said, said
    assert said.endswith(f" ({module})"), said  # the module's own section, not Player Turns
    assert "(" not in said.removesuffix(f" ({module})"), said  # no code: PlaceHub(city=4)
    assert refused.value.params["module"] == module and refused.value.rule == module
    assert t.state.digest() == digest
