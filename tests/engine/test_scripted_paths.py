"""Rare paths of the base game, set up exactly with a scripted dealer (tests/engine/scripted.py).

Each test quotes the rulebook sentences it checks (/work/shared/rules/000_*.txt, the base game).
"""

from __future__ import annotations

import pytest

from engine import CHANCE, Dealer, Game, IllegalAction, Options, Reveal, play_chance
from engine.jetset.actions import Deal
from engine.jetset.board import LONG, SHORT
from engine.jetset.rules.turns import END_ALL_FINALS, END_FIFTH_PLANE
from engine.jetset.selfplay import play_bot_choice, seat_bots
from tests.engine.playout import play_greedy
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table

# -- the scripted dealer itself ---------------------------------------------------------------


def test_the_script_lays_out_deals_and_turns_up_the_cards_in_the_order_given() -> None:
    board = Game(Options(players=2)).board
    dealer = ScriptedDealer(
        board,
        2,
        short_row=["S1-30", "S1-29", "S1-28", "S1-27", "S1-26", "S1-25"],
        long_row=["L7-20", "L7-19", "L7-18"],
        hands=[("F-09", "F-08"), ("F-07", "F-06")],
        short_deck=["SV-2", "S3-05"],
        long_deck=["L5-07", "LV-1"],
    )
    t = Table(dealer=dealer)
    state = t.state
    assert state.rows[SHORT] == ["S1-30", "S1-29", "S1-28", "S1-27", "S1-26", "S1-25"]
    assert state.rows[LONG] == ["L7-20", "L7-19", "L7-18"]
    assert [s.hand for s in state.seats] == [("F-09", "F-08"), ("F-07", "F-06")]
    t.do(0, "refill long 2")
    assert state.rows[LONG][3:] == ["L5-07", "L5-01"], "named first, then board order"
    assert state.vacations == ["LV-1"]
    # the unnamed cards follow in board order, the Vacation cards nobody named at the bottom
    assert dealer.short_stack[:4] == ["SV-2", "S3-05", "S1-01", "S1-02"]
    assert dealer.short_stack[-1] == "SV-1" and dealer.long_stack[-1] == "LV-2"


def bot_game(players: int, dealer: Dealer) -> Game:
    """A whole game of greedy bots, every chance entry from ``dealer``."""
    return play_greedy(Game(Options(players=players)), dealer, "script")


def test_the_script_of_a_real_deal_plays_the_same_game() -> None:
    """Given the real dealer's lists (and salts), the scripted dealer deals every card alike."""
    board = Game(Options(players=4)).board
    real = Dealer("scripted-vs-real", board, 4)
    script = ScriptedDealer(
        board,
        4,
        short_row=real.short_row,
        long_row=real.long_row,
        hands=real.hands,
        short_deck=real.short_stack,
        long_deck=real.long_stack,
        salts=real.salts,
    )
    assert (script.short_stack, script.long_stack) == (real.short_stack, real.long_stack)
    dealt, scripted = bot_game(4, real), bot_game(4, script)
    assert dealt.entries == scripted.entries and dealt.state.digest() == scripted.state.digest()
    assert any(isinstance(e.action, Reveal) for e in scripted.entries)


@pytest.mark.parametrize(
    ("script", "problem"),
    [
        ({"short_deck": ["L5-01"]}, "L5-01 is not a card of the short deck"),
        ({"long_deck": ["L5-01", "L5-01"]}, "named twice"),
        ({"short_row": ["S1-01"], "short_deck": ["S1-01"]}, "named twice"),
        ({"hands": [("F-01", "F-02")]}, "2 players need 2 hands"),
    ],
)
def test_a_script_that_cannot_be_dealt_is_refused(script: dict[str, object], problem: str) -> None:
    board = Game(Options(players=2)).board
    with pytest.raises(ValueError, match=problem):
        ScriptedDealer(board, 2, **script)  # type: ignore[arg-type]


def test_the_engine_refuses_a_script_that_breaks_the_rules() -> None:
    """The script only chooses the order: a deal the rules forbid is still refused."""
    game = Game(Options(players=2))
    script = ScriptedDealer(game.board, 2, hands=[("F-01", "F-02"), ("F-02", "F-03")])
    with pytest.raises(IllegalAction, match="F-02 was already dealt"):
        play_chance(game, script)
    assert game.state.dealt == 1 and isinstance(game.entries[-1].action, Deal)


# -- the second Vacation card during a paid refill --------------------------------------------


def test_the_second_vacation_during_a_paid_refill_fills_both_rows_for_the_one_euro() -> None:
    # "When one of these is turned up, set it on the first space on the board, and continue
    # playing. When a second one is turned up, (it does not have to come from the same deck) set
    # it beside the first, on the second Vacation card space. It is now Vacation Time"
    # "As soon as the second Vacation card is turned up, fill up each of the two rows of Flight
    # cards to their maximum, and set the rest of the Flight cards aside. [...] Skip the Flight
    # Card Phase from now on."
    # "Note that when you pay to lay out Flight Cards, you do so during your Flight Card Phase,
    # before your Action Phase. This does not count as your one action per turn."
    board = Game(Options(players=2)).board
    dealer = ScriptedDealer(
        board,
        2,
        short_deck=["S3-04", "S3-05"],
        long_deck=["LV-1", "L5-10", "LV-2", "L7-01", "L7-02", "L7-03"],
    )
    t = Table(dealer=dealer)
    t.claim(0, "S1-01")  # room in the Short row: 5 cards of 6
    assert t.state.rows[SHORT] == ["S1-02", "S1-03", "S1-04", "S1-05", "S1-06"]

    t.do(0, "refill long 1")  # the first Vacation, then play continues: the card asked for
    assert t.state.vacations == ["LV-1"] and not t.state.vacation_time
    assert t.state.rows[LONG][-1] == "L5-10"
    t.do(0, "income")

    t.wait_for(1)
    with pytest.raises(IllegalAction, match="Final Flights open when two Vacation cards are up"):
        t.try_do(1, "final F-03 ATH-STO-EDI")
    cash = t.cash(1)
    t.do(1, "refill long 1")  # one card asked for: the second Vacation
    state = t.state
    assert state.vacations == ["LV-1", "LV-2"] and state.vacation_time
    assert state.rows[LONG] == ["L5-01", "L5-02", "L5-03", "L5-10", "L7-01", "L7-02"]
    assert state.rows[SHORT][-1] == "S3-04", "the other row fills up too"
    assert len(state.rows[SHORT]) == len(state.rows[LONG]) == state.config.row_max
    assert "L7-03" in state.set_aside and "S3-05" in state.set_aside
    assert state.deck[SHORT] == [] and state.deck[LONG] == []
    assert t.cash(1) == cash - 1, "the fill-up costs nothing more than the euro paid"
    assert t.game.to_move() == 1, "the refill was not the turn's action"
    with pytest.raises(IllegalAction, match="skipped in Vacation Time"):
        t.try_do(1, "refill short 1")
    with pytest.raises(IllegalAction) as refused:  # now for want of planes, not of Vacations
        t.try_do(1, "final F-03 ATH-STO-EDI")
    assert "two Vacation cards" not in str(refused.value)


# -- paying for a row after the other was refilled in the same turn --------------------------


def test_a_paid_row_after_the_free_refill_and_after_paying_for_the_other() -> None:
    # "If one of the rows of Flight cards has fewer than the minimum, then you must turn cards
    # from the appropriate deck face-up and add them to the row until the minimum is reached."
    # "During your Flight Card Phase, if you don't like the choice of Flight cards available, you
    # may pay €1 to the bank and add cards to one of the rows (Short Flight cards or Long Flight
    # cards) up to its maximum, or you may pay €2 to fill up both rows. (Note: The price is €1 per
    # row, not €1 per card.)"
    board = Game(Options(players=2)).board
    dealer = ScriptedDealer(
        board, 2, short_deck=["S3-10", "S3-11", "S1-20"], long_deck=["L7-10", "L7-11"]
    )
    t = Table(dealer=dealer)
    for card in ("S1-01", "S1-02", "S1-03", "S1-04"):
        t.claim(0, card)
    # seat 1's turn began with the Short row below the minimum of three: refilled free
    state = t.state
    assert t.game.to_move() == 1
    assert state.rows[SHORT] == ["S1-05", "S1-06", "S3-10"]
    assert state.paid == {SHORT: False, LONG: False}
    cash = t.cash(1)

    t.do(1, "refill long 2")  # pays for the other row
    assert state.rows[LONG][-2:] == ["L7-10", "L7-11"]
    t.do(1, "refill short 2")  # and for the row refilled free: it was not paid for yet
    assert state.rows[SHORT] == ["S1-05", "S1-06", "S3-10", "S3-11", "S1-20"]
    assert t.cash(1) == cash - 2, "€1 a row, €2 for both, not a euro a card"
    with pytest.raises(IllegalAction, match="long row was already refilled this turn"):
        t.try_do(1, "refill long 1")
    t.do(1, "income")
    assert t.game.to_move() == 0 and state.paid == {SHORT: False, LONG: False}


# -- a deck running out of Flight cards before Vacation Time --------------------------------


@pytest.mark.parametrize(
    ("short_deck", "vacations", "ignored"),
    [
        (["SV-1"], ["SV-1", "LV-1"], ["LV-2"]),  # one Vacation up already
        ([], ["LV-1", "LV-2"], []),  # none yet: the empty deck's two are the two
    ],
)
def test_a_deck_out_of_flight_cards_turns_up_its_vacations(
    short_deck: list[str], vacations: list[str], ignored: list[str]
) -> None:
    # "There are two Vacation cards in each Flight card deck. When one of these is turned up, set
    # it on the first space on the board, and continue playing. When a second one is turned up,
    # (it does not have to come from the same deck) set it beside the first [...] It is now
    # Vacation Time"
    # "As soon as the second Vacation card is turned up, fill up each of the two rows of Flight
    # cards to their maximum, and set the rest of the Flight cards aside. If you turn up a third
    # Vacation card at this time, set it aside and ignore it."
    # The Long deck holds its Vacation cards at the bottom, so greedy bots (which refill and claim
    # a lot) play it down to them while the Short deck still has cards.
    game = Game(Options(players=2))
    board = game.board
    dealer = ScriptedDealer(board, 2, short_deck=short_deck)
    bots = seat_bots(["greedy"], 2, "out-of-cards")
    state = game.state

    def play_until(done: object) -> None:
        for _ in range(2000):
            if callable(done) and done():
                return
            seat = game.to_move()
            assert seat is not None, f"the game ended first: {state.end_reason}"
            if seat == CHANCE:
                game.push(dealer.next_entry(state))
            else:
                play_bot_choice(game, seat, bots[seat])
        raise AssertionError("the path was not reached in 2000 entries")

    play_until(lambda: state.deck[LONG] == ["LV-1", "LV-2"])
    assert state.vacations == short_deck and not state.vacation_time
    assert len(state.deck[SHORT]) > state.config.row_max, "the other deck still has cards"
    long_row = list(state.rows[LONG])

    play_until(lambda: state.vacation_time and game.to_move() != CHANCE)  # and the fill-up done
    assert state.vacations == vacations and state.ignored == ignored
    assert set(state.rows[LONG]) <= set(long_row), "no Flight card was left to turn up"
    assert len(state.rows[LONG]) < state.config.row_max, "the fill-up stops at the empty deck"
    assert len(state.rows[SHORT]) == state.config.row_max
    assert state.deck[SHORT] == state.deck[LONG] == [] and state.set_aside
    unturned = {"SV-1", "SV-2", "LV-1", "LV-2"} - {*vacations, *ignored}
    assert {c for c in state.set_aside if board.cards[c].vacation} == unturned

    play_until(lambda: game.over)
    assert state.end_reason in (END_ALL_FINALS, END_FIFTH_PLANE)
    assert state.hash == state.recompute_hash()
