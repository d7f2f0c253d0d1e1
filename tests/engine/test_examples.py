"""The rulebook's seven numbered examples, each built from entries, with the rulebook's numbers."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.jetset.scoring import scores
from tests.engine.table import Table

GREEN, PURPLE, ORANGE, RED = 0, 1, 0, 0


def test_example_1_unowned_link_costs_link_plus_five_a_plane() -> None:
    """Green puts two planes on the unowned Milan–Rome link: €10 + €6 = €16."""
    t = Table()
    assert t.game.board.links[t.link("MIL-ROM")].cost == 6
    t.do(GREEN, "buy MIL-ROM 2")
    assert t.cash(GREEN) == 30 - 16
    link = t.link("MIL-ROM")
    assert t.state.owner[link] == GREEN
    assert t.state.link_planes[link][GREEN] == 2
    assert t.state.seats[GREEN].markers == 29
    assert t.state.seats[GREEN].planes == 22


def test_example_2_own_links_pay_planes_and_service_charge() -> None:
    """Purple owns Paris–London and London–Dublin; 2 + 1 planes cost €15 + €5 = €20."""
    t = Table(short_row=["S1-22", "S1-01", "S1-02", "S1-03", "S1-04", "S1-05"])
    t.claim(PURPLE, "S1-22")  # buys Paris–London, claims London–Paris: an income to save with
    t.do(PURPLE, "buy DUB-LON 1")
    t.earn(PURPLE, 20)
    before = t.cash(PURPLE)
    t.do(PURPLE, "place LON-PAR 2 DUB-LON 1")
    assert before - t.cash(PURPLE) == 20
    assert t.state.link_planes[t.link("LON-PAR")][PURPLE] == 2  # its plane flew the claim
    assert t.state.link_planes[t.link("DUB-LON")][PURPLE] == 2


def test_example_3_another_players_link_pays_bank_and_owner() -> None:
    """Purple owns London–Dublin; Orange puts two planes on it: €10 to the bank, €10 to Purple."""
    t = Table()
    t.do(PURPLE, "buy DUB-LON 1")
    t.wait_for(ORANGE)
    orange, purple = t.cash(ORANGE), t.cash(PURPLE)
    t.do(ORANGE, "rent DUB-LON 2")
    assert orange - t.cash(ORANGE) == 20
    assert t.cash(PURPLE) - purple == 10
    assert t.state.link_planes[t.link("DUB-LON")][ORANGE] == 2
    assert t.state.owner[t.link("DUB-LON")] == PURPLE


def test_example_4_claim_hamburg_munich_through_berlin() -> None:
    """Green claims the 3-point Hamburg–Munich card flying Hamburg–Berlin–Munich."""
    t = Table()
    t.do(GREEN, "buy BER-HAM 1")
    t.do(GREEN, "buy BER-MUC 1")
    t.claim(GREEN, "S1-01")  # the short row starts full: claiming a card makes room
    t.bring_up(GREEN, "S3-17")
    assert t.game.board.cards["S3-17"].points == 3
    planes = t.state.seats[GREEN].planes
    t.do(GREEN, "claim S3-17 HAM-BER-MUC")
    assert t.state.link_planes[t.link("BER-HAM")][GREEN] == 0
    assert t.state.link_planes[t.link("BER-MUC")][GREEN] == 0
    assert t.state.seats[GREEN].planes == planes + 2
    assert t.state.seats[GREEN].cards[-1] == ["S3-17", 3]
    assert "S3-17" not in t.state.rows["short"]


def test_example_5_income_five_with_markers_two_without() -> None:
    """Orange has six cards, four with markers: €20 + €4 = €24; then one marker comes off each."""
    t = Table(short_row=["S1-01", "S1-02", "S1-03", "S1-04", "S1-05", "S1-06"])
    t.claim(ORANGE, "S1-03")  # AMS-LON
    t.claim(ORANGE, "S1-06")
    while any(markers for _, markers in t.state.seats[ORANGE].cards):
        t.do(ORANGE, "income")
    for card in ("S1-01", "S1-02", "S1-04", "S1-05"):
        t.claim(ORANGE, card)
    cards = t.state.seats[ORANGE].cards
    assert len(cards) == 6
    assert [m > 0 for _, m in cards] == [False, False, True, True, True, True]
    assert cards[-1][1] == 2, "the sixth card gets two markers"
    t.wait_for(ORANGE)
    before = t.cash(ORANGE)
    markers_before = [m for _, m in cards]
    stock = t.state.seats[ORANGE].markers
    t.do(ORANGE, "income")
    assert t.cash(ORANGE) - before == 24
    after = [m for _, m in t.state.seats[ORANGE].cards]
    assert after == [max(0, int(m) - 1) for m in markers_before]
    assert t.state.seats[ORANGE].markers == stock + 4


def _final_flight_table() -> Table:
    """Red holds F-01 (Milan → Dublin → Bordeaux), with planes for all three of Example 6's paths,
    in Vacation Time."""
    t = Table(
        short_row=["S1-22", "S1-18", "S1-26", "S1-01", "S1-02", "S1-03"],
        hands=[("F-01", "F-02"), ("F-03", "F-04")],
    )
    for card in ("S1-22", "S1-18", "S1-26"):  # an income, and room in the short row
        t.claim(RED, card)
    for path in (
        ["MIL", "PAR", "AMS", "DUB", "LON", "PAR", "BOD"],  # path c
        ["DUB", "LON", "PAR", "BOD", "MAD", "MIL"],  # path a
    ):
        t.supply(RED, path)
    t.earn(RED, 7)
    t.do(RED, "place LON-PAR 1")  # path b would fly Paris–London twice
    t.wait_for(RED)
    t.start_vacation_time(RED)
    return t


def test_example_6_final_flight_paths() -> None:
    t = _final_flight_table()
    digest = t.state.digest()
    with pytest.raises(IllegalAction, match="must visit MIL-DUB-BOD in that order"):
        t.try_do(RED, "final F-01 DUB-LON-PAR-BOD-MAD-MIL")  # path a
    with pytest.raises(IllegalAction, match=r"uses the airlink .* twice"):
        t.try_do(RED, "final F-01 MIL-PAR-LON-DUB-LON-PAR-BOD")  # path b
    assert t.state.digest() == digest, "refused actions change nothing"
    planes = t.state.seats[RED].planes
    t.do(RED, "final F-01 MIL-PAR-AMS-DUB-LON-PAR-BOD")  # path c: Paris twice is fine
    red = t.state.seats[RED]
    assert red.final == "F-01"
    assert red.planes == planes + 6
    assert red.hand == () and red.hand_size == 0, "the other card is discarded"
    assert ["F-01", 0] not in red.cards, "no markers on a Final Flight"


def test_example_7_scoring_forty_nine_points() -> None:
    """Four 1-point, two 5-point, three 7-point cards and a Final Flight with two planes: 49."""
    t = Table(
        short_row=["S1-22", "S1-18", "S1-26", "S1-25", "S1-01", "S1-02"],
        long_row=["L5-17", "L5-19", "L7-17"],
        hands=[("F-01", "F-02"), ("F-03", "F-04")],
    )
    for card in ("S1-22", "S1-18", "S1-26", "S1-25", "L5-17", "L5-19", "L7-17"):
        t.claim(RED, card)
    for card in ("L7-07", "L7-01"):
        t.wait_for(RED)
        t.bring_up(RED, card)
        t.claim(RED, card)
    t.wait_for(RED)
    t.start_vacation_time(RED)
    route = ["MIL", "PAR", "LON", "DUB", "AMS", "PAR", "BOD"]
    t.supply(RED, route)
    t.do(RED, "final F-01 " + "-".join(route))
    assert t.state.seats[RED].final == "F-01"
    t.do(RED, "plane")
    t.do(RED, "plane")
    red = scores(t.state)[RED]
    assert sorted(red.cards) == [1, 1, 1, 1, 5, 5, 7, 7, 7]
    assert red.final == 14
    assert red.total == 49
