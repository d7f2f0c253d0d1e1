"""A view of the table as plain data, for bots and tools outside Python.

``position(view)`` turns a ``State`` into maps, lists, strings, ints, bools and None, with the
board's own names (city codes, ``"AMS-LON"`` links, card ids), so it travels as msgpack or JSON.
The protocol's ``turn`` message carries it to a peer that asks for its legal actions
(docs/protocol.md), and docs/bots.md describes every field. It holds exactly what the view holds:
give it ``state.view(seat)`` and it holds that seat's Final Flights and no other secret (the order
of the decks is in no state at all).
"""

from __future__ import annotations

from typing import Any

from engine.jetset.board import ROWS
from engine.jetset.scoring import scores
from engine.jetset.state import State


def position(view: State) -> dict[str, Any]:
    """The table of ``view`` as plain data (docs/bots.md, "The position")."""
    board = view.board
    table = {
        "phase": view.phase,
        "turn": view.turn,
        "turn_of": view.current,
        "refilling": view.refilling,
        "rows": {row: list(view.rows[row]) for row in ROWS},
        "decks": {row: len(view.deck[row]) for row in ROWS},
        "refill_goal": {row: view.goal[row] for row in ROWS},
        "refill_paid": {row: view.paid[row] for row in ROWS},
        "vacations": list(view.vacations),
        "vacation_time": view.vacation_time,
        "links": [
            {"link": board.link_name(link), "owner": owner, "planes": list(view.link_planes[link])}
            for link, owner in enumerate(view.owner)
            if owner >= 0
        ],
        "seats": [_seat(view, i, score.total) for i, score in enumerate(scores(view))],
        "end": view.end_reason,
        **({"distant": _distant(view)} if view.distant is not None else {}),
    }
    if view.hubs is not None:
        table["hubs"] = _hubs(view)
    if view.investors is not None:
        table["investors"] = _investors(view)
    if view.business is not None:
        table["business"] = _business(view)
    return table


def _distant(view: State) -> dict[str, Any]:
    """Distant Lands (only in a game with it): the row, the deck's size, each distant airlink."""
    d = view.distant
    assert d is not None
    board = view.board
    return {
        "row": list(d.row),
        "deck": len(d.deck),
        "from_bottom": d.from_bottom,
        "links": [
            {
                "slot": d.board.slot_name(slot),
                "cost": d.board.slots[slot].cost,
                "city": board.city_code(d.marker[slot]) if d.marker[slot] >= 0 else None,
                "owner": d.owner[slot],
                "planes": list(d.planes[slot]),
            }
            for slot in range(len(d.board.slots))
        ],
        "claimed": [list(cards) for cards in d.claimed],
    }


def _hubs(view: State) -> dict[str, Any]:
    """The Hubs module's part: present only when the module is on."""
    hubs = view.hubs
    assert hubs is not None
    code = view.board.city_code
    return {
        "placing": hubs.placing if hubs.placing >= 0 else None,
        "pending": [code(c) for c in hubs.pending],
        "cities": [[code(c) for c in cities] for cities in hubs.cities],
        "point_markers": list(hubs.points),
        "income_markers": list(hubs.income),
    }


def _investors(view: State) -> dict[str, Any]:
    """The Investors module: each Vacation space's card (nil face down) and what it paid."""
    inv = view.investors
    assert inv is not None
    return {
        "face_up": inv.face_up,
        "spaces": [
            {"card": inv.cards[i], "paid": None if paid is None else list(paid)}
            for i, paid in enumerate(inv.paid)
        ],
        "choosing": inv.choosing,
    }


def _business(view: State) -> dict[str, Any]:
    """The Business cards module (001_0ac1a519298b1465.txt, "Business Cards"): the seat's own
    hand (every other hand by its size), the cards in front, the Taxes money, the piles' sizes,
    an open Business Deal and whether the turn goes on after its action (a card was drawn)."""
    b = view.business
    assert b is not None
    offerer, acting, _kind, link = b.offer
    return {
        "hands": [None if hand is None else list(hand) for hand in b.hands],
        "hand_sizes": list(b.sizes),
        "in_front": [list(cards) for cards in b.front],
        "locked": [card or None for card in b.locks],
        "taxes_pot": b.taxes_pot,
        "draw_pile": b.deck_size,
        "discards": list(b.discards),
        "offer": None
        if offerer < 0
        else {
            "from": offerer,
            "to": acting,
            "accepted": acting == offerer,
            "link": view.board.link_name(link) if link >= 0 else None,
        },
        "offered_this_turn": b.offer_turn == view.turn,
        "turn_goes_on": b.open_turn == view.turn,
    }


def _seat(view: State, i: int, points: int) -> dict[str, Any]:
    seat = view.seats[i]
    return {
        "cash": seat.cash,
        "planes": seat.planes,
        "markers": seat.markers,
        "cards": [{"card": str(card), "markers": int(markers)} for card, markers in seat.cards],
        "hand": None if seat.hand is None else list(seat.hand),
        "hand_size": seat.hand_size,
        "final": seat.final,
        "final_path": "-".join(view.board.city_code(c) for c in seat.final_path) or None,
        "final_planes": seat.final_planes,
        "finished": seat.finished,
        "points": points,
    }
