"""The offer to end the game (docs/rules-decisions.md, decision 13) and income with no card
(decision 25), at the real app through Pilot: what the player reads, and the keys that answer."""

from __future__ import annotations

from pathlib import Path

from engine import CHANCE, Dealer, EndVote, Entry, Game, Income, Options
from engine.jetset.rules.turns import END_AGREED
from engine.jetset.state import OFFER, PLAY
from jetset_tui.app import JetSetApp
from jetset_tui.guided import NO_CARDS_INCOME, refill_stage
from jetset_tui.screens.end import EndScreen
from jetset_tui.screenshot import screen_text
from tests.engine.table import Table
from tests.tui.play import game_screen, save_for_you, settled

SEED = "offer"


def left_column(text: str) -> str:
    """The map's column of the screen (left of the table's rule), its lines joined by spaces."""
    return " ".join(" ".join(line.partition("│")[0].split()) for line in text.splitlines())


def save_at_the_offer(tmp_path: Path) -> Path:
    """You (seat 0) against a greedy bot, after five rounds of only income: the offer is open
    and put to you first."""
    game = Game(Options(players=2))
    dealer = Dealer(SEED, game.board, 2)
    while game.state.phase != OFFER:
        seat = game.to_move()
        game.push(dealer.next_entry(game.state) if seat == CHANCE else Entry(seat, Income()))
    return save_for_you(tmp_path / "offer.jetset", game, SEED, ["Ann", "Amelia"])


async def test_the_offer_is_put_to_you_and_n_plays_on(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_at_the_offer(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert "end the game now?  y: end it · n: play on" in top
        entries = len(screen.session.game.entries)
        await pilot.press("b")  # no other action while the offer is open
        await pilot.pause()
        assert len(screen.session.game.entries) == entries
        await pilot.press("n")
        await pilot.pause()
        game = screen.session.game
        assert game.entries[entries].action == EndVote(False)
        assert game.state.phase == PLAY and game.to_move() == 0 and not game.over
        assert "end the game now?" not in screen_text(app).splitlines()[0]


async def test_y_and_the_bot_agreeing_end_the_game(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_at_the_offer(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        await pilot.press("y")
        session = screen.session
        await settled(pilot, lambda: isinstance(app.screen, EndScreen))
        assert session.game.over and session.game.state.end_reason == END_AGREED
        assert [e.action for e in session.game.entries[-2:]] == [EndVote(True)] * 2


async def test_income_with_no_cards_says_why_it_paid_nothing(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_at_the_offer(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("n")
        await pilot.pause()
        entries = len(screen.session.game.entries)
        await pilot.press("colon", *"income", "enter")
        await pilot.pause()
        assert isinstance(screen.session.game.entries[entries].action, Income)
        assert NO_CARDS_INCOME in left_column(screen_text(app))


async def test_a_long_refusal_wraps_instead_of_being_cut(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_at_the_offer(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("colon", *"fly", "enter")
        await pilot.pause()
        said = left_column(screen_text(app))
        verbs = "refill, buy, place, rent, claim, final, income, plane, pass, end"  # this game's
        assert f"unknown action 'fly'; the actions are: {verbs}" in said


def test_extra_cards_with_no_money_say_so() -> None:
    t = Table()
    t.state.seats[0].cash = 0  # only the picker reads this state
    said = refill_stage(t.state, 0, [])
    assert said == "you have €0: more Flight cards cost €1 a row"


async def test_leaving_an_unfinished_game_says_where_it_is_saved(tmp_path: Path) -> None:
    from jetset_tui.commands.play import saved_words

    path = save_at_the_offer(tmp_path)
    app = JetSetApp(resume=path, bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.unfinished_saves() == [path]
    words = saved_words(tmp_path / "a game.jetset")
    assert f"saved in {tmp_path / 'a game.jetset'}" in words
    assert f"jetset play --resume '{tmp_path / 'a game.jetset'}'" in words
