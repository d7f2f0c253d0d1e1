"""Jet Lag's dealer: the seed's shuffle, and the chance entries that the game asks for.

From ``DealStream`` (engine/dealstream.py) named ``jetlag:`` + seed: the stream ``order`` shuffles
the 18 cards (the first two open the line, then four piles of four, top down), ``starter``'s
first byte's low bit is the starting seat, ``salts`` gives each pile's salt in turn. The setup
entry carries each pile's commitment, so a finished log can be checked against its piles.
"""

from __future__ import annotations

from engine.dealstream import DealStream
from engine.jetlag.actions import CHANCE, Entry, Pass, Setup, Take
from engine.jetlag.cards import OPENING, PILE_SIZE, PILES, card_ids
from engine.jetlag.state import PASS, SETUP, TAKE, State, pile_commitment


class Dealer:
    """The dealer of one game: knows every pile, gives each out when the rules ask."""

    def __init__(self, seed: str) -> None:
        stream = DealStream.from_seed(f"jetlag:{seed}")
        order = list(card_ids())
        stream.fork("order").shuffle(order)
        self.starter = stream.fork("starter").draw(1)[0] & 1
        self.opening = (order[0], order[1])
        rest = order[OPENING:]
        self.piles = [tuple(rest[i * PILE_SIZE : (i + 1) * PILE_SIZE]) for i in range(PILES)]
        salts = stream.fork("salts")
        self.salts = [salts.token() for _ in range(PILES)]

    def commitments(self) -> tuple[str, ...]:
        return tuple(
            pile_commitment(i, p, s)
            for i, (p, s) in enumerate(zip(self.piles, self.salts, strict=True))
        )

    def next_entry(self, state: State) -> Entry:
        """The chance entry ``state`` waits for (the full state: the host's)."""
        if state.step == SETUP:
            return Entry(CHANCE, Setup(self.starter, self.opening, self.commitments()))
        if state.step == TAKE:
            i = state.round - 1
            return Entry(CHANCE, Take(state.first, self.piles[i], self.salts[i]))
        if state.step == PASS:
            hand = state.hands[state.first]
            if hand is None:
                raise ValueError("the dealer needs the full state, not a seat's view")
            return Entry(CHANCE, Pass(state.second, tuple(hand)))
        raise ValueError(f"no chance entry is due ({state.step})")
