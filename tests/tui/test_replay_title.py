"""The replay viewer's status lines are whole at 80 columns: the file, the step, the viewer and
the speed on the first; the turn and what comes next (a dealer's entry in words, never its
notation's hashes) or that the game is over on the second, whose reason, however long, is the
log's last line, wrapped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import _, use_language
from jetset_tui.screens.help import HelpScreen, help_page
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.turn_bar import END_REASONS, end_reason_short, end_reason_text
from tests.tui.play import resized
from tests.tui.test_jetlag_replay import jetlag_log
from tests.tui.test_replay_viewer import saved
from tests.tui.test_whole_log import shown


async def test_the_status_lines_are_whole_at_80_columns(tmp_path: Path) -> None:
    app = JetSetApp(replay=saved(tmp_path, players=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        state = screen.state_here()
        assert state.over and state.end_reason
        first, second = screen_text(app).splitlines()[:2]
        total = screen.length
        assert f"step {total}/{total}" in first and "[spectator]" in first and "/s" in first
        short = end_reason_short(state.end_reason)
        assert second.strip() == f"turn {state.turn}  game over: {short}", second
        assert "…" not in first + second
        log = screen.query_one(NotationLog)
        said = " ".join(row.strip() for row in shown(log) if row.strip())
        from engine.jetset.scoring import scores, winners

        won = winners(state)  # and who won, with their points (it said only how it ended)
        best = scores(state)[won[0]].total
        assert f"game over: {end_reason_text(state.end_reason)}" in said, said
        names = " and ".join(screen.names[w] for w in won)
        shared = f"{names} share the win, {best} points each"
        assert re.search(rf"{names} wins with {best} points?$", said) or said.endswith(shared)
        await pilot.press("home")
        await pilot.pause()
        first, second = screen_text(app).splitlines()[:2]
        assert "step 0/" in first, first
        assert second.strip() == "turn 0  next: dealer rows laid out: 8 Short, 4 Long", second
        await pilot.press("right", "right")
        await pilot.pause()
        second = screen_text(app).splitlines()[1]
        assert "two Final Flights dealt to P1" in second, second


async def test_the_viewers_keys_fit_the_footer_and_f1_says_them_all(tmp_path: Path) -> None:
    """At 80 and 100 columns the footer shows whole keys, Esc and F1 among them (it ran past
    the edge: 'm My las'); F1 lists every key of the viewer."""
    app = JetSetApp(replay=saved(tmp_path, players=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in ((80, 24), (100, 30), (160, 40)):
            await resized(pilot, *size)
            footer = app.screen.query_one(KeyFooter)
            drawn = footer.render_line(0).text
            words = [f"{key.display} {key.description}" for key in footer.keys]
            assert all(word in drawn for word in words), (size, drawn)
            assert "esc Back" in drawn and "f1 Rules" in drawn, drawn
            assert ("g Go to" in drawn) == (size[0] >= 160), drawn
        await pilot.press("f1")
        await pilot.pause()
        page = " ".join(screen_text(app).split())
        assert isinstance(app.screen, HelpScreen)
    viewer = help_page(game="")
    section = viewer[viewer.index("# The replay viewer") :]
    for key in ("**← →**", "**↑ ↓**", "**[ ]**", "**Home End**", "**m**", "**g**", "**+ -**"):
        assert key in section, key
    assert "Jet Set" in page
    lag = help_page(game="jetlag")
    assert "# The replay viewer" in lag and "**Home End**" in lag


async def test_f1_in_jet_lags_viewer_opens_jet_lags_page(tmp_path: Path) -> None:
    app = JetSetApp(replay=jetlag_log(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first, second = screen_text(app).splitlines()[:2]
        assert "step " in first and "[spectator]" in first and "…" not in first + second
        assert second.strip().startswith("Round "), second
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.game == "jetlag"


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_end_is_said_whole_beside_the_turn_at_80_columns(language: str) -> None:
    """The replay's status line said "game over (the log says how)" rather than cut a long
    reason; each end now has a few words of its own there, whole at 80 columns (the log
    still says it in full, under the last move)."""
    with use_language(language):
        for reason in END_REASONS:
            short, full = end_reason_short(reason), end_reason_text(reason)
            assert short != reason and len(short) <= len(full), (short, full)
            line = "turn 999  " + _("game over: {reason}").format(reason=short)
            assert len(line) <= 78, line
