"""The buys, placements and rents a seat's options list are exactly those of their canonical
shapes that the rules accept, price included: in whole random games with the Business cards
module, whose Discount and No Overhead lower prices (the options then price each candidate), and
on the far more common turns when no card changes a price (the options then reach only what the
cash does, as in the base game: engine/jetset/rules/airlinks.py). A wrong shortcut either lists
an action the rules refuse or leaves out one they accept."""

from __future__ import annotations

from engine import CHANCE, Dealer, Game, IllegalAction, Options
from engine.jetset.actions import Action, Place, buy, place_one, rent
from engine.jetset.bots import make_bot
from engine.jetset.business_effects import prices_cut
from engine.jetset.rules.airlinks import BuyRule, PlaceRule, RentRule
from engine.jetset.rules.base import AnyRule
from engine.jetset.rules.costs import MAX_PLANES_LISTED
from engine.jetset.state import State

RULES: tuple[AnyRule, ...] = (BuyRule(), PlaceRule(), RentRule())
SEEDS = 8
SWEEP = range(3, 34, 2)
"""With a price cut, the options are compared with the seat holding each of these sums too:
around them a Discount or No Overhead makes one more plane affordable."""


def shapes(state: State, seat: int) -> list[Action]:
    """Every buy, placement and rent of the canonical shapes (1 to 3 planes on one link; one
    plane on each of two own links that meet at a city), affordable or not."""
    counts = range(1, MAX_PLANES_LISTED + 1)
    links = state.board.links
    own = state.owned_links(seat)
    out: list[Action] = []
    out += [buy(i, n) for i, owner in enumerate(state.owner) if owner < 0 for n in counts]
    out += [place_one(link, n) for link in own for n in counts]
    for i, a in enumerate(own):
        for b in own[i + 1 :]:
            if {links[a].a, links[a].b} & {links[b].a, links[b].b}:
                out.append(Place(((a, 1), (b, 1))))
    others = [i for i, owner in enumerate(state.owner) if owner >= 0 and owner != seat]
    out += [rent(link, n) for link in others for n in counts]
    return out


def accepted(state: State, seat: int, action: Action) -> bool:
    rule = next(r for r in RULES if isinstance(action, r.action))
    try:
        rule.check(state, seat, action)
    except IllegalAction:
        return False
    return True


def compare(state: State, seat: int, cash: int, where: str) -> None:
    """The options against the rules' own verdicts, with ``seat`` holding ``cash``."""
    state = state.copy()
    state.seats[seat].cash = cash  # the digest goes stale: neither options nor checks read it
    want = {a for a in shapes(state, seat) if accepted(state, seat, a)}
    assert listed(state, seat) == want, f"{where}, €{cash}"


def listed(state: State, seat: int) -> set[Action]:
    return {a for rule in RULES for a in rule.options(state, seat)}


def test_the_options_are_what_the_rules_accept_at_the_price_they_charge() -> None:
    counts = [0, 0]  # decisions at printed prices; decisions with a price cut
    for seed in range(SEEDS):
        check_a_game(f"priced-{seed}", counts)
    assert counts[0] > 1000, "most decisions pay printed prices"
    assert counts[1] > 20, "a Discount or No Overhead changed the prices of some"


def check_a_game(seed: str, counts: list[int]) -> None:
    """Play one game (a greedy bot, which plays Discount and No Overhead when they pay, and
    three random ones), comparing at every decision of a seat still flying."""
    options = Options(players=4, business_cards=True, distant_lands=True, hubs=True)
    game = Game(options)
    dealer = Dealer(seed, game.board, 4)
    bots = [make_bot("greedy" if i == 0 else "random", i, seed) for i in range(4)]
    while (seat := game.to_move()) is not None:
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
            continue
        state = game.state
        if not state.seats[seat].finished:
            cut = prices_cut(state, seat) is not None
            counts[cut] += 1
            for cash in [state.seats[seat].cash, *(SWEEP if cut else ())]:
                compare(state, seat, cash, f"{seed}, entry {len(game.entries)}, seat {seat}")
        game.play(bots[seat].choose(state.view(seat), game.rules))
