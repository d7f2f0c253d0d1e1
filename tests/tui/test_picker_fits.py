"""The move picker cuts none of its choices' words: at 100×30 in Italian (57 columns beside the
map) a choice whose note is longer than its row wraps under the note's column, where a play
tester saw "serve 1✈: acquisto di LON-…", and the cost's breakdown wraps under the move."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.picker import ActionPicker
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, play_turns

BOT = f"bot:{ADVISOR}"


def picker_text(app: JetSetApp, picker: ActionPicker) -> list[str]:
    """The picker's cells on the screen, a line each."""
    x, y, width, height = picker.region
    return [line[x : x + width] for line in screen_text(app).splitlines()[y : y + height]]


def flat(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


async def check_each_choice(app: JetSetApp, pilot: Pilot[None], picker: ActionPicker) -> int:
    """Go down the open picker's list, checking that the chosen row's label and note are shown
    whole and nothing in the picker is cut ("…": the move's cost and its breakdown under the
    list too); how many rows took more than one line."""
    wrapped = 0
    for _step in picker.matching():
        lines = picker_text(app, picker)
        assert not [ln for ln in lines if "…" in ln], "\n".join(lines)
        current = picker.current()
        assert current is not None
        choice = current[1]
        chosen = next(n for n, ln in enumerate(lines) if "▸" in ln)
        row = [lines[chosen]]
        for line in lines[chosen + 1 :]:  # the row's further lines, under its note
            if not line.startswith("    ") or not line.strip():
                break
            row.append(line)
        shown = flat(row)
        assert flat([choice.label]) in shown and flat([choice.note]) in shown, "\n".join(lines)
        wrapped += len(row) > 1
        await pilot.press("down")
        await pilot.pause()
    return wrapped


async def test_the_picker_at_100x30_in_italian_cuts_no_choice(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT, BOT], seed="it-layout")
    with use_language("it"):
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await game_screen(pilot)
            await play_turns(app, pilot, screen, 8)
            await screen.session.wait_idle()
            await pilot.pause()
            picker = screen.query_one(ActionPicker)
            wrapped = 0
            for key in "bcpreiy":
                await pilot.press(key)
                await pilot.pause()
                if not picker.is_open:
                    continue
                assert picker.size.width < 60, picker.size  # beside the map
                wrapped += await check_each_choice(app, pilot, picker)
                await pilot.press("escape")
                await pilot.pause()
            assert wrapped, "no choice was longer than its row: the test saw nothing to wrap"


def test_the_list_shows_the_chosen_choice_and_as_much_around_it_as_fits() -> None:
    from jetset_tui.widgets.picker import shown_around  # new with rows of several lines

    heights = [1, 2, 1, 3, 1, 1]  # A BB C DDD E F
    for cur in range(len(heights)):
        for rows in range(1, 10):
            top, bottom = shown_around(cur, len(heights), rows, heights.__getitem__)
            assert top <= cur < bottom
            used = sum(heights[top:bottom])
            assert used <= rows or bottom - top == 1
            if bottom < len(heights):
                assert used + heights[bottom] > rows or top > 0
    assert shown_around(0, 0, 5, heights.__getitem__) == (0, 0)
    assert shown_around(5, 6, 4, heights.__getitem__) == (4, 6)  # DDD would not fit
    assert shown_around(5, 6, 5, heights.__getitem__) == (3, 6)
