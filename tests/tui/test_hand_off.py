"""Hot-seat: keys typed right after the hand-off reach the new player's turn; q at the hand-off
leaves for the menu without showing the next player's hand."""

from __future__ import annotations

from pathlib import Path

from textual import events

from engine import Income
from jetset_tui.app import JetSetApp
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screens.start import StartScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.command import CommandInput
from jetset_tui.widgets.picker import ActionPicker
from netcode.logfile import read_log
from tests.tui.conftest import make_app
from tests.tui.jetlag_keys import jetlag_app, settle


async def test_a_colon_typed_right_after_the_hand_off_opens_the_command_line(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "human"], seed="hand-off")
    async with app.run_test(size=(120, 40)) as pilot:
        for seat in (0, 1):
            await pilot.pause()
            assert isinstance(app.screen, PassScreen)
            for key, char in (("enter", "\r"), ("colon", ":"), ("i", "i")):  # typed at once:
                app.post_message(events.Key(key, char))  # no key waits for the one before
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert not screen.query_one(ActionPicker).is_open, "the colon was lost"
            command = screen.query_one(CommandInput)
            assert command.has_focus and command.value == "i"
            await pilot.press(*"ncome", "enter")
            await pilot.pause()
            game = screen.session.game
            assert [e.action for e in game.entries if e.actor == seat] == [Income()]


async def test_q_at_the_hand_off_goes_back_to_the_menu_and_load_hands_over_again(
    tmp_path: Path,
) -> None:
    """A play test: at the hand-off (here, to Amelia after Ann's income) q did nothing, and
    its screen says no key but Enter: to stop for the evening one had to press Enter, showing
    Amelia's hand to whoever sat there. q now goes to the menu with her cards unseen; the game is
    saved, and resuming it hands the keyboard over again."""
    app = make_app(tmp_path, ["human", "human"], seed="hand-off")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "q: stop here, back to the menu (the game is saved)." in screen_text(app)
        await pilot.press("enter", *":income", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen), "Amelia's turn: the keyboard changes hands"
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen), screen_text(app)
    entries = read_log(tmp_path / "game.jetset").records
    assert len(entries) > 0
    again = JetSetApp(resume=tmp_path / "game.jetset", bot_delay=0, fsync=False, saves=tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(again.screen, PassScreen):
                break
        assert isinstance(again.screen, PassScreen) and "Amelia" in screen_text(again)


async def test_q_at_a_jetlag_hand_off_goes_back_to_the_menu(tmp_path: Path) -> None:
    app = jetlag_app(plan_for(None, "Ann", hotseat=True, seed="hot"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen), screen_text(app)
