"""The turn bar at 80×24: every phrase a player needs is read whole, on a second line when the
first is full (jetset_tui/widgets/turn_bar.py), in the base game, with every module, and with
the end race's warning naming two players."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.pilot import Pilot

from engine import Game, Options
from engine.jetset.options import MODULES
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.race import enders
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.widgets.turn_bar import TurnBar, lay_out
from netcode.local import LocalSession
from tests.tui.play import ADVISOR, game_screen, save_for_you

BOT = f"bot:{ADVISOR}"
NAMES = ["Ann", "Wilbur", "Orville", "Amelia"]
RACE_SEED = "race2-0"
RACE_AT = 180  # entries: Ann to move, Wilbur and Amelia each one plane from ending the game


def words(text: str) -> list[str]:
    return text.split()


def test_lay_out_keeps_every_word_in_order_within_the_width() -> None:
    phrases = [
        Text(" ✈ JET SET   turn 12"),
        Text("▶ Ann  your turn"),
        Text("e: extra Flight cards (€1 a row), then one action"),
        Text("⚠ your next plane ends the game; Wilbur or Amelia can end the game next turn"),
    ]
    every = [w for p in phrases for w in words(p.plain)]
    for width in range(24, 200):
        lines = lay_out(phrases, width)
        assert all(line.cell_len <= width for line in lines), width
        assert [w for line in lines for w in words(line.plain)] == every, width
        for phrase in phrases:  # a phrase that fits a line is never split
            if phrase.cell_len < width:
                assert any(phrase.plain.strip() in line.plain for line in lines), (width, phrase)
    assert len(lay_out(phrases, 200)) == 1


def bar_lines(app: JetSetApp) -> list[str]:
    """The turn bar's lines as the screen shows them."""
    bar = app.screen.query_one(TurnBar)
    top, height = bar.region.y, bar.region.height
    return screen_text(app).splitlines()[top : top + height]


def assert_whole(app: JetSetApp, phrase: str) -> list[str]:
    """``phrase`` is on one line of the turn bar, and the bar says all it has to say."""
    lines = bar_lines(app)
    assert any(phrase in line for line in lines), lines
    said = app.screen.query_one(TurnBar).phrases
    assert words(" ".join(lines)) == [w for p in said for w in words(p.plain)], lines
    assert "…" not in "".join(lines)
    return lines


async def your_turn(pilot: Pilot[None]) -> None:
    screen = await game_screen(pilot)
    session = screen.session
    assert isinstance(session, LocalSession)
    for _ in range(200):
        await session.wait_idle()
        await pilot.pause()
        if session.game.to_move() == 0:
            return
    raise AssertionError("never your turn: " + screen_text(pilot.app))


async def test_the_base_game_says_its_keys_whole_at_80_columns(tmp_path: Path) -> None:
    plan = GamePlan(["human", BOT, BOT, BOT], NAMES, seed="bar-1", path=tmp_path / "g.jetset")
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn(pilot)
        lines = assert_whole(app, "e: extra Flight cards (€1 a row), then one action")
        assert "your turn" in lines[0]


async def test_every_module_says_its_decision_whole_at_80_columns(tmp_path: Path) -> None:
    plan = GamePlan(
        ["human", BOT, BOT, BOT],
        NAMES,
        seed="bar-2",
        path=tmp_path / "g.jetset",
        extra_cards=True,
        modules=MODULES,
    )
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn(pilot)
        assert_whole(app, "u: place your first hub (a city with no hub)")
        assert len(bar_lines(app)) == 2


def save_the_race(tmp_path: Path) -> Path:
    """A greedy game stopped where Ann is to move and two others can end it next turn."""
    whole = play_game(Options(players=4), RACE_SEED, ("greedy",))
    game = Game(whole.options, whole.board)
    for entry in whole.entries[:RACE_AT]:
        game.push(entry)
    assert game.to_move() == 0 and enders(game.state) == [1, 3]
    return save_for_you(tmp_path / "race.jetset", game, RACE_SEED, NAMES)


async def test_the_end_race_warning_names_both_players_whole(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_the_race(tmp_path), bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await your_turn(pilot)
        assert_whole(app, "⚠ Wilbur or Amelia can end the game next turn")


async def test_the_bar_keeps_the_lines_it_needed_so_the_map_keeps_its_height() -> None:
    """At 80 columns your turn takes two lines and another player's one; a bar that gave its
    second line back gave the map under it another height, so another layout, at every turn
    (a LAN play test: "the map is re-drawn with a different shape every time the turn
    changes"). Once two lines were needed at a width, the bar keeps them there (a rarer third
    line it gives back); at a width where it never needed them, it stays one line."""
    from textual.app import App, ComposeResult

    yours = [Text(" ✈ JET SET   turn 4"), Text("▶  R  Root  your turn"), Text(YOUR_HINT)]
    theirs = [Text(" ✈ JET SET   turn 5"), Text("▶  B  Kim")]

    class Bar(App[None]):
        def compose(self) -> ComposeResult:
            yield TurnBar()

    app = Bar()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(TurnBar)

        async def height(phrases: list[Text]) -> int:
            bar.phrases = phrases
            bar.refresh(layout=True)
            await pilot.pause()
            return bar.size.height

        async def resized(width: int) -> None:
            """The terminal at ``width``, once the bar has it (a loaded CI run's one pause
            measured the bar before the resize reached it)."""
            await pilot.resize_terminal(width, 24)
            for _ in range(200):
                if bar.size.width == width:
                    return
                await pilot.pause(0.01)

        assert await height(theirs) == 1, "one line until more is needed"
        assert await height(yours) == 2
        assert await height(theirs) == 2, "the second line is kept"
        assert await height([*yours, Text(WARNING)]) == 3, "nothing is cut"
        assert await height(theirs) == 2, "a third line is given back, the second kept"
        await resized(160)
        assert await height(theirs) == 1 and await height(yours) == 1, "one line fits it all"
        await resized(80)
        assert await height(theirs) == 2


YOUR_HINT = "e: extra Flight cards (€1 a row), then one action"
WARNING = "⚠ your next plane ends the game; Wilbur or Amelia can end the game next turn"
