"""Keys reach a text field in the order they were typed (a workaround for Textual 8.x).

Textual's ``Input`` takes the letters it is sent as they come, in its own ``_on_key``
(``textual/widgets/_input.py``, ``if event.is_printable: ... self.insert_text_at_cursor``), but
its bound keys (Backspace, Delete, the arrows, Home, End, Enter ...) only after the key has
bubbled up from the field through each of its parents to the app: ``App._on_key`` runs
``await self._check_bindings(event.key)`` (``textual/app.py``), which then calls the field's
``action_delete_left``. The next letter, forwarded by the app straight to the field, can get there
first. Keys that come in a burst (a browser session under load, a fast typist over SSH) then
apply out of order: Backspace, Backspace, ``q q s h`` became ``qqs``, the last Backspace taking
the ``h`` typed after it. Upstream: Textualize/textual issue #6605 (pull request #6631 proposes
the same cure as here).

``keep_key_order`` makes a field run its own bindings itself, in ``_on_key``, as it takes its
letters: a key bound on the field runs when the field reaches it in its queue, exactly as the app
would have run it (the same binding chain, keymap and ``check_action``), and goes no further. Keys
the field has no binding for bubble up as before.

``ClearOnSubmit`` is a field that empties itself as Enter sends its line: a screen that emptied
it on ``Input.Submitted`` would also wipe the keys typed after Enter, which the field has taken
by the time that message has bubbled up to the screen.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual import events
from textual.widgets import Input

KeyHandler = Callable[[Input, events.Key], Awaitable[None]]

_textual_on_key: KeyHandler | None = None
"""Textual's own ``Input._on_key``, once replaced."""


def keep_key_order() -> None:
    """Every ``Input`` in this process runs its own key bindings in the order keys come
    (idempotent)."""
    global _textual_on_key
    if _textual_on_key is not None:
        return
    _textual_on_key = Input._on_key
    Input._on_key = _on_key_in_order  # type: ignore[method-assign,assignment]


async def _on_key_in_order(field: Input, event: events.Key) -> None:
    assert _textual_on_key is not None
    await _textual_on_key(field, event)
    if event._stop_propagation:  # a letter the field took
        return
    if await run_own_binding(field, event.key):
        event.stop()
        event.prevent_default()


async def run_own_binding(field: Input, key: str) -> bool:
    """Run the focused ``field``'s own non-priority binding for ``key`` as the app would
    (``App._check_bindings``); whether one ran."""
    chain = field.screen._modal_binding_chain
    if not chain or chain[0][0] is not field:  # not the focused widget: leave it to the app
        return False
    for binding in chain[0][1].key_to_bindings.get(key, ()):
        if not binding.priority and await field.app.run_action(binding.action, field):
            return True
    return False


class ClearOnSubmit(Input):
    """A one-line answer that empties itself as Enter sends it (in its own queue, so keys typed
    after Enter go into the empty field)."""

    async def action_submit(self) -> None:
        await super().action_submit()
        self.value = ""
