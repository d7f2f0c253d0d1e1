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


async def test_the_one_who_sits_down_is_told_every_play_the_other_made() -> None:
    """A play test: after the hand-off, the player sitting down saw only the other's last play,
    marked ✓ as their own plays are. Now the line says each of the other's plays of that turn,
    as news (no ✓)."""
    from engine.jetlag.actions import Destination, Tourist

    app = jetlag_app(plan_for(None, "Ann", hotseat=True, seed="hot"))
    async with app.run_test(size=(160, 30)) as pilot:
        await settle(pilot)
        table = table_screen(app)
        session = table.session
        checked = 0
        turn: list[object] = []
        while not session.game.over and checked < 3:
            mover = session.game.to_move()
            assert mover is not None and mover >= 0
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
                plays = [a for a in turn if isinstance(a, Tourist | Destination)]
                said = table.message.plain if table.message is not None else ""
                if len(plays) >= 2:
                    checked += 1
                    assert "✓" not in said, said
                    line = session.game.state.line
                    for news in plays:
                        assert isinstance(news, Tourist | Destination)
                        if isinstance(news, Destination) or news.at < len(line):
                            assert str(news.card) in said, (said, plays)
                turn = []
            hand = list(session.view(mover).hands[mover] or [])
            before = len(session.game.entries)
            await pilot.press(*guided_keys(hand, greedy_choice(session.view(mover), mover)))
            await settle(pilot)
            turn += [e.action for e in session.game.entries[before:] if e.seat == mover]
        assert checked == 3, "three hand-offs after a turn of two plays"
