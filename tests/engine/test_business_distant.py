"""Business cards with Distant Lands: the expansion rulebook's combining passages ("Combining
with other expansions" in both sections, and the Detailed descriptions). Each test names the
sentence it checks; docs/rules-decisions.md, "Combining the modules", lists them."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import Entry, Game, IllegalAction, Options
from engine.errors import NotationError
from engine.jetset.actions import Offer, PlayCard
from engine.jetset.distant_state import load_distant
from engine.jetset.notation import Notation
from engine.jetset.rules.business import action_done, may_end_turn
from engine.jetset.rules.income import income_of
from engine.jetset.rules.turns import offer_pending
from engine.jetset.scoring import scores
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table

OPTIONS = Options(players=2, business_cards=True, distant_lands=True)
BOARD = Game(OPTIONS).board
WAS1 = 0
"""Washington's first airlink (``WAS1``): €20."""


def table(
    hand0: Sequence[str],
    hand1: Sequence[str] = ("delay", "delay"),
    top: Sequence[str] = ("D-01", "D-10"),
) -> Table:
    """A 2-player table with both modules, seat 0 dealt ``hand0``, seat 1 ``hand1``; the
    Distant deck ``top`` first (the setup row), the rest in board order."""
    cards = [hand0[0], hand1[0], hand0[1], hand1[1]]
    deck = [*top, *(c for c in load_distant().deck if c not in top)]
    dealer = ScriptedDealer(BOARD, 2, business=cards, distant_deck=deck)
    return Table(dealer=dealer, options=OPTIONS)


def refused(t: Table, seat: int, line: str | PlayCard, words: str) -> None:
    """``line`` is refused for ``seat`` now, saying ``words``, and changes nothing."""
    t.wait_for(seat)
    before = t.state.digest()
    action = t.n.parse_action(line) if isinstance(line, str) else line
    with pytest.raises(IllegalAction, match=words):
        t.game.check(Entry(seat, action))
    assert t.state.digest() == before


def distant_planes(t: Table, seat: int, slot: int = WAS1) -> int:
    d = t.state.distant
    assert d is not None
    return d.planes[slot][seat]


def earn(t: Table, seat: int, amount: int) -> None:
    """Three 1-point cards first when the seat has none (income to earn with), then income
    round the table (no to an offer to end the game) until it is ``seat``'s turn again."""
    if not t.state.seats[seat].cards:
        for _ in range(3):
            t.claim(seat, t.state.rows["short"][0])
    while (
        t.cash(seat) < amount
        or t.game.to_move() != seat
        or offer_pending(t.state)
        or action_done(t.state)  # its own turn that went on after income ends first
    ):
        mover = t.game.to_move()
        assert mover is not None and mover >= 0
        line = "end no" if offer_pending(t.state) else "done" if may_end_turn(t.state) else "income"
        t.game.push(Entry(mover, t.n.parse_action(line)))
        t.deal_chance()


def own_washington(t: Table, seat: int, planes: int) -> None:
    """``seat`` buys PAR-WAS1 with ``planes`` planes: €20 + €25 a plane (earned first, with
    €10 more for the test's next step)."""
    earn(t, seat, 20 + 25 * planes + 10)
    t.do(seat, f"buy PAR-WAS1 {planes}")


def test_recall_planes_pays_26_euros_a_distant_plane() -> None:
    """ "“Recall Planes” pays you 26 Euros for every plane you remove from a Distant airlink"
    (B6), €6 for a European one, in one play."""
    t = table(("recall", "buyout"))
    own_washington(t, 0, 2)
    t.do(0, "buy ATH-BEG 1")
    refused(t, 0, "play recall WAS1 3", "not enough of your planes on PAR-WAS: you have 2 there")
    t.wait_for(0)
    cash, stock = t.cash(0), t.state.seats[0].planes
    t.do(0, "play recall ATH-BEG WAS1 2")
    assert distant_planes(t, 0) == 0 and t.state.link_planes[t.link("ATH-BEG")][0] == 0
    assert t.cash(0) == cash + 6 + 2 * 26
    assert t.state.seats[0].planes == stock + 3
    assert t.state.hash == t.state.copy().recompute_hash()


def test_the_card_planes_counts_distant_planes() -> None:
    """ "Note that “Planes” ... can apply to Distant Lands planes as well as normal ones": two
    planes on PAR-WAS and one on ATH-BEG make the three planes of a point."""
    t = table(("planes", "buyout"))
    t.do(0, "play planes")
    own_washington(t, 0, 2)
    assert scores(t.state)[0].business == 0
    t.do(0, "buy ATH-BEG 1")
    assert scores(t.state)[0].business == 1


def test_friendly_rivalry_on_a_distant_link_pays_25_euros_to_its_owner() -> None:
    """ "“Friendly Rivalry” can apply to Distant Lands planes": €25 a plane there, all of it to
    the owner (B13), and no plane on your own Distant link."""
    t = table(("catchup", "catchup"), ("rivalry", "buyout"))
    own_washington(t, 0, 1)
    t.do(1, "buy ATH-BEG 1")
    earn(t, 1, 30)
    refused(t, 1, "play rivalry WAS1 2", "you have €")
    earn(t, 1, 50)
    owner_cash, cash = t.cash(0), t.cash(1)
    t.do(1, "play rivalry WAS1 2")
    assert distant_planes(t, 1) == 2
    assert t.cash(1) == cash - 50 and t.cash(0) == owner_cash + 50


def test_rivalry_names_no_own_distant_link() -> None:
    t = table(("rivalry", "buyout"))
    own_washington(t, 0, 1)
    refused(t, 0, "play rivalry WAS1", "not another player's airlink")
    refused(t, 0, "play rivalry TYO1", "not another player's airlink")


def test_no_overhead_waives_the_service_charge_of_a_place_with_distant_planes() -> None:
    """No Overhead "remains in effect for the rest of the game" and is not among the cards
    kept off the Distant boards: a Place naming PAR-WAS and ATH-BEG pays €25 + €5, no €5
    service charge for two links (B20)."""
    t = table(("overhead", "buyout"))
    own_washington(t, 0, 1)
    t.do(0, "buy ATH-BEG 1")
    t.do(0, "play overhead")
    earn(t, 0, 40)
    cash = t.cash(0)
    t.do(0, "place ATH-BEG 1 WAS1 1")
    assert t.cash(0) == cash - 30


def test_discount_takes_nothing_off_a_distant_plane() -> None:
    """ "Do not discount the cost of planes on a Distant board": with Discount, a Place of one
    European and one Distant plane costs €2 less, for the European plane (B20)."""
    t = table(("discount", "buyout"))
    own_washington(t, 0, 1)
    t.do(0, "buy ATH-BEG 1")
    earn(t, 0, 40)
    t.do(0, "play discount")
    cash = t.cash(0)
    t.do(0, "place ATH-BEG 1 WAS1 1")
    assert t.cash(0) == cash - (5 + 25 + 5 - 2)


def test_discount_on_distant_planes_alone_saves_nothing() -> None:
    t = table(("discount", "buyout"))
    own_washington(t, 0, 1)
    earn(t, 0, 30)
    t.do(0, "play discount")
    cash = t.cash(0)
    t.do(0, "place WAS1 1")
    assert t.cash(0) == cash - (25 + 2)


@pytest.mark.parametrize(
    "kind", ["acquisition", "freeplane", "ownership", "relocate", "three", "transfers"]
)
def test_cards_kept_off_the_distant_boards_refuse_a_distant_link(kind: str) -> None:
    """ "The following Business cards may not be used to affect ... planes and ownership
    markers on the Distant Lands boards: Acquisition, ..., Free Plane, ..., Ownership, Relocate,
    Three Planes, Transfers" (Commandeer, Discount and Lock have their own tests)."""
    t = table((kind, "buyout"))
    own_washington(t, 1, 1)
    refused(t, 0, PlayCard(kind, distant=(WAS1,)), "may not be used on a Distant Lands board")


def test_a_distant_claim_cannot_use_a_commandeered_plane() -> None:
    """ "You may not commandeer an opponent's airplane on a Distant Lands board", and Commandeer
    may not "affect Distant Flight cards": a Distant claim flies only the claimant's planes."""
    t = table(("commandeer", "buyout"), top=("D-03", "D-11"))
    own_washington(t, 0, 1)
    t.do(1, "buy LON-PAR 1")
    t.do(0, "buy ATH-BEG 1")  # S1-04: a claim is open, so Commandeer may be played (B16)
    earn(t, 0, 15)
    t.do(0, "play commandeer 1")
    refused(t, 0, "claim D-03 LON-PAR-WAS", "you have no plane on LON-PAR")


def test_a_lock_does_not_reach_a_distant_claim() -> None:
    """ "You may not lock a Distant Flight card", and Lock may not "affect Distant Flight
    cards": a locked Short card does not stop its holder claiming a Distant card."""
    t = table(("lock", "buyout"), top=("D-07", "D-11"))
    refused(t, 0, PlayCard("lock", card="D-07"), "not face up in a row")
    own_washington(t, 0, 1)
    t.do(0, f"play lock {t.state.rows['short'][0]}")
    t.do(0, "claim D-07 PAR-WAS")
    d = t.state.distant
    assert d is not None and d.claimed[0] == ["D-07"]
    b = t.state.business
    assert b is not None and b.locks[0], "the lock stays"


def test_dividends_pays_a_distant_cards_income_twice_too() -> None:
    """Dividends (B10) pays the whole income twice: a Distant card's fixed €5 is income. And
    "You do not take a Business card when you claim a Distant Flight card"."""
    t = table(("dividends", "buyout"), top=("D-07", "D-11"))
    own_washington(t, 0, 1)
    t.do(0, "claim D-07 PAR-WAS")
    b = t.state.business
    assert b is not None and sorted(b.hands[0] or []) == ["buyout", "dividends"]
    assert not b.owed, "no card drawn (the turn goes on for the two cards in hand)"
    t.wait_for(0)
    cash, cards = t.cash(0), income_of(t.state.seats[0])
    t.do(0, "dividends")
    assert t.cash(0) == cash + 2 * (cards + 5)


@pytest.mark.parametrize(
    "line", ["play recall WAS1 2", "play recall ATH-BEG 2 TYO2", "play rivalry ATH-BEG RIO1 2"]
)
def test_distant_links_in_card_notation_round_trip(line: str) -> None:
    n = Notation(BOARD)
    action = n.parse_action(line)
    assert isinstance(action, PlayCard) and action.distant
    assert n.format_action(action) == line
    assert n.parse_action(n.format_action(action)) == action


def test_legal_actions_offer_recall_and_rivalry_on_distant_links() -> None:
    t = table(("recall", "rivalry"), ("rivalry", "recall"))
    own_washington(t, 0, 2)
    t.wait_for(1)
    legal = [t.n.format_action(a) for a in t.game.legal_actions()]
    assert "play rivalry WAS1" in legal
    t.do(1, "income")
    t.wait_for(0)
    legal = [t.n.format_action(a) for a in t.game.legal_actions()]
    assert "play recall WAS1 2" in legal


def test_a_business_deal_names_no_distant_airlink() -> None:
    """ "You may not include airlinks on the Distant Lands boards as part of a Business Deal":
    seat 1 owns PAR-WAS, yet an offer to it names one of its European links; a Distant slot
    cannot be written where a deal names a link."""
    t = table(("taxes", "buyout"), ("catchup", "delay"))
    own_washington(t, 1, 1)
    t.wait_for(0)
    offers = [a for a in t.game.legal_actions() if isinstance(a, Offer)]
    assert offers and all(t.state.owner[a.link] == 1 for a in offers)
    with pytest.raises(NotationError, match="not an airlink"):
        t.n.parse_action("offer 1 WAS1")
