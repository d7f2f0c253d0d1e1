"""Counts in the game's words are in good English: one link, one point."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine import Game, Options
from engine.jetset.actions import Claim, ClaimDistant
from engine.jetset.selfplay import play_game
from jetset_tui.guided import path_stage, place_stage
from jetset_tui.guided_distant import path_stage as distant_path_stage
from jetset_tui.table import TableView
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.players import player_lines
from netcode.seatkind import HUMAN
from tests.engine.table import mid_game_table


def test_a_claim_path_counts_its_links() -> None:
    state = mid_game_table().game.state
    city = state.board.city_index
    paths = [(city["LON"], city["PAR"]), (city["DUB"], city["LON"], city["PAR"])]
    stage = path_stage("Claim", [Claim("S1-22", path) for path in paths], state)
    assert [choice.note for choice in stage.choices] == [
        "1 link, one plane back from it",
        "2 links, one plane back from each",
    ]


def test_your_own_links_say_their_planes_not_their_owner() -> None:
    """A play test: placing planes listed "owner Root" on every line, all of them Root's own;
    each says the planes on it now, which is what a placement changes."""
    t = mid_game_table()
    state = t.game.state
    seat = 1  # MIL-ROM with 2 planes, and the links of a claimed card with none
    names = ["Ann", "Bob", "Cy", "Dee"][: state.players]
    stage = place_stage(state, seat, names)
    assert not isinstance(stage, str)
    for choice in stage.choices:
        link = int(str(choice.value))
        assert "owner" not in choice.note, choice.note
        ours = [n for n in state.link_planes[link] if n]
        if ours:
            assert choice.note.startswith("planes: "), choice.note
        else:
            assert choice.note == "no planes on it", choice.note
    notes = {choice.label: choice.note for choice in stage.choices}
    assert notes["MIL-ROM"] == "planes: Bob 2", notes
    assert "no planes on it" in notes.values(), notes


def test_a_player_with_one_point_has_1_pt() -> None:
    state = mid_game_table().game.state  # seat 1 holds one 1-point card, seat 2 none
    table = TableView(state, ["a", "b", "c", "d"], [HUMAN] * 4, list(LIVERIES[:4]), 0, 0)
    assert "  1 pt\n" in player_lines(table, 1).plain
    assert "  0 pts\n" in player_lines(table, 2).plain


PLAYER_FACING = ["screens", "widgets", "race.py", "describe.py", "guided.py", "actions.py"]
TECHNICAL = re.compile(r"\b(engine|entry|entries|digest|token|seat 0)\b", re.IGNORECASE)


def said_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (statements of their own)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    quiet = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in quiet
    ]


def test_the_screens_never_say_engine_entry_digest_token_or_seat_0() -> None:
    """Player-facing screens speak the game's words (scripts and --json keep the technical
    ones: jetset_tui/commands is not read here)."""
    root = Path(__file__).parents[2] / "jetset_tui"
    files = [p for name in PLAYER_FACING for p in sorted((root / name).glob("**/*.py"))]
    files += [root / name for name in PLAYER_FACING if name.endswith(".py")]
    assert len(files) > 20
    found = [
        f"{path.relative_to(root)}:{line}: {text!r}"
        for path in files
        for line, text in said_strings(path)
        if TECHNICAL.search(text)
    ]
    assert not found, "\n".join(found)


def test_a_distant_claim_path_counts_its_links() -> None:
    """A play test read "1 link, one plane back from each" in the Distant claim's picker."""
    options = Options(players=2, distant_lands=True)
    whole = play_game(options, "dist-0", ("greedy",))  # seat 0 may fly D-04 AMS-WAS at 28
    game = Game(options, whole.board)
    for entry in whole.entries[:28]:
        game.push(entry)
    legal = game.legal_actions()
    (claim,) = [a for a in legal if isinstance(a, ClaimDistant)]
    stage = distant_path_stage(game.state, claim.card, legal)
    assert not isinstance(stage, str)
    assert [c.note for c in stage.choices] == ["1 link, one plane back from it"]
