"""A seat its player gave away reads as open on the other players' screens, as the lobby lists it:
a play test read "bob to move" in the turn bar and "bob away" in the players' panel of a seat
whose player had gone for good (the presence lines said the truth)."""

from __future__ import annotations

from tests.engine.table import Table


def test_a_given_seat_reads_open_in_the_turn_bar_and_the_players_panel() -> None:
    """Bob (seat 1) is to move and gave his seat away; Ann (seat 0) reads "seat open", not
    "away", beside his name, and a seat merely dropped still reads "away"."""
    from jetset_tui.table import TableView
    from jetset_tui.theme import livery_for
    from jetset_tui.widgets.players import player_lines
    from jetset_tui.widgets.turn_bar import whose_turn
    from netcode.seatkind import HUMAN

    t = Table(players=2)
    t.do(0, "income")
    liveries = [livery_for((), i) for i in range(2)]

    def view(**presence: tuple[int, ...]) -> TableView:
        return TableView(t.state, ["Ann", "Bob"], [HUMAN, HUMAN], liveries, 0, 1, **presence)

    given = view(away=(1,), given=(1,))
    bar = " ".join(part.plain for part in whose_turn(given, busy=False))
    assert "Bob  seat open  to move" in bar, bar
    panel = player_lines(given, 1).plain
    assert "seat open" in panel and "away" not in panel, panel
    dropped = view(away=(1,))
    assert "seat open" not in " ".join(p.plain for p in whose_turn(dropped, busy=False))
    assert "away" in player_lines(dropped, 1).plain
