"""z, Ctrl+Z and typed ``undo`` at Jet Lag's table, in a game against a bot at this keyboard: a
play of this turn is taken back (the card back in the hand, the table as before), and once
something hidden came out (cards passed, a pile taken) the refusal is said and nothing changes
(Pilot, the real app and its LocalSession)."""

from __future__ import annotations

from engine.jetlag.bots import greedy_choice
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screenshot import screen_text
from netcode.local import LocalSession
from tests.tui.jetlag_keys import guided_keys, jetlag_app, settle, table_screen

KEYS = (["z"], ["ctrl+z"], ["colon", *"undo", "enter"])


async def test_plays_are_taken_back_until_something_hidden_comes_out() -> None:
    app = jetlag_app(plan_for("greedy", "Ann", seed="undo"))
    taken = refused = 0
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = table_screen(app)
        session = screen.session
        assert isinstance(session, LocalSession)
        while not session.game.over:
            view = session.view(0)
            hand = list(view.hands[0] or [])
            action = greedy_choice(view, 0)
            before = len(session.game.entries)
            await pilot.press(*guided_keys(hand, action))
            await settle(pilot)
            if session.game.over:
                break
            after = len(session.game.entries)
            undoable = session.undo_refusal(0) is None
            await pilot.press(*KEYS[(taken + refused) % len(KEYS)])
            await settle(pilot)
            text = screen_text(app)
            if undoable:
                taken += 1
                assert len(session.game.entries) == before, "the play (and any reply) is gone"
                assert action.card in (session.view(0).hands[0] or [])
                assert "taken back" in text, text
                await pilot.press(*guided_keys(hand, action))  # play it again, and go on
                await settle(pilot)
            else:
                refused += 1
                assert len(session.game.entries) == after, "a refusal changes nothing"
                assert "✗" in text, text
                why = ("a pile was taken since", "cards were passed since")
                assert any(said in text for said in why), f"said as the help says it:\n{text}"
        assert taken >= 1 and refused >= 1, (taken, refused)
