"""Hot-seat: keys typed right after the hand-off reach the new player's turn."""

from __future__ import annotations

from pathlib import Path

from textual import events

from engine import Income
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.widgets.command import CommandInput
from jetset_tui.widgets.picker import ActionPicker
from tests.tui.conftest import make_app


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
