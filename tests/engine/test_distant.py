"""Distant Lands (expansion rulebook 001_*.txt, "Distant Lands"): each rule played through real
entries on a scripted deal (tests/engine/scripted.py). The rulebook's worked examples are in
test_distant_examples.py."""

from __future__ import annotations

import os

import pytest

from engine import CHANCE, Dealer, Entry, Game, IllegalAction, Options
from engine.errors import NotationError
from engine.jetset.actions import BuyDistant, ClaimDistant, DrawDistant, PlaceDistant, RentDistant
from engine.jetset.bots.greedy import GreedyBot, greedy_action
from engine.jetset.bots.mcts import MctsBot
from engine.jetset.distant_state import load_distant
from engine.jetset.notation import Notation
from engine.jetset.position import position
from engine.jetset.rules.claims import markers_for_next_card
from engine.jetset.rules.distant import free_markers
from engine.jetset.scoring import scores
from engine.jetset.selfplay import play_bot_choice, play_game
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table

DISTANT = load_distant()


def order(top: list[str], bottom: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    """A whole Distant deck: ``top`` from the top down, ``bottom`` from the bottom up, the rest
    in board order between them."""
    named = [*top, *bottom]
    middle = [c for c in DISTANT.deck if c not in named]
    return [*top, *middle, *reversed(bottom)]


def table(
    players: int = 2,
    top: list[str] = (),  # type: ignore[assignment]
    bottom: list[str] = (),  # type: ignore[assignment]
    short_deck: list[str] = (),  # type: ignore[assignment]
) -> Table:
    options = Options(players=players, distant_lands=True)
    board = Game(options).board
    deck = order(list(top), list(bottom))
    dealer = ScriptedDealer(board, players, distant_deck=deck, short_deck=short_deck)
    return Table(dealer=dealer, options=options)


def city(code: str) -> int:
    return DISTANT.city_named[code]


def row_cities(t: Table) -> list[str]:
    d = t.state.distant
    assert d is not None
    return [DISTANT.cities[DISTANT.cards[c].distant].code for c in d.row]


def draws(t: Table) -> list[str]:
    return [t.n.format_action(e.action) for e in t.game.entries if e.actor == CHANCE][-6:]


def own_distant_plane(t: Table, seat: int, line: str) -> None:
    """Earn the price, then buy a distant airlink: ``buy PAR-WAS1 1``."""
    t.earn(seat, 45)
    t.do(seat, line)


def first_claim(t: Table, seat: int) -> None:
    """Three 1-point cards, so that the seat earns €15 a turn (five rounds of nothing but income
    would end the game)."""
    for _ in range(3):
        t.claim(seat, t.state.rows["short"][0])


# -- the Distant row -------------------------------------------------------------------------


def test_setup_lays_two_cards_to_different_distant_cities() -> None:
    t = table(top=["D-01", "D-10", "D-19"])
    assert t.state.distant is not None and t.state.distant.row == ["D-01", "D-10"]
    assert row_cities(t) == ["WAS", "RIO"]


def test_setup_duplicate_is_replaced_from_the_bottom_and_again_if_the_bottom_repeats() -> None:
    """Setup: "If they both fly to the same city ..., replace the second card so it goes to a
    different distant city" (decision: from the bottom, as in play, until one differs)."""
    t = table(top=["D-01", "D-02", "D-10"], bottom=["D-03", "D-04", "D-28"])
    d = t.state.distant
    assert d is not None
    assert d.row == ["D-01", "D-28"]
    assert d.discards == ["D-02", "D-03", "D-04"]
    assert draws(t)[-4:] == [
        "draw D-02",
        "draw D-03 bottom",
        "draw D-04 bottom",
        "draw D-28 bottom",
    ]
    assert not d.from_bottom


def test_a_claimed_card_is_replaced_from_the_top() -> None:
    """ "When one is taken, draw one to replace it from the top of the deck." """
    t = table(top=["D-07", "D-10", "D-19"])
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    path = t.cheapest_path(0, "PAR", "PAR")[:1]
    assert path == ["PAR"]
    t.do(0, "claim D-07 PAR-WAS")
    d = t.state.distant
    assert d is not None and d.claimed[0] == ["D-07"]
    assert d.row == ["D-10", "D-19"]
    assert draws(t)[-1] == "draw D-19"


def test_a_duplicate_replacement_is_discarded_and_the_next_comes_from_the_bottom() -> None:
    """ "If both cards go to the same distant destination city ..., discard it and draw another
    card from the bottom" (and again while the bottom card repeats the city)."""
    t = table(top=["D-07", "D-10", "D-11"], bottom=["D-12", "D-20"])
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    t.do(0, "claim D-07 PAR-WAS")
    d = t.state.distant
    assert d is not None
    assert d.row == ["D-10", "D-20"]
    assert d.discards == ["D-11", "D-12"]
    assert draws(t)[-3:] == ["draw D-11", "draw D-12 bottom", "draw D-20 bottom"]


def test_no_paid_refill_of_the_distant_row() -> None:
    """ "You may not pay one Euro to add more cards to the Distant Flight card row." """
    t = table()
    with pytest.raises(NotationError):
        t.try_do(0, "refill distant 1")


def test_the_dealer_puts_dv1_under_twice_the_players_cards() -> None:
    """Setup: the Vacation card goes under 2 × players cards counted from the top (after the
    two the row takes)."""
    board = Game(Options(players=4, distant_lands=True)).board
    for players in range(2, 7):
        for seed in ("a", "b", "c"):
            stack = Dealer(seed, board, players).distant_order()
            assert stack.index("DV-1") == 2 + 2 * players
            assert sorted(stack) == sorted(DISTANT.deck)


def test_dv1_is_a_vacation_card_and_the_row_is_made_whole_before_the_deck_goes() -> None:
    """Decision: DV-1 is one of the Vacation cards. "When two Vacation cards come up, make sure
    there are two Distant Flight cards in their row, and that they both connect to different
    distant cities. Then set aside the Distant Flight cards." """
    t = table(top=["D-07", "D-10", "DV-1", "D-11"], bottom=["D-12", "D-01"], short_deck=["SV-1"])
    first_claim(t, 0)
    t.wait_for(0)
    t.do(0, "refill short 1")  # SV-1 turns up, then the Short card after it
    assert t.state.vacations == ["SV-1"]
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    t.do(0, "claim D-07 PAR-WAS")
    state = t.state
    d = state.distant
    assert d is not None
    assert state.vacations == ["SV-1", "DV-1"] and state.vacation_time
    assert len(state.rows["short"]) == state.config.row_max
    assert d.row == ["D-10", "D-01"], "D-11, then D-12 from the bottom, fly to Rio too"
    assert d.deck == [] and len(d.set_aside) == 37 - 2 - 1 - 1 - 2
    assert state.deck["short"] == [] and state.deck["long"] == []


# -- buying, placing and renting on distant airlinks -----------------------------------------


def test_buying_a_distant_link_costs_its_price_and_25_a_plane() -> None:
    t = table()
    first_claim(t, 0)
    t.earn(0, 47)
    before = t.cash(0)
    t.do(0, "buy LON-WAS2 1")
    d = t.state.distant
    assert d is not None
    slot = DISTANT.slot_named["WAS2"]
    assert t.cash(0) == before - 22 - 25
    assert (d.owner[slot], d.marker[slot], d.planes[slot][0]) == (0, t.n.city("LON"), 1)
    assert d.link_name(slot) == "LON-WAS"


def test_city_markers_never_both_from_one_city_and_only_two_of_each() -> None:
    """ "the two links that connect to it cannot both come from the same European city ...
    There are only two City markers for each major European city." """
    t = table()
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    t.wait_for(0)
    with pytest.raises(IllegalAction, match="already comes from PAR"):
        t.try_do(0, "buy PAR-WAS2 1")
    first_claim(t, 1)
    own_distant_plane(t, 1, "buy PAR-TYO1 1")
    t.wait_for(0)
    digest = t.game.digest()
    with pytest.raises(IllegalAction, match="City-marker city"):
        t.try_do(0, "buy BER-WAS2 1")
    with pytest.raises(IllegalAction, match="both PAR City markers"):
        t.try_do(0, "buy PAR-RIO1 1")
    with pytest.raises(IllegalAction, match="already owned"):
        t.try_do(0, "buy LON-WAS1 1")
    # "The same player may own both of them"
    d = t.state.distant
    assert d is not None
    assert t.n.city("LON") in free_markers(t.state, d, DISTANT.slot_named["WAS2"])
    assert t.game.digest() == digest, "a refused action changes nothing"


def test_renting_a_distant_plane_pays_25_to_the_owner_and_5_to_the_bank() -> None:
    t = table()
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy AMS-TYO1 1")
    first_claim(t, 1)
    t.earn(1, 30)
    t.wait_for(1)
    owner, renter = t.cash(0), t.cash(1)
    t.do(1, "rent TYO1 1")
    assert (t.cash(0) - owner, t.cash(1) - renter) == (25, -30)


def test_placing_on_distant_and_european_links_in_one_action() -> None:
    """ "Each plane placed on a distant city airlink costs 25 Euros. The service charge remains
    the same": two links named, €5 service charge."""
    t = table()
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy AMS-TYO1 1")
    own = t.game.board.link_name(t.state.owned_links(0)[0])
    first_claim(t, 1)  # seat 0 takes income meanwhile
    t.earn(0, 35)
    t.wait_for(0)
    before = t.cash(0)
    t.do(0, f"place {own} 1 TYO1 1")
    assert before - t.cash(0) == 5 + 25 + 5


# -- claiming --------------------------------------------------------------------------------


def test_a_distant_card_takes_no_markers_pays_5_and_scores_8() -> None:
    """No markers; "The income for a Distant Flight card is always 5 Euros"; 8 points. Decision:
    it does not count among the first five cards (the next card still takes three markers)."""
    t = table(top=["D-07", "D-10"])
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    markers = t.state.seats[0].markers
    t.do(0, "claim D-07 PAR-WAS")
    st = t.state.seats[0]
    assert st.markers == markers and len(st.cards) == 3
    assert markers_for_next_card(t.state, 0) == 3
    assert scores(t.state)[0].total == 3 + 8
    income_markers = sum(1 for _, m in st.cards if m)
    before = t.cash(0)
    t.do(0, "income")
    assert t.cash(0) - before == 5 * income_markers + 2 * (3 - income_markers) + 5


def test_a_flight_may_not_pass_through_a_distant_city() -> None:
    """Decision: a distant city has no airlinks to fly on from; only a Distant card ends there."""
    t = table()
    with pytest.raises(NotationError, match="unknown city"):
        t.try_do(0, "claim S1-03 AMS-WAS-LON")
    with pytest.raises(NotationError, match="ends at WAS"):
        t.try_do(0, "claim D-04 AMS-WAS-PAR")


def test_a_distant_claim_needs_a_plane_on_the_distant_link() -> None:
    t = table(top=["D-04", "D-10"])
    with pytest.raises(IllegalAction, match="no airlink joins AMS to WAS"):
        t.try_do(0, "claim D-04 AMS-WAS")
    with pytest.raises(IllegalAction, match="must start there"):
        t.try_do(0, "claim D-04 PAR-WAS")
    with pytest.raises(IllegalAction, match="not face up"):
        t.try_do(0, "claim D-05 OSL-WAS")


def test_the_module_off_refuses_distant_actions() -> None:
    t = Table()
    for line in ("buy PAR-WAS1 1", "rent WAS1 1", "place WAS1 1", "claim D-04 AMS-WAS"):
        with pytest.raises(IllegalAction):
            t.try_do(0, line)


def test_a_seat_cannot_play_the_dealer() -> None:
    t = table()
    with pytest.raises(IllegalAction):
        t.game.check(Entry(0, DrawDistant("D-05", False)))
    with pytest.raises(IllegalAction):
        t.game.check(Entry(0, BuyDistant(99, 0, 1)))


# -- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "action"),
    [
        ("buy PAR-TYO1 1", BuyDistant(DISTANT.slot_named["TYO1"], Notation().city("PAR"), 1)),
        ("rent WAS2 3", RentDistant(DISTANT.slot_named["WAS2"], 3)),
        ("place WAS1 2", PlaceDistant((), ((DISTANT.slot_named["WAS1"], 2),))),
        (
            "claim D-04 AMS-PAR-WAS",
            ClaimDistant("D-04", (Notation().city("AMS"), Notation().city("PAR"))),
        ),
        ("draw D-05", DrawDistant("D-05", False)),
        ("draw DV-1 bottom", DrawDistant("DV-1", True)),
    ],
)
def test_notation_round_trips(line: str, action: object) -> None:
    n = Notation()
    parsed = n.parse_action(line)
    assert parsed == action
    assert n.format_action(parsed) == line
    assert n.parse_action(n.format_action(parsed)) == parsed


def test_notation_reads_a_distant_path_either_way_and_mixed_placements() -> None:
    n = Notation()
    assert n.parse_action("claim D-04 WAS-PAR-AMS") == n.parse_action("claim D-04 AMS-PAR-WAS")
    assert n.parse_action("buy TYO1-par 1") == n.parse_action("buy PAR-TYO1 1")
    mixed = n.parse_action("place WAS1 1 AMS-PAR 2")
    assert n.format_action(mixed) == "place AMS-PAR 2 WAS1 1"
    with pytest.raises(NotationError):
        n.parse_action("draw D-05 top")


# -- bots and whole games --------------------------------------------------------------------


def test_greedy_claims_a_distant_card_its_planes_fly() -> None:
    t = table(top=["D-07", "D-10"])
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    t.wait_for(0)
    assert greedy_action(t.state.view(0), 0) == ClaimDistant("D-07", (t.n.city("PAR"),))


GAMES = int(os.environ.get("JETSET_DISTANT_GAMES", "40" if os.environ.get("JETSET_SLOW") else "4"))


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_keep_the_invariants_and_replay_the_same(players: int) -> None:
    """Whole games (random and greedy seats): the kept hash equals a recomputation after every
    entry, cash never negative, every plane accounted for, and the same seed plays the same."""
    for i in range(GAMES):
        seed = f"distant-{players}-{i}"
        kinds = ("random",) if i % 2 else ("greedy", "random")
        game = play_game(Options(players=players, distant_lands=True), seed, kinds)
        replay = Game(game.options)
        for entry, digest in zip(game.entries, game.digests, strict=True):
            replay.push(entry, digest)
            state = replay.state
            assert state.hash == state.recompute_hash()
            d = state.distant
            assert d is not None
            for seat, st in enumerate(state.seats):
                assert st.cash >= 0
                out = sum(p[seat] for p in state.link_planes) + sum(p[seat] for p in d.planes)
                assert st.planes + out + st.final_planes == 24
            assert len(d.row) <= 2
            assert len({DISTANT.cards[c].distant for c in d.row}) == len(d.row)
        again = play_game(Options(players=players, distant_lands=True), seed, kinds)
        assert again.digests == game.digests


def test_the_position_shows_the_distant_table_only_when_it_is_in_play() -> None:
    assert "distant" not in position(Table().state.view(0))
    t = table(top=["D-07", "D-10"])
    first_claim(t, 0)
    own_distant_plane(t, 0, "buy PAR-WAS1 1")
    data = position(t.state.view(1))["distant"]
    assert data["row"] == ["D-07", "D-10"] and data["deck"] == 37 - 2
    assert data["links"][0] == {
        "slot": "WAS1", "cost": 20, "city": "PAR", "owner": 0, "planes": [1, 0]
    }  # fmt: skip
    assert data["links"][1]["owner"] == -1 and data["claimed"] == [[], []]


def test_the_search_bot_plays_distant_lands() -> None:
    """Its playouts draw Distant cards from a guessed deck order (top or bottom) and count
    Distant points: a game with it at the table ends, every move legal."""
    options = Options(players=2, distant_lands=True)
    game = Game(options)
    dealer = Dealer("search", game.board, 2)
    bots = [GreedyBot(0, "search"), MctsBot(1, "search", iterations=6, horizon=2)]
    for _ in range(3000):
        seat = game.to_move()
        if seat is None:
            break
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            play_bot_choice(game, seat, bots[seat])
    assert game.over


def test_a_distant_claim_pays_the_hubs_it_flies_through() -> None:
    """Hubs with Distant Lands: "Distant Flight cards and Final Flight cards can also earn you hub
    payoffs or hub bonuses." AMS → PAR → WAS: Blue's hub in Amsterdam (where the flight starts)
    earns €2; the claimant's own hub in Paris, the City-marker city the flight passes through on
    its way to Washington, leaves the claimant the choice of a hub bonus."""
    options = Options(players=2, distant_lands=True, hubs=True)
    board = Game(options).board
    dealer = ScriptedDealer(board, 2, distant_deck=order(["D-04", "D-10"], []))
    t = Table(dealer=dealer, options=options)
    t.do(1, "hub AMS")
    t.do(0, "hub PAR")
    t.state.add_cash(0, 100)  # the money the two purchases need, as if earned earlier
    t.do(0, "buy AMS-PAR 1")
    t.do(1, "income")
    t.do(0, "buy PAR-WAS1 1")
    t.do(1, "income")
    blue = t.cash(1)
    t.do(0, "claim D-04 AMS-PAR-WAS")
    assert t.cash(1) - blue == 2, "Blue's hub where the flight starts"
    hubs = t.state.hubs
    assert hubs is not None and hubs.pending == [Notation(board).city("PAR")]
    assert t.game.to_move() == 0, "the claimant chooses the bonus before the turn ends"


def test_buying_a_distant_airlink_by_its_name_alone_shows_the_line_that_works() -> None:
    """``buy WAS1`` (the distant airlink without the city it starts from) says how to write it,
    with a City-marker city, rather than that WAS1 is no airlink (a play test typed it)."""
    t = table()
    with pytest.raises(NotationError, match=r"City-marker city, e\.g\. buy AMS-WAS1 1"):
        t.try_do(0, "buy WAS1")
    with pytest.raises(NotationError, match=r"buy AMS-WAS1 1"):
        t.try_do(0, "buy was1 2")
    with pytest.raises(NotationError, match="is not an airlink"):
        t.try_do(0, "buy PAR")  # a European city alone: as before
