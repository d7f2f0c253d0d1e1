"""Words for what is on the table: cards, links, costs and log entries, for every widget."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from engine.jetset.actions import (
    Accept,
    BusinessDraw,
    BusinessShuffle,
    BuyDistant,
    BuyoutDraw,
    CashIn,
    DealDiscard,
    DealInvestors,
    Decline,
    Dividends,
    DrawDistant,
    EndTurn,
    FinalsDraw,
    Offer,
    OpenEndCards,
    PlaceDistant,
    PlayCard,
    RentDistant,
    ReplaceInvestor,
    TurnInvestor,
)
from engine.jetset.board import Board
from engine.jetset.business_effects import action_saving
from engine.jetset.distant_state import PLANE_PRICE as DISTANT_PLANE
from engine.jetset.distant_state import load_distant
from engine.jetset.notation import Notation
from engine.jetset.rules.costs import REFILL_PRICE, place_cost, service_charge
from engine.jetset.rules.income import income_paid
from engine.jetset.rules.prices import action_price
from engine.jetset.state import State
from jetset_tui.card_names import business_name, investor_name
from jetset_tui.i18n import _, money, ngettext
from jetset_tui.theme import DIM, Livery
from jetset_tui.theme import seat_badge as seat_badge
from jetset_tui.widgets.wrap import KEEP


def route_text(board: Board, cities: tuple[int, ...], sep: str = "–") -> str:
    return sep.join(board.city_code(c) for c in cities)


def card_text(board: Board, cid: str) -> str:
    """``S1-07 AMS–LON`` for a Flight card; Vacation cards by name."""
    card = board.cards[cid]
    if card.vacation:
        return _("{card} Vacation").format(card=cid)
    sep = "→" if card.kind == "final" else "–"
    return f"{cid} {route_text(board, card.cities, sep)}"


def distant_card_text(board: Board, cid: str) -> str:
    """``D-04 AMS–WAS`` for a Distant Flight card."""
    distant = load_distant()
    card = distant.cards[cid]
    return f"{cid} {board.city_code(card.city)}–{distant.cities[card.distant].code}"


def action_cost(state: State, seat: int, action: Action) -> int:
    """What ``action`` would cost ``seat`` (the engine's prices, Business cards' savings
    taken off); income is negative."""
    match action:
        case Refill(row, _):
            return 0 if state.paid[row] else REFILL_PRICE
        case Income():
            return -income_paid(state, seat)
    return action_price(state, seat, action)


def cost_breakdown(state: State, seat: int, action: Action) -> str:
    """How a cost is made up, in the rulebook's words, with what Business cards take off."""
    return printed_breakdown(state, action) + saving_words(state, seat, action)


def saving_words(state: State, seat: int, action: Action) -> str:
    """`` − €4 Discount``: what the Business cards in force take off ``action``'s price
    (the engine's saving), named; '' when nothing is taken off."""
    saving = action_saving(state, seat, action)
    b = state.business
    if saving <= 0 or b is None:
        return ""
    cards = [
        business_name(kind)
        for kind, in_force in (
            ("discount", b.discount_turn == state.turn),
            ("overhead", b.in_front(seat, "overhead") > 0),
        )
        if in_force
    ]
    return " − " + _("€{saving} {cards}").format(saving=saving, cards=" + ".join(cards))


def printed_breakdown(state: State, action: Action) -> str:
    """How a printed price is made up, in the rulebook's words."""
    board = state.board
    match action:
        case Buy(link, planes):
            return _("link €{cost} + {planes} × €5 a plane").format(
                cost=board.links[link].cost, planes=planes
            )
        case Rent(_, planes):
            return _("{planes} × €5 to the bank + {planes} × €5 to the owner").format(planes=planes)
        case Place(placements):
            total = sum(n for _, n in placements)
            charge = place_cost(total, len(placements)) - 5 * total
            words = _("{planes} × €5 a plane").format(planes=total)
            return service_words(words, charge, placements)
        case Refill(row, _):
            return _("already paid this turn") if state.paid[row] else _("€1 per row")
        case Income():
            return _("€5 per card with markers, €2 per card without, €5 per Distant card")
        case BuyDistant(slot, _, planes):
            return _("distant link €{cost} + {planes} × €{price} a plane").format(
                cost=load_distant().slots[slot].cost, planes=planes, price=DISTANT_PLANE
            )
        case PlaceDistant(placements, distant):
            far = sum(n for _, n in distant)
            near = sum(n for _, n in placements)
            charge = service_charge(len(placements) + len(distant))
            if near:
                words = _("{far} × €{price} a distant plane + {near} × €5 a plane")
            else:
                words = _("{far} × €{price} a distant plane")
            words = words.format(far=far, near=near, price=DISTANT_PLANE)
            return service_words(words, charge, placements + distant)
        case RentDistant(_, planes):
            return _("{planes} × €{price} to the owner + {planes} × €5 to the bank").format(
                planes=planes, price=DISTANT_PLANE
            )
    return ""


def service_words(planes: str, charge: int, links: tuple[object, ...]) -> str:
    """``planes`` (what the planes cost), then the service charge for ``links`` links."""
    return ngettext(
        "{planes} + €{charge} service for {links} link",
        "{planes} + €{charge} service for {links} links",
        len(links),
    ).format(planes=planes, charge=charge, links=len(links))


def describe_business(board: Board, action: Action, names: list[str]) -> str:
    """A log line for the module's chance entries, in words; '' for any other entry."""
    match action:
        case BusinessDraw(seat, _, _, _):
            return _("a Business card to {name}").format(name=names[seat])
        case BusinessShuffle(count):
            return ngettext(
                "the {count} discarded Business card shuffled into a new pile",
                "the {count} discarded Business cards shuffled into a new pile",
                count,
            ).format(count=count)
        case BuyoutDraw(card):
            return _("Buyout takes {card}").format(card=card_text(board, card))
        case FinalsDraw(seat, _, _, _):
            return _("two more Final Flights to {name}").format(name=names[seat])
        case OpenEndCards(cards):
            return end_cards_words(cards, names)
    return ""


def end_cards_words(cards: tuple[tuple[str, ...], ...], names: list[str]) -> str:
    """The end-of-game cards opened at the end: who lays down which, or that nobody held one."""
    held = [
        _("{name} lays down {cards}").format(
            name=names[seat], cards=", ".join(business_name(kind) for kind in kinds)
        )
        for seat, kinds in enumerate(cards)
        if kinds
    ]
    if not held:
        return _("no end-of-game Business card was left in hand")
    return _("end of the game: {who}").format(who="; ".join(held))


def describe_card_play(notation: Notation, action: Action, names: list[str]) -> str:
    """A log line for a Business card played, cashed in or ending a turn, in words ("plays Three
    Planes: MIL-ROM 2", not "play three MIL-ROM 2"); '' for any other entry."""
    match action:
        case PlayCard(kind, seat):
            card = business_name(kind)
            if 0 <= seat < len(names):
                return _("plays {card} on {name}").format(card=card, name=names[seat])
            where = notation.format_action(action).split(" ", 2)[2:]
            if where:
                return _("plays {card}: {where}").format(card=card, where=where[0])
            return _("plays {card}").format(card=card)
        case CashIn(kind):
            return _("cashes in {card} for €5").format(card=business_name(kind))
        case Dividends():
            return _("takes income twice (Dividends)")
        case EndTurn():
            return _("ends the turn")
    return ""


def describe_action(notation: Notation, action: Action, names: list[str]) -> str:
    """One log line for a decision or a chance entry, in words a player reads at a glance."""
    board = notation.board
    business = describe_business(board, action, names) or describe_card_play(
        notation, action, names
    )
    if business:
        return business
    match action:
        case Setup(short_row, long_row):
            return _("rows laid out: {short} Short, {long} Long").format(
                short=len(short_row), long=len(long_row)
            )
        case Deal(seat, _, _, _):
            return _("two Final Flights dealt to {name}").format(name=names[seat])
        case Reveal(row, card):
            return reveal_words(board, row, card)
        case DrawDistant(card, bottom):
            return draw_distant_words(board, card, bottom)
        case DealInvestors(cards, _, commitments):
            if commitments is None and cards is not None:
                first, second = (investor_name(c) for c in cards)
                return _("Investors face up on the Vacation spaces: {first} and {second}").format(
                    first=first, second=second
                )
            return _("two Investors face down on the Vacation spaces")
        case TurnInvestor(space, card, _):
            return _("a Vacation card replaces Investor {number}: {name} pays").format(
                number=space + 1, name=investor_name(card)
            )
        case ReplaceInvestor(card):
            return _("the Vacation card replaces the {name} Investor").format(
                name=investor_name(card)
            )
        case Claim() | ClaimFinal() | Buy() | Rent() | Place() | Refill():
            return notation.format_action(action)
        case FinalPlane():  # a play test read a bare "plane" and could not tell what it did
            return _("{line} · a plane onto their Final Flight").format(
                line=notation.format_action(action)
            )
        case Income() | Pass():
            return notation.format_action(action)
        case Offer(seat, link) if 0 <= seat < len(names):
            return offer_line(board, names[seat], link)
        case Accept(kind, link):
            if link < 0:
                return _("Business Deal accepted: discards {card}").format(card=business_name(kind))
            return _("Business Deal accepted: discards {card}, a plane on {link}").format(
                card=business_name(kind), link=board.link_name(link)
            )
        case Decline():
            return _("Business Deal refused")
        case DealDiscard(kind):
            return _("discards {card} for the Business Deal").format(card=business_name(kind))
    return notation.format_action(action)


def offer_line(board: Board, name: str, link: int) -> str:
    """A Business Deal offered, in words (the notation's ``offer 1`` counts seats from 0,
    which a play test read as the first player). No card: the offer names none."""
    if link < 0:
        return _("offers {name} a Business Deal").format(name=name)
    return _("offers {name} a Business Deal: a plane on {name}'s {link}").format(
        name=name, link=board.link_name(link)
    )


def reveal_words(board: Board, row: str, card: str) -> str:
    """A card turned up from the Short or Long deck."""
    if board.cards[card].vacation:
        if row == "long":
            return _("turned up a Vacation card from the long deck")
        return _("turned up a Vacation card from the short deck")
    return _("turned up {card} ({points})").format(
        card=card_text(board, card), points=board.cards[card].points
    )


def draw_distant_words(board: Board, card: str, bottom: bool) -> str:
    """A card turned up from the Distant deck, or from its bottom: only ever after the card
    turned up before it went to the same distant city as the other card of the row, and was
    discarded (a play test found that discard unsaid)."""
    vacation = card == load_distant().vacation
    if bottom:
        if vacation:
            return _(
                "a card to the same city discarded: turned up a Vacation card from the bottom of "
                "the Distant deck"
            )
        text = _(
            "a card to the same city discarded: turned up {card} (8) from the bottom of the "
            "Distant deck"
        )
    else:
        if vacation:
            return _("turned up a Vacation card from the Distant deck")
        text = _("turned up {card} (8) from the Distant deck")
    return text.format(card=distant_card_text(board, card))


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


def money_note(moved: Sequence[int], entry: Entry, names: Sequence[str]) -> str:
    """Who received or paid what with an entry (``moved``: each seat's cash after it less
    before), for the log pane: ``+€15`` (the actor's income), ``Bob +€5, Carol +€2`` (an owner's
    share of a rent, hub payoffs, an Investor's payments). The actor's gain comes first and
    without a name, unless the line says it already (a cash-in's €5); what the actor spent is
    the action's price and goes unsaid (income of €0 says ``+€0``, as every income says what it
    paid); '' when nothing else moved."""
    actor = entry.actor
    own = moved[actor] if 0 <= actor < len(moved) else 0
    said = [signed_money(own)] if own > 0 and not isinstance(entry.action, CashIn) else []
    if own == 0 and 0 <= actor < len(moved) and isinstance(entry.action, Income | Dividends):
        said = ["+" + money(0)]  # income with no claimed card (decision 18) reads as one too
    said += [
        f"{names[seat]}{KEEP}{signed_money(change)}"
        for seat, change in enumerate(moved)
        if seat != actor and seat < len(names) and change
    ]
    return ", ".join(said)


def signed_money(change: int) -> str:
    """``+€5`` or ``−€5``."""
    return ("+" if change > 0 else "−") + money(abs(change))


def with_money(line: Text, note: str) -> Text:
    """A log line followed by its money note (``money_note``), if it has one."""
    if note:
        line.append(" · " + note, style=DIM)
    return line


def log_words(notation: Notation) -> Callable[[Entry, int, Sequence[str], Sequence[Livery]], Text]:
    """Jet Set's log lines (``entry_line``), as the log pane takes them (widgets/log.py)."""

    def line(entry: Entry, turn: int, names: Sequence[str], liveries: Sequence[Livery]) -> Text:
        return entry_line(notation, entry, turn, list(names), list(liveries))

    return line
