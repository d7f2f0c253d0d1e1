"""A whole game against a bot with moves taken back (z, Ctrl+Z, typed ``undo``), through the
keyboard to the end screen: the log pane and the table follow the game back, a refusal is said
in words, and the log file on disk never holds a move that was taken back."""

from __future__ import annotations

from pathlib import Path

from engine import Buy, Income
from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from jetset_tui.screens.end import EndScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.log import NotationLog
from netcode.local import LocalSession
from netcode.logfile import read_log
from netcode.replay import replay
from tests.tui.conftest import make_app
from tests.tui.keyboard import keys_for, typed
from tests.tui.play import ADVISOR, game_screen, settled

UNDO_KEYS = ("z", "ctrl+z", "typed")


async def test_a_whole_game_with_moves_taken_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", f"bot:{ADVISOR}"], seed="undo-whole")
    taken_back: list[tuple[int, str]] = []  # (index, line) of each move taken back
    refused = 0
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        session = screen.session
        assert isinstance(session, LocalSession)
        notation = Notation(session.game.board)
        advisor = make_bot(ADVISOR, 0, "advice")
        log_pane = screen.query_one(NotationLog)
        turns = 0
        while not session.game.over:
            await session.wait_idle()
            await pilot.pause()
            if session.game.over:
                break
            assert session.game.to_move() == 0
            action = advisor.act(session.view(0), session.game.rules)
            before = len(session.game.entries)
            await pilot.press(*keys_for(action, notation))
            await pilot.pause()
            await session.wait_idle()
            await pilot.pause()
            turns += 1
            if session.game.over or turns % 5:
                continue
            key = UNDO_KEYS[len(taken_back) % len(UNDO_KEYS)]
            undoable = session.undo_refusal(0) is None
            shown = len(log_pane.lines)
            await pilot.press(*(typed("undo") if key == "typed" else [key]))
            await pilot.pause()
            text = screen_text(app)
            if not undoable:  # a card came up (or was dealt) since: said so, nothing changes
                assert "cannot be taken back" in text, text
                assert any(e.actor < 0 for e in session.game.entries[before:])
                refused += 1
                continue
            line = notation.format_action(action)
            assert f"taken back: {line}" in text, text
            assert len(session.game.entries) == before
            assert len(log_pane.lines) < shown  # the log pane lost the move and the replies
            taken_back.append((before, line))
            if not isinstance(action, Income) and len(taken_back) % 2:
                await pilot.press(*keys_for(Income(), notation))  # another move instead
            else:
                await pilot.press(*keys_for(action, notation))  # the same move again
            await pilot.pause()
            assert len(session.game.entries) > before, screen_text(app)
        await settled(pilot, lambda: isinstance(app.screen, EndScreen))
        assert isinstance(app.screen, EndScreen), screen_text(app)
        digest = session.game.digest()
    assert len(taken_back) >= 3 and refused >= 1
    log = read_log(tmp_path / "game.jetset")
    result = replay(log)
    assert result.ok and result.game.digest() == digest
    lines = [text for _, _, text, _ in log.records]
    assert len(lines) == len(result.game.entries)
    replaced = [(i, line) for i, line in taken_back if lines[i] != line]
    assert replaced and all(lines[i] == "income" for i, _ in replaced)


async def test_hot_seat_the_last_player_takes_back_on_the_pass_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "human"], seed="undo-hot")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "z takes your move back" not in screen_text(app)  # nobody has moved yet
        await pilot.press("enter")
        screen = await game_screen(pilot)
        session = screen.session
        assert isinstance(session, LocalSession)
        notation = Notation(session.game.board)
        before = len(session.game.entries)
        buy = next(a for a in session.game.legal_actions() if isinstance(a, Buy))
        await pilot.press(*keys_for(buy, notation))
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app)
        assert "Pass the keyboard to" in text and "Amelia" in text
        assert "Ann: z takes your move back." in text
        await pilot.press("z")
        await pilot.pause(0.4)
        await pilot.pause()
        # whoever pressed z (Amelia may hold the keyboard by now) sees no one's cards: the
        # keyboard goes back to Ann through a hand-off of its own (a play test read Ann's Final
        # Flights straight after z), which offers no z
        assert isinstance(app.screen, PassScreen), screen_text(app)
        text = screen_text(app)
        assert "Pass the keyboard to" in text and "Ann" in text and "z takes" not in text, text
        assert len(session.game.entries) == before and session.game.to_move() == 0
        assert screen.viewer is None
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PassScreen) and screen.viewer == 0
        assert f"taken back: {notation.format_action(buy)}" in screen_text(app)
        await pilot.press(*keys_for(Income(), notation))
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 1
        await pilot.press("z")  # Amelia has not moved: nothing of hers to take back
        await pilot.pause()
        assert "you have no move of this turn to take back" in screen_text(app)
        assert session.game.entries[before].action == Income()
