"""Jet Lag's typed notation on the table: ``:`` opens the line, Tab completes, Enter plays; a line
that is not notation or a play the rules refuse is said in the game's words and changes nothing."""

from __future__ import annotations

from engine.jetlag.actions import Entry, Tourist
from engine.jetlag.cards import card_ids
from jetset_tui.i18n import use_language
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.command import CommandInput
from tests.tui.jetlag_keys import jetlag_app, settle, table_screen


async def test_a_refused_line_changes_nothing_and_a_good_one_plays() -> None:
    app = jetlag_app(plan_for("random", "Ann", seed="typed"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        session = screen.session
        hand = list(session.view(0).hands[0] or [])
        line = session.game.state.line
        elsewhere = next(c for c in card_ids() if c not in hand and c not in line)
        entries, digest = len(session.game.entries), session.game.digest()
        line_length = len(session.game.state.line)
        for line, said in (
            ("x P1 1", "'x': 't' plays a tourist, 'd' a destination"),
            ("t Z9 1", "no card 'Z9'"),
            (f"t {elsewhere} 1", f"{elsewhere} is not in your hand (Playing a Card)"),
            (f"t {hand[0]} 5", f"there is no destination 5: the line has {line_length}"),
        ):
            await pilot.press(":", *line, "enter")
            await pilot.pause()
            assert said in screen_text(app)
            assert (len(session.game.entries), session.game.digest()) == (entries, digest)
            assert app.focused is screen.query_one(CommandInput), "the line stays open to fix"
            await pilot.press("escape")
        await pilot.press(":", "t", " ", hand[1][0])
        await pilot.pause()
        await pilot.press("tab")  # completes to the first legal play with that card's letter
        command = screen.query_one(CommandInput)
        assert command.value.startswith("t ") and len(command.value.split()) == 3
        await pilot.press("ctrl+u", *f"t {hand[1]} 2", "enter")
        await settle(pilot)
        assert session.game.entries[entries] == Entry(0, Tourist(hand[1], 1))
        assert not command.has_focus and not command.display


async def test_refusals_are_said_in_italian() -> None:
    with use_language("it"):
        app = jetlag_app(plan_for("random", "Ann", seed="typed"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            session = table_screen(app).session
            hand = list(session.view(0).hands[0] or [])
            await pilot.press(":", *f"t {hand[0]} 5", "enter")
            await pilot.pause()
            text = screen_text(app)
            assert "non c'è la destinazione 5" in text and "Giocare una carta" in text
            assert "Tocca a te" in text and "La tua mano" in text and "Your" not in text
