"""Jet Lag's replay: a log looked at move by move, on Jet Lag's table.

Built on the replay frame (screens/replay_frame.py): every viewer's keys, status line and log
pane; this module draws the Jet Lag table's own widgets (the line of destinations with both
sides' tourists, the points as they stood, the hands) and says what each entry did. Until the log
reveals its seed (a game still being played) each position shows what a spectator knew then, or
the seat given (``--seat``); once it is revealed, both hands at every position.

Keys as Jet Set's viewer: ←→ one entry (the dealer's too), ↑↓ one turn (a seat's play), [ ] one
round (a pile taken), Home/End, m, g, space, + and -, q.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Final

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.jetlag.actions import CHANCE, Destination, Entry, Pass, Setup, Take, Tourist
from engine.jetlag.rules import to_move
from engine.jetlag.state import ROUNDS, State
from jetset_tui.breakpoints import breakpoint_classes
from jetset_tui.i18n import N_, _, ngettext
from jetset_tui.screens.jetlag_end import verdict
from jetset_tui.screens.replay_frame import ReplayFrame, replay_bindings
from jetset_tui.seat_names import player_words
from jetset_tui.theme import DIM, Livery, livery_for, seat_badge
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.jetlag_board import JetLagBoard
from jetset_tui.widgets.jetlag_hand import cards_table
from jetset_tui.widgets.jetlag_score import JetLagScore, piles_text
from jetset_tui.widgets.jetlag_words import play_words
from jetset_tui.widgets.log import EntryWords
from jetset_tui.widgets.too_small import TooSmall
from netcode.logfile import GameLog
from netcode.replay import replay

COMPACT_BELOW: Final = 100


class JetLagTimeline:
    """A Jet Lag log replayed (with every check of ``replay``), its state after each
    entry kept: position ``n`` is the state after the first ``n`` entries."""

    def __init__(self, log: GameLog) -> None:
        """ValueError if the log does not replay."""
        result = replay(log)
        if not result.ok:
            raise ValueError(result.error or "the log does not replay")
        self.log = log
        self.names = [seat.name or player_words(i) for i, seat in enumerate(log.header.seats)]
        self.entries: list[Entry] = list(result.table.entries)
        table = log.header.new_table()
        self.states: list[State] = [table.state.copy()]
        for entry in self.entries:
            table.push(entry)
            self.states.append(table.state.copy())
        self.revealed = log.seed is not None
        self.over = bool(result.table.over)

    @property
    def length(self) -> int:
        return len(self.entries)

    def state_at(self, n: int, seat: int | None) -> State:
        """The table after ``n`` entries, as ``seat`` knew it (every hand once revealed)."""
        state = self.states[max(0, min(n, self.length))]
        return state if self.revealed else state.view(seat)

    def plays(self) -> list[int]:
        """The positions just after each seat's play (not the dealer's entries)."""
        return [i + 1 for i, e in enumerate(self.entries) if e.seat != CHANCE]

    def rounds(self) -> list[int]:
        """The positions just after each round's pile is taken."""
        return [i + 1 for i, e in enumerate(self.entries) if isinstance(e.action, Take)]


def entry_words(entry: Entry, names: Sequence[str]) -> str:
    """An entry in the game's words: a play in its notation, the dealer's in a sentence."""
    action = entry.action
    if isinstance(action, Tourist | Destination):
        return _("{name} played {play}").format(name=names[entry.seat], play=play_words(action))
    if isinstance(action, Setup):
        return _("The first two destinations are laid out; {name} plays first.").format(
            name=names[action.starter]
        )
    if isinstance(action, Take):
        return _("{name} takes the next pile.").format(name=names[action.seat])
    if isinstance(action, Pass):
        count = len(action.cards) if action.cards is not None else 0
        said = ngettext("{n} card goes to {name}.", "{n} cards go to {name}.", count or 1)
        return said.format(n=count or 1, name=names[action.seat])
    return ""


def hands_text(state: State, names: Sequence[str]) -> Group:
    """Each seat's hand as far as it is known here, else how many cards it holds."""
    parts: list[RenderableType] = []
    for seat, name in enumerate(names):
        hand = state.hands[seat]
        if hand:
            parts.append(Text(_("{name}'s hand").format(name=name), style="bold"))
            parts.append(cards_table(hand, numbered=False))
        elif state.sizes[seat]:
            count = ngettext("{name} holds {n} card", "{name} holds {n} cards", state.sizes[seat])
            parts.append(Text(count.format(name=name, n=state.sizes[seat]), style="dim"))
    return Group(*parts)


def jetlag_words(names: Sequence[str]) -> EntryWords:
    """Jet Lag's log lines: the actor's badge (``*`` for the dealer) and ``entry_words``."""

    def line(entry: Entry, turn: int, _names: Sequence[str], liveries: Sequence[Livery]) -> Text:
        text = Text()
        if entry.seat == CHANCE:
            text.append(" * ", style="bold")
            text.append(" " + entry_words(entry, names), style=DIM)
        else:
            text.append_text(seat_badge(liveries[entry.seat]))
            text.append(" " + entry_words(entry, names))
        return text

    return line


class JetLagReplayScreen(ReplayFrame):
    """A Jet Lag log, position by position, on the replay frame (screens/replay_frame.py)."""

    HELP_GAME = "jetlag"
    """F1 and the palette's rules: Jet Lag's page (``JetSetApp.action_help``)."""

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        *replay_bindings(),
        Binding("f1", "rules", N_("Rules")),  # Jet Lag's page, with the viewer's keys
    ]
    WHERE_APART = True  # the round and the piles: a line of their own at 80 columns
    DEFAULT_CSS = """
    JetLagReplayScreen #where { height: 2; padding: 0 1; background: $boost; }
    JetLagReplayScreen #jr-said { height: auto; padding: 0 1; }
    JetLagReplayScreen #jr-body { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    JetLagReplayScreen #jr-hands { height: auto; margin-top: 1; }
    JetLagReplayScreen #log { height: 6; }
    JetLagReplayScreen.-low #log { height: 3; }
    JetLagReplayScreen.-low #jr-hands { margin-top: 0; }
    JetLagReplayScreen #goto { display: none; }
    JetLagReplayScreen #goto.-open { display: block; }
    """

    def __init__(
        self, timeline: JetLagTimeline, path: Path, seat: int | None = None, *, at: int = -1
    ) -> None:
        """``at``: the position shown first (-1: the end)."""
        super().__init__(classes="guarded")
        self.add_class(*breakpoint_classes(self.app), update=False)
        self.timeline = timeline
        names = timeline.names
        self.words = jetlag_words(names)
        liveries = [livery_for([], seat) for seat in range(len(names))]
        self.begin(path, seat, names, liveries, timeline.log.notes)
        self.position = timeline.length if at < 0 else min(at, timeline.length)

    def compose(self) -> ComposeResult:
        yield self.where_bar()
        yield Static("", id="jr-said")
        with VerticalScroll(id="jr-body", can_focus=False):
            yield JetLagBoard(id="jr-board")
            yield JetLagScore(id="jr-score")
            yield Static("", id="jr-hands")
        yield from self.frame_widgets()
        yield KeyFooter()
        yield TooSmall("Jet Lag")

    def on_mount(self) -> None:
        self.go(self.position)

    # -- what the frame asks (screens/replay_frame.py) ---------------------------------------

    @property
    def length(self) -> int:
        return self.timeline.length

    @property
    def revealed(self) -> bool:
        return self.timeline.revealed

    def entry_seen(self, index: int) -> tuple[object, int]:
        """Jet Lag's entries, in words, say no hidden card (``entry_words``)."""
        return self.timeline.entries[index], 0

    def draw_table(self) -> None:
        timeline, names = self.timeline, self.timeline.names
        state = timeline.state_at(self.position, self.viewer)
        me = self.viewer if self.viewer is not None else 0
        self.query_one("#jr-said", Static).update(self.said(state))
        self.query_one(JetLagBoard).show(state, me, names, watching=self.viewer is None)
        self.query_one(JetLagScore).show(state, me, names)
        self.query_one("#jr-hands", Static).update(hands_text(state, names))

    async def action_rules(self) -> None:
        await self.app.run_action("help")  # Jet Lag's page: HELP_GAME

    def where_game(self, text: Text) -> None:
        """The round and the piles left."""
        state = self.timeline.state_at(self.position, self.viewer)
        if 0 < state.round <= ROUNDS:
            said = _("Round {n} of {rounds}").format(n=state.round, rounds=ROUNDS)
            text.append(f"{said}  ·  {piles_text(state)}  ")

    def said(self, state: State) -> Text:
        """What the last entry did (the verdict at the end of a finished game), and whether
        the hands are secret."""
        timeline, n = self.timeline, self.position
        text = Text()
        if n == timeline.length and timeline.over:
            text.append(verdict(state, timeline.names), style="bold")
        elif n == 0:
            text.append(_("Before the first move."))
        else:
            text.append(entry_words(timeline.entries[n - 1], timeline.names))
        if not timeline.revealed:
            text.append("  ·  " + _("still being played: hands are secret"), style="dim")
        return text

    def turn_position(self, delta: int) -> int:
        """A turn is one seat's play: the position just after the next (or previous) one."""
        return self.after(self.timeline.plays(), delta)

    def round_position(self, delta: int) -> int:
        """The position where the next (or this or the previous) round's pile is taken."""
        return self.after(self.timeline.rounds(), delta)

    def after(self, marks: list[int], delta: int) -> int:
        """The first of ``marks`` after the position (``delta`` > 0), else the last before."""
        if delta > 0:
            return next((p for p in marks if p > self.position), self.timeline.length)
        return next((p for p in reversed(marks) if p < self.position), 0)

    def last_turn_of(self, seat: int) -> int | None:
        """Just before ``seat``'s latest play before the position."""
        entries = self.timeline.entries[: self.position]
        return next((i for i in reversed(range(len(entries))) if entries[i].seat == seat), None)

    def player_to_move(self) -> int | None:
        state = self.timeline.states[self.position]
        mover = to_move(state)
        if mover is not None and mover != CHANCE:
            return mover
        seats = [e.seat for e in self.timeline.entries[: self.position] if e.seat != CHANCE]
        return seats[-1] if seats else None

    def action_scroll_table(self, pages: int) -> None:
        body = self.query_one("#jr-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + pages * max(1, body.size.height - 1), animate=False)

    def on_resize(self) -> None:
        self.query_one(KeyFooter).set_compact(self.size.width < COMPACT_BELOW)


def replay_screen(
    log: GameLog, path: Path, seat: int | None = None, *, from_start: bool = False
) -> JetLagReplayScreen:
    """The replay of a Jet Lag log (jetset_tui/table_screens.py); ValueError if it does not
    replay or has no such seat."""
    timeline = JetLagTimeline(log)
    if seat is not None and not 0 <= seat < len(timeline.names):
        raise ValueError(_("there is no seat {seat} in {file}").format(seat=seat, file=path.name))
    return JetLagReplayScreen(timeline, path, seat, at=0 if from_start else -1)
