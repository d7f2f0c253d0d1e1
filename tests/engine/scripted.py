"""A scripted dealer for tests: a game whose chance entries follow an order the test gives.

``ScriptedDealer`` makes a ``Dealer`` whose rows, hands, deck orders and Investor cards (the first
two named go on the Vacation spaces) are chosen, not shuffled, so a rulebook example or a rare
path can be set up exactly and then played through real entries (``play_chance``,
``Table(dealer=...)``). Each deck turns up the cards the test names first, in that order, then
the rest of the deck in board order, the Vacation cards it did not name last (the Distant deck
too: its bottom is the end of that order).
Nothing here is shipped: a real game's dealer always shuffles (engine/jetset/dealer.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.jetset.board import LONG, SHORT, Board
from engine.jetset.business_state import DECK
from engine.jetset.dealer import Dealer
from engine.jetset.distant_state import load_distant
from engine.jetset.state import Config


def ScriptedDealer(
    board: Board,
    players: int,
    *,
    short_row: Sequence[str] | None = None,
    long_row: Sequence[str] | None = None,
    hands: Sequence[tuple[str, str]] | None = None,
    short_deck: Sequence[str] = (),
    long_deck: Sequence[str] = (),
    salts: Sequence[str] | None = None,
    distant_deck: Sequence[str] | None = None,
    business: Sequence[str] = (),
    reshuffles: Sequence[Sequence[str]] = (),
    investors: Sequence[str] | None = None,
) -> Dealer:
    """The dealer of a test: nothing shuffled, every card where the test puts it. A real
    ``Dealer`` whose lists are replaced (not a subclass: the compiled engine's classes take no
    interpreted subclasses, and these tests run on both builds)."""
    cfg = Config(players)
    dealer = Dealer("scripted", board, players)
    named = {SHORT: list(short_deck), LONG: list(long_deck)}
    short = list(short_row) if short_row is not None else None
    long_ = list(long_row) if long_row is not None else None
    dealer.short_row = short or _first(board, SHORT, cfg.short_row_start, named, one_point=True)
    dealer.long_row = long_ or _first(board, LONG, cfg.long_row_start, named)
    dealer.short_stack = _stack(board, SHORT, dealer.short_row, named[SHORT])
    dealer.long_stack = _stack(board, LONG, dealer.long_row, named[LONG])
    finals = board.final_deck
    dealer.hands = list(hands or [(finals[2 * i], finals[2 * i + 1]) for i in range(players)])
    if len(dealer.hands) != players:
        raise ValueError(f"{players} players need {players} hands")
    dealer.salts = list(salts or [f"{seat:02x}" * 16 for seat in range(players)])
    if distant_deck is not None:
        dealer.distant_stack = _distant_stack(list(distant_deck))
    dealt = {card for hand in dealer.hands for card in hand}
    dealer.spare_finals = [c for c in finals if c not in dealt]
    dealer.business_orders = {0: _business_pile(business)}
    for epoch, order in enumerate(reshuffles, start=1):
        dealer.business_orders[epoch] = list(order)
    if investors is not None:  # the first two on the Vacation spaces, then the unseen ones
        rest = [c for c in dealer.investors if c not in investors]
        dealer.investors = [*investors, *rest]
    return dealer


def _distant_stack(top: list[str]) -> list[str]:
    """The Distant deck from the top down: ``top`` (the Vacation card where the test puts it),
    then its other cards in board order, the Vacation card last if the test did not name it."""
    board = load_distant()
    if len(set(top)) != len(top) or any(c not in board.card_number for c in top):
        raise ValueError("the Distant deck names a card twice or a card it does not hold")
    return top + [c for c in board.deck if c not in top]


def _business_pile(top: Sequence[str]) -> list[str]:
    """The Business pile from the top down: ``top`` (dealt two rounds round the table first),
    then the rest of the deck in data order."""
    rest = list(DECK)
    for kind in top:
        rest.remove(kind)
    return list(top) + rest


def _first(
    board: Board, row: str, count: int, named: dict[str, list[str]], one_point: bool = False
) -> list[str]:
    """The first ``count`` Flight cards of a deck in board order that no deck order names."""
    cards = board.cards
    free = [
        c
        for c in board.deck_of(row)
        if not cards[c].vacation and c not in named[row] and (not one_point or cards[c].points == 1)
    ]
    return free[:count]


def _stack(board: Board, row: str, laid_out: list[str], top: list[str]) -> list[str]:
    """A deck from the top down: ``top``, then its other Flight cards, then its other Vacations."""
    deck = board.deck_of(row)
    for card in (*laid_out, *top):
        if card not in deck:
            raise ValueError(f"{card} is not a card of the {row} deck")
    if len(set(laid_out + top)) != len(laid_out) + len(top):
        raise ValueError(f"a card of the {row} deck is laid out or named twice")
    rest = [c for c in deck if c not in laid_out and c not in top]
    flights = [c for c in rest if not board.cards[c].vacation]
    vacations = [c for c in rest if board.cards[c].vacation]
    return top + flights + vacations
