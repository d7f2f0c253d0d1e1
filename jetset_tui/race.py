"""The end race, from Vacation Time on: what each played Final Flight still needs before the game
ends, what the viewer's own would cost now, and whether the end can come on the next turn.

Everything here reads the state (as the viewer may see it) and says it in the game's words; the
turn bar and the players' panel only place the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.jetset.bots.planning import Planner
from engine.jetset.rules.turns import final_flight_ends_game
from engine.jetset.state import State
from engine.values import value
from jetset_tui.i18n import _, ngettext
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD, WARN

if TYPE_CHECKING:
    from engine.jetset.bots.race import Finisher


@value(unsafe_hash=True)
class OwnFinal:
    """The cheapest Final Flight in a hand, priced on the board now."""

    card: str
    cost: int  # euros still to spend on planes
    planes: int  # planes still to put on airlinks

    @property
    def ready(self) -> bool:
        return self.planes == 0


def finishers(state: State) -> tuple[Finisher, ...]:
    """Every seat whose Final Flight is played, in seat order (``engine.jetset.bots.race``,
    which loads the greedy bot: imported from Vacation Time on, not for a game's first frame)."""
    from engine.jetset.bots.race import finishers as played

    return played(state)


def race_of(state: State, seat: int) -> Finisher | None:
    return next((f for f in finishers(state) if f.seat == seat), None)


def own_final(state: State, seat: int) -> OwnFinal | None:
    """The cheapest Final Flight in ``seat``'s hand (the hand must be visible), or None (none in
    hand, none flyable on this board, or already played)."""
    st = state.seats[seat]
    if st.finished or not st.hand:
        return None
    planner = Planner(state, seat)
    best: OwnFinal | None = None
    for card in st.hand:  # the hand's order: the first of equals wins
        route = planner.route(state.board.cards[card].cities)
        if route is None:
            continue
        option = OwnFinal(card, route.cost, len(route.needs))
        if best is None or (option.cost, option.planes) < (best.cost, best.planes):
            best = option
    return best


def last_unfinished(state: State) -> int | None:
    """The one seat without a Final Flight when every other has played theirs: its own Final
    Flight ends the game (the engine's end rule), not a plane it places."""
    return next((i for i in range(state.players) if final_flight_ends_game(state, i)), None)


def enders(state: State) -> list[int]:
    """The seats whose next turn can end the game."""
    seats = [r.seat for r in finishers(state) if r.ends_next_turn]
    last = last_unfinished(state)
    if last is not None and state.vacation_time:
        seats.append(last)
    return sorted(seats)


def planes(n: int) -> str:
    return ngettext("{n} plane", "{n} planes", n).format(n=n)


PANEL_WIDTH = 35
"""The most a race line may take on the players' panel: at 100 columns the panel has 38 beside
the lines' indent of 3 (jetset.tcss), and nothing there may be cut."""


def race_text(race: Finisher) -> str:
    """A played Final Flight on the players' panel: ``⚠ 1 plane to go, then the game ends``
    (short: at most ``PANEL_WIDTH`` cells)."""
    if race.needs == 0:
        return _("Final Flight complete")
    if race.ends_next_turn:
        return _("⚠ 1 plane to go, then the game ends")
    if not race.can_finish:
        if race.stock == 0:
            return _("{planes} to finish, none in stock").format(planes=planes(race.needs))
        return _("{planes} to finish, only {stock} in stock").format(
            planes=planes(race.needs), stock=race.stock
        )
    return _("{planes} to finish (one a turn)").format(planes=planes(race.needs))


def own_text(own: OwnFinal | None) -> str:
    """What the viewer's own Final Flight would cost now (its card is in the hand panel)."""
    if own is None:
        return _("your Final Flight: no way to fly it")
    if own.ready:
        return _("your Final Flight ready: f plays it")
    return _("your Final Flight: {planes}, €{cost}").format(
        planes=planes(own.planes), cost=own.cost
    )


def panel_race(table: TableView, seat: int) -> Text | None:
    """The players' panel's race line for ``seat`` (from Vacation Time on), or None."""
    state = table.state
    if not state.vacation_time or state.over:
        return None
    race = race_of(state, seat)
    if race is not None:
        return Text(race_text(race), style=f"bold {WARN}" if race.ends_next_turn else DIM)
    if seat == table.viewer:
        own = own_final(state, seat)
        return Text(own_text(own), style=GOOD if own is not None and own.ready else DIM)
    if last_unfinished(state) == seat:
        return Text(_("⚠ their Final Flight ends the game"), style=f"bold {WARN}")
    return None


def race_warning(table: TableView) -> Text | None:
    """The turn bar's warning when the end can come on the next turn, or None."""
    state = table.state
    if not state.vacation_time or state.over:
        return None
    seats = enders(state)
    if not seats:
        return None
    parts = [own_warning(state, table.viewer)] if table.viewer in seats else []
    others = [table.names[s] for s in seats if s != table.viewer]
    if len(others) == 1:
        parts.append(_("{name} can end the game next turn").format(name=others[0]))
    elif others:
        parts.append(
            _("{names} or {last} can end the game next turn").format(
                names=", ".join(others[:-1]), last=others[-1]
            )
        )
    text = Text("⚠ " + "; ".join(parts), style=f"bold {WARN}")
    return text


def own_warning(state: State, viewer: int | None) -> str:
    """What of the viewer's own can end the game next turn: the fifth plane on a played Final
    Flight, or, for the last player to play one, that Final Flight itself."""
    if viewer is not None and last_unfinished(state) == viewer:
        return _("playing your Final Flight ends the game")
    return _("your next plane ends the game")


def race_summary(table: TableView) -> Text | None:
    """The turn bar's quieter line from Vacation Time on: each played Final Flight's planes to
    go, and the viewer's own cost; None before Vacation Time (``race_warning`` says more when
    the end can come on the next turn)."""
    state = table.state
    if not state.vacation_time or state.over:
        return None
    parts = [
        _("{name} {needs} to go").format(name=table.names[r.seat], needs=r.needs)
        for r in finishers(state)
    ]
    if table.viewer is not None and not state.seats[table.viewer].finished:
        own = own_final(state, table.viewer)
        if own is not None:
            parts.append(
                _("yours ready") if own.ready else _("yours €{cost}").format(cost=own.cost)
            )
    if not parts:
        return None
    return Text(_("Final Flights: {parts}").format(parts=" · ".join(parts)), style=DIM)
