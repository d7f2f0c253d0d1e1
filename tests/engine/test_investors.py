"""The Investors module (001_0ac1a519298b1465.txt, "Investors", and the combining passages):
the cards, what each kind pays, the Vacation card replacing an Investor, the face-up variant,
secrecy of the face-down cards, notation, and whole games (docs/rules-decisions.md, Investors).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHANCE, Dealer, Entry, Game, IllegalAction, Options, redact
from engine.jetset.actions import Deal, DealInvestors, ReplaceInvestor, Setup, TurnInvestor
from engine.jetset.bots import MctsBot, make_bot
from engine.jetset.bots.mcts import reveal
from engine.jetset.bots.sampling import determinize
from engine.jetset.investors_state import investor_commitment
from engine.jetset.notation import Notation
from engine.jetset.position import position
from engine.jetset.rules.investors import (
    investor_cards,
    investor_deck,
    pay_catch_up,
    pay_diversity,
    pay_equal,
    pay_majority,
    pay_prominence,
    payouts_now,
    vacation_card_up,
)
from engine.jetset.selfplay import play_game
from engine.jetset.state import State
from engine.rng import Rng
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table
from tests.engine.test_investors_examples import give

# -- the cards -------------------------------------------------------------------------------


def test_eight_investor_cards_of_five_kinds_named_apart_from_the_business_card() -> None:
    """ "8 Investor cards"; the five kinds of the combining passages; copies as data/README.md
    decides (each card that rewards one way of playing has its mirror in as many copies)."""
    deck = investor_deck()
    assert len(deck) == 8 and len({c.id for c in deck}) == 8
    kinds = [c.kind for c in deck]
    assert {k: kinds.count(k) for k in dict.fromkeys(kinds)} == {
        "equal": 2,
        "diversity": 2,
        "majority": 2,
        "prominence": 1,
        "catchup": 1,
    }
    assert all(c.id.startswith("INV-") for c in deck), "never the Business card 'Catch up'"
    assert investor_cards()["INV-CATCHUP-1"].name == "Catch Up"


# -- what each kind pays (ties in the players' favour) --------------------------------------


def test_equal_pays_every_player_the_same() -> None:
    assert pay_equal(4) == (30, 30, 30, 30)


def test_diversity_counts_only_1_3_5_and_7_point_values() -> None:
    """Distant Lands: "Diversity - Only count 1, 3, 5, and 7-point cards" (an 8-point Distant
    card is no fifth value); €10 a different value held."""
    assert pay_diversity([[1, 1, 3], [1, 3, 5, 7, 8], [], [8, 8], [7, 7, 7]]) == (20, 40, 0, 0, 10)


def test_majority_pays_each_type_to_the_most_and_not_for_distant_cards() -> None:
    """ "No payoff for most Distant Flight cards": 8-point cards are not a type."""
    assert pay_majority([[5, 8, 8], [5], [1]]) == (25, 25, 10)
    assert pay_majority([[], []]) == (0, 0), "nobody holds a type: nobody is paid for it"


def test_prominence_ranks_points_most_first_ties_take_the_higher_amount() -> None:
    assert pay_prominence([10, 14, 14, 3]) == (30, 40, 40, 20)
    assert pay_prominence([5, 5]) == (40, 40)


def test_catch_up_counts_every_flight_card_fewest_first() -> None:
    """ "Catch Up - Distant Flight cards are counted": every claimed card, whatever its points."""
    assert pay_catch_up([[8, 8], [1], [1, 1, 1]]) == (30, 40, 20)
    assert pay_catch_up([[], [1]]) == (40, 30)


def test_prominence_reads_the_points_of_the_score() -> None:
    """Prominence totals points through engine.jetset.scoring (the one reading of points, where the
    Hubs' 1-point markers count once merged): claimed cards' points."""
    t = investors_table(2, ["INV-PROMINENCE-1", "INV-EQUAL-1"])
    give(t.state, 0, ["S3-01"])
    give(t.state, 1, ["S1-20", "S1-21"])
    assert payouts_now(t.state, "INV-PROMINENCE-1") == (40, 30)


# -- a Vacation card replaces an Investor ----------------------------------------------------


def investors_table(
    players: int,
    investors: list[str],
    face_up: bool = False,
    short_deck: tuple[str, ...] = (),
    long_deck: tuple[str, ...] = ("LV-1",),
) -> Table:
    board = Game(Options(players=players)).board
    dealer = ScriptedDealer(
        board, players, short_deck=short_deck, long_deck=long_deck, investors=investors
    )
    options = Options(players=players, investors=True, investors_face_up=face_up)
    return Table(dealer=dealer, options=options)


def test_the_investors_are_dealt_face_down_before_the_final_flights() -> None:
    t = investors_table(2, ["INV-MAJORITY-1", "INV-CATCHUP-1"])
    entries = [e.action for e in t.game.entries]
    assert type(entries[1]) is DealInvestors, "after the rows, before the Final Flights"
    inv = t.state.investors
    assert inv is not None and inv.cards == ["INV-MAJORITY-1", "INV-CATCHUP-1"]
    assert inv.paid == [None, None] and not inv.pending()


def test_a_vacation_card_turns_up_the_first_investor_which_pays_at_once() -> None:
    """ "When a Vacation card comes up, remove one of the Investor cards from the board and
    replace it with the Vacation card. Read the Investor card and pay all qualifying players
    from the bank." Face down, the first space's card goes first (docs/rules-decisions.md)."""
    t = investors_table(2, ["INV-CATCHUP-1", "INV-MAJORITY-1"])
    give(t.state, 0, ["S1-20"])
    before = [s.cash for s in t.state.seats]
    t.do(0, "refill long 1")
    inv = t.state.investors
    assert inv is not None
    assert inv.paid == [(30, 40), None]
    assert [s.cash - b for s, b in zip(t.state.seats, before, strict=True)] == [30 - 1, 40]


def test_the_second_vacation_turns_up_the_other_and_a_third_pays_nothing() -> None:
    t = investors_table(2, ["INV-EQUAL-1", "INV-DIVERSITY-1"], long_deck=("LV-1", "L5-10", "LV-2"))
    give(t.state, 1, ["S1-20", "S3-01"])
    t.do(0, "refill long 1")
    assert not t.state.vacation_time
    t.do(1, "refill long 1")  # LV-2: the second Vacation card, Vacation Time
    inv = t.state.investors
    assert inv is not None and t.state.vacation_time
    assert inv.paid == [(30, 30), (0, 20)]
    cash = [s.cash for s in t.state.seats]
    vacation_card_up(t.state)  # any further Vacation card: no Investor is left
    assert not inv.pending() and [s.cash for s in t.state.seats] == cash


def test_nothing_else_happens_until_the_investor_is_turned_up() -> None:
    t = investors_table(2, ["INV-EQUAL-1", "INV-EQUAL-2"])
    t.game.push(Entry(0, t.n.parse_action("refill long 1")))
    t.game.push(Entry(CHANCE, t.n.parse_action("reveal long LV-1")))
    assert t.game.to_move() == CHANCE and t.state.investors is not None
    assert t.state.investors.to_turn == 0
    with pytest.raises(IllegalAction, match="turned up and pays first"):
        t.game.push(Entry(CHANCE, t.n.parse_action("reveal long L5-04")))
    with pytest.raises(IllegalAction, match="turned up and pays first"):
        t.game.check(Entry(0, t.n.parse_action("income")))
    digest = t.game.digest()
    wrong = TurnInvestor(0, "INV-MAJORITY-1", t.dealer.investor_salts[0])  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="not the card dealt"):
        t.game.push(Entry(CHANCE, wrong))
    with pytest.raises(IllegalAction, match="only the dealer"):
        t.game.push(Entry(0, TurnInvestor(0, "INV-EQUAL-1", "00")))
    assert t.game.digest() == digest, "a refused entry changes nothing"


def test_the_business_vacation_card_can_turn_up_an_investor() -> None:
    """Business cards with Investors: "The Business card 'Vacation' has the same effect as a
    Vacation card from one of the Flight card decks": its rule calls ``vacation_card_up``."""
    t = investors_table(2, ["INV-EQUAL-1", "INV-EQUAL-2"])
    vacation_card_up(t.state)
    assert t.game.to_move() == CHANCE
    t.deal_chance()
    inv = t.state.investors
    assert inv is not None and inv.paid == [(30, 30), None]
    assert t.state.hash == t.state.recompute_hash()


# -- the face-up variant -------------------------------------------------------------------


def test_face_up_the_player_to_move_chooses_which_investor_goes() -> None:
    """ "For a more strategic game, you may decide to put the Investor cards face-up": the player
    whose turn it is chooses which one the Vacation card replaces (docs/rules-decisions.md);
    the last one goes by itself."""
    t = investors_table(
        2, ["INV-CATCHUP-1", "INV-MAJORITY-1"], face_up=True, long_deck=("LV-1", "L5-10", "LV-2")
    )
    entries = [e.action for e in t.game.entries]
    assert DealInvestors(("INV-CATCHUP-1", "INV-MAJORITY-1"), None, None) in entries
    give(t.state, 1, ["S1-20"])
    t.do(0, "refill long 1")
    assert t.game.to_move() == 0
    assert t.game.legal_actions() == [
        ReplaceInvestor("INV-CATCHUP-1"),
        ReplaceInvestor("INV-MAJORITY-1"),
    ]
    with pytest.raises(IllegalAction, match="first chooses which Investor"):
        t.game.check(Entry(0, t.n.parse_action("income")))
    with pytest.raises(IllegalAction, match="not on a Vacation space"):
        t.game.check(Entry(0, ReplaceInvestor("INV-EQUAL-1")))
    before = [s.cash for s in t.state.seats]
    t.game.push(Entry(0, t.n.parse_action("replace INV-MAJORITY-1")))
    assert [s.cash - b for s, b in zip(t.state.seats, before, strict=True)] == [0, 10]
    t.deal_chance()
    assert t.game.to_move() == 0, "the refill goes on, then the turn's action"
    t.do(0, "income")
    t.do(1, "refill long 1")  # LV-2 comes up second: Catch Up pays without a choice
    inv = t.state.investors
    assert inv is not None and inv.paid == [(40, 30), (0, 10)]
    with pytest.raises(IllegalAction, match="no Vacation card waits"):
        t.game.check(Entry(1, ReplaceInvestor("INV-CATCHUP-1")))


def test_face_up_investors_need_the_module() -> None:
    with pytest.raises(ValueError, match="need the investors module"):
        Options(investors_face_up=True).check_supported()
    Options(investors=True, investors_face_up=True).check_supported()


# -- secrecy ---------------------------------------------------------------------------------


def test_no_view_holds_a_face_down_investor_until_it_is_turned_up() -> None:
    t = investors_table(3, ["INV-PROMINENCE-1", "INV-DIVERSITY-2"])
    full = t.state
    for seat in (0, 1, 2, None):
        view = full.view(seat)
        assert view.investors is not None and view.investors.cards == [None, None]
        assert view.digest() == full.digest()
        data = position(view)
        assert data["investors"]["spaces"] == [{"card": None, "paid": None}] * 2
        text = json.dumps(data)
        assert "INV-" not in text and "PROMINENCE" not in text
    t.do(0, "refill long 1")
    view = t.state.view(1)
    assert view.investors is not None
    assert view.investors.cards == ["INV-PROMINENCE-1", None]
    paid = position(view)["investors"]["spaces"][0]
    assert paid["card"] == "INV-PROMINENCE-1" and len(paid["paid"]) == 3
    assert view.digest() == t.state.digest()


def test_the_deal_entry_hides_the_investors_from_every_seat() -> None:
    t = investors_table(2, ["INV-MAJORITY-2", "INV-EQUAL-1"])
    deal = next(e for e in t.game.entries if isinstance(e.action, DealInvestors))
    full = Notation(t.game.board).format_entry(deal)
    assert "INV-MAJORITY-2" in full
    for seat in (0, 1, None):
        hidden = redact(deal, seat)
        assert isinstance(hidden.action, DealInvestors) and hidden.action.cards is None
        line = Notation(t.game.board).format_entry(hidden)
        assert "INV-" not in line and deal.action.salts is not None  # type: ignore[union-attr]
        assert all(salt not in line for salt in deal.action.salts)  # type: ignore[union-attr]


def test_a_forged_investor_deal_is_refused() -> None:
    game = Game(Options(players=2, investors=True))
    dealer = Dealer("forge", game.board, 2)
    game.push(dealer.next_entry(game.state))
    real = dealer.next_entry(game.state).action
    assert isinstance(real, DealInvestors) and real.salts is not None and real.cards is not None
    forged = DealInvestors(("INV-EQUAL-1", "INV-EQUAL-2"), real.salts, real.commitments)
    digest = game.digest()
    with pytest.raises(IllegalAction, match="do not match their commitments"):
        game.push(Entry(CHANCE, forged))
    with pytest.raises(IllegalAction, match="face down"):
        game.push(Entry(CHANCE, DealInvestors(real.cards, None, None)))
    assert game.digest() == digest
    game.push(Entry(CHANCE, real))
    a, b = real.cards
    assert real.commitments == (
        investor_commitment(0, a, real.salts[0]),
        investor_commitment(1, b, real.salts[1]),
    )


# -- notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "investors INV-EQUAL-1 INV-CATCHUP-1 0a1b 2c3d " + "a" * 32 + " " + "b" * 32,
        "investors hidden " + "a" * 32 + " " + "b" * 32,
        "investors up INV-MAJORITY-2 INV-PROMINENCE-1",
        "investor 2 INV-DIVERSITY-1 " + "c" * 32,
        "replace INV-MAJORITY-1",
    ],
)
def test_investor_notation_round_trips(line: str) -> None:
    n = Notation()
    assert n.format_action(n.parse_action(line)) == line


@pytest.mark.parametrize(
    "line",
    ["replace", "replace INV-NOBODY-1", "investor 3 INV-EQUAL-1 aa", "investors up INV-EQUAL-1"],
)
def test_malformed_investor_notation_says_what_to_write(line: str) -> None:
    from engine import NotationError

    with pytest.raises(NotationError):
        Notation().parse_action(line)


def test_a_table_set_up_by_hand_places_the_investors_before_the_deal() -> None:
    t = Table(players=3, options=Options(players=3, investors=True))
    inv = t.state.investors
    assert inv is not None and inv.dealt and t.game.to_move() == 0


def test_the_base_game_refuses_investor_entries() -> None:
    t = Table(players=2)
    with pytest.raises(IllegalAction):
        t.game.check(Entry(0, ReplaceInvestor("INV-EQUAL-1")))
    with pytest.raises(IllegalAction):
        t.game.check(Entry(CHANCE, TurnInvestor(0, "INV-EQUAL-1", "00")))


def test_investor_entries_while_no_investor_waits_get_the_investor_rules_reason() -> None:
    """A quiet game (no Vacation card waiting) finds an Investors entry's rule after the base
    game's own (``Ruleset._chance_rule``): it is refused for the Investors' reason, unchanged."""
    t = Table(players=3, options=Options(players=3, investors=True))
    assert t.state.quiet and t.game.to_move() == 0
    digest = t.state.digest()
    with pytest.raises(IllegalAction, match="no Vacation card waits for an Investor to replace"):
        t.game.push(Entry(0, ReplaceInvestor("INV-EQUAL-1")))
    with pytest.raises(IllegalAction, match="no Vacation card waits for its Investor"):
        t.game.push(Entry(CHANCE, TurnInvestor(0, "INV-EQUAL-1", "00")))
    assert t.state.digest() == digest and t.game.to_move() == 0


# -- whole games -----------------------------------------------------------------------------

SLOW = os.environ.get("JETSET_SLOW") == "1"
players = st.integers(min_value=2, max_value=6)
seeds = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8)


def play_checked(options: Options, seed: str) -> Game:
    """Greedy and random seats in turn; after every entry the base invariants hold: cash never
    negative, planes conserved, the kept hash equal to a full recomputation."""
    game = Game(options)
    dealer = Dealer(seed, game.board, options.players)
    kinds = ["greedy", "random"]
    bots = [make_bot(kinds[i % 2], i, seed) for i in range(options.players)]
    while not game.over:
        seat = game.to_move()
        assert seat is not None
        if seat == CHANCE:
            entry = dealer.next_entry(game.state)
        else:
            entry = Entry(seat, bots[seat].choose(game.state.view(seat), game.rules))
        game.push(entry)
        state = game.state
        for i, s in enumerate(state.seats):
            on_board = sum(row[i] for row in state.link_planes)
            assert s.planes + on_board + s.final_planes == 24
            assert s.cash >= 0
        assert state.hash == state.recompute_hash()
        assert state.quiet == (not state.modules_wait()), "quiet is kept"
        assert state.turn < 5000
    return game


def check_paid(state: State) -> None:
    """Every Investor replaced by a Vacation card paid once, and only then."""
    inv = state.investors
    assert inv is not None
    up = len(state.vacations)
    assert sum(p is not None for p in inv.paid) == min(up, 2)


@settings(max_examples=30 if SLOW else 6, deadline=None)
@given(players, seeds, st.booleans())
def test_random_games_with_investors_keep_the_invariants_and_replay(
    players: int, seed: str, face_up: bool
) -> None:
    options = Options(players=players, investors=True, investors_face_up=face_up)
    game = play_checked(options, seed)
    check_paid(game.state)
    for seat in (0, None):  # a seat's and a spectator's copy reach the same digests
        peer = Game(options)
        for entry, digest in zip(game.entries, game.digests, strict=True):
            peer.push(redact(entry, seat), digest)
        assert peer.state.investors is not None
        assert peer.state.investors.cards == game.state.view(seat).investors.cards  # type: ignore[union-attr]


def test_bots_reach_both_investors_at_every_table_size() -> None:
    for face_up in (False, True):
        for n in range(2, 7):
            game = play_game(Options(players=n, investors=True, investors_face_up=face_up), "inv")
            if game.state.vacation_time:
                check_paid(game.state)
    game = play_game(Options(players=4, investors=True), "both", ("greedy",))
    inv = game.state.investors
    assert inv is not None and all(p is not None for p in inv.paid)


def test_the_same_seed_plays_the_same_investor_game_in_fresh_processes() -> None:
    """Deterministic across processes with different PYTHONHASHSEED, face up and face down."""
    code = (
        "from engine.jetset.options import Options\n"
        "from engine.jetset.selfplay import play_game\n"
        "for fu in (False, True):\n"
        "    o = Options(players=5, investors=True, investors_face_up=fu)\n"
        "    print(play_game(o, 'hash', ('greedy', 'random')).digests[-1])\n"
    )
    outputs = []
    for hashseed in ("0", "1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1] == outputs[2] and len(outputs[0].split()) == 2


def test_the_base_game_deals_as_before() -> None:
    """The module off, nothing of it is dealt and the digests are the base game's."""
    base = play_game(Options(players=3), "same")
    assert not any(isinstance(e.action, DealInvestors) for e in base.entries)
    assert base.state.investors is None
    assert len(base.state.slot_values()) == len(base.state.keys)


def test_rows_and_decks_untouched_by_the_investors() -> None:
    """The Investors add entries but never change which Flight cards a seed deals."""
    plain = play_game(Options(players=4), "rows", ("greedy",))
    invest = play_game(Options(players=4, investors=True), "rows", ("greedy",))

    def dealt(game: Game) -> list[object]:
        return [e.action for e in game.entries if isinstance(e.action, (Setup, Deal))]

    assert dealt(plain) == dealt(invest) and len(dealt(plain)) == 5


def test_the_search_bot_guesses_the_face_down_investors_and_plays_through_them() -> None:
    """The search bot's guessed worlds draw the face-down Investors from the cards it cannot
    see (even handed the full state by mistake), and its playouts turn them up and pay."""
    t = investors_table(3, ["INV-PROMINENCE-1", "INV-CATCHUP-1"], long_deck=("L5-10", "LV-1"))
    guesses = set()
    for i in range(20):
        world = determinize(t.state, 0, Rng(f"guess{i}"))
        inv = world.state.investors
        assert inv is not None and None not in inv.cards and inv.cards[0] != inv.cards[1]
        guesses.add(inv.cards[0])
    assert len(guesses) > 1, "a guess, not the dealt card"
    bot = MctsBot(0, "inv", iterations=24, horizon=3)
    t.game.check(Entry(0, bot.choose(t.state.view(0), t.game.rules)))  # a legal choice
    t.game.push(Entry(0, t.n.parse_action("refill long 2")))
    t.game.push(Entry(CHANCE, t.n.parse_action("reveal long L5-10")))
    t.game.push(Entry(CHANCE, t.n.parse_action("reveal long LV-1")))
    assert t.game.to_move() == CHANCE  # the real dealer would turn up the first Investor now
    world = determinize(t.state.view(1), 1, Rng("playout"))
    reveal(t.game.rules, world.state, world)  # the playout's dealer
    inv = world.state.investors
    assert inv is not None and inv.paid[0] is not None and inv.to_turn == -1
