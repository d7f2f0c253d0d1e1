"""The expansion rulebook's Distant Lands examples (001_*.txt), with their own numbers, played
through real entries on a scripted deal."""

from __future__ import annotations

from engine import Game, Options
from engine.jetset.distant_state import load_distant
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table
from tests.engine.test_distant import first_claim, order

DISTANT = load_distant()


def distant_table(top: list[str], players: int = 2) -> Table:
    options = Options(players=players, distant_lands=True)
    dealer = ScriptedDealer(Game(options).board, players, distant_deck=order(top))
    return Table(dealer=dealer, options=options)


def test_example_1_the_setup() -> None:
    """Example 1 is a picture: the two supplementary boards (Washington, Rio de Janeiro, Mumbai,
    Tokyo, two airlinks each printed €20 and €22, planes "= 25 €"), the City markers of the six
    cities beside them, two of each, and two Distant cards face up to different cities. Asserts
    that table after setup: no link owned, every marker free, the row two cards to two cities."""
    t = distant_table(["D-04", "D-36"], players=4)
    d = t.state.distant
    assert d is not None
    assert [c.name for c in DISTANT.cities] == ["Washington", "Rio de Janeiro", "Mumbai", "Tokyo"]
    assert [(DISTANT.slot_name(s.index), s.cost) for s in DISTANT.slots] == [
        ("WAS1", 20), ("WAS2", 22), ("RIO1", 20), ("RIO2", 22),
        ("BOM1", 20), ("BOM2", 22), ("TYO1", 20), ("TYO2", 22),
    ]  # fmt: skip
    markers = [t.game.board.city_code(c) for c in DISTANT.marker_cities]
    assert markers == ["AMS", "FRA", "LON", "MAD", "PAR", "ROM"] and DISTANT.markers_each == 2
    assert d.owner == [-1] * 8 and d.marker == [-1] * 8
    assert d.row == ["D-04", "D-36"]
    assert len(d.deck) == 37 - 2


def test_example_2_green_buys_paris_to_tokyo_for_45() -> None:
    """ "Green buys the link from Paris to Tokyo. He places the Paris marker on one end of the
    link, his green marker on the ownership space, one plane on the airlink, and pays the bank
    45 Euros. (25 for the plane, 20 for ownership.)" Green is seat 0; Tokyo's €20 link."""
    t = distant_table(["D-04", "D-36"])
    first_claim(t, 0)
    t.earn(0, 45)
    t.wait_for(0)
    cash, markers, planes = t.cash(0), t.state.seats[0].markers, t.state.seats[0].planes
    t.do(0, "buy PAR-TYO1 1")
    d = t.state.distant
    assert d is not None
    slot = DISTANT.slot_named["TYO1"]
    assert cash - t.cash(0) == 45
    assert t.state.seats[0].markers == markers - 1 and t.state.seats[0].planes == planes - 1
    assert (d.owner[slot], d.link_name(slot), d.planes[slot][0]) == (0, "PAR-TYO", 1)
    assert d.markers_used(t.n.city("PAR")) == 1


def test_example_3_purple_claims_amsterdam_to_washington_through_paris() -> None:
    """ "Purple claims the Distant Flight card Amsterdam to Washington. He removes the planes on
    the airlinks Amsterdam - Paris, and Paris - Washington." The distant link, bought from the
    Paris City marker, is flown as if it joined Paris."""
    t = distant_table(["D-04", "D-36"])
    first_claim(t, 0)
    t.supply(0, ["AMS", "PAR"])
    t.earn(0, 45)
    t.do(0, "buy PAR-WAS1 1")
    ams_par = t.link("AMS-PAR")
    before = t.state.link_planes[ams_par][0]
    stock = t.state.seats[0].planes
    t.do(0, "claim D-04 AMS-PAR-WAS")
    d = t.state.distant
    assert d is not None
    assert d.claimed[0] == ["D-04"]
    assert t.state.link_planes[ams_par][0] == before - 1
    assert d.planes[DISTANT.slot_named["WAS1"]][0] == 0
    assert t.state.seats[0].planes == stock + 2
