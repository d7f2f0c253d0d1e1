"""The Jet Lag table at 80×24 in monochrome (NO_COLOR), in English and Italian: at every turn of a
whole game the table, the hand and the points all show, whole, with no line cut or wrapped and
nothing scrolled out of sight (the hand's ``│`` in one column); the kinds are told apart by
words and letters, not colour."""

from __future__ import annotations

import re

import pytest
from textual.containers import VerticalScroll

from engine.jetlag.bots import greedy_choice
from engine.jetlag.cards import deck
from engine.jetlag.scoring import scores as jetlag_scores
from jetset_tui.i18n import _, use_language
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.jetlag_board import JetLagBoard, board_text
from jetset_tui.widgets.jetlag_hand import destination_side
from jetset_tui.widgets.jetlag_words import tourist_face
from tests.tui.jetlag_keys import guided_keys, jetlag_app, settle, table_screen


@pytest.mark.parametrize(("language", "seed"), [("en", "fit"), ("it", "fit-it")])
async def test_every_turn_fits_80x24_in_monochrome(
    monkeypatch: pytest.MonkeyPatch, language: str, seed: str
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    with use_language(language):
        app = jetlag_app(plan_for("greedy", "Ann", seed=seed))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.no_color
            screen = table_screen(app)
            session = screen.session
            turns = scrolled = 0
            while not session.game.over:
                view = session.view(0)
                hand = list(view.hands[0] or [])
                text = screen_text(app)
                shown = [line.strip() for line in text.splitlines()]
                width = screen.query_one(JetLagBoard).content_size.width
                for line in board_text(view, 0, screen.names, width).plain.splitlines():
                    assert line.strip() in text, f"{line!r} cut:\n{text}"
                bars = set()
                for i, card in enumerate(hand):
                    face = f"{i + 1} {tourist_face(deck()[card]).plain}"
                    row = next((line for line in text.splitlines() if face in line), "")
                    assert destination_side(card).plain in row.split("│")[-1], text
                    bars.add(row.index("│"))
                assert len(bars) <= 1, f"the hand's │ are not in one column:\n{text}"
                assert "…" not in text and screen.doing(view) in " ".join(shown)
                assert shown[-1].endswith(_("Menu")), "every key in the footer"
                body = screen.query_one("#jl-body", VerticalScroll)
                if body.max_scroll_y:  # a late game's tall stacks: the points a page down
                    await pilot.press("pagedown")
                    await pilot.pause()
                scores = [
                    line.split()[-1] for line in screen_text(app).splitlines() if line.strip()
                ]
                totals = [str(s.total) for s in jetlag_scores(view)]
                assert totals[0] in scores and totals[1] in scores
                await pilot.press("pageup")
                turns += 1
                scrolled = max(scrolled, body.max_scroll_y)
                await pilot.press(*guided_keys(hand, greedy_choice(view, 0)))
                await settle(pilot)
            assert turns == 8, "a player plays 8 cards a game"
            assert scrolled <= 3, "at most the points (3 rows) a page down"


def test_a_destinations_kinds_and_objective_are_never_cut_however_long_the_line() -> None:
    """Five destinations at 80 columns: a double's kinds and an objective wrap in their column
    (a play test saw "Beach+Count…" and "value of beav…": the words that decide the points)."""
    from engine.botgame import play_bots
    from engine.games import GAMES
    from engine.jetlag.cards import deck
    from jetset_tui.widgets.jetlag_words import objective_short, places

    rules = GAMES["jetlag"]
    widest = 0
    for seed in ("wrap-0", "wrap-1", "wrap-2"):  # random bots play destinations: lines of 5
        final = play_bots(rules, {}, seed, ["random", "random"])
        table = rules.new_table({})
        for entry in final.entries:
            table.push(entry)
            state = table.view(None)
            widest = max(widest, len(state.line))
            for language in ("en", "it"):
                with use_language(language):
                    text = board_text(state, 0, ["Ann", "Bob"], 78).plain
                    assert "…" not in text, text
                    words = set(re.split(r"[\s+]+", text))
                    for d in (deck()[card] for card in state.line):
                        said = f"{places(d).plain} {objective_short(d.objective)}"
                        assert set(re.split(r"[\s+]+", said)) <= words, (said, text)
    assert widest >= 5, "a line of five destinations was drawn"


async def test_a_terminal_too_small_for_jet_lag_names_jet_lag() -> None:
    """The too-small notice said "Jet Set needs at least 80×24" over a game of Jet Lag."""
    app = jetlag_app(plan_for("greedy", "Ann", seed="small"))
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Jet Lag needs at least 80×24 characters" in text, text
        assert "Jet Set" not in text
