"""A game of Jet Lag at this keyboard is saved as Jet Set's are: its log is written as it is
played, q says where it is, the Load screen lists it with its game named, and it goes on from
there (the start screen's Load, and ``JetSetApp(resume=...)`` as ``jetset play --resume`` opens
it) to an end whose log replays (Pilot, the real app, real files)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from engine.jetlag.bots import greedy_choice
from jetset_tui.app import JetSetApp
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.saves import saved_games
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.jetlag_end import JetLagEndScreen
from jetset_tui.screenshot import screen_text
from netcode.logfile import read_log
from netcode.replay import replay
from tests.tui.jetlag_keys import guided_keys, settle, table_screen
from tests.tui.play import open_load

PLAYS = 3


async def play_some(app: JetSetApp, pilot: object, plays: int) -> None:
    """``plays`` of Ann's plays through the guided keys (the bot answers each)."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for _ in range(plays):
        session = table_screen(app).session
        view = session.view(0)
        await pilot.press(*guided_keys(list(view.hands[0] or []), greedy_choice(view, 0)))
        await settle(pilot)


async def test_a_game_left_with_q_is_loaded_and_played_to_an_end_that_replays(
    tmp_path: Path,
) -> None:
    app = JetSetApp(plan=plan_for("greedy", "Ann", seed="saved"), bot_delay=0, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_some(app, pilot, PLAYS)
        session = table_screen(app).session
        path, digests = session.save_path, list(session.game.digests)
        await pilot.press("q")
        await pilot.pause()
    assert path is not None and path.parent == tmp_path
    assert read_log(path).header.game == "jetlag"
    assert read_log(path).header.options == {"seats": 2}, "as selfplay and import write it"
    [saved] = saved_games(tmp_path)
    assert "Jet Lag: Ann, Amelia" in saved.describe() and "in play" in saved.describe()

    again = JetSetApp(bot_delay=0, saves=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        assert "Jet Lag: Ann, Amelia" in await open_load(pilot)
        again.screen.query_one(OptionList).action_select()  # the first (the only) save
        await settle(pilot)
        assert isinstance(again.screen, JetLagScreen)
        session = again.screen.session
        assert list(session.game.digests[: len(digests)]) == digests, "it goes on from there"
        assert session.save_path == path
        while not session.game.over:
            await play_some(again, pilot, 1)
        assert isinstance(again.screen, JetLagEndScreen)
        assert path.name in "".join(screen_text(again).split()), "where it is saved"
        final = session.game.digest()
    log = read_log(path)
    assert log.seed == "saved", "the end reveals the seed"
    replayed = replay(log)
    assert replayed.ok and replayed.digest == final


async def test_a_finished_game_opened_from_its_log_shows_the_jet_lag_end(tmp_path: Path) -> None:
    app = JetSetApp(plan=plan_for("greedy", "Ann", seed="ended"), bot_delay=0, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = table_screen(app).session
        path = session.save_path
        while not session.game.over:
            await play_some(app, pilot, 1)
    assert path is not None
    shown = JetSetApp(resume=path, bot_delay=0)
    async with shown.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(shown.screen, JetLagEndScreen)
        assert "Jet Lag: the game is over" in screen_text(shown)


async def test_a_game_is_saved_where_save_says(tmp_path: Path) -> None:
    path = tmp_path / "chosen.jetset"
    plan = plan_for("random", "Ann", seed="chosen", path=path)
    app = JetSetApp(plan=plan, bot_delay=0, fsync=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table_screen(app).session.save_path == path
        assert read_log(path).header.game == "jetlag"
