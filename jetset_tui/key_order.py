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

``KeysInTurn`` keeps the keys typed right after a key that moves the focus (the lobby's ``t``
to its chat line, ``n`` to the new-game form, ``j`` to a seat code's question) for the field
that key opens. The app sends each key to the widget focused when the app takes it
(``App.on_event``) and runs a non-priority binding only once the key has bubbled back up to it:
by then the keys behind it have all gone to the old focus (a table, which drops letters or runs
them as other bindings). So a key that may do anything but type a letter into a text field
holds the keys after it until it has been handled all the way up and the screen it leaves
current has settled (its focus set, a new screen composed); then they go on, in order, to
whatever has the focus. Keys typed as the app starts wait the same way for its first screen (and
for the one the command line asked for, a game say), which Textual would have sent to its blank
first screen. A key is never held longer than ``HOLD_AT_MOST``.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from itertools import count
from typing import Any

from textual import events
from textual.app import App, ScreenStackError
from textual.message_pump import MessagePump
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


EventHandler = Callable[[events.Event], Awaitable[None]]
HOLD_AT_MOST = 5.0
"""Seconds a key waits for the one before it at most (a handler that never finishes)."""
FIRST_SCREEN = 0
TYPED_AHEAD_ENTER = "ctrl+j"
"""Enter typed before the app set the terminal to raw mode: the terminal's line discipline made
its ``\r`` a ``\n`` (``ICRNL``), which Textual reads as Ctrl+J. Before the first screen is up,
it is taken as the Enter it was."""


class KeysInTurn:
    """An app's keys, each sent on once the key before it has had its effect (see the module's
    docstring). The app's ``on_event`` hands every event to ``handle``."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.held: deque[events.Key] = deque()
        self.busy: int | None = FIRST_SCREEN
        """The number of the key in flight, if one is (``FIRST_SCREEN`` until the app's first
        screen is up: keys typed as the app starts wait for it, rather than going to a screen
        with nothing focused yet, which drops them)."""
        self._numbers = count(FIRST_SCREEN + 1)
        self._handler: EventHandler | None = None
        self._settling_on: MessagePump = app
        self._deadline: asyncio.TimerHandle | None = None

    async def handle(self, event: events.Event, handler: EventHandler) -> None:
        """``handler`` (Textual's ``App.on_event``) for ``event``, unless it is a key that must
        wait its turn."""
        self._handler = handler
        if isinstance(event, events.Mount):  # the app's own: its first screen is pushed
            await handler(event)
            self._hold(FIRST_SCREEN)
            self._settle(FIRST_SCREEN)
        elif not isinstance(event, events.Key) or event.is_forwarded:
            await handler(event)
        elif self.busy is not None:
            if self.busy == FIRST_SCREEN and event.key == TYPED_AHEAD_ENTER:
                event = events.Key("enter", "\r")
            self.held.append(event)
        else:
            await self._send(event, handler)

    async def _send(self, key: events.Key, handler: EventHandler) -> None:
        app = self.app
        target = app.focused or app.screen  # where Textual sends it, unless a priority binding
        await handler(key)
        if not key.is_forwarded or (isinstance(target, Input) and key.is_printable):
            return  # handled by the app at once, or a letter a field takes as it comes
        number = next(self._numbers)
        self._hold(number)
        self._follow(key, target, number)

    def _hold(self, number: int) -> None:
        """The keys after this one wait for it (``HOLD_AT_MOST`` at most)."""
        self.busy = number
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(HOLD_AT_MOST, _give_up, weakref.ref(self), number)

    def _follow(self, key: events.Key, node: MessagePump, number: int) -> None:
        """Once ``node`` has handled ``key``, follow it to where it bubbled."""
        if not node.call_later(self._passed, key, node, number):
            self._settle(number)  # gone, and the key with it

    def _passed(self, key: events.Key, node: MessagePump, number: int) -> None:
        parent = node._parent
        if parent is self.app:  # (a screen marks the key stopped as it hands it to the app)
            self.app.call_later(self._settle, number)  # after the app's bindings for it
        elif key._stop_propagation or parent is None or not node.is_parent_active:
            self._settle(number)
        else:
            self._follow(key, parent, number)

    def _settle(self, number: int) -> None:
        """The key has been handled: once the screen now current has taken what it was sent
        (composed, focused), the next key."""
        screen = self._screen()
        self._settling_on = screen
        if not screen.call_later(self.app.call_later, self._next, number):
            self.app.call_later(self._next, number)

    def _screen(self) -> MessagePump:
        try:
            return self.app.screen
        except ScreenStackError:  # the app is closing
            return self.app

    def give_up(self, number: int) -> None:
        """Key ``number`` has been held up too long: the keys after it go on."""
        if self.busy == number:
            self._settling_on = self._screen()  # as it is: no more waiting for another
            self.app.call_later(self._next, number)

    async def _next(self, number: int) -> None:
        if self.busy != number:
            return  # already given up on
        if self._screen() is not self._settling_on:  # another screen came meanwhile
            self._settle(number)
            return
        self.busy = None
        if self._deadline is not None:
            self._deadline.cancel()  # (it holds the app)
            self._deadline = None
        while self.held and self.busy is None and self._handler is not None:
            await self._send(self.held.popleft(), self._handler)


def _give_up(keys: weakref.ref[KeysInTurn], number: int) -> None:
    """``KeysInTurn.give_up``, unless its app is gone (a timer keeps no app alive)."""
    if (alive := keys()) is not None:
        alive.give_up(number)
