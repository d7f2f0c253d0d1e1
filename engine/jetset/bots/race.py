"""The end race, from Vacation Time on: how near the end is, and what it asks of a seat.

The game ends when a played Final Flight gets its fifth plane (rulebook, "Ending the Game"), and
a player who has played theirs places one plane a turn. So from Vacation Time on every seat
counts: whose Final Flight needs how many planes (the fewest is how many turns the table has
left, at most), and whether its own Final Flight can still be paid for in that time. A seat that
can fly it should; one that can still afford it in time should save for it rather than spend on
other cards (the advice ``h`` gives, issue 19); one that cannot is better off claiming points.
Pure: the state is only read.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.jetset.actions import (
    Action,
    Buy,
    BuyDistant,
    ClaimFinal,
    Dividends,
    Income,
    Place,
    PlaceDistant,
    Refill,
    Rent,
    RentDistant,
)
from engine.jetset.bots.greedy import RENT_PENALTY, Target, final_target, next_step
from engine.jetset.bots.planning import Planner
from engine.jetset.rules.final_flight import FINAL_PLANES_TO_END
from engine.jetset.rules.income import seat_income
from engine.jetset.state import State

SPENDING = (Buy, Place, Rent, Refill, BuyDistant, PlaceDistant, RentDistant)
"""The actions that spend euros; the race may ask for another."""
INCOME = (Income, Dividends)


@dataclass(frozen=True, slots=True)
class Finisher:
    """A seat whose Final Flight is played: planes it still needs to end the game, planes it
    holds to place."""

    seat: int
    needs: int
    stock: int

    @property
    def can_finish(self) -> bool:
        """Enough planes in stock to end the game by placing them, one a turn."""
        return self.stock >= self.needs

    @property
    def ends_next_turn(self) -> bool:
        return self.needs == 1 and self.stock >= 1


@dataclass(frozen=True, slots=True)
class Race:
    """The race as one seat sees it: the played Final Flights, the fewest turns before the
    game can end (None: nobody can end it), and the seat's own Final Flight with its route."""

    finishers: tuple[Finisher, ...]
    turns_left: int | None
    own: Target | None


def finishers(state: State) -> tuple[Finisher, ...]:
    """Every seat whose Final Flight is played, in seat order."""
    return tuple(
        Finisher(i, FINAL_PLANES_TO_END - st.final_planes, st.planes)
        for i, st in enumerate(state.seats)
        if st.finished
    )


def race(state: State, seat: int) -> Race | None:
    """The race for ``seat``, from Vacation Time on (None before)."""
    if not state.vacation_time:
        return None
    ahead = finishers(state)
    able = [f.needs for f in ahead if f.can_finish and f.seat != seat]
    own = None
    if not state.seats[seat].finished and state.seats[seat].hand:
        own = final_target(Planner(state, seat, RENT_PENALTY))
    return Race(ahead, min(able) if able else None, own)


def affordable_in_time(state: State, seat: int, cost: int, turns: int | None) -> bool:
    """Whether ``seat`` can pay ``cost`` from its cash and the incomes it can take before the
    end (each turn of income is a turn not spent on planes, so half of ``turns`` at most)."""
    cash = state.seats[seat].cash
    if cost <= cash:
        return True
    if turns is None:
        return True
    return cash + seat_income(state, seat) * (turns // 2) >= cost


def race_move(state: State, seat: int, move: Action) -> Action | None:
    """In Vacation Time, what the race asks instead of ``move`` (None: ``move`` stands):

    - fly the Final Flight as soon as its planes are there;
    - while it can still be paid for before the end, no euro on other cards: the next plane
      toward it, or income to save for it (claims, Business cards and hub choices stay).
    """
    now = race(state, seat)
    if now is None or now.own is None:
        return None
    own = now.own
    if own.route.ready:
        fly = ClaimFinal(own.card, own.route.path)
        return None if move == fly else fly
    if not isinstance(move, (*SPENDING, *INCOME)) or serves(move, own):
        return None
    if not affordable_in_time(state, seat, own.route.cost, now.turns_left):
        return None
    step = next_step(state, seat, own, None)
    if step is not None:
        return step
    return None if isinstance(move, INCOME) else Income()


def serves(move: Action, target: Target) -> bool:
    """``move`` puts a plane on an airlink ``target``'s route still needs."""
    needed = tuple(n.link for n in target.route.needs)
    if isinstance(move, (Buy, Rent)):
        return move.link in needed
    if isinstance(move, Place):
        return all(link in needed for link, _ in move.placements)
    return False
