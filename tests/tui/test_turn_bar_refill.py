"""The turn bar offers ``e`` (extra Flight cards) only while a row can take a card
(``decisions.refill_possible``): a play test read it with both rows full."""

from __future__ import annotations

from tests.engine.table import Table


def test_the_turn_bar_offers_e_only_while_a_row_takes_a_card() -> None:
    """The player's own turn bar: "e: extra Flight cards" while a row has room, "one action"
    once both are full."""
    from jetset_tui.table import TableView
    from jetset_tui.theme import livery_for
    from jetset_tui.widgets.turn_bar import whose_turn
    from netcode.seatkind import HUMAN

    def said(t: Table) -> str:
        liveries = [livery_for((), i) for i in range(2)]
        view = TableView(t.state, ["Ann", "Bob"], [HUMAN, HUMAN], liveries, 0, 0)
        return " ".join(part.plain for part in whose_turn(view, busy=False))

    t = Table(players=2)
    assert "e: extra Flight cards" in said(t)
    t.do(0, f"refill long {t.state.config.row_max - len(t.state.rows['long'])}")
    assert "e: extra Flight cards" not in said(t) and "one action: b p r c i" in said(t)
