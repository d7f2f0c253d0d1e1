"""Jet Set's replay viewer: the same map and panels as a live game, after any entry of a log.

Built on the replay frame (screens/replay_frame.py, every game's keys and log pane); this module
answers its questions for Jet Set.

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
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from engine import Entry, redact
from engine.jetset.notation import Notation
from engine.jetset.rules.hubs import seat_in_turn
from engine.jetset.state import State
from jetset_tui.describe import (
    card_text,
    describe_action,
    log_words,
    money_note,
    seat_badge,
    with_money,
)
from jetset_tui.i18n import _, ngettext
from jetset_tui.screens.map_and_table import TABLE_KEYS, MapAndTableScreen
from jetset_tui.screens.replay_frame import ReplayFrame, replay_bindings
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, Livery, livery_for
from jetset_tui.timeline import Timeline
from jetset_tui.vacation_note import vacation_came_up, vacation_note
from jetset_tui.widgets.distant import BoardsPanel
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap
from jetset_tui.widgets.players import PlayersPanel
from jetset_tui.widgets.rows import RowsPanel
from jetset_tui.widgets.too_small import TooSmall
from jetset_tui.widgets.turn_bar import end_reason_short, end_reason_text


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


def table_panels() -> ComposeResult:
    """The players, the rows and the Final Flights: beside the map, or in its place when slim."""
    yield PlayersPanel()
    yield RowsPanel()
    yield Static(classes="finals")
    yield BoardsPanel()


class ReplayScreen(MapAndTableScreen, ReplayFrame):
    """A Jet Set log, looked at entry by entry, on the map and the table's panels."""

    DEFAULT_CSS = """
    ReplayScreen #where { height: 2; padding: 0 1; background: $panel; }
    ReplayScreen #table { height: 1fr; }
    ReplayScreen #left { width: 1fr; }
    ReplayScreen #right { width: 48; border-left: solid $panel-lighten-2; }
    /* room for the scrollbar always: a jump that makes the panel overflow, or stop
       overflowing, would otherwise lay it out and draw it twice */
    ReplayScreen #right { scrollbar-gutter: stable; }
    ReplayScreen.-narrow #right { width: 42; }
    ReplayScreen #log { height: 9; }
    ReplayScreen .finals { margin-top: 1; padding: 0 1; height: auto; }
    ReplayScreen RowsPanel, ReplayScreen BoardsPanel { margin-top: 1; }
    ReplayScreen.-low #log { height: 6; }
    ReplayScreen.-low RowsPanel, ReplayScreen.-low .finals, ReplayScreen.-low BoardsPanel {
        margin-top: 0;
    }
    ReplayScreen #goto { display: none; }
    ReplayScreen #goto.-open { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = replay_bindings(
        *TABLE_KEYS,
    )
    WHERE_APART = True  # what comes next in words ("next: dealer two Final Flights dealt …")

    def __init__(
        self,
        timeline: Timeline,
        path: Path | None = None,
        seat: int | None = None,
        *,
        from_start: bool = False,
    ) -> None:
        super().__init__()
        self.notation = Notation(timeline.game.board)
        self.words = log_words(self.notation)
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
        self._here: tuple[int, State] | None = None
        header = timeline.log.header
        names = [s.name for s in header.seats]
        self.kinds = [s.kind for s in header.seats]
        colours = [str(c) for c in header.meta.get("colours") or []]
        liveries = [livery_for(colours, i) for i in range(len(names))]
        self.begin(path, seat, names, liveries, timeline.log.notes)
        if self.is_mounted:
            self.go(self.start_position())

    def start_position(self) -> int:
        """A finished game opens on its end (unless asked to start at the start), one still
        running at its start."""
        return self.timeline.length if self.timeline.finished and not self.from_start else 0

    def compose(self) -> ComposeResult:
        yield self.where_bar()
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield EuropeMap(id="map")
                with VerticalScroll(id="stack", can_focus=False):
                    yield from table_panels()
                yield from self.frame_widgets()
            with VerticalScroll(id="right", can_focus=False):
                yield from table_panels()
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.set_focus(None)
        self.go(self.start_position())

    def redraw(self) -> None:
        self.show()

    # -- what the frame asks (screens/replay_frame.py) ---------------------------------------

    @property
    def length(self) -> int:
        return self.timeline.length

    @property
    def revealed(self) -> bool:
        """Every seat's cards may be shown: the game is over (and its log says so)."""
        return self.timeline.finished

    def state_here(self) -> State:
        """The state at the position, as the viewer may see it (kept for the status line and
        the table, drawn together)."""
        if self._here is None or self._here[0] != self.position:
            full = self.timeline.state_at(self.position)
            self._here = self.position, full if self.revealed else full.view(self.viewer)
        return self._here[1]

    def entry_line(self, log: NotationLog, index: int) -> Text:
        """The entry's line and who received or paid what with it."""
        line = super().entry_line(log, index)
        entry = self.timeline.entries[index]
        note = money_note(self.timeline.money_moved(index), entry, self.names_at(index))
        if vacation_came_up(self.timeline.game.board, entry):
            before, after = self.timeline.around(index)
            vacation = vacation_note(self.timeline.game.board, entry, before, after)
            note = " · ".join(part for part in (vacation, note) if part)
        return with_money(line, note)

    def turn_start(self, turn: int) -> int | None:
        """``g`` then ``t77``: before the first move of turn 77, as the log pane numbers its
        lines (the move numbers of ``g 77`` count every entry, the dealer's too)."""
        return self.timeline.start_of_turn(turn)

    def goto_hint(self) -> str:
        return _("type a move number, or t and a turn number as the log shows it (t12)")

    def goto_placeholder(self) -> str:
        return _("go to move number (t12: turn 12), then Enter")

    def entry_seen(self, index: int) -> tuple[object, int]:
        entry = self.timeline.entries[index]
        seen = entry if self.revealed else redact(entry, self.viewer)
        return seen, self.timeline.turns[index]

    def turn_position(self, delta: int) -> int:
        tl = self.timeline
        return tl.next_turn(self.position) if delta > 0 else tl.previous_turn(self.position)

    def round_position(self, delta: int) -> int:
        tl = self.timeline
        players = tl.game.state.players
        if delta > 0:
            return tl.next_turn(self.position, players)
        return tl.previous_turn(self.position, players)

    def last_turn_of(self, seat: int) -> int | None:
        return self.timeline.last_turn_of(seat, self.position)

    def player_to_move(self) -> int | None:
        """Who is to move at the position (after the end: who moved last), or None."""
        state = self.timeline.state_at(self.position)
        if not state.over and state.turn > 0:
            return seat_in_turn(state)
        actors = [e.actor for e in self.timeline.entries[: self.position] if e.actor >= 0]
        return actors[-1] if actors else None

    def draw_table(self) -> None:
        state = self.state_here()
        mover = None if state.over else seat_in_turn(state)
        names = self.names_at(self.position)
        table = TableView(state, names, self.kinds, self.liveries, self.viewer, mover)
        self.query_one(EuropeMap).show(state, self.liveries)
        self.title_log()
        panels = self.drawing()
        panels.query_one(PlayersPanel).show(table, compact=self.short)
        panels.query_one(RowsPanel).show(table)
        panels.query_one(".finals", Static).update(
            finals_text(state, names, self.liveries, self.viewer, self.revealed)
        )
        panels.query_one(BoardsPanel).show(table)

    def end_lines(self) -> list[Text]:
        """How the game ended, under its last entry: whole, however long the reason."""
        state = self.timeline.state_at(self.timeline.length)
        if not state.over:
            return []
        over = _("game over: {reason}").format(reason=end_reason_text(state.end_reason or ""))
        return [Text(f"  {over}", style="bold"), Text(f"  {self.won_text(state)}", style="bold")]

    def won_text(self, state: State) -> str:
        """Who won, with their points (the end screen's words): the replay's last line."""
        from engine.jetset.scoring import scores, winners

        won = winners(state)
        names = _(" and ").join(self.names[w] for w in won)
        points = scores(state)[won[0]].total
        if len(won) > 1:  # a tie in points and cash: shared
            return _("{names} share the win, {n} points each").format(names=names, n=points)
        said = ngettext("{names} wins with {n} point", "{names} wins with {n} points", points)
        return said.format(names=names, n=points)

    def where_game(self, text: Text) -> None:
        """The turn, and the next entry or how the game ended."""
        tl, state = self.timeline, self.state_here()
        text.append(_("turn {n}").format(n=state.turn) + "  ")
        if self.position < tl.length:
            nxt, _turn = self.entry_seen(self.position)
            assert isinstance(nxt, Entry)
            who = self.actor_name(nxt.actor)
            action = describe_action(self.notation, nxt.action, self.names_at(self.position))
            text.append(_("next: {who} {action}").format(who=who, action=action) + "  ", DIM)
        elif state.over:
            reason = end_reason_short(state.end_reason or "")  # whole, under the last move
            text.append(_("game over: {reason}").format(reason=reason), style="bold")
