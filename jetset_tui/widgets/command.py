"""The command line: type an action in notation, Tab or → completes it, Enter plays it, and the
engine's objection appears right under it."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Input, Static

from engine import Action, NotationError
from engine.jetset.business_state import KIND
from engine.jetset.definition import JET_SET
from engine.jetset.notation import BUSINESS_VERBS, UNKNOWN_VERB, VERBS, Notation
from jetset_tui.i18n import N_, _
from jetset_tui.refusals import say
from jetset_tui.theme import BAD, DIM, GOOD
from jetset_tui.toasts import keep_toasts_above

UNDO_WORD = "undo"
DONE_KEPT: Final = 8.0
"""Seconds the line saying what the player's move did stays at least, once others move."""
"""Typed alone, takes back the newest move (not an action: the log never holds it)."""


class NotationSuggester(Suggester):
    """Completes a line to a legal action now; off turn, its last word from the board's codes.
    What the player typed stays as typed (case-sensitive, so Textual does not lower it)."""

    def __init__(
        self,
        lines: Callable[[], list[str]],
        words: Callable[[], list[str]],
        whole: Callable[[str], bool],
    ) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.lines = lines
        self.words = words
        self.whole = whole

    async def get_suggestion(self, value: str) -> str | None:
        return complete(value, self.lines(), self.words(), self.whole)


def complete(
    value: str,
    lines: list[str],
    words: list[str],
    whole: Callable[[str], bool] = lambda _line: False,
) -> str | None:
    """``value`` as typed, with the rest of the first legal line that extends it (any case; the
    rest in the case of the word being typed);
    with no legal lines now (another's turn), its last word completed from ``words`` (link
    names, card ids, city codes, verbs), unless the words before it already make an action
    (``whole``): never a line that cannot be played ("buy AMS-LON 1 1 extra")."""
    if not value.strip():
        return None
    low = value.casefold()
    head, _, last = value.rpartition(" ")
    for line in lines:
        if line.casefold().startswith(low) and len(line) > len(value):
            return value + in_case_of(last, line[len(value) :])
    if lines or not last or whole(head):
        return None
    for word in words:
        if word.casefold().startswith(last.casefold()) and len(word) > len(last):
            return value + in_case_of(last, word[len(last) :])
    return None


def in_case_of(typed: str, rest: str) -> str:
    """``rest`` in the case of the word the player is typing: ``ams-h`` goes on ``am 1``,
    ``AMS-H`` on ``AM 1``; a word of mixed case, or without letters, leaves it as it is."""
    if typed.islower():
        return rest.lower()
    if typed.isupper():
        return rest.upper()
    return rest


def parses(parse: Callable[[str], object], line: str) -> bool:
    """Whether ``parse`` takes ``line`` as a whole action (a game's notation parser)."""
    try:
        parse(line)
    except NotationError:
        return False
    return True


PATH_VERBS = ("claim", "final")
"""The verbs whose action is a card and the path that joins its cities (docs/notation.md)."""


def with_its_only_path(line: str, lines: list[str]) -> str | None:
    """``claim S1-21`` typed without its path, or ``claim cph-ham`` without its card: the one
    legal claim of that card, or along that path (either way round), when there is one only (a
    card of one airlink, one way through the seat's links, one card between those cities);
    ``None`` when there is none or there are several, which the player must choose among."""
    words = line.split()
    if len(words) != 2 or words[0].casefold() not in PATH_VERBS:
        return None
    verb, given = (word.casefold() for word in words)
    found = [legal for legal in lines if legal.casefold().startswith(f"{verb} {given} ")]
    if not found:
        found = [legal for legal in lines if is_claim_along(legal, verb, given)]
    return found[0] if len(found) == 1 else None


def is_claim_along(legal: str, verb: str, path: str) -> bool:
    """Whether the legal line ``legal`` is a ``verb`` along ``path`` (typed either way round)."""
    words = legal.casefold().split()
    if len(words) != 3 or words[0] != verb:
        return False
    cities = path.split("-")
    return words[2].split("-") in (cities, cities[::-1])


class CommandInput(Input):
    """An Input where Tab takes the completion instead of moving the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", N_("Complete"), show=False),  # in turn: key_order
        Binding("escape", "leave", N_("Leave the command line"), show=False),
    ]

    class Left(Message):
        """Esc: give the keys back to the game screen."""

    class NothingToAdd(Message):
        """Tab found nothing to complete the line with (the command line says so)."""

    async def action_complete(self) -> None:
        """Tab: the line as it is now, completed. Asked of the suggester here, not taken from
        the grey completion, which Textual's worker may not have brought for the letters just
        typed (keys in a burst, from a browser: ``buy MU`` and Tab became ``buy MAD-MIL 1U``);
        and bound without priority, so the field runs it in turn with its letters."""
        suggestion = self._suggestion
        if self.suggester is not None:
            suggestion = await self.suggester.get_suggestion(self.value) or ""
        if suggestion and suggestion != self.value:
            self.value = suggestion
            self.cursor_position = len(self.value)
        elif self.value.strip():  # a Tab that did nothing said nothing (a play test)
            self.post_message(self.NothingToAdd())

    def action_leave(self) -> None:
        self.post_message(self.Left())


class CommandLine(Vertical):
    """The typed way to act."""

    DEFAULT_CSS = """
    CommandLine { height: auto; }
    CommandLine CommandInput { height: 1; padding: 0 1; background: $boost; }
    CommandLine CommandInput:focus { background: $primary 20%; }
    CommandLine #command-result { height: auto; min-height: 1; max-height: 4; padding: 0 1; }
    """

    def on_resize(self) -> None:
        """A new height (the answer to a line takes up to four rows): the screen fits its
        other boxes to it (``Resized``; a play test's three-line answer kept its last line
        under the keys), and then has notices stack above it (``keep_toasts_above``)."""
        self.post_message(self.Resized())

    def keep_toasts_above(self) -> None:
        """Notices stack above this line, its words and the keys under it, not over them (a
        notice covered the first two lines of an answer): its height up from the foot of the
        column it closes (where it is once the boxes above it have given it room, which they
        may not have yet), and what is under that."""
        column = self.parent
        if self.is_attached and isinstance(column, Widget):
            below = self.screen.size.height - column.region.bottom
            keep_toasts_above(self.screen, max(0, below + self.outer_size.height))

    class Resized(Message):
        """The command line took another height: the boxes above it give or take rows."""

    class Typed(Message):
        """A line that parsed into an action; the screen submits it."""

        def __init__(self, action: Action, line: str) -> None:
            super().__init__()
            self.action = action
            self.line = line

    class UndoAsked(Message):
        """The line ``undo``: take back the newest move (the screen says whether it can)."""

    def __init__(
        self,
        notation: Notation,
        lines: Callable[[], list[str]],
        *,
        verbs: Sequence[str] = (*VERBS, *BUSINESS_VERBS),
        explain: Callable[[str], str | None] | None = None,
        id: str | None = None,
    ) -> None:
        """``verbs``: the players' verbs of the game on screen (``verbs_of`` its options), the
        words Tab completes and an unknown word's answer lists; ``explain``: the game's own
        answer to a line the notation does not read whole, where it has a better one (a claim
        typed without its path: what the card needs)."""
        super().__init__(id=id)
        self.notation = notation
        self.lines = lines
        self.explain = explain
        self.verbs = tuple(verbs)
        self._done_at: float | None = None  # when the result line said what the player's move did
        board = notation.board
        self.words = (
            list(self.verbs)
            + list(KIND)
            + [board.link_name(i) for i in range(len(board.links))]
            + list(board.cards)
            + [c.code for c in board.cities]
            + list(notation.distant.slot_named)
            + list(notation.distant.cards)
            + list(notation.distant.city_named)
        )

    def compose(self) -> ComposeResult:
        yield CommandInput(
            placeholder=_(": types an action, e.g. buy MIL-ROM 2 (Tab completes)"),
            suggester=NotationSuggester(self.lines, lambda: self.words, self.is_action),
            id="command-input",
            compact=True,
        )
        yield Static("", id="command-result", classes="-empty")

    def is_action(self, line: str) -> bool:
        """Whether ``line`` is a whole action in notation (legal now or not)."""
        return parses(self.notation.parse_action, line)

    @property
    def input(self) -> CommandInput:
        return self.query_one(CommandInput)

    def of_this_game(self, exc: NotationError) -> NotationError:
        """``exc``, an unknown word's listing only this game's verbs (the notation lists every
        module's: a base game's player was offered a dozen it never plays)."""
        if exc.template != UNKNOWN_VERB:
            return exc
        return NotationError(UNKNOWN_VERB, verb=exc.params["verb"], verbs=", ".join(self.verbs))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = event.value.strip()
        if not line:
            return
        if line.casefold() == UNDO_WORD:
            self.input.value = ""
            self.post_message(self.UndoAsked())
            return
        try:
            action = self.notation.parse_action(line)
        except NotationError as exc:
            whole = with_its_only_path(line, self.lines())
            if whole is None:
                better = self.explain(line) if self.explain is not None else None
                self.show_error(better or say(self.of_this_game(exc), JET_SET))
                return
            line, action = whole, self.notation.parse_action(whole)
        self.post_message(self.Typed(action, line))

    def on_command_input_nothing_to_add(self, event: CommandInput.NothingToAdd) -> None:
        event.stop()
        self.show_hint(_("Tab: no action goes on from what is typed"))

    def show_error(self, message: str) -> None:
        """Why not; while the line has the keys, how to give them back to the game (a browser
        play test's next keys went on into the line after a refusal, the footer gone)."""
        text = Text(f"✗ {message}", style=f"bold {BAD}")
        if self.input.has_focus:
            text.append("  " + _("Esc: back to the keys"), style=DIM)
        self.show(text)

    def show_done(self, line: str, note: str = "") -> None:
        """``line`` was played; ``note``: something the player should know about it."""
        self.input.value = ""
        text = Text(f"✓ {line}", style=GOOD)
        if note:
            text.append(f"  {note}", style=DIM)
        self.show(text)
        self._done_at = time.monotonic()

    def forget_done(self) -> None:
        """Someone else has moved since: the line that said what the player's move did goes (a
        host's "✓ income · pays €0" stayed through every other player's turn), once it has been
        there ``DONE_KEPT`` seconds (a bot answers at once: its note is still to be read)."""
        done_at = self._done_at
        if done_at is None:
            return
        left = DONE_KEPT - (time.monotonic() - done_at)
        if left > 0:  # armed on this widget's own loop turn: a networked game's entries come
            # from the peer's task, whose timers Textual never runs (the line stayed for good)
            self.call_later(self.set_timer, left, lambda: self.forget_done_of(done_at))
        else:
            self.forget_done_of(done_at)

    def forget_done_of(self, done_at: float) -> None:
        """The line said at ``done_at`` goes, unless something else has been said since."""
        if self._done_at == done_at:
            self.show(Text(""))

    def show_hint(self, message: str) -> None:
        self.show(Text(message, style=DIM))

    def show(self, text: Text) -> None:
        """``text`` under the command line (an amount is never cut from its €:
        ``keep_no_break_spaces``)."""
        result = self.query_one("#command-result", Static)
        result.update(text)
        result.set_class(not text.plain, "-empty")  # under 30 rows a picker takes its row
        self._done_at = None
