"""An example bot of your own: claim the best card you can; otherwise put one plane toward the
face-up card with the most points for the euros still needed, among those it can pay for in
full (saving up first, once it has income, rather than going broke half way); otherwise take
income.

    jetset selfplay --bot examples/bots/cheapest_card.py:CheapestCardBot,greedy --games 10
    jetset play --bots examples/bots/cheapest_card.py:CheapestCardBot

docs/bots.md explains what a bot sees and how it chooses.
"""

from __future__ import annotations

from engine.jetset.actions import Action, Buy, Claim, ClaimFinal, FinalPlane, Income, Place, Rent
from engine.jetset.board import LONG, SHORT
from engine.jetset.bots import Bot
from engine.jetset.bots.planning import BUY, PLACE, Need, card_cities, planes_needed
from engine.jetset.rules.income import income_of
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State

FINAL_POINTS = 10
"""A Final Flight scores 10 points, and 2 more for each plane put on it afterwards."""


class CheapestCardBot(Bot):
    name = "cheapest-card"

    def choose(self, view: State, rules: Ruleset) -> Action:
        legal = rules.legal_actions(view)  # every legal action now, in canonical order
        claims = [a for a in legal if isinstance(a, Claim | ClaimFinal)]
        if claims:  # the most points; among equals, the first listed
            return max(claims, key=lambda a: (self.points(view, a), -legal.index(a)))
        if FinalPlane() in legal:
            return FinalPlane()  # two more points
        me = view.seats[self.seat]
        targets = sorted(self.targets(view), reverse=True)
        within = [t for t in targets if sum(n.cost for n in t[2]) <= me.cash]
        if within or income_of(me) == 0:  # else save up rather than go broke half way
            for _, _, needs in within or targets:
                action = one_plane(needs[0])
                if action in legal:  # affordable, with a plane and a marker in stock
                    return action
        return Income() if Income() in legal else self.rng.choice(legal)

    def targets(self, view: State) -> list[tuple[float, str, list[Need]]]:
        """Each face-up card not yet claimable, scored by points per euro still needed, with
        the planes it needs (the planner's cheapest path, engine/jetset/bots/planning.py)."""
        scored = []
        for row in (SHORT, LONG):
            for card in view.rows[row]:
                needs = planes_needed(view, self.seat, card_cities(view, card))
                if needs:
                    cost = sum(n.cost for n in needs)
                    scored.append((view.board.cards[card].points / cost, card, needs))
        return scored

    @staticmethod
    def points(view: State, action: Claim | ClaimFinal) -> int:
        if isinstance(action, ClaimFinal):
            return FINAL_POINTS
        return view.board.cards[action.card].points


def one_plane(need: Need) -> Action:
    """The action that puts one plane where ``need`` says, in the notation's canonical form."""
    if need.how == BUY:
        return Buy(need.link, 1)
    if need.how == PLACE:
        return Place(((need.link, 1),))
    return Rent(need.link, 1)
