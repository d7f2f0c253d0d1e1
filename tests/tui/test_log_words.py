"""The log pane's lines through a game's rules alone (``rules_words``): any game's entries read
in its own notation, each after its actor's badge, the dealer's after ``*``."""

from __future__ import annotations

import pytest

from engine.botgame import play_bots
from engine.games import GAMES
from engine.platform import CHANCE
from jetset_tui.theme import livery_for
from jetset_tui.widgets.log import rules_words


@pytest.mark.parametrize(("game", "seats"), [("jetset", 3), ("jetlag", 2)])
def test_every_entry_reads_in_its_games_notation(game: str, seats: int) -> None:
    rules = GAMES[game]
    options: dict[str, object] = {"players": seats} if game == "jetset" else {}
    table = play_bots(rules, options, "words", ["greedy"] * seats)
    liveries = [livery_for([], seat) for seat in range(seats)]
    names = [f"P{seat}" for seat in range(seats)]
    words = rules_words(rules)
    assert len(table.entries) > 20
    for n, entry in enumerate(table.entries):
        actor, said = rules.entry_line(entry)
        line = words(entry, n, names, liveries).plain
        assert line.endswith(f" {said}"), line
        badge = " * " if actor == CHANCE else f" {liveries[actor].letter} "
        assert line.removeprefix(f"{n:>4} " if n else "     ").startswith(badge), line


def test_a_business_deal_offer_names_the_player_it_is_made_to() -> None:
    """The notation counts seats from 0 (``offer 1`` is made to the second player): the log
    pane adds their name, which a play test misread as the first player's."""
    from engine.jetset.actions import Entry, Offer
    from engine.jetset.notation import Notation
    from jetset_tui.describe import entry_line

    notation = Notation()
    names = ["Root", "Amelia", "Wilbur"]
    liveries = [livery_for([], seat) for seat in range(3)]
    link = notation.board.link_named["MUC-VIE"]
    line = entry_line(notation, Entry(0, Offer(1, "freeplane", link)), 12, names, liveries).plain
    assert line.endswith("offer 1 freeplane MUC-VIE (to Amelia)"), line
