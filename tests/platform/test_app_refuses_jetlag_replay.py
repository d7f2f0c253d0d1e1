"""The app's replay viewer shows Jet Set's table: a Jet Lag log opened in it (from the command
line or the Load screen's path, ``open_replay``) is refused with a sentence, not a crash."""

from __future__ import annotations

from pathlib import Path

from engine.botgame import play_bots
from engine.games import GAMES
from engine.jetset.dealer import seed_commitment
from jetset_tui.app import JetSetApp
from netcode.logfile import Header, Seat, write_game


def jetlag_log(tmp_path: Path) -> Path:
    path = tmp_path / "lag.jetset"
    table = play_bots(GAMES["jetlag"], {}, "viewer", ["greedy", "greedy"])
    header = Header(
        {"seats": 2}, [Seat("Ann"), Seat("Bo")], seed_commitment("viewer"), game="jetlag"
    )
    write_game(path, header, table, "viewer")
    return path


async def test_the_viewer_says_it_cannot_show_a_jet_lag_game(tmp_path: Path) -> None:
    path = jetlag_log(tmp_path)
    app = JetSetApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        problem = app.open_replay(path)
        assert problem == "lag.jetset: a game of Jet Lag: watching it comes with Jet Lag's table"
        await pilot.pause()
        assert app.screen is screen, "nothing opened"
