"""Counts in the game's words are in good English: one link, one point."""

from __future__ import annotations

from engine.actions import Claim
from jetset_tui.guided import path_stage
from jetset_tui.table import TableView
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.players import player_lines
from netcode.seatkind import HUMAN
from tests.engine.table import mid_game_table


def test_a_claim_path_counts_its_links() -> None:
    state = mid_game_table().game.state
    city = state.board.city_index
    paths = [(city["LON"], city["PAR"]), (city["DUB"], city["LON"], city["PAR"])]
    stage = path_stage("Claim", [Claim("S1-22", path) for path in paths], state)
    assert [choice.note for choice in stage.choices] == [
        "1 link, one plane back from it",
        "2 links, one plane back from each",
    ]


def test_a_player_with_one_point_has_1_pt() -> None:
    state = mid_game_table().game.state  # seat 1 holds one 1-point card, seat 2 none
    table = TableView(state, ["a", "b", "c", "d"], [HUMAN] * 4, list(LIVERIES[:4]), 0, 0)
    assert "  1 pt\n" in player_lines(table, 1).plain
    assert "  0 pts\n" in player_lines(table, 2).plain
