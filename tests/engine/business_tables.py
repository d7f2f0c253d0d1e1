"""A scripted table for the Business cards module's tests (tests/engine/test_business*.py): two
players whose Business pile deals the hands a test names, and the moves those tests share."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pytest

from engine import IllegalAction, Options
from engine.jetset.board import load_board
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table

BOARD = load_board()


def table(
    hand0: Sequence[str],
    hand1: Sequence[str] = ("recall", "recall"),
    rest: Sequence[str] = (),
    **script: Sequence[str],
) -> Table:
    """A 2-player table whose Business pile deals ``hand0`` to seat 0 and ``hand1`` to seat 1
    (round the table, twice), then ``rest``."""
    top = [hand0[0], hand1[0], hand0[1], hand1[1], *rest]
    dealer = ScriptedDealer(BOARD, 2, business=top, **script)  # type: ignore[arg-type]
    return Table(dealer=dealer, options=Options(players=2, business_cards=True))


def hand(t: Table, seat: int) -> list[str] | None:
    b = t.state.business
    assert b is not None
    return b.hands[seat]


def refused(t: Table, seat: int, line: str, words: str) -> None:
    """``line`` is refused for ``seat`` now, saying ``words``, and changes nothing."""
    t.end_others_turn(seat)
    before = t.state.digest()
    with pytest.raises(IllegalAction, match=words):
        t.try_do(seat, line)
    assert t.state.digest() == before


def done(t: Table) -> None:
    """End the turn that went on after a Business card was drawn."""
    seat = t.game.to_move()
    assert seat is not None and seat >= 0
    t.do(seat, "done")


def planes_of(t: Table, seat: int, link: str) -> int:
    return t.state.link_planes[t.link(link)][seat]


SPARE_LINKS = ("LIS-SVQ", "LIS-MAD", "MAD-SVQ", "DUB-EDI")
"""Links far from the claims below that seat 1 buys to keep the game from stalling."""


def claim_without_stalling(t: Table, card: str, *, end_turn: bool = True) -> None:
    """Seat 0 claims a Long ``card`` (ending the turn that goes on after the draw, unless not
    ``end_turn``) while seat 1 buys a spare link whenever the turns of only income add up
    toward the stall rule."""
    cities = t.game.board.cards[card].cities
    a, b = (t.game.board.city_code(c) for c in cities)
    path = t.cheapest_path(0, a, b)
    for x, y in pairwise(path):
        link = t.link(f"{x}-{y}")
        if t.state.link_planes[link][0]:
            continue
        owned = t.state.owner[link] == 0
        cost = 7 if owned else t.game.board.links[link].cost + 5
        while t.cash(0) < cost:
            if t.state.idle_turns >= 4:
                spare = next(s for s in SPARE_LINKS if t.state.owner[t.link(s)] < 0)
                t.do(1, f"buy {spare} 1")
            t.do(0, "income")
        t.do(0, f"place {x}-{y} 1" if owned else f"buy {x}-{y} 1")
    t.do(0, f"claim {card} {'-'.join(path)}")
    if end_turn:
        done(t)
