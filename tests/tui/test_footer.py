"""The one-widget footer draws exactly what Textual's footer draws (every cell and its style), for
enabled, disabled and hovered keys, keys without a description, keys that do not fit and keys
scrolled with the mouse wheel; a click presses the key."""

from __future__ import annotations

from typing import ClassVar

import pytest
from rich.segment import Segment
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from jetset_tui.widgets.footer import KeyFooter

Cells = list[tuple[str, str]]


class Keys(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step", "Next"),
        Binding("x", "never", "Not now"),
        Binding("y", "hidden", "Hidden"),
        Binding("plus", "faster", "", key_display="+"),
        Binding("t", "tip", "Tip", tooltip="a tooltip"),
        Binding("q", "back", "Back"),
        *(Binding(str(n), f"pick({n})", f"Pick number {n}") for n in range(8)),
    ]

    def __init__(self, footer: type[Widget]) -> None:
        super().__init__()
        self.footer = footer

    def compose(self) -> ComposeResult:
        yield self.footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return {"never": None, "hidden": False}.get(action, True)

    def action_step(self) -> None:
        app = self.app
        assert isinstance(app, Host)
        app.stepped = True


class Host(App[None]):
    def __init__(self, footer: type[Widget]) -> None:
        super().__init__()
        self.footer = footer
        self.stepped = False

    def on_mount(self) -> None:
        self.push_screen(Keys(self.footer))


def footer_row(app: App[None]) -> Cells:
    """The bottom line of the screen: each cell's character and style."""
    update = app.screen._compositor.render_full_update()
    cells: Cells = []
    for strip in update.strips[-1]:
        for text, style, _ in Segment.simplify(strip):
            rich = "" if style is None else str(style.without_color) + repr(style.color)
            rich += "" if style is None or style.bgcolor is None else repr(style.bgcolor)
            cells.extend((char, rich) for char in text)
    return cells


async def drawn(footer: type[Widget], width: int, hover: int | None, wheel: int = 0) -> Cells:
    app = Host(footer)
    async with app.run_test(size=(width, 10)) as pilot:
        for _ in range(3):
            await pilot.pause()
        bar = app.screen.query_one(footer)
        for _ in range(wheel):
            bar.post_message(events.MouseScrollDown(bar, 5, 0, 0, 1, 0, False, False, False))
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
        if hover is not None:
            await pilot.hover(offset=(hover, 9))
            for _ in range(3):
                await pilot.pause()
        return footer_row(app)


@pytest.mark.parametrize("width", [200, 80])
@pytest.mark.parametrize("hover", [None, 1, 10, 22, 40, 78])
async def test_the_same_cells_as_textuals_footer(width: int, hover: int | None) -> None:
    assert await drawn(KeyFooter, width, hover) == await drawn(Footer, width, hover)


class CompactKeyFooter(KeyFooter):
    def __init__(self) -> None:
        super().__init__(compact=True)


class CompactFooter(Footer):
    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)


@pytest.mark.parametrize("width", [200, 80])
@pytest.mark.parametrize("hover", [None, 1, 6, 10, 22, 40, 78])
async def test_compact_the_same_cells_as_textuals_compact_footer(
    width: int, hover: int | None
) -> None:
    compact = await drawn(CompactKeyFooter, width, hover)
    assert compact == await drawn(CompactFooter, width, hover)
    assert compact != await drawn(KeyFooter, width, hover)


@pytest.mark.parametrize("wheel", [1, 3, 40])
async def test_the_wheel_scrolls_keys_that_do_not_fit(wheel: int) -> None:
    scrolled = await drawn(KeyFooter, 80, None, wheel)
    assert scrolled != await drawn(KeyFooter, 80, None)
    assert scrolled == await drawn(Footer, 80, None, wheel)


async def test_a_click_presses_the_key() -> None:
    app = Host(KeyFooter)
    async with app.run_test(size=(120, 10)) as pilot:
        await pilot.pause()
        await pilot.click(KeyFooter, offset=(2, 0))
        await pilot.pause()
        assert app.stepped


async def test_the_key_under_the_mouse_shows_its_tooltip() -> None:
    app = Host(KeyFooter)
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyFooter)
        tips = []
        for x in (2, 22, 78):
            await pilot.hover(offset=(x, 9))
            await pilot.pause()
            tips.append(bar.tooltip)
        palette = app.screen.active_bindings[app.COMMAND_PALETTE_BINDING].binding
        assert tips == [None, "a tooltip", palette.tooltip or palette.description]
