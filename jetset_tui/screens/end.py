"""Jet Set's end screen: final scores by source, how the game ended, points and cash turn by
turn; the keys to play again, watch the replay or go back to the menu are the end frame's
(screens/end_frame.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from engine import CHANCE, Game
from engine.jetset.actions import OpenEndCards
from engine.jetset.business_effects import end_points
from engine.jetset.distant_state import distant_points
from engine.jetset.rules.turns import END_ALL_FINALS, END_FIFTH_PLANE
from engine.jetset.scoring import final_flight_points
from jetset_tui.card_names import business_name
from jetset_tui.describe import seat_badge
from jetset_tui.history import Story, story
from jetset_tui.i18n import N_, _, money, ngettext
from jetset_tui.screens.end_frame import EndFrame, saved_text
from jetset_tui.seating import GamePlan
from jetset_tui.theme import DIM, Livery, livery_for
from jetset_tui.widgets.chart import Chart
from jetset_tui.widgets.fitted_table import FittedTable
from jetset_tui.widgets.players import kind_label
from jetset_tui.widgets.turn_bar import end_reason_text
from jetset_tui.widgets.wrap import KEEP
from netcode.client import GameClient
from netcode.local import LocalSession
from netcode.seatkind import SeatKind


def by_value(points: Sequence[int]) -> str:
    """``4×1 2×5 3×7 = 35``: points of cards, counted by value."""
    if not points:
        return _("none")
    counts = Counter(points)
    parts = " ".join(f"{counts[v]}×{v}" for v in sorted(counts))
    return f"{parts} = {sum(points)}"


def final_cell(game: Game, seat: int, turns: dict[int, int]) -> str:
    """``+18 (4✈, turn 105)`` (without ``turns``: ``+18 (4✈)``), or ``not played``."""
    st = game.state.seats[seat]
    if not st.finished:
        return _("not played")
    points, planes = final_flight_points(st.final_planes), st.final_planes
    if seat not in turns:
        return f"+{points} ({planes}✈)"
    return _("+{points} ({planes}✈, turn {n})").format(points=points, planes=planes, n=turns[seat])


def score_table(
    game: Game,
    names: list[str],
    kinds: list[SeatKind],
    liveries: list[Livery],
    final_turns: dict[int, int] | None = None,
    *,
    detailed: bool = True,
) -> Table:
    """The final scores, best first, with each player's points by source; ``detailed``: the
    Flight cards by value, the Final Flight's turn and each player's kind, else a line a player
    (totals only, for a narrow window: no cell wraps, a long name is cut)."""
    state = game.state
    by_values = "left" if detailed else "right"  # "4×1 2×3 = 10", or a number
    columns = [("", "left"), (_("player"), "left"), (_("Flight cards"), by_values)]
    if state.distant is not None:
        columns.append((_("Distant cards"), "right"))
    columns.append((_("Final Flight"), "left"))
    if state.hubs is not None:
        columns.append((_("hubs"), "right"))
    if state.business is not None:
        columns.append((_("Business"), "right"))
    columns += [(_("points"), "right"), (_("cash"), "right")]
    rows = score_rows(game, names, kinds, liveries, final_turns or {}, detailed)
    table = Table(expand=True, header_style="bold", box=None, padding=(0, 1), pad_edge=detailed)
    for index, (col, justify) in enumerate(columns):
        # a heading may wrap between its words, never be cut
        widest = max((len(word) for word in col.split()), default=0)
        if not detailed:  # nor a cell: each row one line; a name may be cut short
            longest = max(cell_width(row[index]) for row in rows)
            widest = max(widest, min(longest, NAME_KEPT) if index == 1 else longest)
        table.add_column(
            col,
            justify=justify,  # type: ignore[arg-type]
            min_width=widest,
        )
    for cells in rows:
        table.add_row(*(cells if detailed else [one_line(cell) for cell in cells]))
    return table


NAME_KEPT = 14
"""In the compact score table, a player column (colour badge and name) no narrower than this
(a longer name is cut)."""


def one_line(cell: Text | str) -> Text:
    """``cell`` kept on one line, cut with "…" where its column is narrower."""
    text = cell.copy() if isinstance(cell, Text) else Text(cell)
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


def cell_width(cell: Text | str) -> int:
    return (cell if isinstance(cell, Text) else Text(cell)).cell_len


def places(standings: list[tuple[int, int, int]]) -> dict[int, int]:
    """Each seat's place from (seat, points, cash): one more than the seats ahead of it on
    points, then cash (Ending the Game: the most points win, cash breaks ties); seats level on
    both share a place, and the next is counted past them (1, 2, 2, 4: a play test read two
    players on 26 points and €14 as 2. and 3.)."""
    return {
        seat: 1 + sum((p, c) > (points, cash) for _, p, c in standings)
        for seat, points, cash in standings
    }


def score_rows(
    game: Game,
    names: list[str],
    kinds: list[SeatKind],
    liveries: list[Livery],
    final_turns: dict[int, int],
    detailed: bool,
) -> list[list[Text | str]]:
    """The score table's rows, best first (``score_table``)."""
    state = game.state
    winners = set(game.winners())
    ranked = sorted(game.scores(), key=lambda s: (-s.total, -s.cash, s.seat))
    place = places([(s.seat, s.total, s.cash) for s in ranked])
    rows: list[list[Text | str]] = []
    for score in ranked:
        seat = score.seat
        rank = place[seat]
        distant = distant_points(state, seat)
        flight = score.cards[: len(score.cards) - len(distant)]
        who = seat_badge(liveries[seat], names[seat])
        if detailed:
            who.append(f"  {kind_label(kinds[seat])}", style=DIM)
        won = (_("★ winner") if detailed else "★") if seat in winners else f"{rank}."
        cells: list[Text | str] = [
            Text(won, style="bold"),
            who,
            by_value(flight) if detailed else str(sum(flight)),
        ]
        if state.distant is not None:
            cells.append(str(sum(distant)))
        if detailed or state.seats[seat].finished:
            cells.append(final_cell(game, seat, final_turns if detailed else {}))
        else:
            cells.append("–")  # "not played", in the heading's column
        if state.hubs is not None:
            cells.append(str(score.hubs))
        if state.business is not None:
            cells.append(str(score.business))
        cells += [Text(str(score.total), style="bold"), money(score.cash)]
        rows.append(cells)
    return rows


class ScoreTable:
    """The final scores as wide as the window allows: by source in full (``score_table``)
    where every player's row fits on one line, else a line a player with the totals (at 80
    columns a player's row of the full table took four or five lines)."""

    def __init__(self, full: Table, compact: Table) -> None:
        self.full = full
        self.compact = compact

    def chosen(self, console: Console, options: ConsoleOptions) -> Table:
        unbounded = options.update_width(10_000)
        if Measurement.get(console, unbounded, self.full).maximum <= options.max_width:
            return self.full
        return self.compact

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(console, options))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield FittedTable(self.chosen(console, options))


def story_text(game: Game, names: list[str], told: Story) -> Text:
    """Who played a Final Flight and when, and who ended the game."""
    state = game.state
    text = Text()
    if not told.finals:
        text.append(_("Nobody played a Final Flight."), style=DIM)
    for i, (seat, turn) in enumerate(told.finals):
        text.append(", " if i else _("Final Flights:") + " ", style=DIM)
        text.append(_("{name} on turn {n}").format(name=names[seat], n=turn))
    if told.finals:
        text.append(".")
    if state.end_reason == END_FIFTH_PLANE and told.ender is not None:
        said = _("{name} ended the game with a fifth plane on their Final Flight on turn {n}.")
        text.append("\n" + said.format(name=names[told.ender], n=state.turn))
    elif state.end_reason == END_ALL_FINALS and told.ender is not None:
        said = _("{name} ended the game with the last Final Flight on turn {n}.")
        text.append("\n" + said.format(name=names[told.ender], n=state.turn))
    held = held_to_the_end(game, names)
    if held:
        text.append(
            "\n" + _("Business cards held to the end and scored: {cards}.").format(cards=held)
        )
    if state.investors is not None:
        text.append("\n" + _("Investors paid cash, not points: cash only breaks a tie."), DIM)
    return text


def held_to_the_end(game: Game, names: list[str]) -> str:
    """The end-of-game Business cards opened when the game ended (Catch up, Planes: "Play at
    the end of the game"), after each player's name with the points of all their end-of-game
    cards (``Ann (Catch up, Planes: 3 points)``: a play test read "scored" beside a Business
    score of 0); "" if none."""
    last = game.entries[-1].action if game.entries else None
    if not isinstance(last, OpenEndCards):
        return ""
    return "; ".join(
        f"{names[seat]} ({end_cards_words(game, seat, kinds)})"
        for seat, kinds in enumerate(last.cards)
        if kinds
    )


def end_cards_words(game: Game, seat: int, kinds: tuple[str, ...]) -> str:
    """``Catch up, Planes: 3 points``: the cards a player held to the end, and the points of
    all the end-of-game cards in front of them."""
    points = end_points(game.state, seat)
    cards = ", ".join(business_name(kind) for kind in kinds)
    said = ngettext("{n} point", "{n} points", points).format(n=points)
    return f"{cards}: {said.replace(' ', KEEP)}"  # "3" never ends a row with "points" on the next


def rematch_plan(
    game: Game, names: list[str], kinds: list[SeatKind], liveries: list[Livery]
) -> GamePlan:
    """The same seats, names, colours and options (modules, extra cards, face-up Investors), a
    new deal."""
    options = game.options
    return GamePlan(
        [str(k) for k in kinds],
        list(names),
        colours=[livery.name for livery in liveries],
        extra_cards=options.extra_cards,
        modules=options.modules,
        investors_face_up=options.investors_face_up,
    )


def tie_words(game: Game) -> str:
    """When cash broke a tie on points (Scoring: "ties go to the player with the most cash"),
    say so: a play test's end screen said "Dan wins!" over Bob on the same 26 points, with
    only the cash column to tell why. "" when points alone decided, or nobody was tied."""
    table = game.scores()
    best = max(s.total for s in table)
    tied = [s for s in table if s.total == best]
    if len(tied) < 2:
        return ""
    if len(game.winners()) > 1:  # the winners are level on cash too (others may have less)
        return _("(tied on {points} points and on cash)").format(points=best)
    return _("(tied on {points} points: the most cash breaks the tie)").format(points=best)


def listed(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cat``: a list of names as a sentence says it
    (a play test read "a and b and c and d win!")."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


class EndScreen(EndFrame):
    """Jet Set's game is over: the scores by source, the story of the ending, and the charts
    (on the end frame, screens/end_frame.py)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "tutorial_next", N_("Last chapter")),  # the tutorial's (80 columns)
        Binding("t", "chat", N_("Chat")),  # at a table with people elsewhere (EndFrame's)
    ]
    DEFAULT_CSS = """
    EndScreen #scores { height: auto; padding: 1 2 0 2; }
    EndScreen #story { height: auto; padding: 1 2 0 2; }
    EndScreen #charts { height: 1fr; min-height: 13; margin-top: 1; }
    EndScreen #end-title { height: auto; padding: 1 2 0 2; }
    """

    def __init__(
        self,
        game: Game,
        names: list[str],
        kinds: list[SeatKind],
        liveries: list[Livery],
        path: Path | None = None,
        *,
        local: bool = True,
        note: str | None = None,
        tutorial_next: bool = False,
    ) -> None:
        """``local``: a game played at this keyboard (a rematch can start here). ``note``: a
        word under the story (the tutorial's coach on what comes next). ``tutorial_next``: the
        tutorial's first game, which ``t`` follows with its last chapter."""
        super().__init__(path)
        self.game = game
        self.names = names
        self.kinds = kinds
        self.liveries = liveries
        self.local = local
        self.note = note
        self.tutorial_next = tutorial_next
        self.told = story(game)

    def points_table(self) -> ScoreTable:
        finals = dict(self.told.finals)
        seats = (self.game, self.names, self.kinds, self.liveries, finals)
        return ScoreTable(score_table(*seats), score_table(*seats, detailed=False))

    def compose_more(self) -> ComposeResult:
        samples = self.told.samples
        players = self.game.options.players
        points = [[s.points[i] for s in samples] for i in range(players)]
        cash = [[s.cash[i] for s in samples] for i in range(players)]
        turns = [s.turn for s in samples]
        told = story_text(self.game, self.names, self.told)
        if self.note:
            told.append("\n" + self.note, style="bold")
        yield Static(told, id="story")
        with Horizontal(id="charts"):
            yield Chart(
                _("Points, turn by turn"),
                points,
                self.liveries,
                turns=turns,
                names=self.names,
                id="points-chart",
            )
            yield Chart(
                _("Cash, turn by turn"),
                cash,
                self.liveries,
                turns=turns,
                names=self.names,
                say=money,
                strips=True,
                id="cash-chart",
            )

    def title_text(self) -> Text:
        state = self.game.state
        text = Text()
        winners = self.game.winners()
        names = listed([self.names[w] for w in winners])
        # the players' moves, as Load counts them (the dealer's entries are no one's moves)
        moves = sum(1 for entry in self.game.entries if entry.actor != CHANCE)
        text.append("✈ " + _("Game over"), style="bold")
        after = _("after {turns} turns ({moves} moves): {reason}.").format(
            turns=state.turn, moves=moves, reason=end_reason_text(state.end_reason or "")
        )
        text.append(f" {after}\n", style=DIM)
        won = ngettext("{names} wins!", "{names} win!", len(winners)).format(names=names)
        text.append(won, style="bold")
        tie = tie_words(self.game)
        if tie:
            text.append(f" {tie}", style="bold")
        if self.path is not None:
            text.append(f"   {saved_text(self.path)}", style=DIM)
        return text

    def can_rematch(self) -> bool:
        return self.local

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tutorial_next":
            return self.tutorial_next
        return super().check_action(action, parameters)

    def action_tutorial_next(self) -> None:
        """The tutorial goes on: its last chapter, a game of its own with Business cards."""
        from jetset_tui.app import JetSetApp

        app = self.app
        if self.tutorial_next and isinstance(app, JetSetApp):
            app.pop_screen()
            app.start_tutorial()

    def rematch(self) -> None:
        """The same seats, names, colours and options, a new deal."""
        from jetset_tui.app import JetSetApp

        app = self.app
        if not isinstance(app, JetSetApp):
            return
        app.pop_screen()
        app.start_plan(rematch_plan(self.game, self.names, self.kinds, self.liveries))


def end_screen(session: GameClient, path: Path | None = None) -> EndScreen:
    """The end of a finished game's session, opened from its log (jetset_tui/table_screens.py):
    its seats and colours, a rematch here."""
    meta = session.meta if isinstance(session, LocalSession) else {}
    colours = [str(c) for c in meta.get("colours") or []]
    names = [s.name for s in session.seats]
    kinds = session.players_kinds()
    liveries = [livery_for(colours, i) for i in range(len(names))]
    return EndScreen(session.game, names, kinds, liveries, path)
