"""The replay viewer: the same map and panels as a live game, after any entry of a log.

Step one entry, one turn or one round at a time, jump to any entry, to the start or the end, or
to the start of the viewer's last turn, and let it play itself. Until the game has ended the
viewer sees only what its seat may know (a spectator sees no Final Flights); after the end,
every seat's Final Flights are shown. The log pane shows the table's notes at their place
among the entries: what was said (dim) and when a bot played for someone.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Input, Static

from engine import CHANCE, redact
from engine.jetset.notation import Notation
from engine.jetset.rules.hubs import seat_in_turn
from engine.jetset.state import State
from jetset_tui.breakpoints import breakpoint_classes
from jetset_tui.describe import card_text, seat_badge
from jetset_tui.i18n import N_, _
from jetset_tui.screens.map_and_table import MapAndTableScreen
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, Livery, livery_for
from jetset_tui.timeline import Timeline
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap
from jetset_tui.widgets.players import PlayersPanel
from jetset_tui.widgets.rows import RowsPanel
from jetset_tui.widgets.too_small import TooSmall
from jetset_tui.widgets.turn_bar import end_reason_text
from netcode.logfile import Note

LOG_TAIL = 20
"""A jump rebuilds the log panel with at most this many entries before the position."""

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Auto-play speeds, in entries a second."""


def finals_text(
    state: State, names: list[str], liveries: list[Livery], viewer: int | None, revealed: bool
) -> Text:
    """Every seat's Final Flights once the game is over; before that only the viewer's."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(_("Final Flights"), style="bold underline")
    text.append("  " + (_("revealed") if revealed else _("secret")) + "\n", style=DIM)
    for seat, st in enumerate(state.seats):
        if not revealed and seat != viewer and st.final is None:
            continue
        text.append_text(seat_badge(liveries[seat], names[seat]))
        if st.final is not None:
            text.append("  " + _("played {card}").format(card=card_text(state.board, st.final)))
            text.append("\n")
        elif st.hand:
            for card in st.hand:
                text.append(f"\n   {card_text(state.board, card)}")
            text.append("\n")
        else:
            text.append("  —\n", style=DIM)
    return text


def note_line(note: Note, names: list[str]) -> Text | None:
    """A note as a dim line of the log pane (None: a note of a kind or shape not shown). Chat
    is text from the network: appended as text, never read as markup."""
    fields = note.fields
    if note.kind == "chat":
        name, said = fields.get("name"), fields.get("text")
        if isinstance(name, str) and isinstance(said, str):
            return Text.assemble("  ", (name, "bold"), ": ", said, style=DIM)
        return None
    seat = fields.get("seat")
    if note.kind == "standin" and type(seat) is int and 0 <= seat < len(names):
        bot = fields.get("bot")
        said = _("a bot plays for {name}") if bot else _("{name} is back")
        return Text("  " + said.format(name=names[seat]), style=f"{DIM} italic")
    if note.kind == "clock" and type(seat) is int and 0 <= seat < len(names):
        said = _("the clock ran out: a bot decided for {name}").format(name=names[seat])
        return Text(f"  {said}", style=f"{DIM} italic")
    return None


def notes_by_place(notes: list[Note]) -> dict[int, list[Note]]:
    """The notes after each number of entries, in the order they were written."""
    places: dict[int, list[Note]] = {}
    for note in notes:
        places.setdefault(note.at, []).append(note)
    return places


def table_panels() -> ComposeResult:
    """The players, the rows and the Final Flights: beside the map, or in its place when slim."""
    yield PlayersPanel()
    yield RowsPanel()
    yield Static(classes="finals")


class ReplayScreen(MapAndTableScreen):
    """A log, looked at entry by entry."""

    DEFAULT_CSS = """
    ReplayScreen #where { height: 1; padding: 0 1; background: $panel; }
    ReplayScreen #table { height: 1fr; }
    ReplayScreen #left { width: 1fr; }
    ReplayScreen #right { width: 48; border-left: solid $panel-lighten-2; }
    /* room for the scrollbar always: a jump that makes the panel overflow, or stop
       overflowing, would otherwise lay it out and draw it twice */
    ReplayScreen #right { scrollbar-gutter: stable; }
    ReplayScreen.-narrow #right { width: 42; }
    ReplayScreen #log { height: 9; }
    ReplayScreen .finals { margin-top: 1; padding: 0 1; height: auto; }
    ReplayScreen RowsPanel { margin-top: 1; }
    ReplayScreen.-low #log { height: 6; }
    ReplayScreen.-low RowsPanel, ReplayScreen.-low .finals { margin-top: 0; }
    ReplayScreen #goto { display: none; }
    ReplayScreen #goto.-open { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", N_("Next")),
        Binding("left,h", "step(-1)", N_("Back")),
        Binding("v", "table", N_("Table")),
        Binding("pageup", "scroll_table(-1)", N_("Scroll the table"), show=False),
        Binding("pagedown", "scroll_table(1)", N_("Scroll the table"), show=False),
        Binding("down,n", "turn(1)", N_("Next turn")),
        Binding("up,p", "turn(-1)", N_("Prev turn")),
        Binding("]", "round(1)", N_("Next round"), key_display="]"),
        Binding("[", "round(-1)", N_("Prev round"), key_display="["),
        Binding("home", "jump_start", N_("Start"), show=False),
        Binding("end", "jump_end", N_("End")),
        Binding("m", "my_turn", N_("My last turn")),
        Binding("g", "goto", N_("Go to")),
        Binding("space", "autoplay", N_("Play/pause")),
        Binding("plus,equals_sign", "speed(1)", N_("Faster"), key_display="+"),
        Binding("minus", "speed(-1)", N_("Slower"), key_display="-"),
        Binding("escape,q", "back", N_("Back")),
    ]

    def __init__(
        self,
        timeline: Timeline,
        path: Path | None = None,
        seat: int | None = None,
        *,
        from_start: bool = False,
    ) -> None:
        super().__init__()
        self.add_class(*breakpoint_classes(self.app), update=False)
        self.speed = 2
        self._timer: Timer | None = None
        self.notation = Notation(timeline.game.board)
        self.load(timeline, path, seat, from_start=from_start)

    def load(
        self,
        timeline: Timeline,
        path: Path | None = None,
        seat: int | None = None,
        *,
        from_start: bool = False,
    ) -> None:
        """Look at another log (the app keeps one viewer and reuses it: building a screen is the
        slow part of opening a log). ``from_start``: open on the first move, finished or not."""
        self.timeline = timeline
        self.from_start = from_start
        self.path = path
        header = timeline.log.header
        self.viewer = seat
        self.names = [s.name for s in header.seats]
        self.kinds = [s.kind for s in header.seats]
        colours = [str(c) for c in header.meta.get("colours") or []]
        self.liveries = [livery_for(colours, i) for i in range(len(self.names))]
        self.notes = notes_by_place(timeline.log.notes)
        self.position = 0
        self._shown = 0
        self._log_empty = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.is_mounted:
            self.query_one(NotationLog).clear()
            self.go(self.start_position())

    def start_position(self) -> int:
        """A finished game opens on its end (unless asked to start at the start), one still
        running at its start."""
        return self.timeline.length if self.timeline.finished and not self.from_start else 0

    def compose(self) -> ComposeResult:
        yield Static(id="where")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield EuropeMap(id="map")
                with VerticalScroll(id="stack", can_focus=False):
                    yield from table_panels()
                yield NotationLog(self.notation, id="log")
                yield Input(
                    placeholder=_("go to move number, then Enter"), id="goto", disabled=True
                )
            with VerticalScroll(id="right", can_focus=False):
                yield from table_panels()
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.set_focus(None)
        self.go(self.start_position())

    # -- moving -----------------------------------------------------------------------------

    def go(self, position: int) -> None:
        """Show the state after ``position`` entries."""
        self.position = max(0, min(position, self.timeline.length))
        self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_turn(self, delta: int) -> None:
        tl = self.timeline
        self.go(tl.next_turn(self.position) if delta > 0 else tl.previous_turn(self.position))

    def action_round(self, delta: int) -> None:
        tl = self.timeline
        players = tl.game.state.players
        if delta > 0:
            self.go(tl.next_turn(self.position, players))
        else:
            self.go(tl.previous_turn(self.position, players))

    def action_jump_start(self) -> None:
        self.go(0)

    def action_jump_end(self) -> None:
        self.go(self.timeline.length)

    def action_my_turn(self) -> None:
        """m: the start of the viewer's last turn; a spectator, who has none, goes to the last
        turn of the player to move (and is told so)."""
        seat = self.viewer if self.viewer is not None else self.player_to_move()
        if seat is None:
            self.notify(_("nobody has moved yet"))
            return
        start = self.timeline.last_turn_of(seat, self.position)
        if start is None:
            said = _("{name} has not moved yet").format(name=self.names[seat])
            self.notify(said, markup=False)
            return
        self.go(start)
        if self.viewer is None:
            said = _("you watch with no seat of your own: this is {name}'s last turn")
            self.notify(said.format(name=self.names[seat]), markup=False)

    def player_to_move(self) -> int | None:
        """Who is to move at the position (after the end: who moved last), or None."""
        state = self.timeline.state_at(self.position)
        if not state.over and state.turn > 0:
            return seat_in_turn(state)
        actors = [e.actor for e in self.timeline.entries[: self.position] if e.actor >= 0]
        return actors[-1] if actors else None

    def action_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.disabled = False
        box.add_class("-open")
        box.focus()

    @on(Input.Submitted, "#goto")
    def goto_submitted(self, event: Input.Submitted) -> None:
        box = self.query_one("#goto", Input)
        box.remove_class("-open")
        box.value = ""
        box.disabled = True
        self.set_focus(None)
        text = event.value.strip()
        if text.isdigit():
            self.go(int(text))
        else:
            self.notify(_("type a move number"), severity="warning")

    def action_autoplay(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        else:
            if self.position >= self.timeline.length:
                self.go(0)
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.show()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.show()

    def _tick(self) -> None:
        if self.position >= self.timeline.length and self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.go(self.position + 1)

    def redraw(self) -> None:
        self.show()

    def action_back(self) -> None:
        box = self.query_one("#goto", Input)
        if box.has_class("-open"):
            box.remove_class("-open")
            box.disabled = True
            self.set_focus(None)
            return
        if len(self.app.screen_stack) > 1 and not self.opened_from_the_shell():
            self.app.pop_screen()
        else:
            self.app.exit()

    def opened_from_the_shell(self) -> bool:
        """``jetset replay FILE``: leaving the viewer ends the program, as it began there."""
        return getattr(self.app, "launch_replay", None) is not None

    # -- drawing ----------------------------------------------------------------------------

    @property
    def revealed(self) -> bool:
        """Every seat's cards may be shown: the game is over (and its log says so)."""
        return self.timeline.finished

    def show(self) -> None:
        with self.app.batch_update():
            self._show()

    def _show(self) -> None:
        tl = self.timeline
        full = tl.state_at(self.position)
        state = full if self.revealed else full.view(self.viewer)
        mover = None if state.over else seat_in_turn(state)
        table = TableView(state, self.names, self.kinds, self.liveries, self.viewer, mover)
        self.query_one("#where", Static).update(self.where_text(state))
        self.query_one(EuropeMap).show(state, self.liveries)
        panels = self.drawing()
        panels.query_one(PlayersPanel).show(table, compact=self.short)
        panels.query_one(RowsPanel).show(table)
        panels.query_one(".finals", Static).update(
            finals_text(state, self.names, self.liveries, self.viewer, self.revealed)
        )
        self.show_log()

    def show_log(self) -> None:
        """The log up to the position (rebuilt when stepping back), each entry followed by the
        notes written after it."""
        log = self.query_one(NotationLog)
        if self.position < self._shown or self.position - self._shown > LOG_TAIL:
            log.clear()
            self._log_empty = True
            self._shown = max(0, self.position - LOG_TAIL)
        tl = self.timeline
        lines = self.note_lines(0) if self._log_empty and self._shown == 0 else []
        self._log_empty = False
        for i in range(self._shown, self.position):
            entry = tl.entries[i]
            if not self.revealed:
                entry = redact(entry, self.viewer)
            lines.append(log.line(entry, tl.turns[i], self.names, self.liveries))
            lines += self.note_lines(i + 1)
        if lines:
            log.write(lines)
        self._shown = self.position

    def note_lines(self, at: int) -> list[Text]:
        """The lines of the notes written after ``at`` entries."""
        lines = (note_line(note, self.names) for note in self.notes.get(at, ()))
        return [line for line in lines if line is not None]

    def where_text(self, state: State) -> Text:
        tl = self.timeline
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("▶ " + _("REPLAY") + " ", style="bold")
        if self.path is not None:
            text.append(f"{self.path.name}  ", style=DIM)
        move = _("move {n}/{total}").format(n=self.position, total=tl.length)
        text.append(f"{move}  ", style="bold")
        text.append(_("turn {n}").format(n=state.turn) + "  ")
        if self.position < tl.length:
            nxt = tl.entries[self.position]
            if not self.revealed:
                nxt = redact(nxt, self.viewer)
            who = _("dealer") if nxt.actor == CHANCE else self.names[nxt.actor]
            action = self.notation.format_action(nxt.action)
            text.append(_("next: {who} {action}").format(who=who, action=action) + "  ", DIM)
        elif state.over:
            over = _("game over: {reason}").format(reason=end_reason_text(state.end_reason or ""))
            text.append(f"{over}  ", style="bold")
        if self.viewer is None:
            viewer = _("spectator")
        else:
            viewer = _("as {name}").format(name=self.names[self.viewer])
        text.append(f"[{viewer}]  ")
        playing = _("playing") if self._timer is not None else _("paused")
        text.append(f"{playing} {SPEEDS[self.speed]:g}/s", style=DIM)

        return text
