"""Pickers start on the first choice that can be played, and typing filters the list."""

from __future__ import annotations

from pathlib import Path

from engine import Claim, Game, Options, seed_commitment
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.guided import claim_stage
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.picker import ActionPicker, typed_words_match
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.tui.play import ADVISOR, game_screen

SEED = "picker-start"


def save_with_a_ready_card_not_first(tmp_path: Path) -> tuple[Path, str]:
    """A 2-player greedy game stopped where the human (seat 0) is to move, can claim a card,
    and the first card in the Claim list is not that one; the ready card's id."""
    game = play_game(Options(players=2), SEED, ("greedy",))
    replayed = Game(game.options)
    ready = ""
    for entry in game.entries:
        replayed.push(entry)
        if replayed.to_move() != 0 or replayed.over:
            continue
        state = replayed.state.view(0)
        stage = claim_stage(state, 0, replayed.legal_actions())
        if isinstance(stage, str):
            continue
        flags = [c.ready for c in stage.choices]
        if True in flags and flags[0] is False:
            ready = str(stage.choices[flags.index(True)].value)
            break
    assert ready, "no position with a ready card behind an unready one"
    path = tmp_path / "picker.jetset"
    seats = [Seat("Ann"), Seat("Amelia", SeatKind.parse(f"bot:{ADVISOR}"))]
    header = Header(game.options, seats, seed_commitment(SEED), meta={"local": True})
    write_game(path, header, replayed, None)
    Secrets(SEED).save(secrets_path(path))
    return path, ready


async def test_the_claim_picker_starts_on_a_ready_card(tmp_path: Path) -> None:
    path, ready = save_with_a_ready_card_not_first(tmp_path)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("c")
        await pilot.pause()
        selected = next(ln for ln in screen_text(app).splitlines() if "▸" in ln)
        assert ready in selected and "✓ ready to claim" in selected, selected
        before = len(screen.session.game.entries)
        await pilot.press("enter", "enter")  # the card, then its first path
        await pilot.pause()
        played = screen.session.game.entries[before].action
        assert isinstance(played, Claim) and played.card == ready


async def test_typing_filters_the_list(tmp_path: Path) -> None:
    path, _ = save_with_a_ready_card_not_first(tmp_path)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("b", *"ber")
        await pilot.pause()
        picker = screen.query_one(ActionPicker)
        shown = [picker.stage.choices[i].label for i in picker.matching()]
        assert shown and all("BER" in label.split("-") for label in shown), shown
        assert len(shown) < len(picker.stage.choices)
        await pilot.press("backspace", "backspace", "backspace")
        assert len(picker.matching()) == len(picker.stage.choices)


def test_typed_words_start_words_or_runs_of_them() -> None:
    search = "AMS-LON AMSLON LON-AMS LONAMS AMSTERDAM LONDON"
    assert typed_words_match(["AMS"], search) and typed_words_match(["LOND"], search)
    assert typed_words_match(["AMSL"], search) and typed_words_match(["AMS", "LON"], search)
    assert not typed_words_match(["MS"], search), "inside a word finds nothing"
    assert not typed_words_match(["AMS", "PAR"], search)
    assert typed_words_match(["WAS"], "CLAIM D-04 AMS–WAS"), "an en dash joins codes too"


async def test_the_place_picker_shows_the_plane_enter_would_place(tmp_path: Path) -> None:
    """A play test: the place picker's row showed no count while the command line said
    "place … 1", and ← seemed to take it to none (Enter still placed one), → to one. The row
    now shows the one plane Enter places, → makes it two, and ← never below what plays."""
    from engine import Place

    path, _ = save_with_a_ready_card_not_first(tmp_path)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("p")
        await pilot.pause()
        picker = screen.query_one(ActionPicker)

        def row_and_move() -> tuple[str, Place]:
            selected = next(ln for ln in screen_text(app).splitlines() if "▸" in ln)
            move = picker.preview()
            assert isinstance(move, Place)
            return selected, move

        selected, move = row_and_move()
        assert "✈×1" in selected and [n for _link, n in move.placements] == [1], selected
        await pilot.press("right")
        selected, move = row_and_move()
        assert "✈×2" in selected and [n for _link, n in move.placements] == [2], selected
        await pilot.press("left", "left", "left")
        selected, move = row_and_move()
        assert "✈×1" in selected and [n for _link, n in move.placements] == [1], selected
