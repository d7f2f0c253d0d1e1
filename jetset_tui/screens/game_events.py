"""The game screen following its game: each entry the client reports written to the log pane
(each seat named by who played it then; a move a bot made for a person marked), the notices a
move brings (a bot played for you, what a stand-in played while you were away, who took a seat
given away), chat, a move taken back; each event ends in one redraw (``sync``, which
``GameScreen`` draws). The layer the game screen is built on, over its advice and its moves."""

from __future__ import annotations

from textual.css.query import NoMatches

from engine import CHANCE
from engine.jetset.actions import EndTurn, Entry
from jetset_tui.describe import describe_action
from jetset_tui.frames import sync_in_one_frame
from jetset_tui.hurry import HurryNotice
from jetset_tui.i18n import _
from jetset_tui.refusals import problem_words
from jetset_tui.screens.game_advice import GameAdvice
from jetset_tui.screens.game_log import LogFollower
from jetset_tui.theme import Livery
from jetset_tui.toasts import AwayMoves, NoticeRun, bot_played_words
from jetset_tui.turn_bell import TurnBell
from jetset_tui.widgets.command import CommandLine
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.presence import OPEN_SEAT
from netcode.client import (
    ChatMessage,
    ClientEvent,
    EntryApplied,
    GameOver,
    PresenceChanged,
    Problem,
    TakenBack,
)
from netcode.seatkind import SeatKind
from netcode.seatnames import names_then


def ends_a_turn(action: object) -> bool:
    """Whether a Jet Set ``action`` only ends the turn (Business cards: ``done``): a bot's is
    no news to its player (``AwayMoves``)."""
    return isinstance(action, EndTurn)


class GameEvents(GameAdvice):
    """A game screen's following of its game (``GameScreen`` draws it)."""

    kinds: list[SeatKind]
    liveries: list[Livery]
    _log: LogFollower
    _bell: TurnBell
    _bot_moves: NoticeRun
    _away_moves: AwayMoves
    _hurry: HurryNotice
    _ended: bool
    _sync_pending: bool
    """The seats' kinds and liveries, what the log pane has written, the turn's bell, the
    notices of bots' moves, the hurry notice, whether the game ended and a redraw is on its way
    (``GameScreen.__init__`` says each)."""

    def sync(self) -> None:
        """Redraw everything from the replica. ``GameScreen`` defines it (``redraw``'s way:
        Textual's widget metaclass rules out ``abc.abstractmethod``)."""
        raise NotImplementedError(f"{type(self).__name__} draws its own table")

    def mark_bot_move(self, index: int, seat: int) -> None:
        """The log pane says beside entry ``index`` that a bot played it for ``seat``'s player
        then (in a seat given to this player, before they sat: for the one before, unnamed
        where this screen does not know them)."""
        self._log.bot_seats[index] = seat
        names = names_then(self.names, self.session.renamed(), index)
        name = names[seat] if seat < len(names) else "?"
        own = seat == self.viewer or (self.viewer is None and seat in self.session.local_seats)
        if own and index >= self.session.first_own_entry:
            self._log.mark_bot_move(index, None)
        elif own:  # before you sat: for who played it then, if the seats say (you, taken back)
            told = any(change.seat == seat for change in self.session.renamed())
            self._log.mark_bot_move(
                index, (None if name == self.names[seat] else name) if told else ""
            )
        else:
            self._log.mark_bot_move(index, name)

    def on_client_event(self, event: ClientEvent) -> None:
        if isinstance(event, EntryApplied):
            self._bell.arrived(event.index, event.live)
            entry, sent = event.entry, None if self._sent is None else self._sent.action
            viewer = self.viewer
            mine = sent is not None and viewer is not None and entry == Entry(viewer, sent)
            by_bot = isinstance(entry, Entry) and self.session.played_for(event, entry.actor)
            away = isinstance(entry, Entry) and self.session.played_while_away(event, entry.actor)
            if isinstance(entry, Entry) and event.bot:
                self.mark_bot_move(event.index, entry.actor)
            self.catch_up_log()
            if not mine and isinstance(entry, Entry) and entry.actor not in (viewer, CHANCE):
                self.query_one(CommandLine).forget_done()  # another player has moved since
            if mine:
                self.own_move_played()
                self._bot_moves.end()
            elif self.moved_here_before(event):
                self._away_moves.played_by_the_player()
            elif by_bot or away:
                if by_bot:  # what the picker, the advice and the typed line were for is made
                    self.close_picker()
                    self.close_advice()
                    self.clear_typed_line()
                move = describe_action(self.notation, entry.action, self.names)  # as the log
                if away:
                    self._away_moves.played_by_a_bot(move, minor=ends_a_turn(entry.action))
                else:
                    self._bot_moves.say(self.app, bot_played_words(move))
            self._away_moves.say_once_caught_up(self.app, self._bot_moves, self.session.caught_up)
        elif isinstance(event, TakenBack):
            self.rewrite_log()
        elif isinstance(event, Problem):
            # the host's words as they came, in this peer's sentence (netcode.peer), in the player's
            self.notify(problem_words(event.message), severity="warning", markup=False)
        elif isinstance(event, GameOver):
            self._ended = True
        elif isinstance(event, ChatMessage):
            self.heard(event)
        elif isinstance(event, PresenceChanged):
            self._hurry.tell(self, self.session, self.names)
        if not self._sync_pending:
            self._sync_pending = True
            self.call_later(sync_in_one_frame, self.sync)

    def moved_here_before(self, event: EntryApplied) -> bool:
        """``event`` is one of this player's own moves of the past, caught up on (not a bot's
        for them)."""
        entry = event.entry
        seat = entry.actor if isinstance(entry, Entry) else None
        own = seat is not None and (seat == self.viewer or seat in self.session.local_seats)
        return own and not event.live and not event.bot

    def catch_up_log(self) -> None:
        self.follow_seats()  # a deal names its seat: the names may have arrived just now
        try:
            log = self.query_one(NotationLog)
        except NoMatches:  # the screen is going (CI's fuzzed keys closed it as it mounted)
            return
        renamed = self.session.renamed()
        if renamed != self._log.renamed:  # who played each seat then: the bots' marks anew
            for index, seat in list(self._log.bot_seats.items()):
                self.mark_bot_move(index, seat)
        self._log.catch_up(log, self.session.game, self.names, self.liveries, renamed)

    def rewrite_log(self) -> None:
        """A move was taken back: the log pane again from the first entry."""
        self.close_picker()
        self._log.start_over(self.query_one(NotationLog))
        self.catch_up_log()

    def follow_seats(self) -> None:
        """Names and kinds can change after the screen was built (a network peer's seat list
        arrives, a bot stands in for a dropped player); every event ends in a ``sync``."""
        seats = self.session.seats
        if len(seats) == len(self.names):
            names = [s.name or self.names[i] for i, s in enumerate(seats)]
            if self.session.game.entries:  # a seat given away, taken: say who plays it now
                for seat, (old, new) in enumerate(zip(self.names, names, strict=True)):
                    if old == new or old == _(OPEN_SEAT):
                        continue
                    if seat in self.session.local_seats:  # the newcomer's own screen
                        said = _("You take {old}'s seat").format(old=old)
                    else:
                        said = _("{new} takes {old}'s seat").format(new=new, old=old)
                    self.notify(said, markup=False)
            self.names = names
            self.kinds = [s.kind for s in seats]

    def heard(self, message: ChatMessage) -> None:
        """A new chat line: a short notification unless the chat is open."""
        from jetset_tui.screens.chat import ChatScreen, notify_chat

        if not isinstance(self.app.screen, ChatScreen):
            notify_chat(self.app, message)

    def clear_typed_line(self) -> None:
        """A line half-typed for the decision a bot just made for you goes: Enter would have
        sent it to the next one (the turn may stay yours after a refill)."""
        command = self.query_one(CommandLine)
        if command.input.value:  # the notice says what the bot played; the keys are the game's
            command.input.value = ""  # again (a fix's check's next i typed "income" there)
            self.focus_next_free()
