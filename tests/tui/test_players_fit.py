"""The players' panel beside the map at 100×30 (two lines a player) says everything: a line too
wide for the panel (hubs, ``away``, a long name, many cards) goes on in a row of its own under
the name, never cut and never at the panel's edge; a field (``hubs BER``) stays whole. So do the
rows' Vacation line and your Business cards."""

from __future__ import annotations

from pathlib import Path

from rich.style import Style
from textual.containers import VerticalScroll
from textual.pilot import Pilot

from engine import Options, seed_commitment
from engine.jetset.business_state import BusinessState
from engine.jetset.options import PLAYABLE
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.business import business_rule, card_name
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, LIVERIES
from jetset_tui.widgets.hand import HandPanel
from jetset_tui.widgets.players import PlayersPanel
from jetset_tui.widgets.rows import RowsPanel
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from tests.tui.play import game_screen, resized

SEED = "players-fit"
NAMES = ["Bartholomew Fairweather", "Amelia", "Wilbur", "Bessie", "Charles"]


def finished(tmp_path: Path) -> Path:
    options = Options(players=5, **{module: True for module in PLAYABLE})
    game = play_game(options, SEED, kinds=("greedy",))
    seats = [Seat(name, SeatKind.of_bot("greedy")) for name in NAMES]
    path = tmp_path / "hubs.jetset"
    write_game(path, Header(options, seats, seed_commitment(SEED)), game, SEED)
    return path


def rows(panel: PlayersPanel) -> list[str]:
    return [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]


async def business_cards_dealt(pilot: Pilot[None], screen: GameScreen) -> BusinessState:
    """The Business cards once the dealer has dealt seat 0's (after the session starts)."""
    for _ in range(100):
        await pilot.pause(0.02)
        business = screen.session.game.state.business
        if business is not None and business.hands[0]:
            break
    await pilot.pause()
    assert business is not None and business.hands[0]
    return business


def check_rows(shown: list[str], width: int) -> None:
    """A player's first row starts with the mark or a blank, every other row under the name."""
    for row in shown:
        assert row.startswith(("▶", "  ")), shown
        assert len(row) <= width, shown


async def test_hubs_away_and_long_names_fit_the_compact_panel(tmp_path: Path) -> None:
    app = JetSetApp(replay=finished(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.short
        await pilot.press("end")
        await pilot.pause()
        panel = screen.query_one("#right PlayersPanel", PlayersPanel)
        state = screen.state_here()
        assert state.hubs is not None
        shown = rows(panel)
        check_rows(shown, panel.content_size.width)
        text = "\n".join(shown)
        for seat, cities in enumerate(state.hubs.cities):
            assert cities, seat
            for city in cities:
                assert state.board.city_code(city) in text, (city, shown)
        assert NAMES[0] in text, "the whole name"
        assert not any(row.endswith("hubs") for row in shown), "a field stays whole"
        rows_panel = screen.query_one("#right RowsPanel", RowsPanel)
        drawn = [rows_panel.render_line(y).text.rstrip() for y in range(rows_panel.size.height)]
        assert state.vacation_time and any(
            row.strip() == "Vacation Time: Final Flights open" for row in drawn
        ), drawn

        kinds = [SeatKind.of_bot("greedy")] * 5
        away = TableView(state, NAMES, kinds, list(LIVERIES[:5]), 0, None, away=(0, 1))
        panel.show(away, compact=True)
        await pilot.pause()
        shown = rows(panel)
        check_rows(shown, panel.content_size.width)
        assert "\n".join(shown).count("away") == 2, shown

        for length in range(4, 24):  # a name that leaves room for the cash and planes, or not
            named = [f"{n}{'x' * length}"[:length] for n in NAMES]
            panel.show(TableView(state, named, kinds, list(LIVERIES[:5]), 0, None), compact=True)
            await pilot.pause()
            shown = rows(panel)
            stock = [row for row in shown if "●" in row]  # cash, planes, markers: one row
            assert len(stock) == 5, (length, shown)
            assert all("€" in row and "✈" in row for row in stock), (length, shown)

        await resized(pilot, 120, 40)  # a wider panel: its lines made again
        check_rows(rows(panel), panel.content_size.width)


async def test_your_business_cards_and_their_keys_are_whole_at_100_columns(
    tmp_path: Path,
) -> None:
    """The hand beside the map: what each Business card does and how to play one, wrapped
    under the line's start (it was cut: "Pay another playe…", "or …")."""
    plan = GamePlan(
        ["human", "bot:greedy"], ["Ann", "Amelia"], seed="hand-fit",
        path=tmp_path / "game.jetset", modules=("business_cards",),
    )  # fmt: skip
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await game_screen(pilot)
        business = await business_cards_dealt(pilot, screen)
        hand = screen.query_one("#right HandPanel", HandPanel)
        shown = [hand.render_line(y).text.rstrip() for y in range(hand.size.height)]
        assert not any(row.endswith("…") for row in shown), shown
        said = " ".join(row.strip() for row in shown)
        assert "y: play a card, cash one in (€5) or offer a deal" in said, shown
        assert business is not None and business.hands[0]
        for kind in business.hands[0]:
            assert " ".join(business_rule(kind).split()) in said, (kind, shown)

        kinds = [SeatKind.parse("human"), SeatKind.of_bot("greedy")]
        state = screen.session.game.state
        watcher = TableView(state, ["Ann", "Amelia"], kinds, list(LIVERIES[:2]), None, None)
        hand.show(watcher)
        await pilot.pause()
        row = hand.render_line(0)
        assert row.text.strip() == "Final Flights are secret"
        grey = Style.parse(DIM).color
        colours = [style.color if style else None for text, style, _ in row if text.strip()]
        assert colours and all(c == grey for c in colours), "a panel's text keeps its own style"


def side_rows(app: JetSetApp) -> list[str]:
    """The rows of the table panels beside the map, as on the screen."""
    return [line.split("│")[-1].rstrip() for line in screen_text(app).splitlines() if "│" in line]


def first_screen(tmp_path: Path, modules: tuple[str, ...]) -> JetSetApp:
    """Four players at 120x40, the human's first turn with its Business cards dealt."""
    kinds = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]
    names = ["Root", "Amelia", "Wilbur", "Bessie"]
    plan = GamePlan(kinds, names, seed="fold", path=tmp_path / "game.jetset", modules=modules)
    return JetSetApp(plan=plan, bot_delay=30, fsync=False, saves=tmp_path)


async def test_every_module_at_120x40_shows_your_business_cards_on_the_first_screen(
    tmp_path: Path,
) -> None:
    """A play test at 120x40, every module, four players: three lines a player put your
    Business cards below the fold (only their title showed). The players go to two lines where
    three would hide the end of your hand, and stay so as cards come and go; without the
    modules, the same table keeps three lines a player."""
    modules = ("distant_lands", "hubs", "business_cards", "investors")
    app = first_screen(tmp_path, modules)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        business = await business_cards_dealt(pilot, screen)
        panel = screen.query_one("#right PlayersPanel", PlayersPanel)
        assert panel.size.height == 2 * 4, rows(panel)
        side = side_rows(app)
        first = card_name((business.hands[0] or [""])[0])
        assert any(row.strip().startswith(first) for row in side), side

        right = screen.query_one("#right", VerticalScroll)
        screen.show_players(right, screen.table(), panel, [])  # as if the hand were empty
        await pilot.pause()
        assert panel.size.height == 2 * 4, "the same shape as cards come and go"
        await resized(pilot, 120, 60)  # room for three lines a player
        screen.sync()
        await pilot.pause()
        assert panel.size.height == 3 * 4, rows(panel)


async def test_the_base_game_at_120x40_keeps_three_lines_a_player(tmp_path: Path) -> None:
    app = first_screen(tmp_path, ())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        panel = screen.query_one("#right PlayersPanel", PlayersPanel)
        assert panel.size.height == 3 * 4, rows(panel)
        assert any("Root's Final Flights" in row for row in side_rows(app))
