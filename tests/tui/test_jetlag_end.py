"""Jet Lag's end screen: the points by source, and who won by the rulebook's order (points, then
more tourists played, then a draw said as a draw), and the end frame's keys: watch the replay,
play again with the same seats. Real games of the engine's bots, in the app."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from engine.botgame import play_bots
from engine.games import GAMES
from engine.jetlag.cards import deck
from engine.jetlag.scoring import scores, winners
from engine.jetlag.selfplay import play_game
from engine.jetlag.state import State
from engine.jetset.dealer import seed_commitment
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.jetlag import JetLagScreen
from jetset_tui.screens.jetlag_end import JetLagEndScreen
from jetset_tui.screens.jetlag_replay import JetLagReplayScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.jetlag_words import objective_short, places
from jetset_tui.widgets.wrap import KEEP
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from tests.tui.play import resized

NAMES = ["Ann", "Bob"]
DRAW_SEED = "end-12"
"""greedy against greedy: 22 points and 8 tourists each."""
TIE_SEED = "end-25"
"""greedy against greedy: 39 points each, 8 tourists to 7."""


async def end_text(state: State, size: tuple[int, int] = (100, 40)) -> str:
    app = JetSetApp(fsync=False)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(JetLagEndScreen(state, NAMES, 0))
        await pilot.pause()
        return screen_text(app)


async def test_a_draw_is_said_as_a_draw() -> None:
    state = play_game(DRAW_SEED, ("greedy", "greedy")).state
    assert winners(state) == [0, 1], "the seed still plays a draw"
    text = await end_text(state)
    assert "A draw: 22 points each and 8 tourists each" in text
    assert "wins" not in text


async def test_equal_points_go_to_more_tourists() -> None:
    state = play_game(TIE_SEED, ("greedy", "greedy")).state
    a, b = (s.total for s in scores(state))
    assert a == b == 39 and (state.tourists(0), state.tourists(1)) == (8, 7)
    text = await end_text(state)
    assert "39 points each: Ann played more tourists (8 to 7) and wins." in text


@pytest.mark.parametrize("seed", ["end-0", "end-1"])
async def test_the_points_by_source_add_up_to_each_total(seed: str) -> None:
    state = play_game(seed, ("greedy", "search")).state
    text = await end_text(state)
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    both = scores(state)
    assert rows["Affinities"].split()[-2:] == [str(s.affinity) for s in both]
    assert rows["Control"].split()[-2:] == [str(s.control) for s in both]
    assert rows["Total"].split()[-2:] == [str(s.total) for s in both]
    for i in range(len(state.line)):
        row = next(line for line in text.splitlines() if line.lstrip().startswith(f"{i + 1} "))
        assert row.split()[-2:] == [str(s.objectives[i]) for s in both]
    (w,) = winners(state) if len(winners(state)) == 1 else (None,)
    assert w is not None and f"{NAMES[w]} wins" in text


async def test_the_end_frames_keys_on_jet_lag(tmp_path: Path) -> None:
    """A finished Jet Lag log opens on its end: w watches it from the first move, q comes back,
    r plays again with the same seats (a person and the same bot, the same names)."""
    path = tmp_path / "lag.jetset"
    seed = "end-keys"
    table = play_bots(GAMES["jetlag"], {}, seed, ["greedy", "greedy"])
    seats = [Seat("Ann"), Seat("Wilbur", SeatKind.of_bot("greedy"))]
    write_game(path, Header({"seats": 2}, seats, seed_commitment(seed), game="jetlag"), table, seed)
    app = JetSetApp(saves=tmp_path, fsync=False, bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.open_log(path) is None
        await pilot.pause()
        end = app.screen
        assert isinstance(end, JetLagEndScreen)
        assert "Play again" in screen_text(app) and "Watch the replay" in screen_text(app)
        await pilot.press("w")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, JetLagReplayScreen) and viewer.position == 0
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is end
        await pilot.press("r")
        await pilot.pause()
        table_screen = app.screen
        assert isinstance(table_screen, JetLagScreen)
        assert [(s.name, str(s.kind)) for s in table_screen.session.seats] == [
            ("Ann", "human"),
            ("Wilbur", "bot:greedy"),
        ]
        assert table_screen.session.save_path != path, "a new game in a new file"


async def test_no_rematch_without_the_seats() -> None:
    """An end shown without the seats to play again (a game over the network) offers no r."""
    state = play_game("end-0", ("greedy", "greedy")).state
    app = JetSetApp(fsync=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(JetLagEndScreen(state, NAMES, 0))
        await pilot.pause()
        assert "Play again" not in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, JetLagEndScreen)


async def test_the_table_as_it_ended_is_drawn_for_each_width_even_resized_at_once() -> None:
    """The end's last part, the table as the game ended, is in the scrolled body, which mounts
    it after the screen has its size: a resize as the screen comes up once found it not there
    and ended the app (a CI run of a LAN rematch). Now the table draws itself, at each width."""
    state = play_game("end-0", ("greedy", "greedy")).state
    app = JetSetApp(fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        for width in (100, 90, 120, 80):
            app.push_screen(JetLagEndScreen(state, NAMES, 0))
            await resized(pilot, width, 30)
            final = app.screen.query_one("#jl-final", Static)
            assert "your tourists (Ann)" in str(final.render())
            assert final.size.width <= width
            widest = max(len(line.rstrip()) for line in screen_text(app).splitlines())
            assert widest <= width
            app.pop_screen()
            await pilot.pause()
        assert app.return_code is None, "the app is still running"


async def test_f1_at_the_end_and_the_palettes_rules_are_jet_lags() -> None:
    """A play test: F1 on Jet Lag's end screen, and the palette's "Rules and keys" during the
    game, opened Jet Set's page ("Jet Set in brief") through the app's help. Now the screen
    says whose rules it shows."""
    state = play_game("end-0", ("greedy", "greedy")).state
    app = JetSetApp(fsync=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(JetLagEndScreen(state, NAMES, 0))
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        assert "Jet Lag in brief" in text and "Jet Set in brief" not in text, text[:400]
        await pilot.press("escape")
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        rules = [c for c in commands if c.title == "Rules and keys"]
        assert [c.help for c in rules] == ["The rules and the keys"], "no map in Jet Lag"
        rules[0].callback()
        await pilot.pause()
        assert "Jet Lag in brief" in screen_text(app)


async def test_question_mark_opens_the_rules_as_f1_does() -> None:
    """A play test: ? opened the rules on the start screen, and did nothing in a game; it is
    F1's key everywhere now (the game on the screen's page)."""
    state = play_game("end-0", ("greedy", "greedy")).state
    app = JetSetApp(fsync=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.push_screen(JetLagEndScreen(state, NAMES, 0))
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Jet Lag in brief" in screen_text(app)


def headings_shown(text: str, state: State) -> tuple[list[str], list[int], list[list[str]]]:
    """The lines of the table as it ended that hold the destinations' headings (from under the
    other side's sums to the first objective), where each heading starts, and each one's lines,
    read from where its number starts to where the next one's does."""
    lines = [line.replace(KEEP, " ") for line in text.splitlines()]
    top = next(n for n, line in enumerate(lines) if line.lstrip().startswith("Σ")) + 1
    starts: list[int] = []
    for i in range(len(state.line)):  # a number after a blank: not the 2 of "×2"
        starts.append(lines[top].index(f" {i + 1} ", starts[-1] if starts else 0) + 1)
    bounds = list(zip(starts, [*starts[1:], None], strict=True))
    goal = objective_short(deck()[state.line[0]].objective)
    end = next(
        n
        for n in range(top + 1, len(lines))
        if (cell := lines[n][starts[0] : starts[1]].strip()) and goal.startswith(cell)
    )
    block = lines[top:end]
    return block, starts, [[line[start:stop].strip() for line in block] for start, stop in bounds]


def read_across(lines: list[str]) -> str:
    """A heading's lines as one: after a "+" (a double's two kinds) with no space."""
    said = ""
    for line in filter(None, lines):
        said += line if not said or said.endswith("+") else " " + line
    return said


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("width", [80, 100, 120, 160])
async def test_the_destinations_headings_read_apart_at_every_width(
    width: int, language: str
) -> None:
    """A play tester at 120 columns read "3 Beach+Countryside ×2 4 Mountain+Countryside", one
    heading running into the next, and a "×2" on a line of its own. Now each heading is read
    whole in its column, its "×2" on the line of its last kind, two blanks at least before the
    next heading."""
    state = play_game("end-0", ("greedy", "search")).state
    cards = deck()
    with use_language(language):
        text = await end_text(state, (width, 50))
        wanted = [
            f"{i + 1} {places(cards[d]).plain}" + (" ×2" if cards[d].double else "")
            for i, d in enumerate(state.line)
        ]
        block, starts, headings = headings_shown(text, state)
    assert any(cards[d].double for d in state.line), "the seed still deals a double"
    shown = "\n".join(block)
    for heading, lines in zip(wanted, headings, strict=True):
        assert read_across(lines) == heading, f"{heading!r} read as {lines}:\n{shown}"
        assert "×2" not in lines, f"{heading!r}: ×2 on a line of its own:\n{shown}"
    for line in block:
        for start in starts[1:]:
            assert line[start - 2 : start] == "  ", f"headings run together:\n{shown}"
