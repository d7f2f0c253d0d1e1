"""A whole game of Jet Lag against a bot through the guided keys (Pilot, the real app)."""

from __future__ import annotations

from engine.jetlag import rules
from engine.jetlag.actions import Destination, Entry, Tourist
from engine.jetlag.bots import greedy_choice
from engine.jetlag.scoring import totals
from jetset_tui.jetlag_session import plan_for
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.jetlag_end import JetLagEndScreen, verdict
from jetset_tui.screenshot import screen_text
from tests.tui.jetlag_keys import guided_keys, jetlag_app, settle, table_screen


async def test_a_whole_game_against_a_bot_through_the_guided_keys() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="guided"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        session = screen.session
        kinds = set()
        while not session.over:
            assert isinstance(app.screen, JetLagScreen), "the table shows while the game is on"
            assert session.to_move() == 0, "the bot has played its turn"
            view = session.view(0)
            plays = rules.legal_actions(view)
            ends = [a for a in plays if isinstance(a, Destination) and a.right == bool(len(kinds))]
            action = ends[0] if ends and len(view.line) < 4 else greedy_choice(view, 0)
            kinds.add(type(action))
            before = len(session.table.entries)
            await pilot.press(*guided_keys(list(view.hands[0] or []), action))
            await settle(pilot)
            assert session.table.entries[before] == Entry(0, action), "the keys played that play"
        assert kinds == {Tourist, Destination}, "both ways to play a card were played"
        assert isinstance(app.screen, JetLagEndScreen)
        text = screen_text(app)
        a, b = totals(session.state)
        assert verdict(session.state, ["Ann", "Amelia"]).split(".")[0] in text
        assert f"{a}" in text and f"{b}" in text
        assert rules.to_move(session.state) is None


async def test_a_refused_choice_changes_nothing_and_the_enter_after_it_plays_nothing() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="guided"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        session = screen.session
        entries, digest = len(session.table.entries), session.table.digest()
        line = len(session.state.line)
        await pilot.press("9")
        await pilot.pause()
        assert "Choose a card from 1 to" in screen_text(app)
        await pilot.press("1", "t", str(line + 1))
        await pilot.pause()
        assert f"Choose a destination from 1 to {line}." in screen_text(app)
        await pilot.press("enter")  # reads the refusal
        await pilot.pause()
        assert (len(session.table.entries), session.table.digest()) == (entries, digest)
        assert "Choose a destination" not in screen_text(app)
        await pilot.press("escape", "d", "l", "enter")
        await settle(pilot)
        played = session.table.entries[entries].action
        assert isinstance(played, Destination) and not played.right


async def test_q_asks_once_and_leaves_on_the_second() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="leave"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        await pilot.press("q")
        await pilot.pause()
        assert "q again leaves this game (it is not saved)." in screen_text(app)
        await pilot.press("right", "q")  # another key in between: q asks again
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is not screen and screen not in app.screen_stack
