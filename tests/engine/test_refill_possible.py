"""Whether a row may take an extra card now (``decisions.refill_possible``), which the turn bar
asks before it offers ``e``: a play test read "e: extra Flight cards (€1 a row)" with both rows
full, and typing the refill was refused."""

from __future__ import annotations

from engine.jetset.rules.decisions import refill_possible
from tests.engine.table import Table


def test_full_rows_or_rows_refilled_this_turn_take_no_extra_card() -> None:
    t = Table(players=2)  # the Short row full (6), the Long row with room (3 of 6)
    assert refill_possible(t.state, 0), "room in the Long row"
    t.do(0, f"refill long {t.state.config.row_max - len(t.state.rows['long'])}")
    assert not refill_possible(t.state, 0), "both rows full"
    t.do(0, "income")
    assert t.game.to_move() == 1 and not refill_possible(t.state, 1), "still full next turn"
    assert refill_possible(t.state, 1) is False
