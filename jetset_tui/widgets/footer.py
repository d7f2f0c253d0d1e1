"""The key hints at the bottom of every screen, drawn as one line.

Textual's ``Footer`` mounts a widget per key (a dozen or more here) and rebuilds them all
whenever the bindings *might* have changed; styling, laying out and painting those widgets took
~60 ms of the replay viewer's first opening (~200 ms). This footer draws the same cells
in one widget, with the stock footer's styles (its CSS, as component classes): the keys in the
same order, the command palette's key on the right, the key under the mouse highlighted (with
its tooltip), a click presses the key, and the mouse wheel scrolls keys that do not fit; with
``compact`` (narrow terminals) it draws the stock footer's compact style without the palette
key. It redraws, never rebuilds, when the keys change. (Binding groups, which no screen here
uses, are drawn as separate keys.)
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.values import value
from jetset_tui.i18n import _
from jetset_tui.textual_words import key_word


@value(unsafe_hash=True)
class KeyHint:
    """One key hint: what to press, how it is shown, what it does."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str
    action: str = ""
    """The binding's action (a screen names actions whose words a narrow footer may drop)."""

    def width(self, compact: bool) -> int:
        """Cells taken, with the gap after it that the stock compact footer leaves."""
        return cell_len(self.label(compact)) + (1 if compact else 0)

    def label(self, compact: bool) -> str:
        """The key and its description with the stock footer's padding (none without one)."""
        if not self.description:
            return self.display
        if compact:
            return f"{self.display} {self.description}"
        return f" {self.display} {self.description} "


def key_hint(app: App[object], binding: Binding, enabled: bool, tooltip: str) -> KeyHint:
    """The hint for ``binding``, its description in the player's language (bindings are made
    at import, in English, marked with ``N_``: the footer translates them as it draws)."""
    display = key_word(app.get_key_display(binding))
    description = _(binding.description) if binding.description else ""
    tooltip = _(tooltip) if tooltip else ""
    return KeyHint(binding.key, display, description, enabled, tooltip, binding.action)


def footer_keys(screen: Screen[object], compact: bool = False) -> tuple[KeyHint, ...]:
    """The keys the stock footer shows for the screen: one per action, in binding order, but not
    those of the actions in the screen's ``FOOTER_LEAVES_OUT``. When ``compact``, not those in
    its ``COMPACT_FOOTER_LEAVES_OUT`` either (it shows their key elsewhere), so that the rest fit
    a narrow terminal."""
    app = screen.app
    left_out: frozenset[str] = getattr(screen, "FOOTER_LEAVES_OUT", frozenset())
    if compact:
        left_out |= getattr(screen, "COMPACT_FOOTER_LEAVES_OUT", frozenset())
    keys: dict[str, KeyHint] = {}
    for _key, binding, enabled, tooltip in screen.active_bindings.values():
        if binding.action in left_out:
            continue
        if binding.show and binding.action not in keys:
            keys[binding.action] = key_hint(app, binding, enabled, tooltip)
    return tuple(keys.values())


@value(unsafe_hash=True)
class GiveWay:
    """A step a footer takes when its keys do not fit: the key of ``action`` shows alone,
    without its word, or with ``whole`` it goes (F1 and the help say every key)."""

    action: str
    whole: bool = False


def words_of(*actions: str) -> tuple[GiveWay, ...]:
    """Steps that take these actions' words away, in this order."""
    return tuple(GiveWay(action) for action in actions)


def keys_of(*actions: str) -> tuple[GiveWay, ...]:
    """Steps that take these actions' keys away, in this order."""
    return tuple(GiveWay(action, whole=True) for action in actions)


def given_way(keys: tuple[KeyHint, ...], step: GiveWay, compact: bool) -> tuple[KeyHint, ...]:
    """``keys`` after ``step``: its action's key alone (a lone key keeps its padding when not
    ``compact``), or gone."""
    if step.whole:
        return tuple(key for key in keys if key.action != step.action)
    lone = "{}" if compact else " {} "
    return tuple(
        KeyHint(key.key, lone.format(key.display), "", key.enabled, key.tooltip, key.action)
        if key.action == step.action and key.description
        else key
        for key in keys
    )


class KeyFooter(ScrollView, can_focus=False):
    """The footer key hints."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {  # noqa: RUF012 - Textual declares it so
        "footer-key--key",
        "footer-key--description",
        "footer-key--item",
        "footer-key--hover",
        "footer-key--border",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom; height: 1; scrollbar-size: 0 0; overflow-y: hidden;
        color: $footer-foreground; background: $footer-background;
        & > .footer-key--item { background: $footer-item-background; }
        & > .footer-key--hover {
            color: $footer-key-foreground; background: $block-hover-background;
        }
        & > .footer-key--key {
            color: $footer-key-foreground; background: $footer-key-background; text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground; background: $footer-description-background;
        }
        & > .footer-key--border { color: $foreground 20%; }
        &.-hover { pointer: pointer; }
    }
    """

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__()
        self.keys: tuple[KeyHint, ...] = ()
        self.palette: KeyHint | None = None
        self.hovered: KeyHint | None = None
        self.compact = compact
        """The stock footer's compact style: no padding in a key, a gap between keys, and no
        command palette key (Ctrl+P still opens it). For narrow terminals."""

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.keys = ()
            self.bindings_changed(self.screen)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        keys = self.fitted(screen, footer_keys(screen, self.compact))
        palette = self.palette_key(screen)
        if (keys, palette) == (self.keys, self.palette):
            return
        self.keys, self.palette = keys, palette
        self.hover(None)
        width = sum(key.width(self.compact) for key in keys) + self.palette_width
        self.virtual_size = Size(width, 1)
        self.refresh()

    def fitted(self, screen: Screen[object], keys: tuple[KeyHint, ...]) -> tuple[KeyHint, ...]:
        """Keys that would overflow the footer give way, one step at a time in the order of
        the screen's ``FOOTER_GIVES_WAY`` (a key's word, or the whole key), until every key
        shows whole: as few as make room, so that no key is cut at the edge. Compact keys from
        80 columns; full ones too, where a language's longer words (Italian) would push Help
        and Menu off a 100-column footer."""
        steps: tuple[GiveWay, ...] = getattr(screen, "FOOTER_GIVES_WAY", ())
        room = self.size.width
        if not steps or not room:
            return keys
        if not self.compact:
            palette = self.palette_key(screen)
            room -= 0 if palette is None else cell_len(palette.label(compact=True)) + 2
        for step in steps:
            if self.fit(keys, room):
                break
            keys = given_way(keys, step, self.compact)
        return keys

    def fit(self, keys: tuple[KeyHint, ...], room: int) -> bool:
        return sum(key.width(self.compact) for key in keys) <= room

    def on_resize(self) -> None:
        """Which keys fit depends on the width (``fitted``)."""
        self.bindings_changed(self.screen)

    def palette_key(self, screen: Screen[object]) -> KeyHint | None:
        """The command palette's key, as the stock footer shows it on the right."""
        app = screen.app
        if not app.ENABLE_COMMAND_PALETTE or self.compact:
            return None
        found = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _, binding, enabled, _ = found
        return key_hint(app, binding, enabled, binding.tooltip or binding.description)

    @property
    def palette_width(self) -> int:
        """Its border, its compact label and one cell of padding."""
        return 0 if self.palette is None else cell_len(self.palette.label(compact=True)) + 2

    def key_at(self, x: int) -> KeyHint | None:
        """The key drawn at column ``x`` of the footer, if any."""
        keys_width = self.size.width - self.palette_width
        if x >= keys_width:
            return self.palette
        x += self.scroll_offset.x
        for key in self.keys:
            width = key.width(self.compact)
            if x < width - (1 if self.compact else 0):
                return key
            if x < width:
                return None  # the gap between compact keys
            x -= width
        return None

    def hover(self, key: KeyHint | None) -> None:
        """Highlight ``key`` (None: no key) and show its tooltip, as the stock footer does."""
        if key == self.hovered:
            return
        self.hovered = key
        self.tooltip = key.tooltip if key is not None and key.tooltip else None
        self.set_class(key is not None, "-hover")
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover(self.key_at(event.x))

    def on_leave(self, _: events.Leave) -> None:
        self.hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        keys_width = max(0, width - self.palette_width)
        style = Style(bgcolor=self.rich_style.bgcolor)  # the footer's own cells: background
        segments: list[Segment] = []
        for key in self.keys:
            segments.extend(self.key_segments(key, compact=self.compact))
            if self.compact:
                segments.append(Segment(" ", style))
        scroll_x = self.scroll_offset.x
        strip = Strip(segments).crop_extend(scroll_x, scroll_x + keys_width, style)
        if self.palette is not None and keys_width < width:
            strip = Strip.join([strip, Strip(self.palette_segments(self.palette))])
        return strip.crop_extend(0, width, style)

    def item_style(self, key: KeyHint) -> Style:
        """The style under a key's label: its item, highlighted under the mouse, dim when the
        key does nothing now."""
        hovered = key == self.hovered
        style = self.get_component_rich_style(
            "footer-key--hover" if hovered else "footer-key--item"
        )
        return style + Style(dim=True) if not key.enabled else style

    def key_segments(self, key: KeyHint, compact: bool) -> list[Segment]:
        """A key as the stock footer draws it: the key in bold, then the description."""
        base = self.item_style(key)
        key_style = base + self.get_component_rich_style("footer-key--key", partial=True)
        description_style = base + self.get_component_rich_style(
            "footer-key--description", partial=True
        )
        if not key.description:
            return [Segment(key.display, key_style)]
        if compact:
            return [
                Segment(key.display, key_style),
                Segment(f" {key.description}", description_style),
            ]
        return [
            Segment(f" {key.display} ", key_style),
            Segment(f"{key.description} ", description_style),
        ]

    def palette_segments(self, key: KeyHint) -> list[Segment]:
        """The palette's key: a thin border on its left, compact, a cell of padding."""
        base = self.item_style(key)
        line = self.get_component_rich_style("footer-key--border").color
        border = base + Style(color=line)
        padding = Style(bgcolor=base.bgcolor)
        return [Segment("▏", border), *self.key_segments(key, compact=True), Segment(" ", padding)]

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.allow_horizontal_scroll:
            self.release_anchor()
            if self._scroll_right_for_pointer(animate=True):
                event.stop()
                event.prevent_default()

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.allow_horizontal_scroll:
            self.release_anchor()
            if self._scroll_left_for_pointer(animate=True):
                event.stop()
                event.prevent_default()
