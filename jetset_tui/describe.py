"""Words for what is on the table: cards, links, costs and log entries, for every widget."""

from __future__ import annotations

from rich.text import Text

from engine import (
    CHANCE,
    Action,
    Buy,
    Claim,
    ClaimFinal,
    Deal,
    Entry,
    FinalPlane,
    Income,
    Pass,
    Place,
    Refill,
    Rent,
    Reveal,
    Setup,
)
from engine.actions import (
    BusinessDraw,
    BusinessShuffle,
    BuyDistant,
    BuyoutDraw,
    DealInvestors,
    DrawDistant,
    FinalsDraw,
    PlaceDistant,
    RentDistant,
    ReplaceInvestor,
    TurnInvestor,
)
from engine.board import Board
from engine.distant_state import PLANE_PRICE as DISTANT_PLANE
from engine.distant_state import RENT_TO_BANK as DISTANT_RENT_TO_BANK
from engine.distant_state import load_distant
from engine.notation import Notation
from engine.rules.costs import REFILL_PRICE, buy_cost, place_cost, rent_cost, service_charge
from engine.rules.distant import buy_distant_cost, place_distant_cost
from engine.rules.income import seat_income
from engine.rules.investors import investor_cards
from engine.state import State
from jetset_tui.theme import DIM, Livery


def route_text(board: Board, cities: tuple[int, ...], sep: str = "–") -> str:
    return sep.join(board.city_code(c) for c in cities)


def card_text(board: Board, cid: str) -> str:
    """``S1-07 AMS–LON`` for a Flight card; Vacation cards by name."""
    card = board.cards[cid]
    if card.vacation:
        return f"{cid} Vacation"
    sep = "→" if card.kind == "final" else "–"
    return f"{cid} {route_text(board, card.cities, sep)}"


def distant_card_text(board: Board, cid: str) -> str:
    """``D-04 AMS–WAS`` for a Distant Flight card."""
    distant = load_distant()
    card = distant.cards[cid]
    return f"{cid} {board.city_code(card.city)}–{distant.cities[card.distant].code}"


def seat_badge(livery: Livery, name: str | None = None) -> Text:
    """The owner letter on its colour, then the name: colour is never the only signal."""
    text = Text()
    text.append(f" {livery.letter} ", style=livery.badge)
    if name is not None:
        text.append(f" {name}", style=livery.style)
    return text


def action_cost(state: State, seat: int, action: Action) -> int:
    """What ``action`` would cost ``seat`` (the engine's prices); income is negative."""
    board = state.board
    match action:
        case Buy(link, planes):
            return buy_cost(board.links[link].cost, planes)
        case Rent(_, planes):
            return rent_cost(planes)
        case Place(placements):
            return place_cost(sum(n for _, n in placements), len(placements))
        case Refill(row, _):
            return 0 if state.paid[row] else REFILL_PRICE
        case Income():
            return -seat_income(state, seat)
        case BuyDistant(slot, _, planes):
            return buy_distant_cost(load_distant().slots[slot].cost, planes)
        case PlaceDistant(placements, distant):
            return place_distant_cost(
                sum(n for _, n in placements),
                sum(n for _, n in distant),
                len(placements) + len(distant),
            )
        case RentDistant(_, planes):
            return (DISTANT_PLANE + DISTANT_RENT_TO_BANK) * planes
    return 0


def cost_breakdown(state: State, action: Action) -> str:
    """How a cost is made up, in the rulebook's words."""
    board = state.board
    match action:
        case Buy(link, planes):
            return f"link €{board.links[link].cost} + {planes} × €5 a plane"
        case Rent(_, planes):
            return f"{planes} × €5 to the bank + {planes} × €5 to the owner"
        case Place(placements):
            total = sum(n for _, n in placements)
            charge = place_cost(total, len(placements)) - 5 * total
            links = len(placements)
            return f"{total} × €5 a plane + €{charge} service for {links} link{'s' * (links > 1)}"
        case Refill(row, _):
            return "already paid this turn" if state.paid[row] else "€1 per row"
        case Income():
            return "€5 per card with markers, €2 per card without, €5 per Distant card"
        case BuyDistant(slot, _, planes):
            price = load_distant().slots[slot].cost
            return f"distant link €{price} + {planes} × €{DISTANT_PLANE} a plane"
        case PlaceDistant(placements, distant):
            far = sum(n for _, n in distant)
            near = sum(n for _, n in placements)
            links = len(placements) + len(distant)
            charge = service_charge(links)
            words = f"{far} × €{DISTANT_PLANE} a distant plane"
            if near:
                words += f" + {near} × €5 a plane"
            return f"{words} + €{charge} service for {links} link{'s' * (links > 1)}"
        case RentDistant(_, planes):
            return f"{planes} × €{DISTANT_PLANE} to the owner + {planes} × €5 to the bank"
    return ""


def describe_business(board: Board, action: Action, names: list[str]) -> str:
    """A log line for the module's chance entries, in words; '' for any other entry."""
    match action:
        case BusinessDraw(seat, _, _, _):
            return f"a Business card to {names[seat]}"
        case BusinessShuffle(count):
            return f"the {count} discarded Business cards shuffled into a new pile"
        case BuyoutDraw(card):
            return f"Buyout takes {card_text(board, card)}"
        case FinalsDraw(seat, _, _, _):
            return f"two more Final Flights to {names[seat]}"
    return ""


def describe_action(notation: Notation, action: Action, names: list[str]) -> str:
    """One log line for a decision or a chance entry, in words a player reads at a glance."""
    board = notation.board
    business = describe_business(board, action, names)
    if business:
        return business
    match action:
        case Setup(short_row, long_row):
            return f"rows laid out: {len(short_row)} Short, {len(long_row)} Long"
        case Deal(seat, _, _, _):
            return f"two Final Flights dealt to {names[seat]}"
        case Reveal(row, card):
            if board.cards[card].vacation:
                return f"turned up a Vacation card from the {row} deck"
            return f"turned up {card_text(board, card)} ({board.cards[card].points})"
        case DrawDistant(card, bottom):
            where = "the bottom of the Distant deck" if bottom else "the Distant deck"
            if card == load_distant().vacation:
                return f"turned up a Vacation card from {where}"
            return f"turned up {distant_card_text(board, card)} (8) from {where}"
        case DealInvestors(cards, _, commitments):
            if commitments is None and cards is not None:
                shown = " and ".join(investor_cards()[c].name for c in cards)
                return f"Investors face up on the Vacation spaces: {shown}"
            return "two Investors face down on the Vacation spaces"
        case TurnInvestor(space, card, _):
            name = investor_cards()[card].name
            return f"a Vacation card replaces Investor {space + 1}: {name} pays"
        case ReplaceInvestor(card):
            return f"the Vacation card replaces the {investor_cards()[card].name} Investor"
        case Claim() | ClaimFinal() | Buy() | Rent() | Place() | Refill():
            return notation.format_action(action)
        case Income() | FinalPlane() | Pass():
            return notation.format_action(action)
    return notation.format_action(action)


def entry_line(
    notation: Notation, entry: Entry, turn: int, names: list[str], liveries: list[Livery]
) -> Text:
    """A log line: turn number, the actor's badge and the action in notation."""
    line = Text()
    line.append(f"{turn:>4} " if turn else "     ", style=DIM)
    if entry.actor == CHANCE:
        line.append(" * ", style="bold")
        line.append(" " + describe_action(notation, entry.action, names), style=DIM)
    else:
        line.append_text(seat_badge(liveries[entry.actor]))
        line.append(" " + describe_action(notation, entry.action, names))
    return line
