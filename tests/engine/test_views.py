"""Hidden information in the engine: views, redaction and commitments."""

from __future__ import annotations

from engine import CHANCE, Deal, Entry, Game, IllegalAction, Options, redact
from engine.jetset.selfplay import play_game
from engine.jetset.state import hand_commitment


def test_a_seat_view_holds_its_own_final_flights_and_no_other_secret() -> None:
    game = play_game(Options(players=4), "views")
    full = Game(game.options)
    for entry in game.entries[:5]:
        full.push(entry)
    for seat in range(4):
        view = full.view(seat)
        for i, st in enumerate(view.seats):
            if i == seat:
                assert st.hand == full.state.seats[i].hand and len(st.hand or ()) == 2
            else:
                assert st.hand is None
        assert view.digest() == full.state.digest()
        assert not hasattr(view, "stack"), "the state never holds the deck order"
    spectator = full.view(None)
    assert all(st.hand is None for st in spectator.seats)
    # the deck contents are public, in board order (not dealt order)
    assert spectator.deck["short"] == sorted(
        spectator.deck["short"], key=game.board.short_deck.index
    )


def test_redaction_hides_other_seats_cards_only() -> None:
    deal = Entry(
        CHANCE, Deal(1, ("F-01", "F-02"), "ab", hand_commitment(1, ("F-01", "F-02"), "ab"))
    )
    assert redact(deal, 1) == deal
    hidden = redact(deal, 0).action
    assert isinstance(hidden, Deal) and hidden.cards is None and hidden.salt is None
    assert hidden.commitment == deal.action.commitment  # type: ignore[union-attr]
    assert redact(deal, None).action == hidden


def test_a_deal_must_match_its_commitment() -> None:
    game = play_game(Options(players=2), "commit")
    g = Game(game.options)
    g.push(game.entries[0])
    real = game.entries[1].action
    assert isinstance(real, Deal) and real.cards is not None
    forged = Deal(real.seat, ("F-17", "F-18"), real.salt, real.commitment)
    try:
        g.push(Entry(CHANCE, forged))
    except IllegalAction as exc:
        assert "commitment" in str(exc)
    else:
        raise AssertionError("a forged deal was accepted")


def test_the_digest_sees_every_public_change_and_no_secret() -> None:
    game = play_game(Options(players=3), "digest")
    base = game.state
    changes = [
        lambda s: s.add_cash(1, 1),
        lambda s: s.add_stock(2, planes=-1),
        lambda s: s.add_stock(0, markers=1),
        lambda s: s.add_link_planes(5, 1, 1),
        lambda s: s.set_owner(7, 2 if s.owner[7] != 2 else 1),
        lambda s: s.set_idle_turns(s.idle_turns + 1),
        lambda s: s.next_turn(s.current, 0, s.idle_turns),
        lambda s: s.next_turn((s.current + 1) % 3, 0, 0),
        lambda s: s.next_turn(s.current, 3, s.idle_turns + 2),
        lambda s: s.set_paid("long", not s.paid["long"]),
        lambda s: s.set_goal("long", s.goal["long"] + 1),
        lambda s: s.set_refilling("short" if s.refilling != "short" else None),
    ]
    seen = {base.digest()}
    for change in changes:
        copy = base.copy()
        change(copy)
        assert copy.hash == copy.recompute_hash()
        assert copy.digest() not in seen
        seen.add(copy.digest())
    undone = base.copy()  # what a new turn and clear_goals reset, the digest forgets
    undone.set_paid("short", True)
    undone.set_refilling("short")
    undone.set_goal("long", 4)
    undone.next_turn(undone.current, 2, undone.idle_turns)
    undone.clear_goals()
    plain = base.copy()
    plain.next_turn(plain.current, 0, plain.idle_turns)
    assert (undone.hash, undone.digest()) == (undone.recompute_hash(), plain.digest())
    secret = base.copy()
    secret.seats[0].hand = ("F-17", "F-18")
    assert secret.digest() == base.digest(), "hands are secret: only their commitments count"
