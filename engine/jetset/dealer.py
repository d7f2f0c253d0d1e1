"""The dealer: turns a seed into the chance entries of a game.

The engine never draws a random number; whenever it needs chance (``to_move() == CHANCE``), the
dealer supplies the entry: the opening rows, each seat's two Final Flights, the next card of a
deck. From the same seed it always supplies the same entries, so a log can be checked against the
seed once the host reveals it (docs/log-format.md, "Seeds, the dealer and commitments").

In a networked game the seed the dealer deals from mixes the host's secret with a random value
from every peer that runs its own code (``deal_seed``): the host commits to its secret before
anyone joins and learns the peers' values only after, so it cannot choose the cards. Each peer
first pledges its value (``pledge_for``) and reveals it only once every seat's pledge is fixed,
so no seat (not even one the host runs from another machine) chooses its value knowing another's.

Deck stacking (rulebook, "Deck Setup for Flight Cards", read with the Italian text; see
docs/rules-decisions.md): from the top down,

- Short deck: 8 / 11 / 14 / 17 cards (2–3 / 4 / 5 / 6 players), then 5 cards and one Vacation
  card shuffled together, then the rest of the deck with the other Vacation card shuffled in;
- Long deck: 5 / 6 / 7 / 8 cards, then one Vacation card, then the rest with the other Vacation
  card shuffled in.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, Protocol, TypeVar

from engine.dealstream import DealStream
from engine.fairdeal import CONTRIBUTION_HEX as CONTRIBUTION_HEX  # re-exported: fair dealing
from engine.fairdeal import deal_seed as deal_seed
from engine.fairdeal import is_contribution as is_contribution
from engine.fairdeal import pledge_for as pledge_for
from engine.fairdeal import seed_commitment as seed_commitment
from engine.jetset.actions import (
    CHANCE,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    Deal,
    DealInvestors,
    DrawDistant,
    Entry,
    FinalsDraw,
    Reveal,
    Setup,
    TurnInvestor,
)
from engine.jetset.board import SHORT, Board
from engine.jetset.business_deck import DECK, draw_commitment
from engine.jetset.distant_state import DISTANT, load_distant
from engine.jetset.investors_state import investor_commitment
from engine.jetset.rules.business import chance_entry_kind
from engine.jetset.rules.business_end import end_cards_held
from engine.jetset.rules.investors import investor_deck
from engine.jetset.state import DEAL, SETUP, State, hand_commitment
from engine.rng import Rng

SHORT_TOP: Final = {2: 8, 3: 8, 4: 11, 5: 14, 6: 17}
LONG_TOP: Final = {2: 5, 3: 5, 4: 6, 5: 7, 6: 8}
SHORT_MIXED: Final = 5
"""The Short deck's Vacation card is shuffled among this many cards below the top block."""

SHAKE_DEAL: Final = 2
"""Dealing since log format 3: ``engine/dealstream.py``'s SHAKE-256 streams."""
XOSHIRO_DEAL: Final = 1
"""Dealing in log formats 1 and 2: ``engine/rng.py``'s xoshiro256** and Fisher–Yates."""


T = TypeVar("T")


class Shuffler(Protocol):
    """What the dealer asks of its randomness (both ``DealStream`` and ``Rng`` have it)."""

    def fork(self, label: str) -> Shuffler: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...

    def token(self, nbytes: int = 16) -> str: ...

    def fork_token(self, label: str, nbytes: int = 16) -> str: ...


def seed_stream(seed: str, scheme: int) -> Shuffler:
    """The root of a seed's randomness under a dealing ``scheme``."""
    if scheme == SHAKE_DEAL:
        return DealStream.from_seed(seed)
    if scheme == XOSHIRO_DEAL:
        return Rng(seed)
    raise ValueError(f"unknown dealing scheme {scheme!r}")


class Dealer:
    """Everything chance decides in one game, drawn from one seed (under the dealing ``scheme``
    of the log's format: ``SHAKE_DEAL`` for new games, ``XOSHIRO_DEAL`` for formats 1 and 2),
    mixed with the seats' ``contributions`` if any (``deal_seed``)."""

    def __init__(
        self,
        seed: str | int,
        board: Board,
        players: int,
        scheme: int = SHAKE_DEAL,
        contributions: Sequence[str | None] = (),
    ) -> None:
        self.seed = deal_seed(str(seed), contributions)
        rng = seed_stream(self.seed, scheme)
        self.short_row, self.short_stack = _stack_short(board, players, rng.fork("short"))
        self.long_row, self.long_stack = _stack_long(board, players, rng.fork("long"))
        finals = list(board.final_deck)
        rng.fork("final").shuffle(finals)
        salts = rng.fork("salt")
        self.hands = [(finals[2 * i], finals[2 * i + 1]) for i in range(players)]
        self.salts = [salts.token() for _ in range(players)]
        self.spare_finals = finals[2 * players :]
        """Final Flight cards never dealt at setup, for the Business card "Final Flights"."""
        self.business_root = rng.fork("business")
        self.business_orders: dict[int, list[str]] = {}
        """The Business draw pile of each shuffle, once dealt from (a test may set them)."""
        self.players = players
        self._distant_rng = rng.fork("distant")
        self.distant_stack: list[str] = []
        """The Distant deck from the top down: shuffled at the first Distant draw (only games
        with Distant Lands pay for it), unless a test set it first."""

        investors = [card.id for card in investor_deck()]
        rng.fork("investors").shuffle(investors)
        self.investors = investors
        """The Investor cards in dealt order: the first two on the Vacation spaces, the rest
        unseen all game (only used with the Investors module)."""
        investor_salts = rng.fork("investor-salt")
        self.investor_salts = [investor_salts.token() for _ in range(2)]

    def distant_order(self) -> list[str]:
        """The Distant deck from the top down (``distant_stack``, shuffled when first asked)."""
        if not self.distant_stack:
            self.distant_stack = _stack_distant(self.players, self._distant_rng)
        return self.distant_stack

    def stack(self, row: str) -> list[str]:
        return self.short_stack if row == SHORT else self.long_stack

    def next_entry(self, state: State) -> Entry:
        """The chance entry the state is waiting for."""
        if state.phase == SETUP:
            return Entry(CHANCE, Setup(tuple(self.short_row), tuple(self.long_row)))
        investors = state.investors
        if investors is not None:
            if state.phase == DEAL and not investors.dealt:
                return Entry(CHANCE, self.investors_deal(investors.face_up))
            if investors.to_turn >= 0:
                space = investors.to_turn
                card, salt = self.investors[space], self.investor_salts[space]
                return Entry(CHANCE, TurnInvestor(space, card, salt))
        if state.phase == DEAL:
            seat = state.dealt
            cards = self.hands[seat]
            salt = self.salts[seat]
            return Entry(CHANCE, Deal(seat, cards, salt, hand_commitment(seat, cards, salt)))
        row = state.to_reveal
        if row is None:
            return self.business_entry(state)
        if row == DISTANT:
            return distant_draw(state, self.distant_order())
        return Entry(CHANCE, Reveal(row, self.stack(row)[state.drawn[row]]))

    # -- the Business cards module --------------------------------------------------------

    def business_order(self, epoch: int, cards: list[str]) -> list[str]:
        """The Business draw pile after its ``epoch``-th shuffle (0: the whole deck at the
        start; later, ``cards``, the discards in data order), top first."""
        order = self.business_orders.get(epoch)
        if order is None:
            order = list(DECK) if epoch == 0 else list(cards)
            self.business_root.fork(f"pile-{epoch}").shuffle(order)
            self.business_orders[epoch] = order
        return order

    def business_entry(self, state: State) -> Entry:
        """The Business cards module's chance entry the state waits for."""
        b = state.business
        what = chance_entry_kind(state)
        if b is None or not what:
            raise ValueError("the state is not waiting for chance")
        if what == "buyout":
            return Entry(CHANCE, BuyoutDraw(self.stack(SHORT)[state.drawn[SHORT]]))
        if what == "finals":
            k = b.finals_dealt
            cards = (self.spare_finals[2 * k], self.spare_finals[2 * k + 1])
            salt = self.business_root.fork_token(f"finals-{k}")
            commitment = hand_commitment(b.finals, cards, salt)
            return Entry(CHANCE, FinalsDraw(b.finals, cards, salt, commitment))
        if what == "shuffle":
            return Entry(CHANCE, BusinessShuffle(len(b.discards)))
        if what == "open":
            return Entry(CHANCE, end_cards_held(b))
        seat = b.owed[0]
        kind = self.business_order(b.epoch, b.shuffled)[b.epoch_drawn]
        salt = self.business_root.fork_token(f"salt-{b.draws}")
        commitment = draw_commitment(seat, b.draws, kind, salt)
        return Entry(CHANCE, BusinessDraw(seat, kind, salt, commitment))

    def investors_deal(self, face_up: bool) -> DealInvestors:
        """The two Investor cards onto the Vacation spaces: face up in the open, face down with
        a commitment to each (engine/jetset/investors_state.py)."""
        a, b = self.investors[0], self.investors[1]
        if face_up:
            return DealInvestors((a, b), None, None)
        s0, s1 = self.investor_salts
        return DealInvestors(
            (a, b), (s0, s1), (investor_commitment(0, a, s0), investor_commitment(1, b, s1))
        )


def distant_draw(state: State, stack: list[str]) -> Entry:
    """The Distant card the state waits for: the first (or, drawing from the bottom, the last)
    card of ``stack``, a top-down order of the deck, that is still in the deck."""
    distant = state.distant
    assert distant is not None
    left = set(distant.deck)
    bottom = distant.from_bottom
    order = reversed(stack) if bottom else iter(stack)
    card = next(c for c in order if c in left)
    return Entry(CHANCE, DrawDistant(card, bottom))


def _stack_distant(players: int, rng: Shuffler) -> list[str]:
    """Distant Lands setup: the deck shuffled without its Vacation card, which then goes under
    the 2 × players cards that follow the two the row starts with."""
    board = load_distant()
    cards = [c for c in board.deck if c != board.vacation]
    rng.shuffle(cards)
    under = 2 + 2 * players
    return [*cards[:under], board.vacation, *cards[under:]]


def _split(board: Board, deck: tuple[str, ...]) -> tuple[list[str], list[str]]:
    cards = [c for c in deck if not board.cards[c].vacation]
    vacations = [c for c in deck if board.cards[c].vacation]
    return cards, vacations


def _stack_short(board: Board, players: int, rng: Shuffler) -> tuple[list[str], list[str]]:
    cards, vacations = _split(board, board.short_deck)
    rng.shuffle(cards)
    rng.shuffle(vacations)
    want = 6 if players == 2 else 2 * players
    row: list[str] = []
    set_aside: list[str] = []
    rest = cards
    while len(row) < want:
        card = rest.pop(0)
        (row if board.cards[card].points == 1 else set_aside).append(card)
    rest += set_aside
    rng.shuffle(rest)
    top = SHORT_TOP[players]
    mixed = rest[top : top + SHORT_MIXED] + vacations[:1]
    rng.shuffle(mixed)
    bottom = rest[top + SHORT_MIXED :] + vacations[1:]
    rng.shuffle(bottom)
    return row, rest[:top] + mixed + bottom


def _stack_long(board: Board, players: int, rng: Shuffler) -> tuple[list[str], list[str]]:
    cards, vacations = _split(board, board.long_deck)
    rng.shuffle(cards)
    rng.shuffle(vacations)
    want = 3 if players == 2 else players
    row, rest = cards[:want], cards[want:]
    top = LONG_TOP[players]
    bottom = rest[top:] + vacations[1:]
    rng.shuffle(bottom)
    return row, rest[:top] + vacations[:1] + bottom
