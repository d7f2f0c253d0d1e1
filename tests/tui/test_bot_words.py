"""Players read the search bot as "search", never its kind's name "mcts": in the new-game form,
the players' panel, who is at the table and the end screen. The command line and logs keep
``mcts``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rich.console import Console
from textual.widgets import Select

from engine import Game, Options
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.screens.end import score_table
from jetset_tui.screens.new_game import NewGameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.presence import hosting_lines
from netcode.client import Hosting
from netcode.logfile import read_log
from netcode.seatkind import HUMAN, SeatKind
from tests.tui.conftest import make_app
from tests.tui.play import game_screen

MCTS = SeatKind.of_bot("mcts")


@dataclass
class Friends:
    """Where friends join a hosted game: all the roster reads of ``Hosting``."""

    addresses: list[str]


async def test_the_form_offers_the_search_bot_in_words(tmp_path: Path) -> None:
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        kind = app.screen.query_one("#kind-1", Select)
        offered = {str(label): value for label, value in kind._options}
        assert offered["Bot: search"] == "bot:mcts", offered
        assert not any("mcts" in label for label in offered), offered


async def test_the_table_and_the_end_say_search(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "bot:mcts"])
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        shown = screen_text(app)
        assert "Amelia  search" in shown and "mcts" not in shown, shown
        at_table = hosting_lines(
            ["Ann", "Amelia"], [HUMAN, MCTS], cast(Hosting, Friends(["h:7777"])), None
        )
        assert "Amelia search bot" in at_table.plain and "mcts" not in at_table.plain
    assert read_log(tmp_path / "game.jetset").header.seats[1].kind == MCTS, "the log keeps it"

    game = Game(Options(players=2))
    for entry in play_game(Options(players=2), "words").entries:
        game.push(entry)
    table = score_table(game, ["Ann", "Amelia"], [HUMAN, MCTS], list(LIVERIES[:2]))
    console = Console(width=120, record=True)
    console.print(table)
    end = console.export_text()
    assert "search" in end and "mcts" not in end, end
