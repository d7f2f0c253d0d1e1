"""A move of the game screen's player: chosen with a key's guided picker (jetset_tui/actions.py)
or typed on the command line in notation, sent to the session in a worker (the host may hold it a
while, and the screen draws what it hears meanwhile), said played with the table's redraw when its
entry comes (``own_move_played``), or refused in the player's words; and the newest move taken
back (``action_undo``). ``GameScreen`` (jetset_tui/screens/game.py) is the table built on it:
the keys, following the game, and drawing it."""

from __future__ import annotations

from functools import partial

from textual import events, on
from textual.css.query import NoMatches

from engine import Action, EndVote, IllegalAction, Income, NotationError
from engine.jetset.notation import Notation
from engine.values import record
from jetset_tui.actions import stage_for
from jetset_tui.describe import describe_action
from jetset_tui.guided import NO_CARDS_INCOME
from jetset_tui.i18n import _
from jetset_tui.refusals import say
from jetset_tui.screens.map_and_table import MapAndTableScreen
from jetset_tui.undo import take_back, undo_seat
from jetset_tui.widgets.command import CommandInput, CommandLine
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap, Highlight
from jetset_tui.widgets.picker import ActionPicker
from jetset_tui.widgets.turn_bar import TurnBar
from jetset_tui.workers import start_worker
from netcode.client import GameClient

MAP_LEAST, LOW_LOG, LOG_LEAST, LOW_PICKER, PICKER_LEAST = 12, 6, 3, 9, 6
"""Under 30 rows: the map's least rows (EuropeMap's min-height), the log's and the picker's
(jetset.tcss) and their least (the log's border and two lines; the picker's heading, three
choices and its cost and verdict): ``fit_log``."""


@record
class SentMove:
    """A move of this screen's player on its way to the game (``GameScreen.submit``)."""

    action: Action
    note: str
    """What the command line adds once it is played (``income_note``)."""
    picked: bool
    """Chosen in the picker, which closes when it is played."""


class GameMoves(MapAndTableScreen):
    """The game screen's moves: opened in the picker or typed, sent, said played or refused,
    taken back (``GameScreen`` binds the keys and draws the table)."""

    session: GameClient
    viewer: int | None
    notation: Notation
    names: list[str]
    _moving: bool
    _sent: SentMove | None
    """The session, the seat whose view is shown, the notation, the names, whether a move is on
    its way and which (``GameScreen.__init__`` says each)."""

    def least_map_rows(self, rows: int) -> int:
        """The fewest rows the map gets in this window while the game is played, given the
        ``rows`` it has now: under 30 rows a picker opening takes the log's rows and more, and a
        turn bar of two lines one more. ``EuropeMap`` lays the map out at that height from the
        first (``steady_height``), so its cities stay put: a play test at 80x24 saw three
        layouts in a minute, and read a price against the wrong link."""
        if not self.has_class("-low") or self.has_class("-zoom"):
            return rows
        try:
            bar, log = self.query_one(TurnBar), self.query_one(NotationLog)
            picker = self.query_one(ActionPicker)
        except NoMatches:
            return rows
        less = max(0, 2 - max(1, bar.outer_size.height))
        if not picker.is_open and log.display:
            opened = picker.styles.height  # as ``fit_log`` gives it
            opened_rows = int(opened.value) if opened is not None else LOW_PICKER
            less += max(0, opened_rows - log.outer_size.height)
        return max(MAP_LEAST, rows - less)

    def fit_log(self) -> None:
        """Under 30 rows the log and the picker give up rows to the presence lines (five at
        most) and a turn bar of two lines, down to their least, so that the map keeps its
        least (12 rows) and the command line stays on the screen (jetset.tcss, "under 30
        rows"), as the table is laid out. Nothing while the screen goes (its boxes removed
        one by one: a command line shrinking to nothing asks for this too, and CI's SSH session
        then died looking for the picker)."""
        if not self.is_attached:
            return
        try:
            table, command = self.query_one("#table"), self.query_one(CommandLine)
            log, picker = self.query_one(NotationLog), self.query_one(ActionPicker)
        except NoMatches:
            return
        room = table.size.height - MAP_LEAST - command.outer_size.height
        low = self.has_class("-low")
        for widget, most, least in (
            (log, LOW_LOG, LOG_LEAST),
            (picker, LOW_PICKER, PICKER_LEAST),
        ):
            if not low:
                if widget.styles.inline.has_rule("height"):
                    widget.styles.clear_rule("height")  # the breakpoint's own height
                    widget.refresh(layout=True)
                continue
            height = max(least, min(most, room))
            if widget.styles.height is None or widget.styles.height.value != height:
                widget.styles.height = height
        # once laid out so, notices stack above where the command line then is
        self.call_after_refresh(command.keep_toasts_above)

    def fit_to_size(self) -> None:
        """A new size: the log and the picker fit it too (``fit_log``)."""
        super().fit_to_size()
        self.call_after_refresh(self.fit_log)

    def my_turn(self) -> bool:
        """A human at this keyboard is to move and the screen shows their view, and a move can
        still reach the host (not once the way back is gone for good: a fix's check opened the
        Buy picker after "the host serves another game there now", and Enter said "try
        again")."""
        mover = self.session.game.to_move()
        presence = self.session.presence
        if presence is not None and presence.gone:
            return False
        return mover is not None and mover == self.viewer and mover in self.session.local_seats

    def action_act(self, kind: str) -> None:
        """Open the guided picker for one kind of action."""
        if not self.my_turn() or self.viewer is None:
            return
        view = self.session.view(self.viewer)
        legal = self.session.game.legal_actions()
        stage = stage_for(kind, view, self.viewer, legal, self.names)
        command = self.query_one(CommandLine)
        if isinstance(stage, str):
            command.show_error(stage)
            return
        command.show_hint("")
        if self.has_class("-table"):  # the picker points at the map
            self.action_table()
        self.query_one(NotationLog).add_class("-hidden")
        self.add_class("-picking")  # under 30 rows the table's presence lines make way
        rules = self.session.game.rules
        self.query_one(ActionPicker).open(stage, view, self.viewer, rules, self.names)
        self.call_after_refresh(self.fit_log)

    def action_answer_end(self, accept: bool) -> None:
        """y or n: this player's answer to the offer to end the game, played meanwhile (as a
        typed move: the host may hold it while the game is paused)."""
        start_worker(self, partial(self.play_and_say, EndVote(accept)), group="moves")

    def action_command(self) -> None:
        self.close_picker()
        self.set_focus(self.query_one(CommandInput))  # at once: the next key typed is for it

    def on_key(self, event: events.Key) -> None:
        """A key typed ahead of a focus change (``:`` and the next letters, at once, right
        after a hot-seat hand-off) reaches the screen after the command line took the focus:
        it goes on to the command line rather than opening a picker or being lost."""
        command = self.query_one(CommandInput)
        if self.focused is command and event.is_printable and event.character:
            event.stop()  # the command line stops the keys it takes: these never came from it
            event.prevent_default()
            command.insert_text_at_cursor(event.character)

    async def action_undo(self) -> None:
        """z or Ctrl+Z (or typing ``undo``): take back your newest move (jetset_tui/undo.py)."""
        seat = undo_seat(self.session, self.viewer)
        done, said = await take_back(self.session, seat, self.names)
        command = self.query_one(CommandLine)
        if done:
            command.show_done(said)
        else:
            command.show_error(said)
        self.redraw()

    @on(CommandLine.Resized)
    def command_line_resized(self) -> None:
        """The log and the picker give the command line its rows (``fit_log``)."""
        self.call_after_refresh(self.fit_log)

    @on(CommandLine.UndoAsked)
    async def undo_typed(self) -> None:
        await self.action_undo()
        self.focus_next_free()

    def close_picker(self) -> None:
        picker = self.query_one(ActionPicker)
        if picker.is_open:
            picker.close()
        self.query_one(NotationLog).remove_class("-hidden")
        self.remove_class("-picking")
        self.call_after_refresh(self.fit_log)
        self.query_one(EuropeMap).highlight = Highlight()

    def point(self, highlight: Highlight) -> None:
        """What the picker points at, lit on the map (``ActionPicker.pointing``)."""
        self.query_one(EuropeMap).highlight = highlight

    @on(ActionPicker.Closed)
    def picker_closed(self) -> None:
        self.close_picker()
        self.focus_next_free()

    @on(CommandInput.Left)
    def command_left(self) -> None:
        """Esc: the line is dropped and the keys are the screen's again, as at Jet Lag's table
        (an advised move left there followed a play tester through three pickers)."""
        command = self.query_one(CommandLine)
        command.input.value = ""
        command.show_hint("")
        self.focus_next_free()

    def focus_next_free(self) -> None:
        """Give the keys back to the screen's bindings."""
        self.set_focus(None)

    @on(ActionPicker.Chosen)
    def picked(self, message: ActionPicker.Chosen) -> None:
        """Play the picked action meanwhile: the screen keeps drawing what the host says."""
        start_worker(self, partial(self.play_picked, message.action), group="moves")

    async def play_picked(self, action: Action) -> None:
        problem = await self.submit(action, picked=True)
        if problem:
            self.query_one(ActionPicker).refused(problem)

    @on(CommandLine.Typed)
    def typed(self, message: CommandLine.Typed) -> None:
        """Play the typed action meanwhile (as ``picked``)."""
        start_worker(self, partial(self.play_and_say, message.action), group="moves")

    async def play_and_say(self, action: Action) -> None:
        """Play a typed (or keyed) action; under the command line, what happened or why not."""
        problem = await self.submit(action)
        if problem:
            self.query_one(CommandLine).show_error(problem)

    def own_move_played(self) -> None:
        """The move sent is in the game: the picker closes and the command line says it, with
        the table's redraw (its entry's event), or once the session says it is done."""
        sent, self._sent = self._sent, None
        if sent is None:
            return
        if sent.picked:
            self.close_picker()
        self.focus_next_free()
        # in the log's words: a Business Deal's "offer 1 -" said a seat's number and a dash
        said = describe_action(self.notation, sent.action, self.names)
        self.query_one(CommandLine).show_done(said, sent.note)

    def income_note(self, action: Action) -> str:
        """Decision 18: income with no claimed card pays €0; a player doing it is told so."""
        if not isinstance(action, Income) or self.viewer is None:
            return ""
        return "" if self.session.game.state.seats[self.viewer].cards else _(NO_CARDS_INCOME)

    async def submit(self, action: Action, *, picked: bool = False) -> str | None:
        """Ask the session to play ``action`` (``picked``: from the picker, which closes once
        it is played); the engine's objection, or None when done."""
        if not self.my_turn() or self.viewer is None:
            return _("it is not your turn")
        if self._moving:
            return _("your last move is not played yet: wait for it")
        self._moving = True
        self._sent = SentMove(action, self.income_note(action), picked)
        try:
            await self.session.submit(self.viewer, action)
        except (IllegalAction, NotationError) as exc:
            self._sent = None
            return say(exc, self.session.rules, self.names)
        except (ConnectionError, EOFError):  # a network game whose host went away
            self._sent = None
            return _("the game's host is unreachable; try again")
        finally:
            self._moving = False
        self.own_move_played()  # if its entry's event has not done it
        return None
