"""Catch up and Planes held to the end of a game in the app (docs/rules-decisions.md, B3): Ann's
Final Flight ends the game, the dealer lays her two end-of-game cards down, and the end screen
scores them and says they were held to the end (Pilot, the real app); the game's log line says who
laid down what."""

from __future__ import annotations

from pathlib import Path

from engine import Dealer, Game, Options
from engine.jetset.actions import OpenEndCards
from engine.jetset.notation import Notation
from engine.jetset.scoring import scores
from jetset_tui.app import JetSetApp
from jetset_tui.describe import describe_business
from jetset_tui.screens.end import EndScreen
from jetset_tui.screenshot import screen_text
from tests.engine.playout import keeping_end_cards, play_out
from tests.tui.play import game_screen, save_for_you, settled

SEED = "held-35"
"""Two players, greedy judgement: Ann is dealt Catch up and Planes, keeps them, and her Final
Flight, the last to be played, ends the game."""
HELD = ("catchup", "planes")


def whole_game() -> Game:
    game = Game(Options(players=2, business_cards=True))
    return play_out(game, Dealer(SEED, game.board, 2), keeping_end_cards(0, 2, SEED))


async def test_cards_held_to_the_end_are_laid_down_and_scored(tmp_path: Path) -> None:
    whole = whole_game()
    opened = whole.entries[-1].action
    assert isinstance(opened, OpenEndCards) and opened.cards == (HELD, ()), SEED
    ending = whole.entries[-2]
    assert ending.actor == 0, f"{SEED}: Ann's Final Flight no longer ends the game"
    line = Notation(whole.board).format_action(ending.action)
    game = Game(whole.options)
    for entry in whole.entries[:-2]:
        game.push(entry)
    path = save_for_you(tmp_path / "held.jetset", game, SEED, ["Ann", "Wilbur"])
    expected = scores(whole.state)[0]
    assert expected.business >= 2, "Catch up's 2 points for a later Final Flight, and Planes"
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        playing = screen.session.game
        await pilot.press(":", *line, "enter")
        assert await settled(pilot, lambda: isinstance(app.screen, EndScreen)), screen_text(app)
        assert playing.entries[-1] == whole.entries[-1]
        text = screen_text(app)
        held = f"Ann (Catch up, Planes: {expected.business}\u00a0points)."  # kept together
        assert f"Business cards held to the end and scored: {held}" in text, text
        ann = next(row for row in text.splitlines() if "Ann" in row and "human" in row)
        assert f" {expected.business} " in ann and f" {expected.total} " in ann, ann
    said = describe_business(whole.board, opened, ["Ann", "Wilbur"])
    assert said == "end of the game: Ann lays down Catch up, Planes"
    assert describe_business(whole.board, OpenEndCards(((), ())), ["Ann", "Wilbur"]) == (
        "no end-of-game Business card was left in hand"
    )
