"""The line to say something in a chat (a table's, a lobby's): at most ``MAX_CHAT`` characters,
and the player is told when what they typed or pasted did not all fit.

Textual's ``Input`` refuses a paste longer than its ``max_length`` whole, and rings the bell
(on many terminals, nothing) for each key typed past it: a long paste was lost without a word.
Here a paste goes in as far as it fits and the rest is said to be left out, once."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from jetset_tui.i18n import N_, _
from jetset_tui.key_order import ClearOnSubmit
from netcode.protocol import MAX_CHAT


class ChatLine(ClearOnSubmit):
    """A chat's line: ``MAX_CHAT`` characters at most, a longer paste cut there and said so."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=MAX_CHAT, **kwargs)
        self.said_full = False
        """The player has been told that the line is full (till it has room again)."""

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


SAY_HINT = N_("t: say something; Esc: back")
"""A lobby's chat line, empty: how to reach it and how to leave it, in 27 cells at most (the
chat side's least, 30, less its border and padding: at 80x24 "Esc: bac" was cut)."""
SAY_HINT_CELLS = 27


class LobbySayLine(ChatLine):
    """A lobby's chat line, beside its games: it keeps the keys after Enter, as the table's
    chat does, and Esc gives them back to ``back_to`` (a selector on the screen). It gave them
    back at Enter once, and a play test's next words went to the lobby's keys: the ``w`` of
    "we start at noon" watched the player's own game."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"), show=False)]

    def __init__(self, *, back_to: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.back_to = back_to

    def action_back(self) -> None:
        if self.is_attached:  # an Esc typed ahead of a change of screen finds none to go back to
            for widget in self.screen.query(self.back_to):
                widget.focus()
