"""The Business cards module on screen: the hand panel's part (your cards, secret; the cards in
front of everyone, public), the turn bar while a Business Deal waits for its answer, the log's
words for the module's entries, and the guided picker of the `y` key."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from rich.text import Text

from engine import Action, IllegalAction
from engine.jetset.actions import (
    Accept,
    CashIn,
    DealDiscard,
    Decline,
    Dividends,
    EndTurn,
    Income,
    Offer,
    PlayCard,
)
from engine.jetset.business_deck import KIND
from engine.jetset.business_state import BusinessState
from engine.jetset.definition import JET_SET
from engine.jetset.rules.business import DECISION_RULES, allowed, dividends_paid
from engine.jetset.rules.business_cards import CASH_IN
from engine.jetset.rules.business_deal import deal_links
from engine.jetset.state import State
from jetset_tui.business_planes import COUNTED_KINDS, PRICES, counted_choice, price_words
from jetset_tui.card_names import business_name, business_rule
from jetset_tui.describe import card_text
from jetset_tui.guided import Choice, Stage, link_choice, link_search
from jetset_tui.i18n import N_, _, pgettext
from jetset_tui.refusals import sentence
from jetset_tui.table import TableView
from jetset_tui.theme import DIM, GOOD

BUSINESS_TYPES = (PlayCard, Dividends, CashIn, Offer, Accept, Decline, DealDiscard, EndTurn)


def card_name(kind: str) -> str:
    return business_name(kind)


def business_text(table: TableView) -> Text | None:
    """Your Business cards (only yours), what lies in front of each player, an open deal."""
    b = table.state.business
    if b is None:
        return None
    text = Text(no_wrap=True, overflow="ellipsis")
    viewer = table.viewer
    if viewer is not None:
        text.append(_("Your Business cards"), style="bold underline")
        text.append("  " + pgettext("Business cards", "secret") + "\n", style=DIM)
        hand = b.hands[viewer] or []
        if not hand:
            text.append(" " + _("none in hand") + "\n", style=DIM)
        for kind in hand:
            text.append(f" {card_name(kind):<19}", style="bold")
            text.append(f"{business_rule(kind)}\n", style=DIM)
        text.append(" " + _("y: play a card, cash one in (€5) or offer a deal") + "\n", style=DIM)
    else:  # a spectator: the counts below are the Business cards' (not the Final Flights' above)
        text.append(_("Business cards"), style="bold underline")
        text.append("  " + pgettext("Business cards", "secret") + "\n", style=DIM)
    for seat, name in enumerate(table.names):
        front = ", ".join(card_name(k) for k in b.front[seat])
        if front:
            line = _("{name}: {held} in hand; in front: {front}")
        else:
            line = _("{name}: {held} in hand")
        text.append(" " + line.format(name=name, held=b.sizes[seat], front=front) + "\n")
    if b.taxes_pot:
        text.append(" " + _("€{pot} on the Taxes card").format(pot=b.taxes_pot) + "\n", style=DIM)
    pile = _("Business pile {pile}, discards {discards}")
    text.append(" " + pile.format(pile=b.deck_size, discards=len(b.discards)), style=DIM)
    return text


def deal_turn_text(table: TableView) -> Text | None:
    """The turn bar while a Business Deal waits for its answer, or None."""
    b = table.state.business
    if b is None or b.offer[1] < 0:
        return None
    offerer, answerer = b.offer[0], b.offer[1]
    text = Text()
    if answerer == offerer:
        discards = _("▶ {offerer}'s Business Deal was accepted: {offerer} discards a card")
        text.append(discards.format(offerer=table.names[offerer]), style="bold")
        if offerer == table.viewer:
            text.append("   " + _("y: choose the card"), style=f"bold {GOOD}")
        return text
    answers = _("▶ {answerer} answers {offerer}'s Business Deal")
    text.append(
        answers.format(answerer=table.names[answerer], offerer=table.names[offerer]), style="bold"
    )
    if answerer == table.viewer:
        text.append("   " + _("y: accept or refuse"), style=f"bold {GOOD}")
    return text


def action_label(state: State, seat: int, action: Action, names: list[str]) -> str:
    """What a Business card decision does, as the picker lists it."""
    b = state.business
    assert b is not None
    match action:
        case PlayCard(kind):
            if kind == "taxes" and b.in_front(seat, "taxes"):
                return _("Pick up Taxes: +€{pot}").format(pot=b.taxes_pot)
            play = _("Play {card}").format(card=card_name(kind))
            words = play_words(state, action, names)
            return f"{play} {words}" if words else play
        case Dividends():
            return _("Dividends: take income twice, +€{cash}").format(
                cash=dividends_paid(state, seat)
            )
        case CashIn(kind):
            return _("Cash in {card} for €{cash}").format(card=card_name(kind), cash=CASH_IN)
        case Offer(target, link):
            if link >= 0:
                offer = _("Offer {name} a Business Deal: your plane on {link}")
            else:
                offer = _("Offer {name} a Business Deal")
            return offer.format(name=names[target], link=link_words(state, link))
        case Accept(kind, link):
            if link >= 0:
                accept = _("Accept the deal: discard {card}, your plane on {link}")
            else:
                accept = _("Accept the deal: discard {card}")
            return accept.format(card=card_name(kind), link=link_words(state, link))
        case Decline():
            return _("Refuse the deal")
        case DealDiscard(kind):
            return _("Discard {card} for the deal").format(card=card_name(kind))
        case EndTurn():
            return _("End your turn")
    return ""


def play_words(state: State, action: PlayCard, names: list[str]) -> str:
    """What a card is played on, after its name: ``on Bob``, ``AMS-LON → LON-PAR``, ``AMS-LON
    ×2, LON-PAR``, a Flight card, and what it costs or pays (``(€15 to its owner)``)."""
    board = state.board
    words = []
    if action.seat >= 0:
        words.append(_("on {name}").format(name=names[action.seat]))
    links = action.links
    if action.kind in ("transfers", "relocate"):
        pairs = zip(links[0::2], links[1::2], strict=True)
        words.append(", ".join(f"{board.link_name(a)} → {board.link_name(b)}" for a, b in pairs))
    elif links:
        words.append(counted_names([board.link_name(link) for link in links]))
    if action.distant and state.distant is not None:
        words.append(counted_names([state.distant.link_name(s) for s in action.distant]))
    if action.card:
        words.append(card_text(board, action.card))
    if action.kind in PRICES:
        words.append(price_words(action.kind, bool(action.distant)))
    return " ".join(words)


def counted_names(names: list[str]) -> str:
    """``AMS-LON ×2, LON-PAR``: each name once, with its count when more than one."""
    counts = {name: names.count(name) for name in dict.fromkeys(names)}
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def link_words(state: State, link: int) -> str:
    """A deal's link by name (``AMS–LON``), or nothing when the deal names none."""
    return state.board.link_name(link) if link >= 0 else ""


def business_stage(
    state: State, seat: int, names: list[str], legal: Sequence[Action] = ()
) -> Stage | str:
    """The `y` key: every Business card decision open to ``seat`` now, from its own view
    (``legal``: the seat's legal actions); ending the turn always first (Enter), the cards after
    it (a play test looked for it at the bottom of the list, the turn bar having said "or end
    your turn"). Before the turn's action that first line cannot be chosen and says why: y,
    Enter out of habit played the card then first (another play test)."""
    b: BusinessState | None = state.business
    if b is None:
        return _("this game is played without Business cards")
    actions = [
        action
        for rule in DECISION_RULES
        for action in rule.options(state, seat)
        if allowed(state, seat, action)
    ]
    plays: dict[str, list[PlayCard]] = {}
    for action in actions:
        if isinstance(action, PlayCard):
            plays.setdefault(action.kind, []).append(action)
    choices: list[Choice] = []
    answered = False
    for action in actions:
        if isinstance(action, Accept):  # one choice leads to the card, then the link
            if not answered:
                choices.append(deal_choice(state, seat, b.offer[0], False, names))
            answered = True
        elif isinstance(action, Offer):
            choices.append(deal_choice(state, seat, action.seat, True, names))
        elif isinstance(action, PlayCard):
            options = plays.pop(action.kind, None)
            if options is not None:  # one line a card
                choices.append(card_choice(state, seat, action.kind, options, names))
        else:
            label = action_label(state, seat, action, names)
            choices.append(Choice(label, label.upper(), value=action))
    if not any(isinstance(action, Offer) for action in actions):
        choices.extend(no_offer_choice(state, seat, names))
    choices.sort(key=lambda choice: not isinstance(choice.value, EndTurn))
    ends_turn = bool(choices) and isinstance(choices[0].value, EndTurn)
    if choices and any(isinstance(action, Income) for action in legal):  # the action to come
        choices.insert(0, end_turn_after_the_action())
        ends_turn = True
    if not choices:
        return _("no Business card can be played now")
    title = offer_words(state, names) if b.offer[1] == seat else _("Business cards")
    return Stage(
        title, choices, confirm=_("confirm"), build=chosen_business, opens_on_first=ends_turn
    )


def end_turn_after_the_action() -> Choice:
    """The `y` list's first line before the turn's action: ending the turn, not yet open."""
    label = _("End your turn")
    note = _("your turn ends with its action")
    reason = _("Your turn ends with its action (b p r c i); ↓ for the cards before it")
    return Choice(label, label.upper(), note=note, ready=False, then=lambda: reason)


OFFER_RULE: Final = next(rule for rule in DECISION_RULES if rule.action is Offer)
"""The Business Deal's offer, whose refusals say why no deal can be offered."""


def no_offer_reason(state: State, seat: int, names: list[str]) -> str | None:
    """Why ``seat``, on its turn, can offer no Business Deal now, in the rule's own words (a
    play test saw the offer lines gone from the `y` list and did not know why); where the rule
    refuses every other player for holding no card, that in one sentence. None where an offer
    can be made, or the question does not arise: not its turn, a deal already open, or the
    turn's restrictions (an Extra Action, a hub bonus to choose) forbid it first."""
    b = state.business
    others = [other for other in range(state.players) if other != seat]
    if b is None or state.current != seat or b.offer[1] >= 0 or not others:
        return None
    if not allowed(state, seat, Offer(others[0], -1)):
        return None
    refusals = []
    for other in others:
        try:
            OFFER_RULE.check(state, seat, Offer(other, -1))
        except IllegalAction as exc:
            refusals.append(exc)
        else:
            return None
    if all("seat" in exc.params for exc in refusals):  # "{seat} has no Business card …"
        return _("no one else holds a Business card")
    return sentence(refusals[0].template, refusals[0].params, JET_SET, names)


def no_offer_choice(state: State, seat: int, names: list[str]) -> list[Choice]:
    """The `y` list's line saying why no Business Deal can be offered now (none needed)."""
    reason = no_offer_reason(state, seat, names)
    if reason is None:
        return []
    label = _("Offer a Business Deal")
    return [Choice(label, label.upper(), note=reason, ready=False, then=lambda: reason)]


EARLY_END_CARD = N_("face up now: it scores at the end either way")
"""Beside an end-of-game card (Catch up, Planes) played before the end: laying it down only
shows it, and a card held to the end scores the same (docs/rules-decisions.md, B3; a play test
thought playing Catch up mid-game used it up, or did something now)."""


def card_choice(
    state: State, seat: int, kind: str, options: list[PlayCard], names: list[str]
) -> Choice:
    """The `y` list's line for a card in hand (``options``: the ways the rules list to play
    it): the play itself when there is one, else ``Play Ownership…``, whose step lists where (or
    on whom) it goes, or, for a card that moves planes, how many go where (``counted_choice``)."""
    if kind in COUNTED_KINDS:
        return counted_choice(state, seat, kind, names)
    if len(options) == 1:
        label = action_label(state, seat, options[0], names)
        note = _(EARLY_END_CARD) if KIND[kind].end else ""  # it only shows it (B3)
        return Choice(label, label.upper(), note=note, value=options[0])
    label = _("Play {card}…").format(card=card_name(kind))
    return Choice(label, label.upper(), then=lambda: card_stage(state, kind, options, names))


def card_stage(state: State, kind: str, options: list[PlayCard], names: list[str]) -> Stage:
    """Where (or on whom) a card in hand is played: one line for each way."""
    choices = []
    for action in options:
        words = play_words(state, action, names)
        search = " ".join([words, *(link_search(state, link) for link in action.links)])
        links = frozenset(action.links)
        choices.append(Choice(words, search.upper(), links=links, value=action))
    return Stage(card_name(kind), choices, confirm=_("play"), build=chosen_business)


def offer_words(state: State, names: list[str]) -> str:
    """The open Business Deal as its answering player reads it: who offers, the card they
    discard and the link of yours their plane goes on."""
    b = state.business
    assert b is not None
    offerer, acting, _kind, link = b.offer
    if acting == offerer:
        return _("Your Business Deal was accepted: the card you discard")
    if link >= 0:
        words = _("{name}'s Business Deal: their plane on your {link}; both discard a card")
    else:
        words = _("{name}'s Business Deal: both discard a card")
    return words.format(name=names[offerer], link=link_words(state, link))


def deal_choice(state: State, seat: int, other: int, offering: bool, names: list[str]) -> Choice:
    """A Business Deal to offer ``other`` (``offering``), or the open deal ``other`` offered
    to accept: the card ``seat`` discards, then the link of ``other`` where its plane goes, each
    a stage of its own when there is a choice (Business Cards: Business Deal)."""
    b = state.business
    assert b is not None
    kinds = [""] if offering else list(dict.fromkeys(b.hands[seat] or []))  # offers name none
    links = deal_links(state, seat, other) or [-1]
    name = names[other]

    def deal(kind: str, link: int) -> Action:
        return Offer(other, link) if offering else Accept(kind, link)

    def first_step() -> Stage:
        if len(kinds) == 1:
            return deal_link_stage(state, name, kinds[0], links, deal)
        return deal_card_stage(state, name, kinds, links, deal)

    if len(kinds) == 1 and len(links) == 1:  # nothing to choose: the deal itself
        label = action_label(state, seat, deal(kinds[0], links[0]), names)
        return Choice(label, label.upper(), value=deal(kinds[0], links[0]))
    if offering:
        label = _("Offer {name} a Business Deal…").format(name=name)
    else:
        label = _("Accept the deal…")
    return Choice(label, label.upper(), then=first_step)


def deal_card_stage(
    state: State,
    name: str,
    kinds: list[str],
    links: list[int],
    deal: Callable[[str, int], Action],
) -> Stage:
    """The Business Deal's first step: which of your cards you discard."""
    choices = [
        Choice(card_name(k), f"{card_name(k)} {k}".upper(), note=business_rule(k), value=k)
        for k in kinds
    ]
    title = _("Business Deal with {name}: the card you discard").format(name=name)
    if len(links) == 1:
        return Stage(title, choices, build=lambda c, n, each: deal(str(c.value), links[0]))
    return Stage(
        title,
        choices,
        confirm=_("choose"),
        then=lambda c: deal_link_stage(state, name, str(c.value), links, deal),
    )


def deal_link_stage(
    state: State, name: str, kind: str, links: list[int], deal: Callable[[str, int], Action]
) -> Stage:
    """The Business Deal's second step: the other player's link where your plane goes."""
    choices = [link_choice(state, link, "") for link in links]
    title = _("Business Deal with {name}: your plane on which of their links?").format(name=name)
    return Stage(title, choices, build=lambda c, n, each: deal(kind, int(str(c.value))))


def chosen_business(choice: Choice, count: int, each: dict[int, int]) -> Action | None:
    value = choice.value
    return value if isinstance(value, BUSINESS_TYPES) else None
