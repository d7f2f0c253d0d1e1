"""The Jet Lag table: the line of destinations, both sides' tourists, your hand, the points as
they would be now, and the two ways to play a card.

Guided: choose a card of your hand (←→ or its number), then ``t`` to play it as a tourist (←→ or
a number chooses the destination) or ``d`` as a destination (←→ or ``l``/``r`` chooses the end);
Enter plays it, Esc goes back. The play being chosen is drawn where it would go, with the points
after it, and every choice is checked with the rules before it is made. Typed: ``:`` opens the
command line for notation (``t P3 2``, ``d H5 L``; docs/notation.md), Tab completes. The screen
is built in layers, each a module: the session and the keys that are not plays
(jetset_tui/screens/jetlag_table.py), a play sent, said played or refused, and taken back
(jetlag_play.py), the command line (jetlag_command.py), and here the drawing and the keys.

Two people at one keyboard pass it between turns through the hand-off screen: the table shows no
hand while it waits. The screen talks to the game only through a ``GameClient`` (netcode's
``LocalSession`` at one keyboard, a peer of a host for ``jetset join``), as Jet Set's game screen
does: it reads the seats' views, checks a play against the viewer's view, submits it, and redraws
when the session reports an entry. A session with no seat here (a spectator) shows no hand.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.errors import IllegalAction
from engine.jetlag import rules
from engine.jetlag.actions import Action, Destination, Entry, Tourist
from engine.jetlag.scoring import totals
from engine.jetlag.state import State
from jetset_tui.frames import sync_in_one_frame
from jetset_tui.i18n import N_, _
from jetset_tui.jetlag_guided import CARD, END, TOURIST, GuidedPlay
from jetset_tui.jetlag_turn import doing_words, paused_words, turn_line, waiting_words
from jetset_tui.refusals import problem_words, say
from jetset_tui.screens.jetlag_command import JetLagCommandLine
from jetset_tui.screens.jetlag_play import NEWS_KEPT, Played
from jetset_tui.theme import LIVERIES
from jetset_tui.toasts import AwayMoves, NoticeRun, ToastFloor, bot_played_words
from jetset_tui.turn_bell import TurnBell
from jetset_tui.undo import UNDO_KEYS
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.jetlag_board import JetLagBoard
from jetset_tui.widgets.jetlag_hand import JetLagHand
from jetset_tui.widgets.jetlag_score import JetLagScore
from jetset_tui.widgets.jetlag_words import play_words
from jetset_tui.widgets.presence import OPEN_SEAT, PresencePanel
from jetset_tui.widgets.too_small import TooSmall
from jetset_tui.workers import start_worker
from netcode.client import (
    ChatMessage,
    ClientEvent,
    EntryApplied,
    GameClient,
    GameOver,
    PresenceChanged,
    Problem,
    SeatsChanged,
    TakenBack,
)

COMPACT_BELOW: Final = 100
ROOMY: Final = 30
"""From this many rows the chosen card's objective is said whole under the hand."""
HIDDEN_SECRET = N_("The other player, look away: your hand is secret.")


class JetLagScreen(JetLagCommandLine):
    """One game of Jet Lag at this keyboard (against a bot, or two people taking turns)."""

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Choose"), key_display="←→"),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("up", "move(-1)", N_("Choose"), show=False),
        Binding("down", "move(1)", N_("Choose"), show=False),
        *(Binding(str(n), f"number({n})", N_("Choose"), show=False) for n in range(1, 10)),
        Binding("t", "tourist", N_("Tourist")),
        Binding("d", "destination", N_("Destination")),
        Binding("l", "end(False)", N_("Left end"), show=False),
        Binding("r", "end(True)", N_("Right end"), show=False),
        Binding("enter", "confirm", N_("Play it")),
        Binding("escape", "back", N_("Back")),
        Binding("colon", "command", N_("Type"), key_display=":"),
        Binding("c", "chat", N_("Chat")),
        Binding("f1", "rules", N_("Rules")),
        Binding("h", "advice", N_("Hint"), show=False),  # Jet Set's advice key: said, not silent
        Binding("q", "leave", N_("Menu")),
        Binding("q", "leave_table", N_("Leave")),  # the same q where it asks, as at Jet Set's
        Binding("pageup", "scroll_table(-1)", N_("Scroll the table"), show=False),
        Binding("pagedown", "scroll_table(1)", N_("Scroll the table"), show=False),
        Binding(UNDO_KEYS, "undo", N_("Undo"), show=False),
    ]
    DEFAULT_CSS = """
    JetLagScreen #jl-turn { height: auto; padding: 0 1; background: $boost; }
    JetLagScreen #jl-body { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    JetLagScreen #jl-hint { height: auto; padding: 0 1; }
    JetLagScreen #jl-command { height: 1; padding: 0 1; display: none; }
    JetLagScreen #jl-command.-open { display: block; }
    JetLagScreen.-low JetLagHand, JetLagScreen.-low JetLagScore { margin-top: 0; }
    """

    def __init__(self, session: GameClient, colours: list[str] | None = None) -> None:
        """``colours``: the seats' liveries where a game has them (Jet Lag's seats have
        theirs, so that every table screen is opened alike: jetset_tui/table_screens.py)."""
        super().__init__(classes="guarded")
        self.session = session
        self.names = [s.name or _(OPEN_SEAT) for s in session.seats]
        humans = session.local_seats
        self.hotseat = len(humans) == 2
        self.viewer: int | None = None if self.hotseat else (humans[0] if humans else None)
        """The seat whose view is on screen; None while the keyboard changes hands."""
        self.guided = GuidedPlay()
        """The play being chosen with the keys (jetset_tui/jetlag_guided.py)."""
        self.message: Text | None = None
        self._leaving: Text | None = None
        """The message that q shows: a second q leaves while it is on screen."""
        self._passing = False
        self._refused = False
        """A refusal is on screen: the next Enter only clears it."""
        self._ended = False
        self._sync_pending = False
        self._bell = TurnBell()
        self._bot_moves = NoticeRun()
        """The plays a bot made for this player in a row, said in one notice."""
        self._away_moves = AwayMoves()
        self._handed = False
        """The session went to the end screen, which keeps it open (``EndFrame.keep_table``)."""
        self._mine: Played | None = None
        """What the viewer played last, said until they act again."""
        self._said_news: Text | None = None
        """The news as the line under the table last said it (said anew for a new width)."""
        self._news: list[Played] = []
        """What the other player played since then."""
        self._turn_plays: list[Played] = []
        """Two people at one keyboard: the plays of the one at it since it was passed to them,
        said to the other when it is passed on (the ✓ line said only the last, as if theirs)."""
        self._moving = False
        """A play sent and not yet played (the host has not said): the screen draws meanwhile."""
        self._sent: Action | None = None
        """The play on its way: said played with the table's redraw, when its entry comes
        (``own_play_played``), not a frame after it."""

    def compose(self) -> ComposeResult:
        yield Static("", id="jl-turn")
        yield PresencePanel(id="jl-presence")
        with VerticalScroll(id="jl-body", can_focus=False):
            yield JetLagBoard(id="jl-board")
            yield JetLagHand(id="jl-hand")
            yield JetLagScore(id="jl-score")
        yield ToastFloor("", id="jl-hint")
        yield self.command_line()
        yield KeyFooter()
        yield TooSmall("Jet Lag")

    async def on_mount(self) -> None:
        self.session.add_listener(self.heard)
        if not self.hotseat:  # two people at one keyboard: each hand-over says what was played
            self.news_from_log()  # what is held now: the entries heard from now on say the rest
        entries = self.session.game.entries
        for index in self.session.away_so_far():  # caught up on before this screen listened
            action = entries[index].action
            if isinstance(action, Tourist | Destination):
                self._away_moves.played_by_a_bot(play_words(action))
        self._away_moves.say_once_caught_up(self.app, self._bot_moves, self.session.caught_up)
        await self.session.start()
        self.sync()
        self.set_interval(1.0, self.tick)

    async def on_unmount(self) -> None:
        """The session is closed with the table (a local game's log stays, to resume)."""
        self.session.remove_listener(self.heard)
        if not self._handed:  # else the end screen closes it
            await self.session.close()

    # -- what is on screen ------------------------------------------------------------------

    def seat(self) -> int:
        """The seat drawn at the bottom: the viewer's, else seat 0 for a spectator, else the one
        to move (two people at one keyboard, while it changes hands)."""
        if self.viewer is not None:
            return self.viewer
        if self.watching:
            return 0
        mover = self.to_move()
        return mover if mover is not None and mover >= 0 else 0

    def hand(self) -> list[str]:
        if self.viewer is None:
            return []
        return list(self.view().hands[self.viewer] or [])

    def sync(self) -> None:
        """Redraw everything from the session, and hand the keyboard over if it must be."""
        self._sync_pending = False
        if self._ended or not self.is_attached:
            return
        if self.over:
            self.end()
            return
        self.follow_seats()
        if self.hotseat:
            self.hand_over()
        if self._bell.follow(self.session, self.to_move(), self.my_turn()):
            self.app.bell()
        if self.guided.chosen >= len(self.hand()):
            self.guided.chosen = 0
        if not self.my_turn():
            self.guided.step = CARD
        self.draw()

    def draw(self) -> None:
        view = self.view()
        me = self.seat()
        shown, new, before = view, None, None
        action = self.guided.choice(self.hand())
        if action is not None and self.viewer is not None:
            shown = view.copy()
            rules.play(shown, self.viewer, action)
            new, before = action.card, totals(view)
        self.query_one("#jl-turn", Static).update(self.turn_text(view))
        self.query_one(JetLagBoard).show(shown, me, self.names, new, watching=self.watching)
        chosen = self.guided.chosen if self.my_turn() else None
        self.query_one(JetLagHand).display = self.viewer is not None
        roomy = self.size.height >= ROOMY
        self.query_one(JetLagHand).show(view, me, self.names, chosen, roomy)
        self.query_one(JetLagScore).show(shown, me, self.names, before)
        self.query_one("#jl-hint", Static).update(self.hint())
        self.show_presence()
        self.refresh_bindings()

    def show_presence(self) -> None:
        """Who is at a networked table, as at Jet Set's (jetset_tui/widgets/presence.py): on the
        host's screen where friends join and the roster; for everyone, a player who dropped and
        the countdown to the bot that plays for them."""
        kinds = [seat.kind for seat in self.session.seats]
        if len(kinds) != len(self.names):
            return
        presence, hosting = self.session.presence, self.session.hosting
        watching = not self.session.local_seats
        self.query_one(PresencePanel).show(self.names, kinds, presence, hosting, watching=watching)

    def tick(self) -> None:
        """Once a second: the countdowns move on (nothing to redraw when none runs)."""
        presence = self.session.presence
        if presence is not None and presence.counting and self.is_attached and not self._ended:
            self.show_presence()
            self.query_one("#jl-turn", Static).update(self.turn_text(self.view()))
            if self._bell.hurries(presence, self.to_move(), self.my_turn()):
                self.app.bell()

    def turn_text(self, view: State) -> Text:
        presence, mover = self.session.presence, self.to_move()
        timed = presence is not None and mover is not None and mover >= 0  # not the dealer
        clock = presence.clock(mover) if timed and presence and mover is not None else None
        return turn_line(view, self.doing(view), paused_words(presence), clock)

    def doing(self, view: State) -> str:
        """What the player to move does now, in the rulebook's words (jetset_tui/jetlag_turn.py)."""
        return doing_words(
            view,
            self.to_move(),
            self.viewer,
            self.names,
            watching=self.watching,
            started=bool(self.session.game.entries),
            waiting=waiting_words(),
        )

    def hint(self) -> Text:
        if self.message is not None:
            return self.message
        if not self.my_turn():
            return Text("")
        return Text(self.guided.hint(len(self.hand()), len(self.view().line)))

    def follow_seats(self) -> None:
        """A network peer's names arrive after the screen is built (and a bot may stand in)."""
        seats = self.session.seats
        if len(seats) == len(self.names):
            self.names = [s.name or self.names[i] for i, s in enumerate(seats)]

    # -- the hand-off and the end -----------------------------------------------------------

    def hand_over(self) -> None:
        """Two people at one keyboard: when the turn goes to the other, hide everything and
        show the hand-off screen; the table comes back, theirs, when they press Enter."""
        from jetset_tui.screens.pass_turn import PassScreen

        mover = self.to_move()
        if mover is None or mover < 0 or mover == self.viewer or self._passing:
            return
        self.viewer = None
        self._passing = True
        if self._refused:  # what was played stays said; a refusal was for the one who left
            self.message, self._refused = None, False
        self.guided.restart()
        passed, self._turn_plays = self._turn_plays, []

        def ready(_ok: bool) -> None:
            self._passing = False
            self.viewer = mover
            if passed:  # what the other played this turn, as news: none of it is yours
                self._mine, self._news = None, passed[-NEWS_KEPT:]
                self.say_news()
            self.draw()

        livery = LIVERIES[mover]
        leave = self.action_leave if self.saved() is not None else None  # saved here: q
        self.app.push_screen(
            PassScreen(self.names[mover], livery, done=ready, secret=_(HIDDEN_SECRET), leave=leave)
        )

    def end(self) -> None:
        from jetset_tui.screens.jetlag_end import JetLagEndScreen, rematch_plan
        from netcode.local import LocalSession

        self._ended = True
        state = self.session.game.state
        local = isinstance(self.session, LocalSession) and self.session.hosting is None
        again = rematch_plan(self.session.seats) if local else None
        end = JetLagEndScreen(
            state, self.names, self.seat(), self.saved(), again=again, watching=self.watching
        )
        if self.session.can_chat:  # people elsewhere: the table stays open at the end
            end.keep_table(self.session)
            self._handed = True
        self.app.switch_screen(end)

    def heard(self, event: ClientEvent) -> None:
        """A play or the dealer's entry (a pile taken, cards passed): draw the table anew,
        saying what the other player played; the host's problems are shown as it said them."""
        if isinstance(event, EntryApplied):
            self._bell.arrived(event.index, event.live)
        if isinstance(event, EntryApplied) and isinstance(event.entry, Entry):
            entry = event.entry
            if entry.seat == self.viewer and entry.action == self._sent:
                self.own_play_played()
                self._bot_moves.end()
            elif isinstance(entry.action, Tourist | Destination) and self.session.played_for(
                event, entry.seat
            ):  # the host's bot: its clock ran out
                self._bot_moves.say(self.app, bot_played_words(play_words(entry.action)))
                self.clear_typed_line()
            elif isinstance(entry.action, Tourist | Destination) and (
                self.session.played_while_away(event, entry.seat)
            ):  # the host's stand-in, while this player was away
                self._away_moves.played_by_a_bot(play_words(entry.action))
            elif entry.seat == self.viewer and not event.live and not event.bot:
                self._away_moves.played_by_the_player()
            self._away_moves.say_once_caught_up(self.app, self._bot_moves, self.session.caught_up)
            self.news_heard(event, entry)
        elif isinstance(event, Problem):
            self.notify(problem_words(event.message), severity="warning", markup=False)
        elif isinstance(event, ChatMessage):
            self.chat_heard(event)
        changed = isinstance(
            event, EntryApplied | GameOver | SeatsChanged | TakenBack | PresenceChanged
        )
        if changed and not self._sync_pending:
            self._sync_pending = True
            self.call_later(sync_in_one_frame, self.sync)

    # -- the keys ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("leave", "leave_table"):  # one q: "Leave" where it asks, "Menu" elsewhere
            return self.asks_to_leave() == (action == "leave_table")
        if action in ("command", "undo"):  # a spectator has no play to type or take back
            return not self.watching
        if action in ("rules", "scroll_table", "advice"):
            return True
        if action == "chat":  # at a network table (t is the tourist here, as c is not)
            return self.session.can_chat
        if not self.my_turn():
            return False
        step = self.guided.step
        if action in ("tourist", "destination"):
            return step == CARD
        if action == "end":
            return step == END
        if action == "confirm":
            return step != CARD
        if action == "back":
            return step != CARD
        return True

    def action_advice(self) -> None:
        """h, which gives advice in Jet Set, did nothing here (a play test): it says so."""
        self.notify(
            _("Jet Lag has no advice to give: F1 has the rules and how each objective scores")
        )

    def action_move(self, by: int) -> None:
        self.message, self._refused = None, False
        self.guided.move(by, len(self.hand()), len(self.view().line))
        self.draw()

    def action_number(self, n: int) -> None:
        if self.guided.step == END:
            return
        refused = self.guided.number(n, len(self.hand()), len(self.view().line))
        if refused is not None:
            self.refuse(refused)
            return
        self.message, self._refused = None, False
        self.draw()

    def action_tourist(self) -> None:
        self.try_step(TOURIST)

    def action_destination(self) -> None:
        self.try_step(END)

    def try_step(self, step: str) -> None:
        """Go on to choosing where the card goes, if the rules let it go there at all."""
        hand = self.hand()
        if not hand or self.viewer is None:
            return
        try:
            self.guided.try_step(step, hand, self.check)
        except IllegalAction as exc:
            self.refuse(say(exc, self.session.rules, self.names))
            return
        self.message, self._refused = None, False
        self.draw()

    def action_end(self, right: bool) -> None:
        self.guided.right = right
        self.message, self._refused = None, False
        self.draw()

    def action_back(self) -> None:
        self.guided.step, self.message, self._refused = CARD, None, False
        self.draw()

    def action_confirm(self) -> None:
        if self._refused:  # Enter after a refusal reads it, and plays nothing not chosen
            self.message, self._refused = None, False
            self.draw()
            return
        action = self.guided.choice(self.hand())
        if action is None:
            self.refuse(_("Choose t (a tourist) or d (a destination) first."))
            return
        start_worker(self, partial(self.play_guided, action), group="moves")

    async def play_guided(self, action: Action) -> None:
        """The play chosen with the keys, meanwhile (as ``play``)."""
        await self.play(action)

    def action_scroll_table(self, pages: int) -> None:
        body = self.query_one("#jl-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + pages * max(1, body.size.height - 1), animate=False)

    def on_resize(self) -> None:
        """A compact footer below 100 columns (so that every key shows), and the hand's detail
        where there is room for it."""
        self.query_one(KeyFooter).set_compact(self.size.width < COMPACT_BELOW)
        if self.is_mounted:
            self.refit_news()
            self.draw()
