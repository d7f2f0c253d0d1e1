"""The Business Deal (001_0ac1a519298b1465.txt, "Business Cards": "Business Deal"), played
through real entries on a scripted table: an offer accepted or refused, who may answer and with
what, the offering player's card chosen only once the deal is accepted, and the host's answer
when the clock runs out (docs/rules-decisions.md, B17)."""

from __future__ import annotations

from engine.jetset.actions import Accept, DealDiscard, Decline
from engine.jetset.rules.business_deal import answer_on_timeout
from tests.engine.business_tables import hand, planes_of, refused, table


def test_a_business_deal_accepted() -> None:
    """Both discard a card, then each places one of his planes on a link of the other, free:
    the answering player with the answer, the offering player right after."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "buy AMS-LON 1")
    t.do(1, "buy AMS-PAR 1")
    t.do(0, "offer 1 AMS-PAR")
    assert t.game.to_move() == 1, "the answer is seat 1's decision"
    refused(t, 0, "income", "seat 1's turn")
    refused(t, 1, "income", "answer the Business Deal first")
    t.do(1, "accept lock AMS-LON")
    assert t.game.to_move() == 0, "the offering player discards next"
    assert set(t.game.legal_actions()) == {DealDiscard("taxes"), DealDiscard("buyout")}
    refused(t, 0, "income", "discard a Business card first")
    refused(t, 0, "discard lock", "no lock card")
    refused(t, 1, "discard delay", "seat 0's turn")
    t.do(0, "discard taxes")
    b = t.state.business
    assert b is not None
    assert hand(t, 0) == ["buyout"] and hand(t, 1) == ["delay"]
    assert sorted(b.discards) == ["lock", "taxes"]
    assert planes_of(t, 1, "AMS-LON") == 1 and planes_of(t, 0, "AMS-PAR") == 1
    assert t.cash(0) == 21 and t.cash(1) == 21
    assert t.game.to_move() == 0, "the offering player's turn goes on"
    refused(t, 0, "discard buyout", "no accepted Business Deal")
    refused(t, 0, "offer 1 AMS-PAR", "already made an offer")


def test_a_refused_deal_shows_no_card_of_the_offerers_hand() -> None:
    """The offer names no card (the rulebook's does not), so a refused deal tells the table
    nothing of the offering player's hand: every entry of it reads the same whatever they hold."""
    lines = []
    for cards in (("taxes", "buyout"), ("delay", "recall")):
        t = table(cards, ("lock", "delay"))
        t.do(0, "offer 1 -")
        t.do(1, "decline")
        lines.append([t.n.format_action(e.action) for e in t.game.entries[-2:]])
    assert lines[0] == lines[1] == ["offer 1 -", "decline"]


def test_a_business_deal_refused() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "offer 1 -")
    t.do(1, "decline")
    b = t.state.business
    assert b is not None and b.sizes == [2, 2] and b.discards == []
    assert t.game.to_move() == 0
    refused(t, 0, "offer 1 -", "already made an offer")
    refused(t, 0, "discard taxes", "no accepted Business Deal")
    t.do(0, "income")
    assert t.game.to_move() == 0, "cards in hand: the turn goes on after its action"
    refused(t, 0, "offer 1 -", "already made an offer")
    t.do(0, "done")
    assert t.game.to_move() == 1


def test_a_player_with_no_card_cannot_accept() -> None:
    """ "both of you must discard a Business card": an offer to a player with none is refused."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "income")
    t.do(1, "cash lock")
    t.do(1, "cash delay")
    t.do(1, "income")
    refused(t, 0, "offer 1 -", "no Business card")


def test_a_player_with_no_card_cannot_offer() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "cash taxes")
    t.do(0, "cash buyout")
    refused(t, 0, "offer 1 -", "you have no Business card")


def test_the_deal_names_a_link_when_a_plane_can_be_placed() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "buy AMS-LON 1")
    t.do(1, "buy AMS-PAR 1")
    refused(t, 0, "offer 1 -", "name the airlink")
    refused(t, 0, "offer 1 AMS-LON", "goes on a link of seat 1")
    t.do(0, "offer 1 AMS-PAR")
    refused(t, 1, "accept lock -", "name the airlink")
    refused(t, 1, "accept taxes AMS-LON", "no taxes card")


def test_legal_actions_of_the_answering_seat_are_the_answers() -> None:
    t = table(("taxes", "buyout"), ("lock", "delay"))
    t.do(0, "offer 1 -")
    legal = t.game.legal_actions()
    assert set(legal) == {Accept("delay", -1), Accept("lock", -1), Decline()}
    refused(t, 0, "accept taxes -", "seat 1's turn")


def test_a_deal_left_unanswered_is_declined_when_the_clock_runs_out() -> None:
    """The host's turn clock asks ``answer_on_timeout``: no to a deal, the first card in hand
    for an accepted deal's discard, nothing otherwise."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    assert answer_on_timeout(t.state, 1) is None
    t.do(0, "offer 1 -")
    assert answer_on_timeout(t.state, 1) == Decline()
    assert answer_on_timeout(t.state, 0) is None
    t.do(1, "accept lock -")
    assert answer_on_timeout(t.state, 1) is None
    assert answer_on_timeout(t.state, 0) == DealDiscard((hand(t, 0) or [])[0])
