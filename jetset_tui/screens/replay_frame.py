"""The replay viewer's frame, for any game: a log looked at after any of its entries.

The frame knows no game. It holds the position and moves it: one entry, one turn, one round at a
time, to a move number, to the start or the end, to the start of the viewer's last turn, or on
by itself at a speed; it draws the status line, the log pane (each entry in the game's words,
with the table's notes at their place: what was said, a bot playing for someone) and the keys.
Each game's viewer is a screen built on it that answers the game's questions (``ReplayFrame``'s
abstract methods): how many entries, its table at the position, an entry as the viewer may see
it, where turns and rounds begin, who is to move, and its part of the status line.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import ClassVar, Final

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static

from engine.platform import CHANCE
from jetset_tui.abstract_screen import AbstractScreenMeta
from jetset_tui.i18n import N_, _
from jetset_tui.theme import DIM, Livery
from jetset_tui.widgets.footer import GiveWay, keys_of
from jetset_tui.widgets.log import EntryWords, NotationLog
from netcode.logfile import Note
from netcode.seatnames import names_now, names_then, renames_of

LOG_TAIL = 20
"""A jump rebuilds the log panel with at most this many entries before the position."""

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Auto-play speeds, in entries a second."""


def replay_bindings(*extra: BindingType) -> list[BindingType]:
    """Every viewer's keys, with a game's own ``extra`` keys after the steps (Jet Set's ``v``)."""
    return [
        Binding("right,l", "step(1)", N_("Step"), key_display="←→"),
        Binding("left,h", "step(-1)", N_("Back"), show=False),
        *extra,
        Binding("pageup", "scroll_table(-1)", N_("Scroll the table"), show=False),
        Binding("pagedown", "scroll_table(1)", N_("Scroll the table"), show=False),
        Binding("down,n", "turn(1)", N_("Turn"), key_display="↑↓"),
        Binding("up,p", "turn(-1)", N_("Prev turn"), show=False),
        Binding("]", "round(1)", N_("Round"), key_display="[]"),
        Binding("[", "round(-1)", N_("Prev round"), show=False),
        Binding("space", "autoplay", N_("Play/pause")),
        Binding("escape,q", "back", N_("Back")),
        Binding("home", "jump_start", N_("Start"), show=False),
        Binding("end", "jump_end", N_("End")),
        Binding("m", "my_turn", N_("My last turn")),
        Binding("g", "goto", N_("Go to")),
        Binding("plus,equals_sign", "speed(1)", N_("Speed"), key_display="+-"),
        Binding("minus", "speed(-1)", N_("Slower"), show=False),
    ]


VIEWER_OPTIONAL: Final = ("speed(1)", "goto", "my_turn", "jump_end")
"""The viewer's keys a narrow footer leaves out, first to last (F1 says every key)."""


def note_line(note: Note, names: Sequence[str], before: Sequence[str] = ()) -> Text | None:
    """A note as a dim line of the log pane (None: a note of a kind or shape not shown), the
    seats called ``names`` (a ``seat`` note: the seat's name ``before`` it). Chat is text
    from the network: appended as text, never read as markup."""
    fields = note.fields
    if note.kind == "chat":
        name, said = fields.get("name"), fields.get("text")
        if isinstance(name, str) and isinstance(said, str):
            return Text.assemble("  ", (name, "bold"), ": ", said, style=DIM)
        return None
    seat = fields.get("seat")
    if note.kind == "standin" and type(seat) is int and 0 <= seat < len(names):
        bot = fields.get("bot")  # ended: the player back, a newcomer in it, or no one left
        said = _("a bot plays for {name}") if bot else _("a bot no longer plays for {name}")
        return Text("  " + said.format(name=names[seat]), style=f"{DIM} italic")
    if note.kind == "clock" and type(seat) is int and 0 <= seat < len(names):
        said = _("the clock ran out: a bot decided for {name}").format(name=names[seat])
        return Text(f"  {said}", style=f"{DIM} italic")
    name = fields.get("name")
    if note.kind == "seat" and type(seat) is int and 0 <= seat < len(before) and name:
        said = _("{new} takes {old}'s seat").format(new=name, old=before[seat])
        return Text(f"  {said}", style=f"{DIM} italic")
    return None


def notes_by_place(notes: list[Note]) -> dict[int, list[Note]]:
    """The notes after each number of entries, in the order they were written."""
    places: dict[int, list[Note]] = {}
    for note in notes:
        places.setdefault(note.at, []).append(note)
    return places


class ReplayFrame(Screen[None], metaclass=AbstractScreenMeta):
    """A log, looked at entry by entry: the moving, the status line and the log pane.

    A game's viewer composes its table with ``log_pane()`` and ``goto_box()`` where it wants
    them, calls ``begin`` for each log it is given, and answers the questions below."""

    path: Path | None
    viewer: int | None
    names: list[str]
    liveries: list[Livery]
    words: EntryWords
    """How the game's entries read in the log pane (widgets/log.py)."""
    FOOTER_GIVES_WAY: ClassVar[tuple[GiveWay, ...]] = keys_of(*VIEWER_OPTIONAL)
    WHERE_APART: ClassVar[bool] = False
    """The game's part of the status line on a row of its own (``where_text``)."""

    def __init__(self, *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.speed = 2
        self._timer: Timer | None = None
        self.position = 0

    # -- what each game answers ---------------------------------------------------------------

    @property
    @abstractmethod
    def length(self) -> int:
        """How many entries the log holds."""

    @property
    @abstractmethod
    def revealed(self) -> bool:
        """Every seat's hidden cards may be shown (the log reveals its seed: the game ended)."""

    @abstractmethod
    def draw_table(self) -> None:
        """Draw the game's table as the viewer may see it after ``position`` entries."""

    @abstractmethod
    def entry_seen(self, index: int) -> tuple[object, int]:
        """Entry ``index`` as the viewer may see it, and its turn (0: none)."""

    @abstractmethod
    def turn_position(self, delta: int) -> int:
        """The start of the next turn (``delta`` 1) or of this or the previous one (-1)."""

    @abstractmethod
    def round_position(self, delta: int) -> int:
        """The same for rounds."""

    @abstractmethod
    def last_turn_of(self, seat: int) -> int | None:
        """The start of ``seat``'s latest turn begun before the position (None: none)."""

    @abstractmethod
    def player_to_move(self) -> int | None:
        """Who is to move at the position (after the end: who moved last), or None."""

    @abstractmethod
    def where_game(self, text: Text) -> None:
        """Append the game's part of the status line: its turn or round, what comes next."""

    # -- building -----------------------------------------------------------------------------

    def begin(
        self,
        path: Path | None,
        viewer: int | None,
        names: list[str],
        liveries: list[Livery],
        notes: list[Note],
    ) -> None:
        """Look at a new log (the position is set by ``go`` once mounted)."""
        self.path = path
        self.viewer = viewer
        self.renamed = renames_of(names, notes)
        self.names = names_now(names, self.renamed)  # at the end (who won)
        self.liveries = liveries
        self.notes = notes_by_place(notes)
        self.position = 0
        self._shown = 0
        self._log_empty = True
        self.stop_playing()
        if self.is_mounted:
            self.query_one(NotationLog).clear()

    def where_bar(self) -> Widget:
        """The status lines (``where_text``): a game's screen gives ``#where`` two rows."""
        return Static(id="where")

    def log_pane(self) -> Widget:
        return NotationLog(self.words, id="log")

    def goto_box(self) -> Widget:
        return Input(placeholder=self.goto_placeholder(), id="goto", disabled=True)

    def goto_placeholder(self) -> str:
        return _("go to move number, then Enter")

    def frame_widgets(self) -> Iterator[Widget]:
        """The log pane and the move-number box, in that order."""
        yield self.log_pane()
        yield self.goto_box()

    # -- moving -------------------------------------------------------------------------------

    def go(self, position: int) -> None:
        """Show the state after ``position`` entries."""
        self.position = max(0, min(position, self.length))
        self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_turn(self, delta: int) -> None:
        self.go(self.turn_position(delta))

    def action_round(self, delta: int) -> None:
        self.go(self.round_position(delta))

    def action_jump_start(self) -> None:
        self.go(0)

    def action_jump_end(self) -> None:
        self.go(self.length)

    def action_my_turn(self) -> None:
        """m: the start of the viewer's last turn; a spectator, who has none, goes to the last
        turn of the player to move (and is told so)."""
        seat = self.viewer if self.viewer is not None else self.player_to_move()
        if seat is None:
            self.notify(_("nobody has moved yet"))
            return
        start = self.last_turn_of(seat)
        if start is None:
            said = _("{name} has not moved yet").format(name=self.names[seat])
            self.notify(said, markup=False)
            return
        self.go(start)
        if self.viewer is None:
            said = _("you watch with no seat of your own: this is {name}'s last turn")
            self.notify(said.format(name=self.names[seat]), markup=False)

    def action_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.disabled = False
        box.add_class("-open")
        box.focus()

    @on(Input.Submitted, "#goto")
    def goto_submitted(self, event: Input.Submitted) -> None:
        self.close_goto()
        text = event.value.strip().lower()
        turn = text.removeprefix("t").strip()
        start = (
            self.turn_start(int(turn))
            if text[:1] == "t" and turn.isascii() and turn.isdigit()
            else None
        )
        if text.isascii() and text.isdigit():  # "²" is a digit, no number
            self.go(int(text))
        elif start is not None:
            self.go(start)
        else:
            self.notify(self.goto_hint(), severity="warning")

    def turn_start(self, turn: int) -> int | None:
        """The position before turn ``turn``'s first move, the number the log's lines start
        with (None: this game's log numbers no turns)."""
        return None

    def goto_hint(self) -> str:
        return _("type a move number")

    def close_goto(self) -> bool:
        """Close the move-number box; False if it was not open."""
        box = self.query_one("#goto", Input)
        if not box.has_class("-open"):
            return False
        box.remove_class("-open")
        box.value = ""
        box.disabled = True
        self.set_focus(None)
        return True

    def action_autoplay(self) -> None:
        if self._timer is not None:
            self.stop_playing()
        else:
            if self.position >= self.length:
                self.go(0)
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.show()

    def stop_playing(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.show()

    def _tick(self) -> None:
        if self.position >= self.length:
            self.stop_playing()
        self.go(self.position + 1)

    def action_back(self) -> None:
        if self.close_goto():
            return
        if len(self.app.screen_stack) > 1 and not self.opened_from_the_shell():
            self.app.pop_screen()
        else:
            self.app.exit()

    def opened_from_the_shell(self) -> bool:
        """``jetset replay FILE``: leaving the viewer ends the program, as it began there."""
        return getattr(self.app, "launch_replay", None) is not None

    # -- drawing ------------------------------------------------------------------------------

    def show(self) -> None:
        with self.app.batch_update():
            self.query_one("#where", Static).update(self.where_text())
            self.draw_table()
            self.show_log()

    def show_log(self) -> None:
        """The log up to the position (rebuilt when stepping back), each entry followed by the
        notes written after it."""
        log = self.query_one(NotationLog)
        if self.position < self._shown or self.position - self._shown > LOG_TAIL:
            log.clear()
            self._log_empty = True
            self._shown = max(0, self.position - LOG_TAIL)
        lines = self.note_lines(0) if self._log_empty and self._shown == 0 else []
        self._log_empty = False
        for i in range(self._shown, self.position):
            lines.append(self.entry_line(log, i))
            lines += self.note_lines(i + 1)
            if i + 1 == self.length:
                lines += self.end_lines()
        if lines:
            log.write(lines)
        self._shown = self.position

    def entry_line(self, log: NotationLog, index: int) -> Text:
        """The log pane's line for entry ``index`` (a game may add to it)."""
        entry, turn = self.entry_seen(index)
        return log.line(entry, turn, self.names_at(index), self.liveries)

    def names_at(self, index: int) -> list[str]:
        """The seats' names as entry ``index`` was made (a seat given away and taken later by
        who played it then: the ``seat`` notes, docs/log-format.md)."""
        return names_then(self.names, self.renamed, index) if self.renamed else self.names

    def end_lines(self) -> list[Text]:
        """The log pane's lines after a log's last entry (a game's screen may tell its end
        there, where a long reason wraps: the status line has one row for it)."""
        return []

    def note_lines(self, at: int) -> list[Text]:
        """The lines of the notes written after ``at`` entries."""
        names, before = self.names_at(at), self.names_at(at - 1)
        notes = self.notes.get(at, ())
        taken = {n.fields.get("seat") for n in notes if n.kind == "seat"}
        lines = (
            note_line(note, names, before)
            for note in notes
            if not (
                note.kind == "standin"
                and not note.fields.get("bot")
                and note.fields.get("seat") in taken
            )
        )  # a stand-in that ends as someone takes the seat: "takes … seat" says it
        return [line for line in lines if line is not None]

    def actor_name(self, actor: int) -> str:
        """A seat's name at the position, or the dealer's."""
        return _("dealer") if actor == CHANCE else self.names_at(self.position)[actor]

    def where_text(self) -> Text:
        """The status line: the file, the move, the viewer and the speed, and the game's part
        (a turn, what comes next, how it ended): on a line of its own under them where the
        game says ``WHERE_APART`` (its ``#where`` two rows high), a line of 80 columns."""
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("▶ " + _("REPLAY") + " ", style="bold")
        if self.path is not None:
            text.append(f"{self.path.name}  ", style=DIM)
        # a step is any entry, the dealer's too (the Load list counts only the players' moves)
        move = _("step {n}/{total}").format(n=self.position, total=self.length)
        text.append(f"{move}  ", style="bold")
        if not self.WHERE_APART:
            self.where_game(text)
        if self.viewer is None:
            viewer = _("spectator")
        else:
            viewer = _("as {name}").format(name=self.names[self.viewer])
        text.append(f"[{viewer}]  ")
        playing = _("playing") if self._timer is not None else _("paused")
        text.append(f"{playing} {SPEEDS[self.speed]:g}/s", style=DIM)
        if self.WHERE_APART:
            text.append("\n")
            self.where_game(text)
            text.rstrip()
        return text
