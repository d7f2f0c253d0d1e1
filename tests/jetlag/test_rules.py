"""Jet Lag's rules: the setup, the rounds, the two ways to play a card, every refusal."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction, NotationError
from engine.jetlag.actions import CHANCE, Destination, Entry, Pass, Setup, Take, Tourist
from engine.jetlag.cards import LINE_LIMIT, card_ids, deck
from engine.jetlag.dealer import Dealer
from engine.jetlag.game import Table
from engine.jetlag.notation import format_action, parse_action
from engine.jetlag.selfplay import play_game
from engine.jetlag.state import FIRST, LAST, OVER, PASS, SECOND, TAKE, pile_commitment


def dealt(seed: str = "rules") -> tuple[Table, Dealer]:
    """A table set up and with the first pile taken."""
    table, dealer = Table(), Dealer(seed)
    table.push(dealer.next_entry(table.state))
    table.push(dealer.next_entry(table.state))
    return table, dealer


def test_the_deck_has_18_cards_of_the_rulebook_s_kinds() -> None:
    cards = deck()
    assert len(cards) == 18
    for kind in ("panda", "hyena", "beaver"):
        assert sum(c.tourist == kind for c in cards.values()) == 6
    assert all(
        len(c.positive) == 2 and not c.negative for c in cards.values() if c.tourist == "panda"
    )
    assert all(
        len(c.negative) == 2 and not c.positive for c in cards.values() if c.tourist == "beaver"
    )
    hyenas = [c for c in cards.values() if c.tourist == "hyena"]
    assert all(1 <= len(c.positive) + len(c.negative) <= 2 for c in hyenas)
    assert sum(c.double for c in cards.values()) == 6
    doubles = {frozenset(c.destination) for c in cards.values() if c.double}
    assert len(doubles) == 6, "each pair of destination kinds on one double"


def test_setup_opens_two_destinations_and_commits_to_four_piles_of_four() -> None:
    table, dealer = dealt()
    s = table.state
    assert len(s.line) == 2 and s.round == 1 and s.step == FIRST and s.first == dealer.starter
    assert sorted(dealer.opening + sum(dealer.piles, ())) == sorted(card_ids())
    for i, pile in enumerate(dealer.piles):
        assert s.commitments[i] == pile_commitment(i, pile, dealer.salts[i])
    assert s.hands[s.first] == list(dealer.piles[0]) and s.sizes == [
        4 if i == s.first else 0 for i in (0, 1)
    ]


def test_a_round_goes_one_three_two_one_and_the_first_player_alternates() -> None:
    table, dealer = dealt()
    first = table.state.first
    table.play(Tourist(table.state.hands[first][0], 0))  # type: ignore[index]
    assert table.state.step == PASS and table.to_move() == CHANCE
    table.push(dealer.next_entry(table.state))
    assert table.state.step == SECOND and table.state.sizes == [
        3 if i != first else 0 for i in (0, 1)
    ]
    second = 1 - first
    for _ in range(2):
        assert table.to_move() == second
        table.play(Tourist(table.state.hands[second][0], 1))  # type: ignore[index]
    assert table.state.step == LAST and table.to_move() == first
    table.play(Destination(table.state.hands[first][0], True))  # type: ignore[index]
    assert table.state.step == TAKE and table.state.round == 2 and table.state.first == second
    assert len(table.state.line) == 3 and table.state.sizes == [0, 0]


def test_a_whole_game_is_four_rounds_every_card_played() -> None:
    table = play_game("whole")
    s = table.state
    assert s.step == OVER and table.to_move() is None
    placed = s.line + [c for st in s.stacks for side in st for c in side]
    assert sorted(placed) == sorted(card_ids())
    assert s.tourists(0) + s.tourists(1) == 18 - len(s.line)
    assert len(table.entries) == 1 + 4 * (1 + 1 + 4)


def refused(table: Table, entry: Entry, rule: str) -> None:
    before = table.state.copy()
    with pytest.raises(IllegalAction) as exc:
        table.push(entry)
    assert exc.value.rule == rule
    assert table.state == before and table.state.digest() == before.digest()


def test_every_refusal_names_its_section_and_changes_nothing() -> None:
    table, _ = dealt()
    first = table.state.first
    hand = table.state.hands[first]
    assert hand is not None
    mine = hand[0]
    other = next(c for c in card_ids() if c not in hand and c not in table.state.line)
    refused(table, Entry(1 - first, Tourist(mine, 0)), "Round")
    refused(table, Entry(first, Tourist(other, 0)), "Playing a Card")
    refused(table, Entry(first, Tourist(mine, 2)), "Playing a Card")
    refused(table, Entry(CHANCE, Pass(1 - first, tuple(hand[1:]))), "Round")
    refused(table, Entry(CHANCE, Setup(0, ("P1", "P2"), ("a",) * 4)), "Setup")
    refused(table, Entry(first, Tourist(mine, -1)), "Playing a Card")
    table.play(Tourist(mine, 0))
    refused(table, Entry(first, Tourist(hand[0], 0)), "Round")
    refused(table, Entry(CHANCE, Take(first, None, None)), "Round")
    refused(table, Entry(CHANCE, Pass(1 - first, ("P1", "P2", "P3"))), "Round")


def test_no_sixth_destination() -> None:
    for seed in range(40):
        table = play_game(f"full{seed}")
        if len(table.state.line) == LINE_LIMIT:
            break
    else:
        pytest.fail("no random game filled the line")
    replay = Table()
    for entry in table.entries:
        if len(replay.state.line) == LINE_LIMIT and replay.to_move() not in (None, CHANCE):
            card = replay.state.hands[replay.to_move()][0]  # type: ignore[index]
            refused(replay, Entry(replay.to_move(), Destination(card, True)), "Playing a Card")  # type: ignore[arg-type]
            assert all(isinstance(a, Tourist) for a in replay.legal_actions())
            return
        replay.push(entry)
    pytest.fail("the line never had five destinations with a card to play")


def test_notation_round_trips_and_refuses_what_is_not_notation() -> None:
    table, _ = dealt()
    for action in table.legal_actions():
        assert parse_action(format_action(action)) == action
    assert parse_action("  T  p3   2 ") == Tourist("P3", 1)
    assert parse_action("d h5 l") == Destination("H5", False)
    for bad in ("", "t P3", "x P3 1", "t Z9 1", "t P3 0", "d P3 middle", "t P3 two"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_jet_lag_on_the_platform_plays_a_game_from_its_definition() -> None:
    from engine.jetlag.game import JET_LAG

    assert JET_LAG.name == "jetlag" and list(JET_LAG.bots()) == ["random", "greedy", "search"]
    with pytest.raises(ValueError, match="no options"):
        JET_LAG.new_table({"players": 3})
    table, dealer, note = JET_LAG.new_table({}), JET_LAG.dealer("p"), JET_LAG.notation()
    bots = [JET_LAG.make_bot("greedy", s, "p") for s in (0, 1)]
    while (seat := table.to_move()) is not None:
        if seat == CHANCE:
            table.push(dealer.next_entry(table.state))
        else:
            action = note.parse_action(note.format_action(bots[seat].choose(table.view(seat))))
            table.play(action)
    for entry in table.entries:
        assert JET_LAG.entry_from_wire(JET_LAG.entry_to_wire(entry)) == entry
    result = table.result()
    assert table.over and not result.draw and len(result.points) == 2
    assert table.digest() == play_game("p", ("greedy", "greedy")).digest()
