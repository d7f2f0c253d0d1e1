"""What a Vacation card that came up did, after its log line (jetset_tui/vacation_note.py): the
first of two, the second (Vacation Time begins; face up, the last Investor it replaced), one more
set aside. A play test read "turned up a Vacation card from the long deck" twice in one turn and
could not tell what either did. In the game being played (``MoneyLedger``) and in the replay
viewer."""

from __future__ import annotations

from pathlib import Path

from engine import Game, Options
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.ledger import MoneyLedger
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.vacation_note import vacation_came_up
from jetset_tui.widgets.log import NotationLog
from tests.tui.play import save_for_you

FIRST, BEGINS, ASIDE = (
    "the first of two",
    "Vacation Time begins",
    "set aside: Vacation Time has come",
)
FACE_UP = Options(players=3, investors=True, investors_face_up=True)


def vacation_notes(game: Game) -> list[tuple[int, str]]:
    """Each Vacation card's entry in ``game`` and what the ledger says it did."""
    ledger = MoneyLedger(game)
    notes = []
    for i, entry in enumerate(game.entries):
        _moved, note = ledger.follow(entry)
        if vacation_came_up(game.board, entry):
            notes.append((i, note))
        else:
            assert note == "", (i, entry, note)
    return notes


def test_each_vacation_card_says_what_it_did() -> None:
    """A base game whose third Vacation card turned up in Vacation Time's fill-up (rules,
    "Vacation Time"; docs/rules-decisions.md 6): set aside."""
    game = play_game(Options(players=4), "vac-4", ("greedy",))
    said = [note for _i, note in vacation_notes(game)]
    assert said == [FIRST, BEGINS, ASIDE]
    assert game.state.vacation_time


def test_face_up_the_second_vacation_card_names_the_last_investor() -> None:
    """Face up, the player chooses which Investor the first Vacation card replaces (its own
    line says it); the second replaces the last with no choice, and nothing else named it."""
    game = play_game(
        Options(players=3, investors=True, investors_face_up=True), "vac-0", ("greedy",)
    )
    said = [note for _i, note in vacation_notes(game)]
    assert said == [FIRST, f"{BEGINS} · it replaces the Majority Investor"]
    inv = game.state.investors
    assert inv is not None and "MAJORITY" in str(inv.cards)


async def test_the_replay_viewer_says_it_too(tmp_path: Path) -> None:
    seed, options = "vac-0", FACE_UP
    game = play_game(options, seed, ("greedy",))
    path = tmp_path / "vacation.jetset"
    save_for_you(path, game, seed, ["Ann", "Bob", "Cy"])
    (_first, _), (second, _) = vacation_notes(game)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("g", *str(second + 1), "enter")
        await pilot.pause()
        last = screen.query_one(NotationLog).lines[-1].plain
    assert "Vacation card from the" in last, last
    assert f"{BEGINS} · it replaces the Majority Investor" in last, last
