"""Hot-seat: why the keyboard goes to a player when it is not simply their turn (the hand-off
screen says it under their name, jetset_tui/screens/pass_turn.py)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.jetset.actions import Accept, Decline, Entry, Offer
from engine.jetset.rules.turns import offer_pending
from engine.jetset.state import State
from jetset_tui.i18n import _


def hand_off_reason(
    state: State, mover: int, names: list[str], entries: Sequence[Entry] = ()
) -> str | None:
    """Why the keyboard goes to ``mover`` when it is not simply their turn: a Business Deal to
    answer, the answer to theirs (``entries``: the game's so far), the end of the game to vote
    on, a first hub to place; None otherwise."""
    business = state.business
    answer = deal_answer_to(entries, mover)
    if business is not None and business.offer[1] == mover and business.offer[0] != mover:
        offerer = names[business.offer[0]]
        return _("{name} offers you a Business Deal: accept or refuse it.").format(name=offerer)
    if answer is not None:
        said, answerer = answer
        return said.format(name=names[answerer])
    if offer_pending(state):
        return _("Five rounds of only income: end the game now?")
    hubs = state.hubs
    if hubs is not None and hubs.placing == mover:
        return _("Place your first hub.")
    return None


def deal_answer_to(entries: Sequence[Entry], mover: int) -> tuple[str, int] | None:
    """When the last entry answers ``mover``'s Business Deal: what to say (``{name}`` for the
    answering player) and who answered; else None."""
    if len(entries) < 2:
        return None
    offer, answer = entries[-2], entries[-1]
    if offer.actor != mover or not isinstance(offer.action, Offer):
        return None
    if isinstance(answer.action, Accept):
        return _("{name} accepted your Business Deal: discard a Business card."), answer.actor
    if isinstance(answer.action, Decline):
        return _("{name} refused your Business Deal."), answer.actor
    return None
