"""``jetset play`` straight into its game (BENCHMARKS.md, "TUI"): the game opens with no start
screen built under it, its first frame has the turn bar saying "your turn" (with the map and
your hand) before the players and rows are mounted, and going back to the menu builds the menu
then, as every way back did before."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import RenderableType

from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.start import StartScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.hand import HandPanel
from jetset_tui.widgets.players import PlayersPanel
from jetset_tui.widgets.turn_bar import TurnBar
from tests.tui.conftest import make_app, unawaited_coroutines
from tests.tui.play import game_screen, settled

SEATS = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]


async def test_a_game_from_the_command_line_has_no_menu_under_it_until_you_go_back(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, SEATS)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        assert not any(isinstance(s, StartScreen) for s in app.screen_stack)
        assert "your turn" in screen_text(app)
        await pilot.press("q")  # back to the menu: built now
        await settled(pilot, lambda: isinstance(app.screen, StartScreen))
        assert isinstance(app.screen, StartScreen), screen_text(app)
        assert screen not in app.screen_stack, "the game left the stack"
        assert "Play now" in screen_text(app)
        assert app.is_running
        await pilot.press("enter")  # Play now: a game over the menu, and back to it
        again = await game_screen(pilot)
        assert again is not screen
        await pilot.press("q")
        await settled(pilot, lambda: isinstance(app.screen, StartScreen))
        assert isinstance(app.screen, StartScreen)
        assert sum(isinstance(s, StartScreen) for s in app.screen_stack) == 1


async def test_the_first_frame_says_your_turn_and_the_table_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the game screen holds when Textual first draws it (its background is drawn in
    every whole frame): the turn bar with "your turn" and your hand, no players panel yet;
    then the players and the rows, drawn from the game."""
    seen: list[tuple[str, bool, int, int]] = []
    render = GameScreen.render

    def first_render(self: GameScreen) -> RenderableType:
        if not seen:
            bar = str(self.query_one(TurnBar).render())
            seen.append(
                (bar, self.table_ready, len(self.query(HandPanel)), len(self.query(PlayersPanel)))
            )
        return render(self)

    monkeypatch.setattr(GameScreen, "render", first_render)
    app = make_app(tmp_path, SEATS)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        assert seen, "the game screen was never drawn"
        bar, ready, hands, players = seen[0]
        assert "your turn" in bar
        assert (ready, hands, players) == (False, 1, 0)
        assert screen.table_ready
        shown = screen.query_one("#right").query_one(PlayersPanel)
        assert "Amelia" in screen_text(app) and shown.display
        assert len(screen.query(PlayersPanel)) == 2  # beside the map, and in its column


@pytest.mark.parametrize(
    ("size", "classes"), [((120, 40), {"-wide", "-tall"}), ((90, 26), {"-slim", "-low"})]
)
async def test_the_game_screen_is_built_with_its_size_classes_so_showing_it_restyles_nothing_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], classes: set[str]
) -> None:
    """Textual gives a shown screen the breakpoint classes of the terminal's size, and a change
    of classes restyles every widget on it: the game screen has them from its constructor, so
    its first frame waits for no second styling of the whole table."""
    born: list[set[str]] = []
    init = GameScreen.__init__

    def recording_init(self: GameScreen, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        born.append(set(self.classes))

    monkeypatch.setattr(GameScreen, "__init__", recording_init)
    app = make_app(tmp_path, SEATS)
    async with app.run_test(size=size) as pilot:
        screen = await game_screen(pilot)
        assert born and classes <= born[0], born
        assert classes <= set(screen.classes)  # and Textual agrees once it is shown


async def test_a_game_closed_before_its_session_starts_leaves_nothing_unawaited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The session starts in a worker after the first frame; a screen closed before that
    worker runs cancels it. Handed a coroutine, the cancelled worker left it never awaited
    (Python's RuntimeWarning, seen in test runs under load)."""
    first_frame_done = GameScreen.after_first_frame

    async def then_closed(self: GameScreen) -> None:
        await first_frame_done(self)
        self.workers.cancel_node(self)  # as closing the screen does, before the worker ran

    monkeypatch.setattr(GameScreen, "after_first_frame", then_closed)
    with unawaited_coroutines() as unawaited:
        app = make_app(tmp_path, SEATS)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
    assert unawaited == []
