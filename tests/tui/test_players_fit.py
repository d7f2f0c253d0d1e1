"""The players' panel beside the map at 100×30 (two lines a player) says everything: a line too
wide for the panel (hubs, ``away``, a long name, many cards) goes on in a row of its own under
the name, never cut and never at the panel's edge; a field (``hubs BER``) stays whole. So do the
rows' Vacation line and your Business cards."""

from __future__ import annotations

from pathlib import Path

from rich.style import Style

from engine import Options, seed_commitment
from engine.jetset.options import PLAYABLE
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.business import business_rule
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.seating import GamePlan
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, LIVERIES
from jetset_tui.widgets.hand import HandPanel
from jetset_tui.widgets.players import PlayersPanel
from jetset_tui.widgets.rows import RowsPanel
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from tests.tui.play import game_screen

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

        await pilot.resize_terminal(120, 40)  # a wider panel: its lines made again
        await pilot.pause()
        await pilot.pause()
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
        for _ in range(100):  # the dealer's Business cards come once the session has started
            await pilot.pause(0.02)
            business = screen.session.game.state.business
            if business is not None and business.hands[0]:
                break
        await pilot.pause()
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
