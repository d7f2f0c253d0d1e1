"""The line to say something in a chat (a table's, a lobby's): at most ``MAX_CHAT`` characters,
and the player is told when what they typed or pasted did not all fit.

Textual's ``Input`` refuses a paste longer than its ``max_length`` whole, and rings the bell
(on many terminals, nothing) for each key typed past it: a long paste was lost without a word.
Here a paste goes in as far as it fits and the rest is said to be left out, once."""

from __future__ import annotations

from typing import Any

from jetset_tui.i18n import _
from jetset_tui.key_order import ClearOnSubmit
from netcode.protocol import MAX_CHAT


class ChatLine(ClearOnSubmit):
    """A chat's line: ``MAX_CHAT`` characters at most, a longer paste cut there and said so."""

    def __init__(self, *, focus_after: str | None = None, **kwargs: Any) -> None:
        super().__init__(max_length=MAX_CHAT, **kwargs)
        self.said_full = False
        """The player has been told that the line is full (till it has room again)."""
        self.focus_after = focus_after
        """The widget (a selector on the screen) that has the keys once a line is sent: moved
        as Enter is handled, in turn with the keys (``key_order``). A screen that moved it on
        ``Input.Submitted`` did so after the next key, whose ``t`` had come back to this line:
        the letters after it went to the lobby's keys (``i``, its language)."""

    async def action_submit(self) -> None:
        await super().action_submit()
        if self.focus_after is not None:
            self.screen.query_one(self.focus_after).focus()

    def replace(self, text: str, start: int, end: int) -> None:
        room = MAX_CHAT - (len(self.value) - max(0, min(len(self.value), end) - start))
        if len(text) > room:
            text = text[: max(0, room)]
            self.say_full()
        if text or start != end:
            super().replace(text, start, end)

    def restricted(self) -> None:
        """A key typed into a full line."""
        self.say_full()

    def say_full(self) -> None:
        if not self.said_full:
            self.said_full = True
            self.notify(full_words(), severity="warning", timeout=5)

    def watch_value(self, value: str) -> None:
        if len(value) < MAX_CHAT:
            self.said_full = False


def full_words() -> str:
    return _("A message is at most {n} characters: the rest was left out.").format(n=MAX_CHAT)
