"""The top line: the turn, whose move it is (clearly), and what phase of the turn."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from engine.jetset.rules.business import action_done, extra_actions_taken
from engine.jetset.rules.decisions import refill_possible
from engine.jetset.rules.hubs import seat_in_turn, second_hub_open
from engine.jetset.rules.investors import investor_choice_due
from engine.jetset.rules.turns import (
    END_AGREED,
    END_ALL_FINALS,
    END_FIFTH_PLANE,
    accepted_so_far,
    offer_pending,
)
from engine.jetset.state import State
from jetset_tui.business import deal_turn_text
from jetset_tui.cities import city_name
from jetset_tui.describe import seat_badge
from jetset_tui.i18n import N_, _
from jetset_tui.race import race_summary, race_warning
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD, WARN
from jetset_tui.widgets.turn_clock import clock_text

END_REASONS = {
    END_ALL_FINALS: N_("all players have played their Final Flight"),
    END_FIFTH_PLANE: N_("a fifth plane on a Final Flight card"),
    END_AGREED: N_("agreed: every player chose to end it after five rounds of only income"),
}
"""How a game ended, in the player's words (the state keeps the engine's English)."""


END_REASONS_SHORT = {
    END_ALL_FINALS: N_("every Final Flight played"),
    END_FIFTH_PLANE: N_("a fifth plane on a Final Flight"),
    END_AGREED: N_("ended by agreement"),
}
"""The same, short enough for a status line beside the turn at 80 columns."""


def end_reason_text(reason: str) -> str:
    """``reason`` (a state's ``end_reason``) in the player's language."""
    return _(END_REASONS.get(reason, reason))


def end_reason_short(reason: str) -> str:
    """``reason`` in a few words of the player's language (``END_REASONS_SHORT``)."""
    return _(END_REASONS_SHORT.get(reason, END_REASONS.get(reason, reason)))


def turn_phrases(
    table: TableView, busy: bool, clock: float | None = None, paused: str | None = None
) -> list[Text]:
    """The turn bar in phrases, each kept whole on a line where the width allows (``lay_out``).

    ``clock``: seconds left on the turn clock of the player to move, if one runs; ``paused``:
    the host paused the game, in a sentence for the player (it takes the place of the move)."""
    turn = _("turn {n}").format(n=table.state.turn)
    phrases = [Text.assemble((" ✈ JET SET ", "bold black on #f2c94c"), (f"  {turn}", DIM))]
    if paused is not None and not table.state.over:
        return [*phrases, Text(f"❚❚ {paused}", style=f"bold {WARN}")]
    if clock is not None and not table.state.over:
        phrases.append(clock_text(clock))
    warning = race_warning(table)  # in place of the key hint, which matters less then
    phrases += whose_turn(table, busy, hint=warning is None)
    race = warning or race_summary(table)
    if race is not None:
        phrases.append(race)
    if table.watching and not table.state.over:
        phrases.append(Text(_("you are watching"), style=f"italic {DIM}"))
    return phrases


def lay_out(phrases: list[Text], width: int) -> list[Text]:
    """The phrases on lines of ``width`` cells, two spaces apart: a phrase that does not fit
    where the line has got to starts the next line (one space in); only one wider than a whole
    line is broken, between its words. Nothing is cut (but a single word wider than the line)."""
    lines: list[Text] = []
    line = Text()
    for phrase in phrases:
        for piece in pieces(phrase, width - 1):
            gap = 2 if line.cell_len else 0
            if line.cell_len and line.cell_len + gap + piece.cell_len > width:
                lines.append(line)
                line, gap = Text(" "), 0  # a line carried on starts under the badge's plane
            line.append(" " * gap)
            line.append_text(piece)
    lines.append(line)
    return lines


def pieces(phrase: Text, width: int) -> list[Text]:
    """``phrase`` whole if it fits on a line, else cut between words into lines that fit."""
    if phrase.cell_len <= width:
        return [phrase]
    out: list[Text] = []
    start = end = 0
    for word in re.finditer(r"\S+", phrase.plain):
        if end > start and cell_len(phrase.plain[start : word.end()]) > width:
            out.append(phrase[start:end])
            start = word.start()
        end = word.end()
    out.append(phrase[start:end])
    return out


def whose_turn(table: TableView, busy: bool, hint: bool = True) -> list[Text]:
    """The game over, a network game waiting for its seats, or who is to move and what next
    (with ``hint``, the keys for it), in phrases."""
    state = table.state
    if state.over:
        text = Text.assemble((_("Game over"), "bold"))
        if state.end_reason:
            text.append(f": {end_reason_text(state.end_reason)}", style=DIM)

        return [text]
    if state.turn == 0:  # nothing dealt yet: a network game waits for its seats to fill
        return [Text(_("waiting for every seat to be taken"), style="bold")]
    deal = deal_turn_text(table)
    if deal is not None:
        return [deal]
    seat = seat_in_turn(state)
    text = Text.assemble(("▶ ", "bold"))
    text.append_text(seat_badge(table.liveries[seat], table.names[seat]))
    if offer_pending(state):
        return [text, *end_offer_text(table, seat)]
    if table.is_bot(seat):
        text.append("  " + (_("is thinking…") if busy else _("to move")), style=DIM)
        return [text]
    if seat != table.viewer:
        if seat in table.given:  # the name is the giver's until someone takes the seat
            text.append("  " + _("seat open"), style=f"bold {WARN}")
        text.append("  " + _("to move"), style=DIM)
        return [text]
    text.append("  " + _("your turn"), style=f"bold {GOOD}")
    hub = hub_hint(state)
    if investor_choice_due(state):
        what = Text(_("a Vacation card came up: n chooses the Investor it replaces"), style=WARN)
    elif hub:
        what = Text(hub, style=DIM)
    elif action_done(state):
        what = Text(_("your action is done: y to play Business cards or end your turn"), style=DIM)
    elif (extra := extra_actions_taken(state)) is not None:
        if extra == 0:
            words = _("Extra Action: two actions this turn, neither of them income")
        else:
            words = _("Extra Action: your second action (not income), or y to end your turn")
        what = Text(words, style=DIM)
    elif not hint:  # a decision due is always said; the keys only when nothing else is
        return [text]
    elif state.seats[seat].finished:
        what = Text(_("f: a plane on your Final Flight"), style=DIM)
    elif not state.vacation_time and refill_possible(state, seat):
        what = Text(_("e: extra Flight cards (€1 a row), then one action"), style=DIM)
    elif not state.vacation_time:  # the rows full, their decks empty, or no €1
        what = Text(_("one action: b p r c i"), style=DIM)
    else:
        what = Text(_("Vacation Time: one action, or f for your Final Flight"), style=DIM)
    return [text, what]


def hub_hint(state: State) -> str | None:
    """What a hub decision due asks of the player, or None."""
    hubs = state.hubs
    if hubs is None:
        return None
    if hubs.placing >= 0:
        return _("u: place your first hub (a city with no hub)")
    if hubs.pending:
        name = city_name(state.board.cities[hubs.pending[0]])
        if second_hub_open(state, state.current):
            hint = _("u: you flew through your hub in {city}: €2, a marker or your second hub")
        else:
            hint = _("u: you flew through your hub in {city}: €2 or a marker")
        return hint.format(city=name)
    return None


def end_offer_text(table: TableView, seat: int) -> list[Text]:
    """After five rounds of only income, each player in turn is asked whether to end the game."""
    agreed = accepted_so_far(table.state)
    if agreed:
        why = _("(five rounds of only income; {n} agreed)").format(n=agreed)
    else:
        why = _("(five rounds of only income)")
    if seat == table.viewer:
        return [
            Text(_("end the game now?"), f"bold {WARN}"),
            Text(_("y: end it · n: play on"), "bold"),
            Text(why, DIM),
        ]
    return [Text(_("is asked whether to end the game {why}").format(why=why), DIM)]


LINES_KEPT = 2
"""The lines a turn bar keeps at a width once it has needed them there."""


class TurnBar(Widget):
    """As many lines as its phrases need at the width it has: nothing is cut. It does not give
    back a second line at a width where it once needed one (``LINES_KEPT``): at 80 columns
    your turn takes two lines and another's one, and a bar that went up and down every turn
    gave the map under it another height, so another layout, at every turn. A rarer third line
    (the end race's warning, the offer to end the game) is given back once it has gone."""

    DEFAULT_CSS = """
    TurnBar { height: auto; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.phrases: list[Text] = []
        self._tallest: dict[int, int] = {}
        """The most lines the bar has needed at each width."""

    def show(
        self, table: TableView, busy: bool, clock: float | None = None, paused: str | None = None
    ) -> None:
        self.phrases = turn_phrases(table, busy, clock, paused)
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        return lay_out(self.phrases, max(2, width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        needed = len(self.lines(width))
        tallest = self._tallest[width] = max(needed, self._tallest.get(width, 0))
        return max(needed, min(tallest, LINES_KEPT))

    def render(self) -> Text:
        text = Text("\n").join(self.lines(self.content_size.width))
        text.no_wrap = True
        return text
