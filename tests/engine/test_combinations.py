"""Whole random games for each of the 16 combinations of the expansion's modules, 2 to 6 players
spread across them: after every entry the base game's invariants hold (cash never negative,
planes and markers conserved with the modules' places for them, the kept hash equal to a full
recomputation), every listed legal action is accepted and a sample of other actions is refused
without changing anything, and each seat's view holds no other seat's secret. Each game then
replays, from every seat's redacted copy of its log, to the same digests.

Two games per combination in CI (32, every player count among them); ``JETSET_SLOW=1`` plays
ten times as many.
"""

from __future__ import annotations

import os
import random
from itertools import combinations

import pytest

from engine import CHANCE, Dealer, Entry, Game, IllegalAction, NotationError, Options, redact
from engine.jetset.actions import Action, Claim, ClaimDistant, ClaimFinal, Offer, PlayCard
from engine.jetset.bots import make_bot
from engine.jetset.business_state import KIND, KIND_INDEX, BusinessState
from engine.jetset.options import MODULES
from engine.jetset.rules.business import available_by_count
from engine.jetset.rules.claims import PATHS_LISTED
from engine.jetset.rules.income import modules_income
from engine.jetset.state import State

SLOW = os.environ.get("JETSET_SLOW") == "1"
GAMES = 20 if SLOW else 2
"""Games per combination, each at the next player count (2 to 6, starting from a different count
for each combination, so that every count meets every module)."""
LEGAL_SAMPLE = 6
"""Legal actions checked (besides the one played) after each entry; all when there are fewer."""
ILLEGAL_SAMPLE = 6
"""Actions seen earlier in the game, not listed now, checked to be refused after each entry."""
MAX_ENTRIES = 20000

COMBINATIONS = [c for k in range(len(MODULES) + 1) for c in combinations(MODULES, k)]


def combo_id(modules: tuple[str, ...]) -> str:
    return "+".join(m.split("_")[0] for m in modules) or "base"


def options_for(modules: tuple[str, ...], players: int) -> Options:
    return Options(players=players, **{m: True for m in modules})


# -- the invariants ----------------------------------------------------------------------------


def check_supplies(state: State) -> None:
    """Cash never negative; every seat's 24 planes and 30 markers are somewhere: in its stock,
    on links (the Distant boards' too), on its Final Flight, on a locked Business card; at most
    two hubs each."""
    d, b, hubs = state.distant, state.business, state.hubs
    for i, seat in enumerate(state.seats):
        assert seat.cash >= 0 and seat.planes >= 0 and seat.markers >= 0
        planes = seat.planes + sum(row[i] for row in state.link_planes) + seat.final_planes
        owned = sum(1 for o in state.owner if o == i)
        if d is not None:
            planes += sum(row[i] for row in d.planes)
            owned += sum(1 for o in d.owner if o == i)
        if b is not None and b.locks[i]:
            planes += 1
        assert planes == state.config.planes, f"seat {i}'s planes add up"
        on_cards = sum(int(m) for _, m in seat.cards)
        assert seat.markers + owned + on_cards == state.config.markers, f"seat {i}'s markers"
        if hubs is not None:
            assert len(hubs.cities[i]) <= 2, "two hub tokens a player"
    if hubs is not None:
        placed = [c for cities in hubs.cities for c in cities]
        assert len(placed) == len(set(placed)), "one hub a city"


def check_view(state: State, seat: int | None) -> None:
    """``seat``'s view (None: a spectator's) has the full state's digest and none of the other
    seats' secrets: Final Flights, Business hands, face-down Investors."""
    view = state.view(seat)
    assert view.digest() == state.digest() and view.quiet == state.quiet
    for i, s in enumerate(view.seats):
        if i == seat:
            assert s.hand == state.seats[i].hand
        else:
            assert s.hand is None, f"seat {i}'s Final Flights are hidden"
    b = view.business
    if b is not None:
        assert [h is not None for h in b.hands] == [i == seat for i in range(state.players)]
    inv, full = view.investors, state.investors
    if inv is not None and full is not None:
        for space, card in enumerate(inv.cards):
            assert card == (full.cards[space] if full.public(space) else None)


def outside_the_listed_subset(action: Action, legal: list[Action]) -> bool:
    """Where an action kind has very many variants, ``legal_actions`` lists a documented subset
    (docs/notation.md, "Canonical form" and "Business cards"): an accepted ``action`` not listed
    must be a variant beyond it. Claims: the card is listed, with paths of fewer links or with
    four paths already. A Business card: the same kind is listed for another target or count.
    An offer: one is listed to the same seat."""
    if isinstance(action, (Claim, ClaimFinal, ClaimDistant)):
        paths = [a.path for a in legal if type(a) is type(action) and a.card == action.card]
        fewest = min((len(p) for p in paths), default=0)
        return bool(paths) and (len(action.path) > fewest or len(paths) == PATHS_LISTED)
    if isinstance(action, PlayCard):
        return any(isinstance(a, PlayCard) and a.kind == action.kind for a in legal)
    if isinstance(action, Offer):
        return any(isinstance(a, Offer) and a.seat == action.seat for a in legal)
    return False


def check_legal_actions(
    game: Game, seat: int, seen: list[Action], rng: random.Random
) -> list[Action]:
    """A sample of the listed actions is accepted; a sample of actions listed earlier in the game
    and not now is refused; neither check changes the state."""
    legal = game.legal_actions()
    assert legal, f"seat {seat} is to move and has a legal action"
    before = game.state.digest()
    listed = set(legal)
    sample = legal if len(legal) <= LEGAL_SAMPLE else rng.sample(legal, LEGAL_SAMPLE)
    for action in sample:
        game.check(Entry(seat, action))
    others = [a for a in seen if a not in listed]
    for action in rng.sample(others, min(ILLEGAL_SAMPLE, len(others))):
        try:
            game.check(Entry(seat, action))
        except (IllegalAction, NotationError):
            continue
        assert outside_the_listed_subset(action, legal), f"{action} is accepted but not listed"
    assert game.state.digest() == before, "checking changes nothing"
    return legal


def play_checked(options: Options, seed: str) -> Game:
    """A whole game, greedy and random seats in turn (random only on odd seeds' last digit),
    every invariant checked after every entry."""
    players = options.players
    game = Game(options)
    dealer = Dealer(seed, game.board, players)
    kinds = ("random",) if seed[-1] in "13579" else ("greedy", "random")
    bots = [make_bot(kinds[i % len(kinds)], i, seed) for i in range(players)]
    rng = random.Random(seed)
    seen: dict[Action, None] = {}
    for _ in range(MAX_ENTRIES):
        seat = game.to_move()
        if seat is None:
            break
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            legal = check_legal_actions(game, seat, list(seen), rng)
            seen.update(dict.fromkeys(legal[:50]))
            action = bots[seat].act(game.state.view(seat), game.rules)
            game.push(Entry(seat, action))
        state = game.state
        check_supplies(state)
        assert state.hash == state.recompute_hash(), "the kept hash is the full sum"
        assert state.quiet == (not state.modules_wait()), "quiet is kept"
        for i, st in enumerate(state.seats):
            assert st.extra_income == modules_income(state, i), "the modules' income is kept"
        if state.business is not None:
            taxes = state.business.taxes_turn
            assert state.business.taxed_by == (taxes.index(max(taxes)) if max(taxes) >= 0 else -1)
            check_pile(state.business)
        check_alters_income(state)
        viewer = rng.randrange(-1, players)
        check_view(state, None if viewer < 0 else viewer)
    assert game.over, "every game ends"
    return game


def check_replays(game: Game) -> None:
    """Every seat's and a spectator's copy of the log replays to the host's digests."""
    for seat in (*range(game.options.players), None):
        peer = Game(game.options)
        for entry, digest in zip(game.entries, game.digests, strict=True):
            peer.push(redact(entry, seat), digest)
            assert peer.state.quiet == (not peer.state.modules_wait()), "quiet is kept"
            check_alters_income(peer.state)


def check_pile(b: BusinessState) -> None:
    """The full state's kept count of each kind in the Business draw pile is what the hands,
    the cards in front, the discards and the Vacation cards played leave of the deck."""
    assert b.pile is not None, "the full state knows the draw pile's kinds"
    assert sum(b.pile) == b.deck_size, "the kept pile holds the pile's cards"
    for kind in KIND:
        assert b.pile[KIND_INDEX[kind]] == available_by_count(b, kind), f"{kind} in the pile"


def check_alters_income(state: State) -> None:
    """Take income skips the Business cards only while no +2 Income or Taxes card is down, and
    the prices skip them while no Discount was played and no No Overhead is down."""
    b = state.business
    if b is not None and any("income" in front or "taxes" in front for front in b.front):
        assert b.alters_income, "a card in front changes income: Take income must ask it"
    if b is not None and (b.discount_turn == state.turn or any("overhead" in f for f in b.front)):
        assert b.alters_prices, "a card makes actions cheaper: action_saving must look"


CASES = [
    pytest.param(modules, 2 + (k + g) % 5, g, id=f"{combo_id(modules)}-{2 + (k + g) % 5}p-{g}")
    for k, modules in enumerate(COMBINATIONS)
    for g in range(GAMES)
]


@pytest.mark.parametrize(("modules", "players", "game_no"), CASES)
def test_random_games_keep_the_invariants(
    modules: tuple[str, ...], players: int, game_no: int
) -> None:
    game = play_checked(options_for(modules, players), f"combo-{combo_id(modules)}-{game_no}")
    check_replays(game)


def test_every_combination_and_player_count_is_played() -> None:
    assert len(COMBINATIONS) == 16 and len(set(COMBINATIONS)) == 16
    counts = {(m, p) for m, p, _ in (case.values for case in CASES)}
    assert {m for m, _ in counts} == set(COMBINATIONS)
    for module in MODULES:
        assert {p for m, p in counts if module in m} == {2, 3, 4, 5, 6}, module
