"""The top line: the turn, whose move it is (clearly), and what phase of the turn."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from engine.rules.hubs import seat_in_turn
from engine.rules.turns import accepted_so_far, offer_pending
from engine.state import State
from jetset_tui.business import deal_turn_text
from jetset_tui.describe import seat_badge
from jetset_tui.race import race_summary, race_warning
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD, WARN


def turn_text(
    table: TableView, busy: bool, clock: float | None = None, paused: str | None = None
) -> Text:
    """``clock``: seconds left on the turn clock of the player to move, if one runs; ``paused``:
    the host paused the game, in a sentence for the player (it takes the place of the move)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(" ✈ JET SET ", style="bold black on #f2c94c")
    text.append(f"  turn {table.state.turn}  ", style=DIM)
    if paused is not None and not table.state.over:
        text.append(f"⏸ {paused}", style=f"bold {WARN}")
        return text
    if clock is not None and not table.state.over:
        text.append_text(clock_text(clock))
    warning = race_warning(table)  # in place of the key hint, which matters less then
    text.append_text(whose_turn(table, busy, hint=warning is None))
    race = warning or race_summary(table)
    if race is not None:
        text.append("   ")
        text.append_text(race)
    if table.watching and not table.state.over:
        text.append("   you are watching", style=f"italic {DIM}")
    return text


def whose_turn(table: TableView, busy: bool, hint: bool = True) -> Text:
    """The game over, a network game waiting for its seats, or who is to move and what next
    (with ``hint``, the keys for it)."""
    state = table.state
    text = Text()
    if state.over:
        text.append("Game over", style="bold")
        if state.end_reason:
            text.append(f": {state.end_reason}", style=DIM)
        return text
    if state.turn == 0:  # nothing dealt yet: a network game waits for its seats to fill
        text.append("waiting for every seat to be taken", style="bold")
        return text
    deal = deal_turn_text(table)
    if deal is not None:
        return deal
    seat = seat_in_turn(state)
    text.append("▶ ", style="bold")
    text.append_text(seat_badge(table.liveries[seat], table.names[seat]))
    if offer_pending(state):
        text.append_text(end_offer_text(table, seat))
    elif table.is_bot(seat):
        text.append("  is thinking…" if busy else "  to move", style=DIM)
    elif seat == table.viewer:
        text.append("  your turn  ", style=f"bold {GOOD}")
        hub = hub_hint(state)
        choosing = state.investors is not None and state.investors.choosing
        if not (hint or hub or choosing):  # a decision due is always said
            return text
        if choosing:
            text.append("a Vacation card came up: n chooses the Investor it replaces", style=WARN)
        elif hub:
            text.append(hub, style=DIM)
        elif table.state.seats[seat].finished:
            text.append("f: a plane on your Final Flight", style=DIM)
        elif not state.vacation_time:
            text.append("e: extra Flight cards (€1 a row), then one action", style=DIM)
        else:
            text.append("Vacation Time: one action, or f for your Final Flight", style=DIM)
    else:
        text.append("  to move", style=DIM)
    return text


def hub_hint(state: State) -> str | None:
    """What a hub decision due asks of the player, or None."""
    hubs = state.hubs
    if hubs is None:
        return None
    if hubs.placing >= 0:
        return "u: place your first hub (a city with no hub)"
    if hubs.pending:
        name = state.board.cities[hubs.pending[0]].name
        return f"u: you flew through your hub in {name}: €2, a marker or your second hub"
    return None


def end_offer_text(table: TableView, seat: int) -> Text:
    """After five rounds of only income, each player in turn is asked whether to end the game."""
    agreed = accepted_so_far(table.state)
    so_far = f"; {agreed} agreed" if agreed else ""
    if seat == table.viewer:
        return Text.assemble(
            ("  end the game now?", f"bold {WARN}"),
            ("  y: end it · n: play on", "bold"),
            (f"  (five rounds of only income{so_far})", DIM),
        )
    return Text(f"  is asked whether to end the game (five rounds of only income{so_far})", DIM)


def clock_text(seconds: float) -> Text:
    """The turn clock: the time left to decide before a bot moves."""
    whole = max(0, int(seconds + 0.999))
    style = "bold black on #ff7b72" if whole <= 10 else "bold black on #8b949e"
    return Text(f" ⏱ {whole // 60}:{whole % 60:02d} ", style=style) + Text("  ")


class TurnBar(Static):
    DEFAULT_CSS = """
    TurnBar { height: 1; background: $panel; }
    """

    def show(
        self, table: TableView, busy: bool, clock: float | None = None, paused: str | None = None
    ) -> None:
        self.update(turn_text(table, busy, clock, paused))
