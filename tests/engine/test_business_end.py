"""The end-of-game Business cards held to the end (001_0ac1a519298b1465.txt, "Business Cards":
Catch up and Planes, "Play at the end of the game"; docs/rules-decisions.md, B3): when the game
ends with cards in hand, the dealer opens every end-of-game card still held (``bopen``), each goes
in front of its holder and scores; every seat's copy of the log checks the entry and scores alike.
"""

from __future__ import annotations

from typing import Final

import pytest

from engine import CHANCE, Entry, Game, IllegalAction, Options, redact
from engine.jetset.actions import OpenEndCards
from engine.jetset.board import load_board
from engine.jetset.notation import Notation
from engine.jetset.oldlogs import dealt_as_logged
from engine.jetset.scoring import scores
from engine.jetset.state import END_CARDS, OVER
from tests.engine.playout import keeping_end_cards, play_greedy, play_out
from tests.engine.scripted import ScriptedDealer

BOARD = load_board()
N = Notation(BOARD)
HELD: tuple[str, ...] = ("catchup", "planes")
"""Seat 0's two cards, kept in hand to the end."""


BUSINESS: Final = ("catchup", "buyout", "freeplane", "planes", "discount", "overhead")
"""The first draws, seat 0, 1, 2, 0, 1, 2: seat 0 is dealt ``HELD``, the others cards they play."""


def game_held_to_the_end(seed: str) -> Game:
    """A three-player game of greedy bots in which seat 0 holds Catch up and Planes to the
    end; the others are dealt cards they play (Buyout, Free Plane, Discount, No Overhead)."""
    dealer = ScriptedDealer(BOARD, 3, business=BUSINESS)
    game = Game(Options(players=3, business_cards=True))
    return play_out(game, dealer, keeping_end_cards(0, 3, seed))


@pytest.fixture(scope="module")
def ended() -> Game:
    return game_held_to_the_end("held")


def test_the_dealer_opens_the_end_of_game_cards_held_and_they_score(ended: Game) -> None:
    """Seat 0 never played Catch up nor Planes: the game's last entry opens them, they go in
    front of seat 0 and score as Catch up and Planes say (4, 2 or 0; a point for every three
    planes on airlinks)."""
    last = ended.entries[-1]
    assert last.actor == CHANCE and isinstance(last.action, OpenEndCards)
    assert last.action.cards[0] == HELD
    assert N.format_action(last.action).startswith("bopen catchup planes / ")
    state = ended.state
    b = state.business
    assert b is not None and state.phase == OVER and ended.over
    assert [kind for kind in b.front[0] if kind in HELD] == list(HELD)
    assert not set(HELD) & set(b.hands[0] or [])
    finals = [e.actor for e in ended.entries if type(e.action).__name__ == "ClaimFinal"]
    catch_up = 0 if finals and finals[0] == 0 else 2 if 0 in finals else 4
    planes = sum(row[0] for row in state.link_planes) // 3
    assert planes > 0, "the test means something only if Planes scores"
    assert scores(state)[0].business == catch_up + planes


def test_before_the_opening_the_game_waits_for_the_dealer(ended: Game) -> None:
    """The action that ended the game leaves it in END_CARDS: not over, the dealer to move, no
    seat's decision legal, the end's reason already said."""
    before = Game(ended.options)
    for entry in ended.entries[:-1]:
        before.push(entry)
    state = before.state
    assert state.phase == END_CARDS and not before.over and state.ended
    assert before.to_move() == CHANCE and before.legal_actions() == []
    assert state.end_reason is not None
    b = state.business
    assert b is not None and not set(HELD) & set(b.front[0]) and scores(state)[0].business == 0
    with pytest.raises(IllegalAction, match="dealer"):
        before.push(Entry(1, N.parse_action("income")))


def test_every_seats_copy_checks_the_opening_and_scores_alike(ended: Game) -> None:
    """Each seat's and a spectator's copy of the log, in which the others' hands are unknown,
    takes the opening at the host's digests and reaches the same scores."""
    for seat in (0, 1, 2, None):
        peer = Game(ended.options)
        for entry, digest in zip(ended.entries, ended.digests, strict=True):
            peer.push(redact(entry, seat), digest)
        assert peer.over
        assert [s.total for s in scores(peer.state)] == [s.total for s in scores(ended.state)]


def test_a_seats_copy_of_the_log_verifies_against_its_dealer(ended: Game) -> None:
    """Checking a seat's copy against the seed: its dealer sees only the hands that copy knows,
    and the logged opening still matches (``dealt_as_logged``); a changed one does not."""
    for seat in (1, None):
        dealer = ScriptedDealer(BOARD, 3, business=BUSINESS)
        peer = Game(ended.options)
        for entry in ended.entries:
            mine = redact(entry, seat)
            if entry.actor == CHANCE:
                assert dealt_as_logged(dealer.next_entry(peer.state), mine), mine
            peer.push(mine)
    dealer = ScriptedDealer(BOARD, 3, business=BUSINESS)
    full = Game(ended.options)
    for entry in ended.entries[:-1]:
        full.push(entry)
    other = Entry(CHANCE, OpenEndCards((("catchup",), (), ())))
    assert not dealt_as_logged(dealer.next_entry(full.state), other)


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("bopen - / - / -", "hand does not hold these cards"),
        ("bopen catchup / - / -", "hand does not hold these cards"),
        ("bopen planes catchup / - / -", "hand does not hold these cards"),
        ("bopen catchup planes / - / - / -", "for every player"),
        ("bopen catchup planes buyout / - / -", "only the cards played at the end"),
    ],
)
def test_a_false_opening_is_refused_and_changes_nothing(ended: Game, line: str, why: str) -> None:
    """The host's full state knows seat 0's hand: an opening that leaves out a card, orders them
    otherwise, counts the players wrong or opens another kind is refused, the state untouched."""
    before = Game(ended.options)
    for entry in ended.entries[:-1]:
        before.push(entry)
    digest = before.digests[-1]
    with pytest.raises(IllegalAction, match=why):
        before.push(Entry(CHANCE, N.parse_action(line)))
    assert before.digests[-1] == digest and before.state.phase == END_CARDS


def test_a_seats_copy_refuses_an_opening_its_known_cards_rule_out(ended: Game) -> None:
    """Seat 1's copy does not know seat 0's hand, but knows its size (two cards) and its own
    hand: more cards than a hand holds, or cards it does not hold itself, are refused."""
    view = Game(ended.options)
    for entry in ended.entries[:-1]:
        view.push(redact(entry, 1))
    for line in ("bopen catchup planes catchup / - / -", "bopen catchup planes / planes / -"):
        with pytest.raises(IllegalAction, match="hand does not hold these cards"):
            view.push(Entry(CHANCE, N.parse_action(line)))
    with pytest.raises(IllegalAction, match="when the game ends"):
        Game(ended.options).push(Entry(CHANCE, N.parse_action("bopen - / - / -")))


def test_a_game_ending_with_empty_hands_needs_no_opening() -> None:
    """With every hand empty the game is over at once, as before: no ``bopen``."""
    dealer = ScriptedDealer(BOARD, 3, business=["buyout", "freeplane", "discount"] * 2)
    game = play_greedy(Game(Options(players=3, business_cards=True)), dealer, "empty")
    b = game.state.business
    assert b is not None and not any(b.sizes)
    assert not [e for e in game.entries if isinstance(e.action, OpenEndCards)]


def test_bopen_reads_and_writes_a_group_a_player() -> None:
    action = N.parse_action("bopen catchup planes / - / catchup")
    assert action == OpenEndCards((("catchup", "planes"), (), ("catchup",)))
    assert N.format_action(action) == "bopen catchup planes / - / catchup"
    for bad in ("bopen", "bopen catchup", "bopen - catchup / -", "bopen / -"):
        with pytest.raises(Exception, match="bopen"):
            N.parse_action(bad)
