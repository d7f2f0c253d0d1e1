"""One table of action kinds (jetset_tui/actions.py): the keys, the palette and the guided
pickers are all built from it, and say what they said before it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding

from engine.jetset.options import MODULES
from jetset_tui.actions import ACTION_KINDS, stage_for
from jetset_tui.app import JetSetApp
from jetset_tui.guided import Stage
from jetset_tui.screens.game import GameScreen
from jetset_tui.seating import GamePlan
from tests.engine.table import Table
from tests.engine.test_rules import _finished_red
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen

BOT = f"bot:{ADVISOR}"

KEYS = [
    ("b", "act('buy')", "Buy"),
    ("p", "act('place')", "Place"),
    ("r", "act('rent')", "Rent"),
    ("c", "act('claim')", "Claim"),
    ("i", "act('income')", "Income"),
    ("e", "act('refill')", "Cards"),
    ("d", "act('distant')", "Distant"),
    ("f", "act('final')", "Final"),
    ("u", "act('hub')", "Hub"),
    ("y", "act('business')", "Business"),
    ("n", "act('investor')", "Investor"),
]
"""The game screen's action keys as players know them, in the footer's order."""


def test_the_game_screens_action_keys_come_from_the_table_in_order() -> None:
    bindings = [b for b in GameScreen.BINDINGS if isinstance(b, Binding)]
    acts = [(b.key, b.action, b.description) for b in bindings if b.action.startswith("act(")]
    assert acts == KEYS
    assert [(k.key, k.action, k.label) for k in ACTION_KINDS] == KEYS
    assert bindings[len(KEYS)].key == "colon", "the other keys follow the action keys"


MODULE_KINDS = ("distant", "hub", "business", "investor")


async def test_the_palette_offers_the_games_kinds_and_runs_its_picker(tmp_path: Path) -> None:
    """Each kind of the game's is in the palette; a module's only in a game with that module
    (a play test chose Business cards from it in a base game, to be told the game has none)."""
    app = make_app(tmp_path, ["human", BOT], seed="palette")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        commands = {c.title: c for c in app.get_system_commands(screen)}
        for kind in ACTION_KINDS:
            if kind.name in MODULE_KINDS:
                assert kind.title not in commands, kind.title
            else:
                assert commands[kind.title].help == f"step by step (key {kind.key})"
        commands["Buy an airlink"].callback()
        await pilot.pause()
        assert screen.query_one("#picker").display, "the guided buy opened"


async def test_the_palette_offers_every_kind_with_every_module(tmp_path: Path) -> None:
    kinds, names = ["human", BOT], ["Ann", "Amelia"]
    plan = GamePlan(kinds, names, seed="palette", path=tmp_path / "game.jetset", modules=MODULES)
    plan.investors_face_up = True  # the Investor's choice is the face-up variant's
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        titles = {c.title for c in app.get_system_commands(screen)}
        assert all(kind.title in titles for kind in ACTION_KINDS), titles


@pytest.mark.parametrize("kind", [k.name for k in ACTION_KINDS])
def test_each_kind_opens_a_stage_or_says_why_not(kind: str) -> None:
    t = Table()
    state = t.state
    result = stage_for(kind, state, 0, t.game.legal_actions(), ["Ann", "Bob"])
    if kind == "final":
        assert result == "Final Flights open when two Vacation cards are up"
    elif kind == "distant":  # a base game
        assert result == "Distant Lands is not in play in this game"
    elif kind == "business":
        assert result == "this game is played without Business cards"
    elif kind == "hub":
        assert result == "this game is played without hubs"
    elif kind in ("place", "rent", "investor"):
        assert isinstance(result, str)
    else:
        assert isinstance(result, Stage) and result.choices


def test_after_the_final_flight_only_its_key_is_live() -> None:
    t = _finished_red()  # seat 0 has played its Final Flight; seat 1 has not, in Vacation Time
    state = t.state
    assert [k.name for k in ACTION_KINDS if k.enabled(state, 0)] == ["final"]
    said = stage_for("buy", state, 0, [], ["Ann", "Bob"])
    assert said == "you have played your Final Flight: press f to put a plane on it"
    assert [k.name for k in ACTION_KINDS if k.enabled(state, 1)] == [
        "buy", "place", "rent", "claim", "income", "final"
    ]  # fmt: skip
