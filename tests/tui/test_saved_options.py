"""The Load screen says what each saved game plays, as the SSH lobby does: its extra cards and
the expansion's modules (Pilot, the real app, real files)."""

from __future__ import annotations

from pathlib import Path

from engine import CHANCE, Game, Options
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.saves import saved_games
from tests.tui.play import open_load, save_for_you


def started(options: Options, seed: str) -> Game:
    """The first 30 entries of a greedy game of ``options``."""
    whole = play_game(options, seed, ("greedy",))
    game = Game(whole.options, whole.board)
    for entry in whole.entries[:30]:
        game.push(entry)
    return game


async def test_the_load_screen_names_each_games_modules(tmp_path: Path) -> None:
    modules = Options(players=2, hubs=True, business_cards=True, extra_cards=True)
    save_for_you(tmp_path / "a.jetset", started(modules, "mods"), "mods", ["Ann", "Amelia"])
    base = started(Options(players=2), "base")
    save_for_you(tmp_path / "b.jetset", base, "base", ["Bo", "Cy"])
    said = {game.names[0]: game.describe() for game in saved_games(tmp_path)}
    assert said["Ann"].endswith("· in play · extra cards · Hubs, Business cards"), said
    assert said["Bo"].endswith("· in play"), said  # the base game: nothing more
    moves = sum(1 for entry in base.entries if entry.actor != CHANCE)
    assert 0 < moves < 30 and f"· {moves} moves ·" in said["Bo"], said  # the deal not counted
    app = JetSetApp(bot_delay=0, saves=tmp_path)
    async with app.run_test(size=(120, 30)) as pilot:
        assert "extra cards · Hubs, Business cards" in await open_load(pilot)


async def test_the_load_screen_names_the_tutorials_game(tmp_path: Path) -> None:
    """The tutorial's game, saved where the others are, is listed as the tutorial (a play test
    took it for a game of its own against a bot); another game of the same players is not."""
    from jetset_tui.screens.tutorial import tutorial_session

    await tutorial_session(tmp_path, bot_delay=0, fsync=False).close()
    save_for_you(tmp_path / "b.jetset", started(Options(players=2), "base"), "base", ["Bo", "Cy"])
    said = {game.path.name: game.describe() for game in saved_games(tmp_path)}
    assert "  Tutorial: " in said["tutorial.jetset"], said
    assert "Tutorial" not in said["b.jetset"], said
