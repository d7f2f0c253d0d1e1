"""The expansion rulebook's Investor examples, with their own numbers (001_0ac1a519298b1465.txt,
"Investors"): each test plays a scripted game (tests/engine/scripted.py) up to the Vacation card
that turns the Investor up, and checks what every player receives.

The players' Flight cards are put in front of them with the state's own mutators (``lay_out``
then ``claim_card``, which keep the digest), since the examples give the cards, not the turns
that won them; the Vacation card, the Investor and the payout then go through real entries.
"""

from __future__ import annotations

from engine import Game, Options
from engine.jetset.actions import TurnInvestor
from engine.jetset.board import LONG
from engine.jetset.rules.investors import pay_catch_up, pay_majority
from engine.jetset.state import State
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table


def give(state: State, seat: int, cards: list[str]) -> None:
    """Put ``cards`` in front of ``seat`` as claimed Flight cards (no markers on them)."""
    for card in cards:
        state.lay_out(state.board.cards[card].kind, card)
        state.claim_card(seat, card, 0)
    assert state.hash == state.recompute_hash()


def vacation_pays(players: int, investor: str, holdings: list[list[str]]) -> list[int]:
    """A scripted game where each seat holds ``holdings``; seat 0 pays €1 to turn up the Long
    deck's Vacation card, which replaces ``investor`` (face down on the first space). Returns
    what each seat received from the Investor."""
    board = Game(Options(players=players)).board
    dealer = ScriptedDealer(board, players, long_deck=["LV-1"], investors=[investor, "INV-EQUAL-1"])
    table = Table(dealer=dealer, options=Options(players=players, investors=True))
    for seat, cards in enumerate(holdings):
        give(table.state, seat, cards)
    before = [s.cash for s in table.state.seats]
    table.do(0, "refill long 1")
    assert table.state.vacations == ["LV-1"]
    turned = [e.action for e in table.game.entries if isinstance(e.action, TurnInvestor)]
    assert turned == [TurnInvestor(0, investor, dealer.investor_salts[0])]
    received = [s.cash - b for s, b in zip(table.state.seats, before, strict=True)]
    received[0] += 1  # the €1 seat 0 paid for the refill
    assert table.state.investors is not None
    assert list(table.state.investors.paid[0] or ()) == received
    next_card = dealer.long_stack[1]
    assert table.state.rows[LONG][-1] == next_card, "the refill went on after the Investor paid"
    return received


# Example 5: Green = 1, 1, 3, 7  Red = 1, 1, 1, 3  Yellow = 1, 1, 1, 7, 7 ... Green gets 20
# Euros. Red gets 30 Euros (10 + 20). Yellow gets 40 Euros (10 + 30).
GREEN_5 = ["S1-20", "S1-21", "S3-01", "L7-01"]
RED_5 = ["S1-22", "S1-23", "S1-24", "S3-02"]
YELLOW_5 = ["S1-25", "S1-26", "S1-27", "L7-02", "L7-03"]


def test_example_5_majority_pays_each_type_to_its_leaders_ties_in_full() -> None:
    """Asserts: Red and Yellow tie for most 1-point cards (three each) and both get the full €10;
    Green and Red tie for most 3-point cards (one each) and both get €20; nobody holds a
    5-point card, so nobody gets €25; Yellow alone has the most 7-point cards (two) and gets
    €30. So Green €20, Red €10 + €20 = €30, Yellow €10 + €30 = €40 (the text is cut short at
    "..."; its figures check)."""
    assert pay_majority([[1, 1, 3, 7], [1, 1, 1, 3], [1, 1, 1, 7, 7]]) == (20, 30, 40)
    received = vacation_pays(3, "INV-MAJORITY-1", [GREEN_5, RED_5, YELLOW_5])
    assert received == [20, 30, 40]


def test_example_6_catch_up_ranks_by_fewest_cards_ties_share_the_higher_amount() -> None:
    """Asserts: Green 7 cards, Blue 8, Yellow 7, Orange 5, Purple 5. Orange and Purple tie for
    the fewest and get €40 each; Green and Yellow, the second fewest, €30 each (a tie at the
    top does not push them down to third); Blue €20."""
    counts = [7, 8, 7, 5, 5]
    assert pay_catch_up([[1] * n for n in counts]) == (30, 20, 30, 40, 40)
    shorts = [f"S1-{i:02d}" for i in range(11, 31)] + [f"S3-{i:02d}" for i in range(1, 21)]
    holdings = []
    for n in counts:
        holdings.append(shorts[:n])
        del shorts[:n]
    received = vacation_pays(5, "INV-CATCHUP-1", holdings)
    assert received == [30, 20, 30, 40, 40]


def test_example_5_figure_by_figure() -> None:
    """Asserts each figure of Example 5 by card type, each type paid on its own (the Majority
    card's prizes: 1 point €10, 3 points €20, 5 points €25, 7 points €30): the 1-point €10 goes
    to Red and Yellow (three each, a tie paid in full to both), the 3-point €20 to Green and Red
    (one each, a tie), no 5-point prize (nobody holds one), the 7-point €30 to Yellow alone (two
    against Green's one). Summed: Green €20, Red €10 + €20, Yellow €10 + €30."""
    hands = [[1, 1, 3, 7], [1, 1, 1, 3], [1, 1, 1, 7, 7]]

    def only(points: int) -> tuple[int, ...]:
        return pay_majority([[p for p in held if p == points] for held in hands])

    assert only(1) == (0, 10, 10)
    assert only(3) == (20, 20, 0)
    assert only(5) == (0, 0, 0)
    assert only(7) == (0, 0, 30)
    by_type = [only(1), only(3), only(5), only(7)]
    assert tuple(map(sum, zip(*by_type, strict=True))) == pay_majority(hands) == (20, 30, 40)
