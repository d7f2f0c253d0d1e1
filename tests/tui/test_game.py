"""Whole games played through the keyboard, to the end screen."""

from __future__ import annotations

from pathlib import Path

from engine.jetset.notation import Notation
from jetset_tui.app import JetSetApp
from jetset_tui.screens.end import EndScreen
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screenshot import screen_text
from netcode.local import LocalSession
from netcode.logfile import read_log
from netcode.replay import replay
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, play_turns, settled

BOT = f"bot:{ADVISOR}"


async def finish(app: JetSetApp, pilot: object) -> str:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    if await settled(pilot, lambda: isinstance(app.screen, EndScreen)):
        return screen_text(app)
    raise AssertionError("no end screen: " + screen_text(app))


async def test_a_whole_game_against_bots_to_the_end_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="whole-1")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        session = screen.session
        played = await play_turns(app, pilot, screen)
        assert played > 10
        text = await finish(app, pilot)
        game = session.game
        assert "Game over" in text
        for name in ("Ann", "Amelia"):
            assert name in text
        assert "★ winner" in text
        assert "Points, turn by turn" in text and "Cash, turn by turn" in text
        for score in game.scores():
            assert str(score.total) in text
        winner = game.winners()[0]
        assert f"{['Ann', 'Amelia'][winner]} win" in text
    # the log on disk replays to the same game, and reveals its seed
    log = read_log(tmp_path / "game.jetset")
    assert log.seed == "whole-1"
    result = replay(log)
    assert result.ok and result.digest == game.digest()
    assert not (tmp_path / "game.seed").exists()


async def test_hot_seat_hides_each_players_final_flights(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "human", BOT], seed="hot-1")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app)
        assert "Pass the keyboard to" in text and "Ann" in text
        assert "F-" not in text and "JET SET" not in text
        await pilot.press("enter")
        screen = await game_screen(pilot)
        session = screen.session
        ann_hand = session.game.state.seats[0].hand
        amelia_hand = session.game.state.seats[1].hand
        assert ann_hand and amelia_hand
        text = screen_text(app)
        assert all(card in text for card in ann_hand)
        assert not any(card in text for card in amelia_hand)
        await pilot.press("i", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "Amelia" in screen_text(app)
        assert not any(card in screen_text(app) for card in ann_hand + amelia_hand)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert all(card in text for card in amelia_hand)
        assert not any(card in text for card in ann_hand)
        assert await play_turns(app, pilot, screen, turns=8) == 8


async def test_resume_a_saved_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="resume-1")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await play_turns(app, pilot, screen, turns=5)
        entries = list(screen.session.game.entries)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
    path = tmp_path / "game.jetset"
    assert len(read_log(path).records) == len(entries)
    again = JetSetApp(resume=path, bot_delay=0, fsync=False)
    async with again.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        session = screen.session
        assert isinstance(session, LocalSession)
        assert session.game.entries == entries
        assert session.game.to_move() == 0
        log_text = screen_text(again)
        last = Notation(session.game.board).format_action(entries[-1].action)
        assert last.split()[0] in log_text
        await play_turns(again, pilot, screen, turns=2)
    assert len(read_log(path).records) > len(entries)


async def test_the_new_game_form_shuffles_in_the_extra_cards(tmp_path: Path) -> None:
    """From the start screen: n, pick the expansion's extra cards, start; the game and its log
    have them (and a game's header is what chooses the board when the log is replayed)."""
    from textual.widgets import Select

    from jetset_tui.screens.new_game import NewGameScreen

    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "the base game's Flight cards" in screen_text(app)
        await pilot.click("#extra-cards")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.query_one("#extra-cards", Select).value is True
        assert "18 Final" in screen_text(app)
        await pilot.press("ctrl+s")
        screen = await game_screen(pilot)
        game = screen.session.game
        assert game.options.extra_cards and len(game.board.final_deck) == 18 + 18
    (path,) = tmp_path.glob("*.jetset")
    log = read_log(path)
    assert log.header.options.extra_cards
    assert replay(log).ok
