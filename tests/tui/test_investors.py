"""The Investors module in the app: the Vacation spaces in the rows panel, face down as such, and
the face-up choice made with its key (n), as a person at the keyboard would."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from engine import Game, Options
from engine.jetset.actions import ReplaceInvestor, TurnInvestor
from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.table import TableView
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.rows import rows_text
from netcode.client import SeatInfo
from netcode.local import LocalSession
from netcode.seatkind import HUMAN, SeatKind
from tests.engine.test_investors import investors_table
from tests.engine.test_investors_examples import give
from tests.tui.keyboard import keys_for
from tests.tui.play import ADVISOR, game_screen, save_for_you


async def past_hand_offs(pilot: Pilot[None], there: Callable[[], bool]) -> None:
    """Enter at each hot-seat hand-off screen until ``there()`` holds (within 10 s)."""
    deadline = time.monotonic() + 10
    while not there() and time.monotonic() < deadline:
        await pilot.pause()
        if isinstance(pilot.app.screen, PassScreen):
            await pilot.press("enter")


def investors_app(tmp_path: Path, face_up: bool, kinds: list[str]) -> JetSetApp:
    seats = [
        SeatInfo(name, SeatKind.parse(k)) for name, k in zip(["Ann", "Bob"], kinds, strict=True)
    ]
    options = Options(players=2, investors=True, investors_face_up=face_up)
    session = LocalSession(
        options, seats, seed="investors-tui", path=tmp_path / "g.jetset", bot_delay=0, fsync=False
    )
    return JetSetApp(session=session)


async def test_the_rows_panel_shows_two_face_down_investors_and_never_their_names(
    tmp_path: Path,
) -> None:
    app = investors_app(tmp_path, False, ["human", f"bot:{ADVISOR}"])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "Investors ▢ ▢ face down" in text
        session = screen.session
        assert isinstance(session, LocalSession)
        dealt = session.table.game.state.investors  # the host's full state knows them
        assert dealt is not None and all(card is not None for card in dealt.cards)
        names = {"Equal", "Diversity", "Majority", "Prominence", "Catch Up"}
        assert not any(name in text for name in names), "a face-down Investor stays unseen"


async def test_face_up_the_player_chooses_the_investor_with_n_and_sees_what_it_paid(
    tmp_path: Path,
) -> None:
    """Hot seat, both players at this keyboard: the moves before the first Vacation card go
    straight to the session (as the greedy bot would play them); then the turn bar says what to
    press, n opens the choice with what each Investor would pay, and typing the card and Enter
    plays it; the rows panel then shows what it paid and the other one still face up."""
    app = investors_app(tmp_path, True, ["human", "human"])
    async with app.run_test(size=(120, 40)) as pilot:
        await past_hand_offs(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = await game_screen(pilot)
        session = screen.session
        assert isinstance(session, LocalSession)
        notation = Notation(session.game.board)
        advisors = [make_bot(ADVISOR, s, "advice") for s in (0, 1)]
        for _ in range(300):  # the moves before the choice straight to the session
            await session.wait_idle()
            assert not session.game.over
            seat = session.game.to_move()
            assert seat is not None and seat >= 0
            action = advisors[seat].choose(session.view(seat), session.game.rules)
            if isinstance(action, ReplaceInvestor):
                break
            await session.submit(seat, action)
        else:
            raise AssertionError("no Vacation card came up in 300 moves")
        # the hot seat's hand-over to the chooser
        await past_hand_offs(pilot, lambda: app.screen is screen and screen.viewer == seat)
        assert screen.viewer == seat
        assert "n chooses the Investor it replaces" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        picked = screen_text(app)
        assert "which Investor does it replace?" in picked and "you get €" in picked, picked
        before = len(session.game.entries)
        await pilot.press(*keys_for(action, notation)[1:])
        await pilot.pause()
        await session.wait_idle()
        assert len(session.game.entries) > before, screen_text(app)
        assert session.game.entries[before].action == action, screen_text(app)
        await session.wait_idle()
        await pilot.pause()
        text = screen_text(app)
        assert "paid" in text and "face up, not paid yet" in text
        assert not any(isinstance(e.action, TurnInvestor) for e in session.game.entries)


def test_the_rows_panel_shows_what_a_turned_up_investor_paid_beside_the_face_down_one() -> None:
    """After the first Vacation card (face down): space 1 names its Investor and what each player
    got, by letter; space 2 stays face down, in the seat's view as in a spectator's."""
    t = investors_table(2, ["INV-CATCHUP-1", "INV-MAJORITY-1"])
    give(t.state, 0, ["S1-20"])
    t.do(0, "refill long 1")
    for viewer in (0, 1, None):
        table = TableView(
            t.state.view(viewer), ["Ann", "Bob"], [HUMAN] * 2, list(LIVERIES[:2]), viewer, 0
        )
        text = rows_text(table).plain
        assert "Investors\n 1 Catch Up  paid R €30 B €40\n 2 ▢ face down" in text, text
        assert "Majority" not in text


async def test_while_an_investor_is_chosen_the_footer_offers_only_n(tmp_path: Path) -> None:
    """A play test: with a Vacation card up and the face-up Investors to choose from, the bar
    said "n chooses the Investor it replaces" while the footer offered b p r c i e (each
    refused: "Ann first chooses which Investor …") and not n."""
    options = Options(players=2, investors=True, investors_face_up=True)
    seed, at = "inv-0", 76  # greedy seats; the long deck's Vacation card comes up for Ann
    whole = play_game(options, seed, ("greedy",))
    game = Game(options, whole.board)
    for entry in whole.entries[: at + 1]:
        game.push(entry)
    inv = game.state.investors
    assert inv is not None and inv.choosing and game.to_move() == 0
    path = save_for_you(tmp_path / "inv.jetset", game, seed, ["Ann", "Bob"])
    app = JetSetApp(resume=path, bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "n Investor" in footer, footer
        assert not any(k in footer for k in ("b Buy", "p Place", "i Income", "e Cards")), footer
        await pilot.press("b")  # not live: nothing opens
        await pilot.pause()
        assert "Buy an unowned airlink" not in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert "which Investor does it replace?" in screen_text(app)
