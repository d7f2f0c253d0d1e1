"""The game screen: the map, the rows, the players, the log, and the two ways to act (a key's
picker or the command line: a move chosen, sent and said played is jetset_tui/screens/
game_moves.py; the game's events followed, the log pane written and the notices they bring,
jetset_tui/screens/game_events.py: the layers this screen is built on).

The screen talks to the game only through a ``GameClient``: it reads the replica, submits
actions for the seat whose turn it is at this keyboard, and redraws when the client reports an
entry. In a hot-seat game it hides the table behind a "pass to <name>" screen between humans.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget

from engine import CHANCE
from engine.jetset.notation import Notation, verbs_of
from engine.jetset.rules.turns import offer_pending
from jetset_tui import startup
from jetset_tui.actions import KIND_NAMED, action_bindings
from jetset_tui.describe import describe_action, log_words
from jetset_tui.guided import short_claim_refusal
from jetset_tui.hand_off import hand_off_reason
from jetset_tui.hurry import HurryNotice
from jetset_tui.i18n import N_, _
from jetset_tui.screens.game_events import GameEvents, ends_a_turn
from jetset_tui.screens.game_log import LogFollower
from jetset_tui.screens.game_moves import SentMove
from jetset_tui.screens.map_and_table import TABLE_KEYS
from jetset_tui.table import TableView
from jetset_tui.theme import Livery, livery_for
from jetset_tui.toasts import AwayMoves, NoticeRun
from jetset_tui.turn_bell import TurnBell
from jetset_tui.undo import UNDO_KEYS, take_back
from jetset_tui.widgets.command import CommandLine
from jetset_tui.widgets.footer import GiveWay, KeyFooter, keys_of, words_of
from jetset_tui.widgets.hand import HandPanel
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap
from jetset_tui.widgets.more_below import MoreBelow
from jetset_tui.widgets.picker import ActionPicker
from jetset_tui.widgets.presence import OPEN_SEAT, PresencePanel
from jetset_tui.widgets.too_small import TooSmall
from jetset_tui.widgets.turn_bar import TurnBar
from jetset_tui.workers import start_worker
from netcode.client import (
    GameClient,
)

if TYPE_CHECKING:
    from jetset_tui.screens.end import EndScreen
    from jetset_tui.widgets.panel import LinePanel
    from jetset_tui.widgets.players import PlayersPanel


def table_panels() -> list[Widget]:
    """The players, the rows, the hand and the Distant boards: beside the map, or in its place
    when slim (mounted after the first frame, and imported then: ``GameScreen.mount_table``)."""
    from jetset_tui.widgets.distant import BoardsPanel
    from jetset_tui.widgets.players import PlayersPanel
    from jetset_tui.widgets.rows import RowsPanel

    return [PlayersPanel(), RowsPanel(), HandPanel(), BoardsPanel()]


class GameScreen(GameEvents):
    """One game in progress."""

    LOG_TITLE: ClassVar[str] = N_("l: the whole log")

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        *action_bindings(),
        Binding("colon", "command", N_("Type"), key_display=":"),
        *TABLE_KEYS,
        Binding("t", "chat", N_("Chat")),
        Binding("pageup", "scroll_table(-1)", N_("Scroll the table"), show=False),
        # the table in the map's place (v under 100 columns) scrolls by rows too, and to its ends
        Binding("up", "scroll_table_rows(-1)", N_("Scroll the table"), show=False),
        Binding("down", "scroll_table_rows(1)", N_("Scroll the table"), show=False),
        Binding("home", "scroll_table_edge(False)", N_("Scroll the table"), show=False),
        Binding("end", "scroll_table_edge(True)", N_("Scroll the table"), show=False),
        Binding("pagedown", "scroll_table(1)", N_("Scroll the table"), show=False),
        Binding("h", "plan", N_("Hint")),  # the move to make: "Help" read as the rules (F1)
        Binding("l", "whole_log", N_("Log"), show=False),  # the log pane's title says it
        Binding(UNDO_KEYS, "undo", N_("Undo"), show=False),
        Binding("q", "leave", N_("Menu")),
        Binding("q", "leave_table", N_("Leave")),
        # the offer to end the game: the turn bar shows these keys while it is put to you
        Binding("y", "answer_end(True)", N_("End the game"), show=False),
        Binding("n", "answer_end(False)", N_("Play on"), show=False),
    ]
    COMPACT_FOOTER_LEAVES_OUT: ClassVar[frozenset[str]] = frozenset({"command"})
    """The command line says how to type an action (":"), so a narrow footer leaves it out."""
    FOOTER_GIVES_WAY: ClassVar[tuple[GiveWay, ...]] = (
        *words_of(
            KIND_NAMED["refill"].action,  # the turn bar says what e does while it is open
            "chat",
            *(KIND_NAMED[name].action for name in ("distant", "hub", "final", "investor")),
        ),
        *keys_of("help"),  # F1: h is Help, and F1 still opens the rules
        *words_of(
            "command",  # before the actions' words: "i  : Scrivi" read as Income gone
            "table",
            KIND_NAMED["business"].action,
            *(KIND_NAMED[name].action for name in ("income", "claim", "rent", "place", "buy")),
        ),
    )
    """With the expansion's modules a narrow footer cannot hold every word: keys then show
    alone, as few as make room, in this order, so that Help and Menu still show. The five
    actions of the base game keep their words the longest: two play tests at 80 columns found
    "c i d" bare (Claim, Income, Distant) the keys a new player could not read, where an
    earlier order took first the keys whose word starts with their letter."""
    FOOTER_LEAVES_OUT: frozenset[str] = frozenset()
    """At a table with chat, F1 (it still opens the rules), so that every key fits: 100 columns
    (the full footer) and 80 (the compact one)."""
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's, without its repaint of the whole screen: a focus change restyles the widgets
    it concerns (``Screen.set_focus``), and the keys return to the screen after every action."""

    def __init__(self, session: GameClient, colours: list[str] | None = None) -> None:
        super().__init__()
        self.session = session
        game = session.game
        self.notation = Notation(game.board)
        self.names = [s.name or _(OPEN_SEAT) for s in session.seats]
        self.kinds = [s.kind for s in session.seats]
        chosen = colours or []
        self.liveries: list[Livery] = [livery_for(chosen, i) for i in range(len(self.names))]
        humans = session.local_seats
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self._sync_pending = False
        self._passing = False
        self._log = LogFollower()
        """What the log pane has written, with the notes beside its entries."""
        self._ended = False
        self._moving = False  # a move sent and not yet played (the host has not said)
        self._sent: SentMove | None = None
        """The move on its way, and what the screen says once it is played: said in the same
        frame as the table's redraw (``own_move_played``), not a frame after it."""
        self._table_asked = False
        self._bell = TurnBell()
        """When the terminal's bell says it is your turn (jetset_tui/turn_bell.py)."""
        self._bot_moves = NoticeRun()
        """The moves a bot made for this player in a row, said in one notice."""
        self._away_moves = AwayMoves()
        self._hurry = HurryNotice()
        """Says who the hosting player puts on the clock (jetset_tui/hurry.py)."""
        self._handed = False
        """The session went to the end screen, which keeps it open (``EndFrame.keep_table``)."""
        self._end_shown = False
        self._session_opened = False
        self.table_ready = False
        self._crowded_at: Size | None = None
        """The size of the table panels at which three lines a player pushed your hand below
        the fold (``show_players``)."""
        """The whole table is mounted (``mount_table``): until then ``sync`` leaves it out."""
        if session.can_chat:
            self.FOOTER_LEAVES_OUT = frozenset({"help"})

    # -- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The first frame: the turn bar, the map, your hand, the log and the command line (all
        that sets the map's size); the rest of the table comes right after it (``mount_table``)."""
        yield TurnBar(id="turn-bar")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield EuropeMap(id="map")
                yield VerticalScroll(id="stack", can_focus=False)
                yield NotationLog(log_words(self.notation), id="log")
                yield ActionPicker(id="picker", pointing=self.point)
                verbs = verbs_of(self.session.game.options)
                command = CommandLine(
                    self.notation, self.legal_lines, verbs=verbs, explain=self.why_not, id="command"
                )
                command.display = bool(self.session.local_seats)  # a spectator types nothing
                yield command
            with VerticalScroll(id="right"):
                yield HandPanel()
                yield MoreBelow()
        yield KeyFooter()
        yield TooSmall()

    async def on_mount(self) -> None:
        self.title_log()
        self.session.add_listener(self.on_client_event)
        for index, seat in self.session.past_bot_moves().items():  # a resumed game's too
            self.mark_bot_move(index, seat)
        self.catch_up_log()
        entries = self.session.game.entries
        for index in self.session.away_so_far():  # caught up on before this screen listened
            action = entries[index].action
            move = describe_action(self.notation, action, self.names)
            self._away_moves.played_by_a_bot(move, minor=ends_a_turn(action))
        self._away_moves.say_once_caught_up(self.app, self._bot_moves, self.session.caught_up)
        if self.session.game.over:  # nothing to play: the end, once the session holds it all
            await self.open_session()
        else:  # the deal as the session holds it: the first frame says whose turn it is
            self.sync()

    async def open_session(self) -> None:
        """Start the session (a local game's host, its peers and bots, whose network code
        loads only now), then follow it. Once, after the first frame (``after_first_frame``)."""
        if self._session_opened or not self.is_attached:
            return
        self._session_opened = True
        await self.session.start()
        try:
            self.sync()
        except NoMatches:  # the app closed while the session started: nothing left to draw
            return
        # a player back in a seat already on the clock, or a spectator come meanwhile, is told
        # now: the presence that says so came before this screen listened (a play test)
        self._hurry.tell(self, self.session, self.names)
        self.set_interval(1.0, self.tick)

    def render(self) -> RenderableType:
        """The screen's background, drawn in every whole frame: after the first one is written
        (a callback posted while painting runs after it), the rest of the table is mounted.
        ``call_after_refresh`` may not wait for it: Textual runs such callbacks at once while
        an update is batched (as while an app starts), and paints nothing then."""
        if not self._table_asked:
            self._table_asked = True
            self.call_later(self.after_first_frame)
        return super().render()

    async def after_first_frame(self) -> None:
        """The rest of the table, then the session (``open_session``), in a task of its own:
        the keys typed meanwhile are not held up while its host and peers connect. The worker
        is given the method, not its coroutine: a screen closed before the worker starts
        leaves no coroutine that was never awaited."""
        startup.release()  # the collector runs again (jetset_tui/startup.py)
        await self.mount_table()
        start_worker(self, self.open_session, group="session")

    async def mount_table(self) -> None:
        """Once the first frame is on the screen: the players and the rows beside the map, the
        table in the map's column (shown when slim, ``v``), who is at a networked table."""
        if not self.is_attached:
            return
        await self.mount(PresencePanel(id="presence"), after="#turn-bar")
        await self.query_one("#stack").mount_all([*table_panels(), MoreBelow()])
        players, rows, _hand, boards = table_panels()
        right = self.query_one("#right")
        await right.mount_all([players, rows], before=0)
        await right.mount(boards)
        if self.is_attached:  # not closed meanwhile
            self.table_ready = True
            self.sync()

    async def on_unmount(self) -> None:
        self.session.remove_listener(self.on_client_event)
        if not self._handed:  # else the end screen closes it
            await self.session.close()

    # -- what the table looks like to the player at the keyboard ----------------------------

    def table(self) -> TableView:
        game = self.session.game
        mover = game.to_move()
        return TableView(
            state=self.session.view(self.viewer),
            names=self.names,
            kinds=self.kinds,
            liveries=self.liveries,
            viewer=self.viewer,
            mover=None if mover == CHANCE else mover,
            watching=not self.session.local_seats,
            away=self.away_seats(),
            given=self.given_seats(),
        )

    def away_seats(self) -> tuple[int, ...]:
        """The seats whose player has dropped, as the host last said."""
        presence = self.session.presence
        if presence is None:
            return ()
        return tuple(i for i, s in enumerate(presence.seats) if s.away is not None)

    def given_seats(self) -> tuple[int, ...]:
        """The seats their player gave away, which the next to join takes (a play test read
        "bob to move" and "bob away" of a seat the lobby listed as open)."""
        presence = self.session.presence
        if presence is None:
            return ()
        return tuple(i for i, s in enumerate(presence.seats) if s.open)

    def why_not(self, line: str) -> str | None:
        """The game's answer to a typed line that names no move now, where it has one (a claim
        typed without its path: what the card needs, ``guided.short_claim_refusal``)."""
        if not self.my_turn() or self.viewer is None:
            return None
        return short_claim_refusal(self.session.view(self.viewer), self.viewer, line)

    def legal_lines(self) -> list[str]:
        """The engine's legal actions now, in notation, for the command line's completion."""
        if not self.my_turn():
            return []
        return [self.notation.format_action(a) for a in self.session.game.legal_actions()]

    def sync(self) -> None:
        """Redraw everything from the replica; hand the keyboard over between humans."""
        self._sync_pending = False
        if not self.is_attached:
            return
        if self._ended or self.session.game.over:
            self.show_end()
            return
        self.follow_seats()
        self.follow_turn()
        if not self.my_turn() and self.query_one(ActionPicker).is_open:
            self.close_picker()  # the turn went on without it: the turn clock's bot moved
        if self._bell.follow(self.session, self.session.game.to_move(), self.my_turn()):
            self.app.bell()
        table = self.table()
        self.show_presence(table)
        self.query_one(EuropeMap).show(table.state, self.liveries)
        self.title_log()
        panels = self.drawing()
        if self.table_ready:
            from jetset_tui.widgets.distant import BoardsPanel
            from jetset_tui.widgets.players import PlayersPanel
            from jetset_tui.widgets.rows import RowsPanel

            rows, hand = panels.query_one(RowsPanel), panels.query_one(HandPanel)
            rows.show(table)
            hand.show(table)
            panels.query_one(BoardsPanel).show(table)
            self.show_players(panels, table, panels.query_one(PlayersPanel), [rows, hand])
        else:  # before ``mount_table``: the hand alone, beside the map
            for hand in panels.query(HandPanel):
                hand.show(table)
        self.refresh_bindings()
        self.call_after_refresh(self.follow_more_below)

    def show_players(
        self,
        panels: VerticalScroll,
        table: TableView,
        players: PlayersPanel,
        above: list[LinePanel],
    ) -> None:
        """Each player in three lines, or in two where rows are short or where three would put
        the end of your hand (``above``: the panels from the players down to it) below the fold;
        then in two until the window changes size, so the panel keeps its shape as cards come
        and go."""
        if self.short or self._crowded_at == panels.size:
            players.show(table, compact=True)
            return
        players.show(table)
        needed = sum(panel.rows + panel.styles.margin.top for panel in [players, *above])
        if needed > panels.size.height:
            self._crowded_at = panels.size
            players.show(table, compact=True)

    def show_presence(self, table: TableView) -> None:
        """The turn bar (with the turn clock) and who is at a networked table."""
        session = self.session
        presence = session.presence
        mover = table.mover
        clock = presence.clock(mover) if presence is not None and mover is not None else None
        paused = _(presence.paused) if presence is not None and presence.paused else None
        self.query_one(TurnBar).show(table, session.busy, clock, paused)
        if self.table_ready:
            self.query_one(PresencePanel).show(
                self.names,
                self.kinds,
                presence,
                session.hosting,
                watching=not session.local_seats,
            )
            self.call_after_refresh(self.fit_log)

    def tick(self) -> None:
        """Once a second: the countdowns move on (nothing to redraw when none runs)."""
        presence = self.session.presence
        if presence is None or not presence.counting or not self.is_attached:
            return
        if not self._ended and not self.session.game.over:
            self.show_presence(self.table())
            if self._bell.hurries(presence, self.session.game.to_move(), self.my_turn()):
                self.app.bell()

    def follow_turn(self) -> None:
        """When a different human at this keyboard is to move, pass the keyboard to them."""
        mover = self.session.game.to_move()
        humans = self.session.local_seats
        if mover is None or mover not in humans or mover == self.viewer or self._passing:
            return
        if len(humans) == 1:
            self.viewer = mover
            return
        from jetset_tui.screens.pass_turn import PassScreen

        last = self.viewer  # who moved last here: they may still take it back
        undoer = last if last is not None and self.session.undo_refusal(last) is None else None
        self.viewer = None
        self._passing = True
        self.close_picker()

        def handed_over(ready: bool) -> None:
            self._passing = False
            if ready is False and undoer is not None:  # z: the last player takes it back
                start_worker(self, partial(self.take_back_then_hand_over, undoer))
                return
            self.viewer = mover
            self.call_later(self.sync)

        undo_by = self.names[undoer] if undoer is not None else None
        secret = None
        if self.session.game.state.business is not None:  # a hand of Business cards too
            secret = _(
                "Everyone else, look away: their Final Flights and Business cards are secret."
            )
        leave = None if self.asks_to_leave() else self.action_leave
        game = self.session.game
        reason = hand_off_reason(game.state, mover, self.names, game.entries)
        pass_screen = PassScreen(
            self.names[mover], self.liveries[mover], undo_by, handed_over, secret, leave, reason
        )
        self.app.push_screen(pass_screen)

    async def take_back_then_hand_over(self, seat: int) -> None:
        """z at the hand-off: ``seat``'s move is taken back with no one's cards on screen, and
        the keyboard is passed again, to whoever is to move then (a play test's z put the last
        player's Final Flights straight in front of the next player, who held the keyboard)."""
        done, said = await take_back(self.session, seat, self.names)
        command = self.query_one(CommandLine)
        if done:
            command.show_done(said)
        else:
            command.show_error(said)
        self.redraw()
        self.follow_turn()

    def show_end(self) -> None:
        """Give way to the end screen, once (a second sync before this screen is gone would
        make another, and the first, going, would close the table it keeps)."""
        if self._end_shown:
            return
        self._end_shown = True
        end = self.end_screen()
        if self.session.can_chat:  # people elsewhere: the table stays open at the end
            end.keep_table(self.session)
            self._handed = True
        self.app.switch_screen(end)

    def end_screen(self, note: str | None = None, tutorial_next: bool = False) -> EndScreen:
        """The end of this game (``EndScreen``'s ``note`` and ``tutorial_next``: the
        tutorial's own)."""
        from jetset_tui.screens.end import EndScreen
        from netcode.local import LocalSession

        game = self.session.game
        path = self.session.save_path
        local = isinstance(self.session, LocalSession) and self.session.hosting is None
        return EndScreen(
            game,
            self.names,
            self.session.players_kinds(),
            self.liveries,
            path,
            local=local,
            note=note,
            tutorial_next=tutorial_next,
        )

    # -- acting -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act":
            kind = KIND_NAMED.get(str(parameters[0]) if parameters else "")
            if kind is None or not self.my_turn() or offer_pending(self.session.game.state):
                return False
            return kind.enabled(self.session.game.state, self.viewer or 0)
        if action == "answer_end":
            return self.my_turn() and offer_pending(self.session.game.state)
        if action == "command":
            return self.my_turn()
        if action == "chat":
            return self.session.can_chat
        if action == "plan":  # a spectator has no plans: h opened a box that said only that
            return self.viewer is not None
        if action in ("scroll_table_rows", "scroll_table_edge"):  # else the keys go on
            return self.has_class("-slim") and self.has_class("-table")
        if action in ("leave", "leave_table"):  # one q: "Leave" where it asks, "Menu" elsewhere
            return self.asks_to_leave() == (action == "leave_table")
        return super().check_action(action, parameters)

    def asks_to_leave(self) -> bool:
        """q asks what leaving means: a game joined over the network, or one hosted here that is
        not over (jetset_tui/screens/leave.py)."""
        from jetset_tui.app import JetSetApp

        if isinstance(self.app, JetSetApp) and self.app.joined_at is not None:
            return True
        return self.session.hosting is not None and not self.session.game.over

    def redraw(self) -> None:
        self.sync()

    def action_plan(self) -> None:
        from jetset_tui.screens.plan import PlanScreen

        self.app.push_screen(PlanScreen(self.table(), self.advice()), callback=self.take_advice)

    def action_whole_log(self) -> None:
        """Every line of the game so far, in the window (the pane shows the last few)."""
        from jetset_tui.screens.log import LogScreen

        self.close_picker()
        log = self.query_one(NotationLog)
        self.app.push_screen(LogScreen(log.words, log.lines))

    def action_chat(self) -> None:
        """The table's chat over the game."""
        from jetset_tui.screens.chat import ChatScreen

        if self.session.can_chat and not isinstance(self.app.screen, ChatScreen):
            self.close_picker()
            self.app.push_screen(ChatScreen(self.session))

    def action_leave(self) -> None:
        """q in a local game (or one that is over): back to the menu (a local game is saved)."""
        self.app.pop_screen()

    def action_leave_table(self) -> None:
        """q at a network table: a game you host asks what leaving means
        (jetset_tui/screens/leave.py), a game you joined asks whether to leave it."""
        from jetset_tui.app import JetSetApp

        if isinstance(self.app, JetSetApp) and self.app.joined_at is not None:
            self.app.leave_joined()
            return
        hosting = self.session.hosting
        if hosting is not None:
            from jetset_tui.screens.leave import ask_to_leave

            ask_to_leave(self.app, hosting, self.session)
