"""Hot-seat: keys typed right after the hand-off reach the new player's turn; q at the hand-off
leaves for the menu without showing the next player's hand."""

from __future__ import annotations

from pathlib import Path

from textual import events

from engine import Income, Options
from engine.jetset.rules.turns import STALL_ROUNDS
from jetset_tui.app import JetSetApp
from jetset_tui.hand_off import hand_off_reason
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screens.start import StartScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.command import CommandInput
from jetset_tui.widgets.picker import ActionPicker
from netcode.logfile import read_log
from tests.engine.table import Table
from tests.tui.conftest import make_app
from tests.tui.jetlag_keys import jetlag_app, settle
from tests.tui.play import settled


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
        await settled(pilot, lambda: isinstance(again.screen, PassScreen))
        assert isinstance(again.screen, PassScreen) and "Amelia" in screen_text(again)


async def test_q_at_a_jetlag_hand_off_goes_back_to_the_menu(tmp_path: Path) -> None:
    app = jetlag_app(plan_for(None, "Ann", hotseat=True, seed="hot"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen), screen_text(app)


def test_the_hand_off_says_why_when_the_keyboard_goes_for_a_question() -> None:
    """A hot-seat play test: the keyboard went to a player to answer a Business Deal, to vote
    on the end or to place a first hub, and the hand-off only said "Pass the keyboard to"; they
    now read why (the Business Deal's case in tests/tui/test_business.py)."""
    names = ["Ann", "Bob"]
    hubs = Table(options=Options(players=2, hubs=True))
    assert hubs.game.to_move() == 1
    assert hand_off_reason(hubs.state, 1, names) == "Place your first hub."
    hubs.place_hubs("PAR")
    assert hand_off_reason(hubs.state, 0, names) == "Place your first hub."
    hubs.place_hubs("ROM")
    assert hand_off_reason(hubs.state, 0, names) is None  # the first turn, like any other

    t = Table()
    for turn in range(STALL_ROUNDS * 2):
        t.do(turn % 2, "income")
    assert hand_off_reason(t.state, 0, names) == "Five rounds of only income: end the game now?"


def test_the_hand_off_back_to_a_deals_offerer_says_the_answer() -> None:
    """The keyboard goes back to who offered a Business Deal once it is answered: the hand-off
    says how (the hot-seat refusal's case runs in tests/tui/test_business.py)."""
    from engine.jetset.actions import Accept, Decline, Entry, Offer, PlayCard

    names = ["Ann", "Bob"]
    state = Table().state
    offer = Entry(0, Offer(1, -1))
    accepted = [offer, Entry(1, Accept("recall", -1))]
    said = hand_off_reason(state, 0, names, accepted)
    assert said == "Bob accepted your Business Deal: discard a Business card."
    refused = [offer, Entry(1, Decline())]
    assert hand_off_reason(state, 0, names, refused) == "Bob refused your Business Deal."
    assert hand_off_reason(state, 1, names, refused) is None  # not Bob's deal
    assert hand_off_reason(state, 0, names, [offer]) is None
    assert hand_off_reason(state, 0, names, [offer, Entry(0, PlayCard("taxes"))]) is None
