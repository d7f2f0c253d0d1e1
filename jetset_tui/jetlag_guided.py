"""Jet Lag's guided play, the keys of its table (jetset_tui/screens/jetlag.py): choose a card of
your hand, then where it goes, as a tourist (a destination of the line) or as a destination (an
end of the line).

Like Jet Set's guided actions (jetset_tui/guided.py), nothing here decides legality: a step is
taken only once the rules let the card go that way at all (``check``), and the screen checks the
play again before it is made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.jetlag.actions import Action, Destination, Tourist
from jetset_tui.i18n import _

CARD: Final = "card"
TOURIST: Final = "tourist"
END: Final = "end"
"""The guided steps: choosing a card, then where it goes as a tourist or as a destination."""


@dataclass
class GuidedPlay:
    """The play being chosen with the keys."""

    step: str = CARD
    chosen: int = 0
    """The card: its place in the hand."""
    target: int = 0
    """Where a tourist goes: its destination's place in the line."""
    right: bool = True
    """Where a destination goes: the right end of the line, else the left."""

    def choice(self, hand: Sequence[str]) -> Action | None:
        """The play being chosen, if the keys have gone past the card."""
        if not hand or self.step == CARD:
            return None
        card = hand[min(self.chosen, len(hand) - 1)]
        if self.step == TOURIST:
            return Tourist(card, self.target)
        return Destination(card, self.right)

    def restart(self) -> None:
        """Back to choosing a card, the first of the hand."""
        self.step, self.chosen = CARD, 0

    def try_step(self, step: str, hand: Sequence[str], check: Callable[[Action], None]) -> None:
        """Go on to choosing where the chosen card goes (``TOURIST`` or ``END``), if the rules
        let it go there at all: ``check`` raises IllegalAction, and nothing changes."""
        card = hand[self.chosen]
        check(Tourist(card, 0) if step == TOURIST else Destination(card, True))
        self.step, self.target, self.right = step, 0, True

    def move(self, by: int, cards: int, destinations: int) -> None:
        """←→: the next card, destination or end, among ``cards`` in the hand and
        ``destinations`` on the line."""
        if self.step == CARD:
            self.chosen = (self.chosen + by) % max(cards, 1)
        elif self.step == TOURIST:
            self.target = (self.target + by) % max(destinations, 1)
        else:
            self.right = by > 0

    def number(self, n: int, cards: int, destinations: int) -> str | None:
        """A number key while choosing a card or a destination: choose the ``n``-th; a refusal,
        changing nothing, if there is no such one."""
        count = cards if self.step == CARD else destinations
        if not 1 <= n <= count:
            if self.step == CARD:
                return _("Choose a card from 1 to {n}.").format(n=count)
            return _("Choose a destination from 1 to {n}.").format(n=count)
        if self.step == CARD:
            self.chosen = n - 1
        else:
            self.target = n - 1
        return None

    def hint(self, cards: int, destinations: int) -> str:
        """The keys of this step, in a line."""
        if self.step == TOURIST:
            said = _("←→ or 1–{n}: the destination · Enter plays it · Esc: another card")
            return said.format(n=destinations)
        if self.step == END:
            return _("←→ or l/r: the end of the line · Enter plays it · Esc: another card")
        said = _("←→ or 1–{n}: a card · t: as a tourist · d: as a destination · : types it")
        return said.format(n=cards)
