"""Hot-seat Jet Lag: two people at one keyboard; the hand-off screen comes between their turns
and no hand is on screen while the keyboard changes hands (Pilot, the real app)."""

from __future__ import annotations

from engine.jetlag.bots import greedy_choice
from engine.jetlag.cards import card_ids
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.jetlag_end import JetLagEndScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.jetlag_hand import JetLagHand
from tests.tui.jetlag_keys import guided_keys, jetlag_app, settle, table_screen


def cards_shown(text: str) -> set[str]:
    return {c for c in card_ids() if c in text}


async def test_the_hand_off_hides_every_hand_until_the_next_player_is_ready() -> None:
    app = jetlag_app(plan_for(None, "Ann", hotseat=True, seed="hot"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app)
        session = table.session
        names = table.names
        handoffs = 0
        while not session.game.over:
            mover = session.game.to_move()
            assert mover is not None and mover >= 0
            if isinstance(app.screen, PassScreen):
                handoffs += 1
                text = screen_text(app)
                assert names[mover] in text
                assert not cards_shown(text), "no card of anyone's hand shows at the hand-off"
                assert table.viewer is None, "the table behind it shows nobody's hand"
                assert not table.query_one(JetLagHand).display
                await pilot.press("enter")
                await settle(pilot)
            assert isinstance(app.screen, JetLagScreen)
            assert table.viewer == mover, "the table is the one to move's"
            hand = list(session.view(mover).hands[mover] or [])
            text = screen_text(app)
            assert set(hand) <= cards_shown(text), "the hand shows once they are ready"
            await pilot.press(*guided_keys(hand, greedy_choice(session.view(mover), mover)))
            await settle(pilot)
        assert isinstance(app.screen, JetLagEndScreen)
        # each round: to the second player, back to the first, and to the next round's first
        assert handoffs >= 8
