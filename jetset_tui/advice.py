"""Advice (``h``): the move our strongest bot would make in your place, from your view only,
with one line saying why; from Vacation Time on, the race to the end as you can see it (whose
Final Flight needs how many planes, and what your own still costs). In the end race the advice
follows ``engine.jetset.bots.race``: fly your Final Flight when you can (but keep it while flying
would end the game with you behind), save for it while it can still be paid for in time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.jetset.actions import (
    Accept,
    Action,
    Buy,
    BuyDistant,
    CashIn,
    Claim,
    ClaimDistant,
    ClaimFinal,
    DealDiscard,
    Decline,
    Dividends,
    EndTurn,
    Entry,
    FinalPlane,
    HubBonus,
    Income,
    Offer,
    Pass,
    Place,
    PlaceDistant,
    PlaceHub,
    PlayCard,
    Refill,
    Rent,
    RentDistant,
    ReplaceInvestor,
)
from engine.jetset.bots import BOTS, Bot, make_bot
from engine.jetset.bots.greedy import RENT_PENALTY, Target, face_up, final_target
from engine.jetset.bots.mcts import MctsBot
from engine.jetset.bots.planning import Planner, Route
from engine.jetset.bots.race import (
    Race,
    affordable_in_time,
    ahead_after_flying,
    ends_before_next_turn,
    hold_back,
    race,
    race_move,
    serves,
)
from engine.jetset.definition import options_of
from engine.jetset.notation import Notation
from engine.jetset.rules.final_flight import FINAL_PLANES_TO_END
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State
from jetset_tui.describe import card_text, describe_action
from jetset_tui.i18n import N_, _, ngettext
from jetset_tui.seat_names import bot_kind_before_bot

ADVISORS = ("mcts", "greedy", "random")
"""The strongest bot first: the search bot, which plays out the likely moves."""
ADVICE_PLAYOUTS = 48
"""The search bot's budget for advice: twice a bot's own (``mcts.ITERATIONS``), as one move is
asked for, not a game's; at 24 a ready 7-point claim lost to income on the noise of five guessed
worlds (a play test's turn 52, tests/tui/test_advice_logs.py)."""
HUB_BONUS_WHY = {
    "cash": N_("€2 now for the flight through your hub"),
    "point": N_("a point for good, for the flight through your hub"),
    "income": N_("€2 more at every income, for the flight through your hub"),
    "hub": N_("a second hub, which pays €2 whenever a claimed flight touches its city"),
}


@dataclass(frozen=True)
class Advice:
    """The move a bot would make in the viewer's place: its kind, the move in notation, the
    number of entries of the position it was worked out for, why, and the end race's lines."""

    bot: str
    line: str
    at: int
    why: str = ""
    race: tuple[str, ...] = ()
    words: str = ""
    """The move as the log says it (a Business card by its name, not ``cash discount``)."""


def advisor() -> str:
    """The strongest bot kind there is."""
    return next((kind for kind in ADVISORS if kind in BOTS), next(iter(BOTS)))


def advisor_bot(seat: int, at: int) -> Bot:
    """The advisor for ``seat`` at entry ``at``; the search bot with ``ADVICE_PLAYOUTS``."""
    bot = make_bot(advisor(), seat, f"advice:{at}")
    if isinstance(bot, MctsBot):
        bot.iterations = ADVICE_PLAYOUTS
    return bot


def advised_move(view: State, seat: int, rules: Ruleset, at: int) -> Action:
    """The advisor's move for ``seat``, or the move the end race asks for instead."""
    move = advisor_bot(seat, at).act(view, rules)
    instead = race_move(view, seat, move)
    if instead is not None and is_legal(rules, view, seat, instead):
        return instead
    return move


def advise(
    view: State, seat: int, rules: Ruleset, notation: Notation, names: Sequence[str], at: int
) -> Advice:
    """The advice for ``seat`` in ``view`` (its own view), worked out at entry ``at``."""
    move = advised_move(view, seat, rules, at)
    kind = advisor()
    return Advice(
        bot_kind_before_bot(kind),
        notation.format_action(move),
        at,
        why(view, seat, move),
        race_lines(view, seat, names),
        describe_action(notation, move, list(names)),
    )


def is_legal(rules: Ruleset, state: State, seat: int, action: Action) -> bool:
    try:
        rules.check(state, Entry(seat, action))
    except IllegalAction:
        return False
    return True


# -- why ------------------------------------------------------------------------------------


def why(view: State, seat: int, move: Action) -> str:
    """One line in the game's words: why ``move`` is worth playing now."""
    now = race(view, seat)
    if held_back(view, seat, now) and not isinstance(move, ClaimFinal):
        return _(
            "flying your Final Flight now would end the game with you behind, so keep it "
            "until the game can end: {why}"
        ).format(why=move_why(view, seat, move, now))
    return move_why(view, seat, move, now)


def held_back(view: State, seat: int, now: Race | None) -> bool:
    """The seat's Final Flight is ready, and the race keeps it in hand for now."""
    return (
        now is not None
        and now.own is not None
        and now.own.route.ready
        and hold_back(view, seat, now)
    )


def move_why(view: State, seat: int, move: Action, now: Race | None) -> str:
    """Why ``move`` is worth playing, by its kind."""
    board = view.board
    st = view.seats[seat]
    if isinstance(move, ClaimFinal):
        return final_why(view, seat, now)
    if isinstance(move, FinalPlane):
        left = FINAL_PLANES_TO_END - st.final_planes
        if left == 1:
            return _("2 points for a plane on your Final Flight; it ends the game")
        return ngettext(
            "2 points for a plane on your Final Flight; the fifth ends the game ({left} to go)",
            "2 points for a plane on your Final Flight; the fifth ends the game ({left} to go)",
            left,
        ).format(left=left)
    if isinstance(move, Pass):
        return _("you have no plane left to place on your Final Flight")
    if isinstance(move, Claim):
        points = board.cards[move.card].points
        return ngettext(
            "{card} is yours now: {points} point", "{card} is yours now: {points} points", points
        ).format(card=card_text(board, move.card), points=points)
    if isinstance(move, ClaimDistant):
        return _("a Distant card: 8 points now and €5 more at every income")
    if isinstance(move, (Buy, Place, Rent)):
        return step_why(view, seat, move, now)
    if isinstance(move, (BuyDistant, PlaceDistant, RentDistant)):
        return _("a plane toward a Distant card: 8 points and €5 more at every income")
    if isinstance(move, (Income, Dividends)):
        return income_why(view, seat, move, now)
    if isinstance(move, Refill):
        return _("more cards to choose from, and the Vacation cards come nearer")
    return other_why(move)


def final_why(view: State, seat: int, now: Race | None) -> str:
    """Flying the Final Flight: plainly good only when it puts you ahead (rulebook, "Ending the
    Game": once everyone has flown the game ends, and a flown seat only places planes)."""
    if ahead_after_flying(view, seat):
        return _("your Final Flight is ready: fly it now for 10 points, and 2 for each plane after")
    if now is not None and ends_before_next_turn(now):
        return _(
            "the game can end before your next turn: fly your Final Flight now, "
            "or its 10 points are lost"
        )
    return _(
        "your Final Flight is ready: 10 points, and 2 for each plane after; it may not put you "
        "ahead, but waiting does worse: the others fly theirs and score their planes meanwhile"
    )


def other_why(move: Action) -> str:
    """Hubs, Business cards, deals and Investors."""
    if isinstance(move, PlaceHub):
        return _("a hub pays you €2 whenever a claimed flight starts, ends or passes there")
    if isinstance(move, HubBonus):
        return _(HUB_BONUS_WHY.get(move.kind, N_("the best of the hub bonuses for you now")))
    if isinstance(move, PlayCard):
        return _("this Business card pays you now")
    if isinstance(move, CashIn):
        return _("€5 for a Business card you have no use for")
    if isinstance(move, Accept):
        return _("the deal puts one of your planes on their link for free")
    if isinstance(move, Decline):
        return _("the deal would help them more than you")
    if isinstance(move, Offer):
        return _("a plane of yours on their link, for a card you can spare")
    if isinstance(move, DealDiscard):
        return _("the card you can best spare")
    if isinstance(move, EndTurn):
        return _("nothing more is worth doing this turn")
    if isinstance(move, ReplaceInvestor):
        return _("that Investor pays you the most against your best rival")
    return _("the best of the moves tried")


def step_why(view: State, seat: int, move: Buy | Place | Rent, now: Race | None) -> str:
    """A plane toward a card: which one, and what is left after it."""
    board = view.board
    if now is not None and now.own is not None and serves(move, now.own):
        return _("a plane toward your Final Flight: {after}").format(
            after=after(move, now.own.route, final_ready(view))
        )
    plan = Planner(view, seat, RENT_PENALTY)
    served = [
        (board.cards[card].points, card, route)
        for card in face_up(view)
        if (route := plan.route(board.cards[card].cities)) is not None
        and serves(move, Target(card, False, route, 0.0))
    ]
    if not served:
        final = final_target(plan)
        if final is not None and serves(move, final):
            return _("a plane toward your Final Flight: {after}").format(
                after=after(move, final.route, final_ready(view))
            )
        return _("a plane that joins your network toward the cards to come")
    points, card, route = max(served, key=lambda s: (s[0], s[1]))
    return ngettext(
        "a plane toward {card} ({points} point): {after}",
        "a plane toward {card} ({points} points): {after}",
        points,
    ).format(card=card_text(board, card), points=points, after=after(move, route))


def after(move: Buy | Place | Rent, route: Route, done: str = "") -> str:
    """What the route still needs once ``move`` is played; ``done``: what then, if not that
    the card can be claimed."""
    placed = len(move.placements) if isinstance(move, Place) else 1
    left = len(route.needs) - placed
    if left <= 0:
        return done or _("then you can claim it")
    cost = sum(sorted(n.cost for n in route.needs)[:left])
    return ngettext(
        "{left} more plane after this (about €{cost})",
        "{left} more planes after this (about €{cost})",
        left,
    ).format(left=left, cost=cost)


def final_ready(view: State) -> str:
    """A Final Flight's planes all there: it can fly only from Vacation Time on (rulebook,
    "Vacation Time": not before two Vacation cards are turned up)."""
    if view.vacation_time:
        return _("then you can fly it")
    return _("then it is ready to fly once Vacation Time comes")


def income_why(view: State, seat: int, move: Income | Dividends, now: Race | None) -> str:
    """Why take money now."""
    st = view.seats[seat]
    dividends = isinstance(move, Dividends)
    if now is not None and now.own is not None and not now.own.route.ready:
        cost = now.own.route.cost
        if affordable_in_time(view, seat, cost, now.turns_left):
            if dividends:
                saving = _(
                    "saving for your Final Flight: it needs €{cost}, you have €{cash}; "
                    "Dividends pays more than plain income"
                )
            else:
                saving = _("saving for your Final Flight: it needs €{cost}, you have €{cash}")
            return saving.format(cost=cost, cash=st.cash)
    if dividends:
        return _("Dividends pays more than plain income")
    if a_plane_fits(view, seat):  # "no plane worth buying fits your €229": a play test's
        return _("no plane you could buy now does more for you than income")
    return _("no plane worth buying fits your €{cash} now: income first").format(cash=st.cash)


PLANE_ACTIONS = (Buy, Place, Rent, BuyDistant, PlaceDistant, RentDistant)


def a_plane_fits(view: State, seat: int) -> bool:
    """Whether ``seat``, to move, may put a plane on an airlink now (the rules' legal list:
    its cash, its stock, the links left), so that "no plane fits" would not be true."""
    rules = Ruleset.of(options_of(view))
    if rules.to_move(view) != seat:
        return False
    return any(isinstance(action, PLANE_ACTIONS) for action in rules.legal_actions(view))


# -- the race -------------------------------------------------------------------------------


def race_lines(view: State, seat: int, names: Sequence[str]) -> tuple[str, ...]:
    """From Vacation Time on: each played Final Flight's planes to go, then your own."""
    now = race(view, seat)
    if now is None:
        return ()
    lines = []
    for f in now.finishers:
        if f.seat == seat:
            continue
        name = names[f.seat] if f.seat < len(names) else _("player {n}").format(n=f.seat + 1)
        lines.append(finisher_line(name, f.needs, f.stock))
    st = view.seats[seat]
    if st.finished:
        lines.append(
            _("your Final Flight has {planes} of {all} planes").format(
                planes=st.final_planes, all=FINAL_PLANES_TO_END
            )
        )
    elif now.own is not None:
        lines.append(own_line(view, seat, now))
    return tuple(lines)


def finisher_line(name: str, needs: int, stock: int) -> str:
    """Another player's Final Flight: the planes it needs, and whether the game can end by it."""
    if stock < needs:
        line = ngettext(
            "{name}'s Final Flight needs {needs} more plane and {name} holds {stock}: "
            "it cannot end the game",
            "{name}'s Final Flight needs {needs} more planes and {name} holds {stock}: "
            "it cannot end the game",
            needs,
        )
    elif needs == 1:
        line = _("{name}'s Final Flight needs 1 more plane: the game can end on {name}'s next turn")
    else:
        line = ngettext(
            "{name}'s Final Flight needs {needs} more plane: the game ends when {name} places it",
            "{name}'s Final Flight needs {needs} more planes: the game ends when {name} places "
            "the last",
            needs,
        )
    return line.format(name=name, needs=needs, stock=stock)


def own_line(view: State, seat: int, now: Race) -> str:
    own = now.own
    assert own is not None
    board = view.board
    text = card_text(board, own.card)
    if own.route.ready:
        if hold_back(view, seat, now):
            return _(
                "your Final Flight {card} is ready, but flying it would end the game with you "
                "behind: keep it until the game can end"
            ).format(card=text)
        return _("your Final Flight {card} is ready to fly").format(card=text)
    need = len(own.route.needs)
    if affordable_in_time(view, seat, own.route.cost, now.turns_left):
        line = ngettext(
            "your Final Flight {card} needs {need} plane, €{cost}; you have €{cash}",
            "your Final Flight {card} needs {need} planes, €{cost}; you have €{cash}",
            need,
        )
    else:
        line = ngettext(
            "your Final Flight {card} needs {need} plane, €{cost}; you have €{cash}: "
            "too dear before the end, so claim cards instead",
            "your Final Flight {card} needs {need} planes, €{cost}; you have €{cash}: "
            "too dear before the end, so claim cards instead",
            need,
        )
    return line.format(card=text, need=need, cost=own.route.cost, cash=view.seats[seat].cash)
