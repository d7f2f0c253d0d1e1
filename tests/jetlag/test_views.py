"""Hidden information in Jet Lag: untaken piles are secret from both players, a taken pile from
the second player until the pass; each seat's view and its copies of the entries, serialised,
hold no card it may not know."""

from __future__ import annotations

import json
from dataclasses import asdict

from engine.jetlag.actions import CHANCE, Destination, Entry, Pass, Take, Tourist, redact, to_wire
from engine.jetlag.game import Table
from engine.jetlag.selfplay import play_game
from engine.jetlag.state import State, pile_commitment


def known_to(table: Table, seat: int | None, upto: int) -> set[str]:
    """The cards ``seat`` may know after ``upto`` entries: the public ones (opening, played),
    the piles it took, and for the other player the cards passed to it or given back."""
    known: set[str] = set()
    for entry in table.entries[:upto]:
        a = entry.action
        if isinstance(a, Tourist | Destination):
            known.add(a.card)
        elif isinstance(a, Take | Pass) and a.cards and (a.seat == seat or isinstance(a, Pass)):
            if isinstance(a, Take) or seat is not None:
                known.update(a.cards)
        elif not isinstance(a, Take | Pass):
            known.update(a.opening)
    return known


def cards_in(text: str) -> set[str]:
    from engine.jetlag.cards import card_ids

    return {c for c in card_ids() if f'"{c}"' in text}


def serialise(view: State) -> str:
    return json.dumps(asdict(view))


def test_each_seat_s_view_and_entries_hold_only_cards_it_may_know() -> None:
    for seed in ("views-1", "views-2", "views-3"):
        game = play_game(seed)
        for seat in (0, 1, None):
            peer = Table()
            for i, (entry, digest) in enumerate(zip(game.entries, game.digests, strict=True)):
                copy = redact(entry, seat)
                peer.push(copy, digest)  # a seat's copies fold to the same digests
                may = known_to(game, seat, i + 1)
                assert cards_in(json.dumps(to_wire(copy))) <= may, (seed, seat, i)
                assert cards_in(serialise(peer.state)) <= may, (seed, seat, i)
                full = Table()
                for e in game.entries[: i + 1]:
                    full.push(e)
                assert cards_in(serialise(full.view(seat))) <= may, (seed, seat, i)


def test_the_second_player_never_sees_the_taken_pile_before_the_pass() -> None:
    game = play_game("secret")
    take = next(e for e in game.entries if isinstance(e.action, Take))
    assert isinstance(take.action, Take) and take.action.cards
    second = 1 - take.action.seat
    hidden = redact(take, second).action
    assert isinstance(hidden, Take) and hidden.cards is None and hidden.salt is None
    assert redact(take, None).action == hidden and redact(take, take.action.seat) == take
    table = Table()
    table.push(game.entries[0])
    table.push(take)
    view = table.view(second)
    assert view.hands[take.action.seat] is None and view.sizes[take.action.seat] == 4
    assert view.digest() == table.state.digest()


def test_spectators_see_no_pass_and_the_first_player_sees_what_it_passed() -> None:
    game = play_game("passes")
    entry = next(e for e in game.entries if isinstance(e.action, Pass))
    assert isinstance(entry.action, Pass)
    assert redact(entry, None) == Entry(CHANCE, Pass(entry.action.seat, None))
    assert redact(entry, 0) == entry == redact(entry, 1)


def test_the_setup_commitments_open_with_each_taken_pile_s_salt() -> None:
    game = play_game("commit")
    setup = game.entries[0].action
    takes = [e.action for e in game.entries if isinstance(e.action, Take)]
    assert len(takes) == 4
    for i, take in enumerate(takes):
        assert take.cards is not None and take.salt is not None
        assert pile_commitment(i, take.cards, take.salt) == setup.commitments[i]  # type: ignore[union-attr]
