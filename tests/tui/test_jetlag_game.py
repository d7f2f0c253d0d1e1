"""A whole game of Jet Lag against a bot through the guided keys (Pilot, the real app)."""

from __future__ import annotations

from engine.jetlag import rules
from engine.jetlag.actions import Destination, Entry, Tourist
from engine.jetlag.bots import greedy_choice
from engine.jetlag.scoring import totals
from jetset_tui.jetlag_plan import plan_for
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
        while not session.game.over:
            assert isinstance(app.screen, JetLagScreen), "the table shows while the game is on"
            assert session.game.to_move() == 0, "the bot has played its turn"
            view = session.view(0)
            plays = rules.legal_actions(view)
            ends = [a for a in plays if isinstance(a, Destination) and a.right == bool(len(kinds))]
            action = ends[0] if ends and len(view.line) < 4 else greedy_choice(view, 0)
            kinds.add(type(action))
            before = len(session.game.entries)
            await pilot.press(*guided_keys(list(view.hands[0] or []), action))
            await settle(pilot)
            assert session.game.entries[before] == Entry(0, action), "the keys played that play"
        assert kinds == {Tourist, Destination}, "both ways to play a card were played"
        assert isinstance(app.screen, JetLagEndScreen)
        text = screen_text(app)
        a, b = totals(session.game.state)
        assert verdict(session.game.state, ["Ann", "Amelia"]).split(".")[0] in text
        assert f"{a}" in text and f"{b}" in text
        assert rules.to_move(session.game.state) is None


async def test_a_refused_choice_changes_nothing_and_the_enter_after_it_plays_nothing() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="guided"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        session = screen.session
        entries, digest = len(session.game.entries), session.game.digest()
        line = len(session.game.state.line)
        await pilot.press("9")
        await pilot.pause()
        assert "Choose a card from 1 to" in screen_text(app)
        await pilot.press("1", "t", str(line + 1))
        await pilot.pause()
        assert f"Choose a destination from 1 to {line}." in screen_text(app)
        await pilot.press("enter")  # reads the refusal
        await pilot.pause()
        assert (len(session.game.entries), session.game.digest()) == (entries, digest)
        assert "Choose a destination" not in screen_text(app)
        await pilot.press("escape", "d", "l", "enter")
        await settle(pilot)
        played = session.game.entries[entries].action
        assert isinstance(played, Destination) and not played.right


async def test_q_leaves_a_saved_game_saying_where_it_is_saved() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="leave"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        path = screen.session.save_path
        assert path is not None and path.exists()
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is not screen and screen not in app.screen_stack
        said = [n.message for n in app._notifications]
        assert any(str(path) in m and "Load" in m for m in said), said
        assert app.unfinished_saves() == [path]


async def test_a_game_at_one_keyboard_has_no_chat_key() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="nochat"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        assert "Chat" not in screen_text(app).splitlines()[-1]
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is screen, "c opens nothing where no one else is at the table"


def test_the_news_numbers_a_destination_as_the_table_shows_it_now() -> None:
    """A play test: P1 was played to destination 4; a destination then played on the left made
    it the fifth, but the news still said "to 4". It now follows the destination's card."""
    from engine.jetlag.actions import Destination, Tourist
    from jetset_tui.screens.jetlag_play import played
    from jetset_tui.widgets.jetlag_words import play_words

    line = ["B1", "B2", "H1", "P3"]
    news = played("Amelia", Tourist("P1", 3), line)
    assert play_words(news.now(line), short=True) == "panda P1 to 4"
    assert play_words(news.now(["H5", *line]), short=True) == "panda P1 to 5"
    assert news.now(["H5", *line, "B6"]) == Tourist("P1", 4), "one on the right moves nothing"
    new = played("Amelia", Destination("H5", right=False), ["H5", *line])
    assert new.now(["H6", "H5", *line]) == Destination("H5", right=False), "said as it was played"
