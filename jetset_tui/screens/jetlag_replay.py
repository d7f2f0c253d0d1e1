"""Jet Lag's replay: a log looked at move by move, on Jet Lag's table.

Jet Set's viewer (screens/replay.py) is built around the map and its panels, turns of several
entries, the rows and Final Flights; Jet Lag has none of these, so its replay is this small
screen made of the Jet Lag table's own widgets: the line of destinations with both sides'
tourists, the points as they stood, and the hands. Until the log reveals its seed (a game still
being played) each position shows what a spectator knew then, or the seat given (``--seat``);
once it is revealed, both hands at every position.

Keys: ←→ one entry (the dealer's too), ↑↓ one play, Home/End the start and the end, q back.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine.jetlag.actions import CHANCE, Destination, Entry, Pass, Setup, Take, Tourist
from engine.jetlag.notation import format_action
from engine.jetlag.state import ROUNDS, State
from jetset_tui.i18n import N_, _, ngettext
from jetset_tui.screens.jetlag_end import verdict
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.jetlag_board import JetLagBoard
from jetset_tui.widgets.jetlag_hand import card_line
from jetset_tui.widgets.jetlag_score import JetLagScore, piles_text
from jetset_tui.widgets.too_small import TooSmall
from netcode.logfile import GameLog
from netcode.replay import replay_table

COMPACT_BELOW: Final = 100


class JetLagTimeline:
    """A Jet Lag log replayed (with every check of ``replay_table``), its state after each
    entry kept: position ``n`` is the state after the first ``n`` entries."""

    def __init__(self, log: GameLog) -> None:
        """ValueError if the log does not replay."""
        result = replay_table(log)
        if not result.ok:
            raise ValueError(result.error or "the log does not replay")
        self.log = log
        self.names = [seat.name or f"seat {i}" for i, seat in enumerate(log.header.seats)]
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


def entry_words(entry: Entry, names: Sequence[str]) -> str:
    """An entry in the game's words: a play in its notation, the dealer's in a sentence."""
    action = entry.action
    if isinstance(action, Tourist | Destination):
        return _("{name} played {play}").format(name=names[entry.seat], play=format_action(action))
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


def hands_text(state: State, names: Sequence[str]) -> Text:
    """Each seat's hand as far as it is known here, else how many cards it holds."""
    lines: list[Text] = []
    for seat, name in enumerate(names):
        hand = state.hands[seat]
        if hand:
            lines.append(Text(_("{name}'s hand").format(name=name), style="bold"))
            lines.extend(card_line(card) for card in hand)
        elif state.sizes[seat]:
            count = ngettext("{name} holds {n} card", "{name} holds {n} cards", state.sizes[seat])
            lines.append(Text(count.format(name=name, n=state.sizes[seat]), style="dim"))
    return Text("\n").join(lines)


class JetLagReplayScreen(Screen[None]):
    """A Jet Lag log, position by position."""

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Step"), key_display="←→"),
        Binding("right", "step(1)", N_("Step"), show=False),
        Binding("up", "play(-1)", N_("Plays"), key_display="↑↓"),
        Binding("down", "play(1)", N_("Plays"), show=False),
        Binding("home", "jump(0)", N_("Start")),
        Binding("end", "jump(-1)", N_("End")),
        Binding("pageup", "scroll_table(-1)", N_("Scroll the table"), show=False),
        Binding("pagedown", "scroll_table(1)", N_("Scroll the table"), show=False),
        Binding("q,escape", "back", N_("Back to the menu")),
    ]
    DEFAULT_CSS = """
    JetLagReplayScreen #jr-where { height: auto; padding: 0 1; background: $boost; }
    JetLagReplayScreen #jr-body { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    JetLagReplayScreen #jr-hands { height: auto; margin-top: 1; }
    """

    def __init__(
        self, timeline: JetLagTimeline, path: Path, seat: int | None = None, *, at: int = -1
    ) -> None:
        """``at``: the position shown first (-1: the end)."""
        super().__init__(classes="guarded")
        self.timeline = timeline
        self.path = path
        self.seat = seat
        self.position = timeline.length if at < 0 else min(at, timeline.length)

    def compose(self) -> ComposeResult:
        yield Static("", id="jr-where")
        with VerticalScroll(id="jr-body", can_focus=False):
            yield JetLagBoard(id="jr-board")
            yield JetLagScore(id="jr-score")
            yield Static("", id="jr-hands")
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        timeline, names = self.timeline, self.timeline.names
        state = timeline.state_at(self.position, self.seat)
        me = self.seat if self.seat is not None else 0
        self.query_one("#jr-where", Static).update(self.where(state))
        self.query_one(JetLagBoard).show(state, me, names, watching=self.seat is None)
        self.query_one(JetLagScore).show(state, me, names)
        self.query_one("#jr-hands", Static).update(hands_text(state, names))

    def where(self, state: State) -> Text:
        """The file, the position, the round, and what the last entry did (the verdict at
        the end of a finished game)."""
        timeline, n = self.timeline, self.position
        text = Text()
        text.append(_("Replay of {file}").format(file=self.path.name), style="bold")
        text.append("  ·  " + _("move {n} of {total}").format(n=n, total=timeline.length))
        if 0 < state.round <= ROUNDS:
            said = _("Round {n} of {rounds}").format(n=state.round, rounds=ROUNDS)
            text.append(f"  ·  {said}  ·  {piles_text(state)}")
        if not timeline.revealed:
            text.append("  ·  " + _("still being played: hands are secret"), style="dim")
        text.append("\n")
        if n == timeline.length and timeline.over:
            text.append(verdict(state, timeline.names), style="bold")
        elif n == 0:
            text.append(_("Before the first move."))
        else:
            text.append(entry_words(timeline.entries[n - 1], timeline.names))
        return text

    def go(self, position: int) -> None:
        self.position = max(0, min(position, self.timeline.length))
        self.draw()

    def action_step(self, by: int) -> None:
        self.go(self.position + by)

    def action_play(self, by: int) -> None:
        """To the position after the next (or the previous) seat's play."""
        plays = self.timeline.plays()
        if by > 0:
            self.go(next((p for p in plays if p > self.position), self.timeline.length))
        else:
            self.go(next((p for p in reversed(plays) if p < self.position), 0))

    def action_jump(self, to: int) -> None:
        self.go(self.timeline.length if to < 0 else to)

    def action_scroll_table(self, pages: int) -> None:
        body = self.query_one("#jr-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + pages * max(1, body.size.height - 1), animate=False)

    def on_resize(self) -> None:
        self.query_one(KeyFooter).set_compact(self.size.width < COMPACT_BELOW)

    def action_back(self) -> None:
        self.app.pop_screen()


def replay_screen(
    log: GameLog, path: Path, seat: int | None = None, *, from_start: bool = False
) -> JetLagReplayScreen:
    """The replay of a Jet Lag log (jetset_tui/table_screens.py); ValueError if it does not
    replay or has no such seat."""
    timeline = JetLagTimeline(log)
    if seat is not None and not 0 <= seat < len(timeline.names):
        raise ValueError(_("there is no seat {seat} in {file}").format(seat=seat, file=path.name))
    return JetLagReplayScreen(timeline, path, seat, at=0 if from_start else -1)
