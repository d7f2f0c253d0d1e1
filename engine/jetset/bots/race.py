"""The end race, from Vacation Time on: how near the end is, and what it asks of a seat.

The game ends when a played Final Flight gets its fifth plane (rulebook, "Ending the Game"), and
a player who has played theirs places one plane a turn. So from Vacation Time on every seat
counts: whose Final Flight needs how many planes (the fewest is how many turns the table has
left, at most), and whether its own Final Flight can still be paid for in that time. A seat that
can fly it should, unless it is the last to fly and behind: once every player has flown the game
ends at once (rulebook, "Ending the Game"), so that seat keeps its Final Flight, claiming what it
can, until the game can end before its next turn. One that can still afford it in time should
save for it rather than spend on other cards (the advice ``h`` gives, issue 19); one that cannot
is better off claiming points.
Pure: the state is only read.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.jetset.actions import (
    Action,
    Buy,
    BuyDistant,
    Claim,
    ClaimDistant,
    ClaimFinal,
    Dividends,
    Income,
    Place,
    PlaceDistant,
    Refill,
    Rent,
    RentDistant,
)
from engine.jetset.bots.greedy import (
    RENT_PENALTY,
    Target,
    claim_card,
    claim_distant,
    final_target,
    next_step,
    progress,
    reserved_links,
)
from engine.jetset.bots.planning import Planner
from engine.jetset.paths import path_links
from engine.jetset.rules.final_flight import FINAL_PLANES_TO_END
from engine.jetset.rules.income import seat_income
from engine.jetset.scoring import FINAL_BASE, scores
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

    - fly the Final Flight as soon as its planes are there, unless ``hold_back``: then any
      move that keeps it ready, greedy's if the move would fly it or spend its planes;
    - while it can still be paid for before the end, no euro on other cards: the next plane
      toward it, or income to save for it (claims, Business cards and hub choices stay).
    """
    now = race(state, seat)
    if now is None or now.own is None:
        return None
    own = now.own
    if own.route.ready:
        if hold_back(state, seat, now):
            return held_move(state, seat, own, move)
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


def ends_before_next_turn(now: Race) -> bool:
    """A played Final Flight can get its fifth plane before the seat moves again."""
    return now.turns_left is not None and now.turns_left <= 1


def ahead_after_flying(state: State, seat: int) -> bool:
    """Flying now puts the seat ahead of every rival, each rival still holding its Final Flight
    counted as if it flew too (10 points: rulebook, "Scoring and Winning")."""
    table = scores(state)
    mine = table[seat].total + FINAL_BASE
    best = max(
        s.total + (0 if state.seats[s.seat].finished else FINAL_BASE)
        for s in table
        if s.seat != seat
    )
    return mine > best


def flying_ends_behind(state: State, seat: int) -> bool:
    """Every rival has flown, so flying ends the game at once (rulebook, "Ending the Game"),
    and the seat would not win it: fewer points, or as many and no more cash."""
    if not all(st.finished for i, st in enumerate(state.seats) if i != seat):
        return False
    table = scores(state)
    mine = (table[seat].total + FINAL_BASE, table[seat].cash)
    return any((s.total, s.cash) >= mine for s in table if s.seat != seat)


def hold_back(state: State, seat: int, now: Race) -> bool:
    """Keep a ready Final Flight in hand: flying would end the game with the seat behind, and
    the game cannot end before its next turn. Only then: a seat behind that flies while a rival
    still holds its Final Flight wins more often than one that waits (BENCHMARKS.md, "The
    advice in the end race"), its planes scoring 2 a turn."""
    return not ends_before_next_turn(now) and flying_ends_behind(state, seat)


def held_move(state: State, seat: int, own: Target, move: Action) -> Action | None:
    """While the Final Flight is held back: ``move`` stands unless it flies it or takes a plane
    its route needs; then greedy's move without it (None: ``move`` stands)."""
    kept = reserved_links(state, seat, own)
    if isinstance(move, (Claim, ClaimDistant)):
        links = path_links(state.board, move.path)  # a Distant card's may be one city, no link
        if not isinstance(links, list) or not kept.intersection(links):
            return None
    elif not isinstance(move, ClaimFinal):
        return None
    plan = (
        Planner(state, seat, RENT_PENALTY, kept=kept)
        if kept
        else Planner(state, seat, RENT_PENALTY)
    )
    return claim_distant(state, seat, kept) or claim_card(plan) or progress(plan, own) or Income()
