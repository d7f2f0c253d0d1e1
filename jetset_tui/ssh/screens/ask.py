"""The question an SSH player (or ``jetset join ssh://``'s) is asked before a game: a private
game's password, a seat's code; a wrong answer is said and asked again."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from jetset_tui.i18n import N_, _
from jetset_tui.key_order import ClearOnSubmit
from jetset_tui.ssh.seating import LobbyError, WrongSecret
from jetset_tui.workers import start_worker
from netcode.seatcode import CODE_LENGTH

PASSWORD_MAX = 128
CODE_INPUT_MAX = 2 * CODE_LENGTH
"""A seat's code, with room for the spaces or dashes someone may type in it."""
T = TypeVar("T")


class AskScreen(ModalScreen[T | None], Generic[T]):
    """One question with a one-line answer (a game's password, a seat's code): ``attempt`` tries
    the answer; a wrong one (``WrongSecret``) is said and asked again, any other refusal closes
    the question with a notice; what ``attempt`` gives is the screen's result."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"))]
    DEFAULT_CSS = """
    AskScreen { align: center middle; }
    AskScreen #ask { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    AskScreen Input, AskScreen Input:focus { height: 1; border: none; padding: 0 1; margin-top: 1; }
    AskScreen #ask-error { color: $error; height: auto; }
    """

    def __init__(
        self,
        question: str,
        attempt: Callable[[str], Awaitable[T]],
        *,
        secret: bool = False,
        max_length: int = PASSWORD_MAX,
        hint: str = "",
    ) -> None:
        super().__init__()
        self.question = question
        self.attempt = attempt
        self.secret = secret
        self.max_length = max_length
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Static(self.question)
            # focused once the screen is up; the key that opened the question is not its
            # answer, the keys typed after it are (the app holds them till then: key_order.py)
            yield ClearOnSubmit(
                placeholder=self.hint,
                password=self.secret,
                max_length=self.max_length,
                id="answer",
            )
            yield Static("", id="ask-error")

    @on(Input.Submitted)
    def answer(self, event: Input.Submitted) -> None:
        value = event.value  # the field emptied itself: keys typed after Enter stay in it
        if not value.strip():  # Enter alone is not an answer: nothing is sent
            self.query_one("#ask-error", Static).update(_("Type it, or Esc to go back."))
            return
        start_worker(self, partial(self.try_answer, value), exclusive=True)

    async def try_answer(self, value: str) -> None:
        try:
            result = await self.attempt(value)
        except WrongSecret as exc:
            self.query_one("#ask-error", Static).update(Text(str(exc)))
            return
        except LobbyError as exc:
            self.app.notify(str(exc), severity="error", markup=False)
            self.dismiss(None)
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)
