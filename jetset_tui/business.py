"""The Business cards module on screen: the hand panel's part (your cards, secret; the cards in
front of everyone, public), the turn bar while a Business Deal waits for its answer, the log's
words for the module's entries, and the guided picker of the `y` key."""

from __future__ import annotations

from rich.text import Text

from engine import Action
from engine.actions import (
    Accept,
    CashIn,
    Decline,
    Dividends,
    EndTurn,
    Offer,
    PlayCard,
)
from engine.business_state import KIND, BusinessState
from engine.distant_state import PLANE_PRICE as DISTANT_PLANE_PRICE
from engine.rules.business import DECISION_RULES, allowed
from engine.rules.business_cards import (
    ACQUISITION_PRICE,
    BUYOUT_PRICE,
    CASH_IN,
    COMMANDEER_PRICE,
    RECALL_DISTANT_PRICE,
    RECALL_PRICE,
    RIVALRY_PRICE,
)
from engine.rules.income import seat_income
from engine.state import State
from jetset_tui.describe import card_text
from jetset_tui.guided import Choice, Stage
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD

BUSINESS_TYPES = (PlayCard, Dividends, CashIn, Offer, Accept, Decline, EndTurn)
PRICES = {
    "buyout": f"(€{BUYOUT_PRICE} to the bank)",
    "acquisition": f"(€{ACQUISITION_PRICE} to its owner)",
    "commandeer": f"(€{COMMANDEER_PRICE} to them)",
    "rivalry": f"(€{RIVALRY_PRICE} a plane to the owner)",
    "recall": f"(+€{RECALL_PRICE} a plane)",
}
"""What a card costs or pays, as the picker shows it before you confirm."""
DISTANT_PRICES = {
    "rivalry": f"(€{DISTANT_PLANE_PRICE} a plane to the owner)",
    "recall": f"(+€{RECALL_DISTANT_PRICE} a plane)",
}
"""The same on a Distant airlink."""


def card_name(kind: str) -> str:
    return KIND[kind].name


def business_text(table: TableView) -> Text | None:
    """Your Business cards (only yours), what lies in front of each player, an open deal."""
    b = table.state.business
    if b is None:
        return None
    text = Text(no_wrap=True, overflow="ellipsis")
    viewer = table.viewer
    if viewer is not None:
        text.append("Your Business cards", style="bold underline")
        text.append("  secret\n", style=DIM)
        hand = b.hands[viewer] or []
        if not hand:
            text.append(" none in hand\n", style=DIM)
        for kind in hand:
            text.append(f" {card_name(kind):<19}", style="bold")
            text.append(f"{KIND[kind].text}\n", style=DIM)
        text.append(" y: play a card, cash one in (€5) or offer a deal\n", style=DIM)
    for seat, name in enumerate(table.names):
        front = ", ".join(card_name(k) for k in b.front[seat])
        held = f"{b.sizes[seat]} in hand"
        text.append(f" {name}: {held}" + (f"; in front: {front}" if front else "") + "\n")
    if b.taxes_pot:
        text.append(f" €{b.taxes_pot} on the Taxes card\n", style=DIM)
    text.append(f" Business pile {b.deck_size}, discards {len(b.discards)}", style=DIM)
    return text


def deal_turn_text(table: TableView) -> Text | None:
    """The turn bar while a Business Deal waits for its answer, or None."""
    b = table.state.business
    if b is None or b.offer[1] < 0:
        return None
    offerer, answerer, _, _ = b.offer
    text = Text()
    text.append(f"▶ {table.names[answerer]}", style="bold")
    text.append(f" answers {table.names[offerer]}'s Business Deal", style="bold")
    if answerer == table.viewer:
        text.append("   y: accept or refuse", style=f"bold {GOOD}")
    return text


def action_label(state: State, seat: int, action: Action, names: list[str]) -> str:
    """What a Business card decision does, as the picker lists it."""
    board = state.board
    b = state.business
    assert b is not None
    match action:
        case PlayCard(kind, target, links, card, distant):
            words = [f"Play {card_name(kind)}"]
            if kind == "taxes" and b.in_front(seat, "taxes"):
                return f"Pick up Taxes: +€{b.taxes_pot}"
            if target >= 0:
                words.append(f"on {names[target]}")
            if kind == "transfers" or kind == "relocate":
                words.append(f"{board.link_name(links[0])} → {board.link_name(links[1])}")
            elif links:
                counts: dict[int, int] = {}
                for link in links:
                    counts[link] = counts.get(link, 0) + 1
                words.append(", ".join(f"{board.link_name(k)} ×{n}" for k, n in counts.items()))
            if distant and state.distant is not None:
                d = state.distant
                far = {slot: distant.count(slot) for slot in dict.fromkeys(distant)}
                words.append(", ".join(f"{d.link_name(k)} ×{n}" for k, n in far.items()))
            if card:
                words.append(card_text(board, card))
            if kind in PRICES:
                words.append(DISTANT_PRICES[kind] if distant else PRICES[kind])
            return " ".join(words)
        case Dividends():
            return f"Dividends: take income twice, +€{2 * seat_income(state, seat)}"
        case CashIn(kind):
            return f"Cash in {card_name(kind)} for €{CASH_IN}"
        case Offer(target, kind, link):
            where = f", your plane on {board.link_name(link)}" if link >= 0 else ""
            return f"Offer {names[target]} a Business Deal: you discard {card_name(kind)}{where}"
        case Accept(kind, link):
            where = f", your plane on {board.link_name(link)}" if link >= 0 else ""
            return f"Accept the deal: discard {card_name(kind)}{where}"
        case Decline():
            return "Refuse the deal"
        case EndTurn():
            return "End your turn"
    return ""


def business_stage(state: State, seat: int, names: list[str]) -> Stage | str:
    """The `y` key: every Business card decision open to ``seat`` now, from its own view."""
    b: BusinessState | None = state.business
    if b is None:
        return "this game is played without Business cards"
    choices = []
    for rule in DECISION_RULES:
        for action in rule.options(state, seat):
            if allowed(state, seat, action):
                label = action_label(state, seat, action, names)
                choices.append(Choice(label, label.upper(), value=action))
    if not choices:
        return "no Business card can be played now"
    title = "Business Deal: your answer" if b.offer[1] == seat else "Business cards"
    return Stage(title, choices, confirm="confirm", build=chosen_business)


def chosen_business(choice: Choice, count: int, each: dict[int, int]) -> Action | None:
    value = choice.value
    return value if isinstance(value, BUSINESS_TYPES) else None
