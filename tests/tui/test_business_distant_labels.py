"""The Business card picker's words for a card that names Distant airlinks: the link by its
ends and the Distant price (Recall Planes €26, Friendly Rivalry €25)."""

from __future__ import annotations

from jetset_tui.business import action_label
from tests.engine.test_business_distant import own_washington, table


def test_recall_and_rivalry_on_a_distant_link_say_the_distant_price() -> None:
    t = table(("recall", "catchup"), ("rivalry", "delay"))
    own_washington(t, 0, 2)
    t.wait_for(1)
    names = ["Ann", "Bob"]
    labels = [action_label(t.state, 1, a, names) for a in t.game.legal_actions()]
    assert "Play Friendly Rivalry PAR-WAS (€25 a plane to the owner)" in labels
    t.do(1, "income")
    t.wait_for(0)  # Bob's turn, which goes on after his income, ends
    labels = [action_label(t.state, 0, a, names) for a in t.game.legal_actions()]
    assert "Play Recall Planes PAR-WAS ×2 (+€26 a plane)" in labels
