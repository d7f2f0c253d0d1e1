"""The end race (engine.jetset.bots.race): fly the Final Flight when it is ready, save for it
while it can be paid for in time, and let other moves stand when it cannot."""

from __future__ import annotations

from engine import Buy, ClaimFinal, Game, Income, Options, Place
from engine.jetset.bots.race import race, race_move
from engine.jetset.selfplay import play_game
from engine.jetset.state import State


def position(stop_at: str) -> State:
    """Seed ``race``, two greedy seats: seat 1 plays its Final Flight first, when seat 0's still
    needs one plane (€7). ``stop_at``: "before" Vacation Time (seat 0 holds two cards), or
    "race" (seat 1 has flown, seat 0 to move)."""
    game = play_game(Options(players=2), "race", ("greedy",))
    replayed = Game(game.options)
    for entry in game.entries:
        replayed.push(entry)
        s = replayed.state
        if replayed.to_move() != 0:
            continue
        if stop_at == "before" and len(s.seats[0].cards) == 2:
            break
        if stop_at == "race" and s.seats[1].finished and not s.seats[0].finished:
            break
    return replayed.state.copy()


def elsewhere(state: State) -> Buy:
    """Buying a link the seat's Final Flight does not need."""
    now = race(state, 0)
    assert now is not None and now.own is not None
    needed = [n.link for n in now.own.route.needs]
    link = next(ln for ln, owner in enumerate(state.owner) if owner < 0 and ln not in needed)
    return Buy(link, 1)


def test_nothing_to_say_before_vacation_time() -> None:
    state = position("before")
    assert race(state, 0) is None
    assert race_move(state, 0, Income()) is None


def test_the_race_counts_the_planes_each_played_final_flight_needs() -> None:
    state = position("race")
    now = race(state, 0)
    assert now is not None and now.own is not None
    assert [(f.seat, f.needs) for f in now.finishers] == [(1, 5)]
    assert now.turns_left == (5 if state.seats[1].planes >= 5 else None)
    assert now.own.route.cost == 7 and len(now.own.route.needs) == 1


def test_saves_for_the_final_flight_instead_of_buying_elsewhere() -> None:
    state = position("race")
    state.seats[0].cash = 0  # a position, not a game: the rules only read it
    assert race_move(state, 0, elsewhere(state)) == Income()
    assert race_move(state, 0, Income()) is None


def test_a_plane_toward_the_final_flight_when_it_can_be_paid() -> None:
    state = position("race")
    state.seats[0].cash = 20
    step = race_move(state, 0, elsewhere(state))
    assert isinstance(step, Place | Buy)
    assert race_move(state, 0, Income()) == step
    assert race_move(state, 0, step) is None


def ready(state: State) -> str:
    """Seat 0's Final Flight made ready (its missing planes put on the board); its card."""
    now = race(state, 0)
    assert now is not None and now.own is not None
    for need in now.own.route.needs:
        state.owner[need.link] = 0
        state.link_planes[need.link][0] += 1
    return now.own.card


def test_flies_the_final_flight_once_its_planes_are_there() -> None:
    state = position("race")
    card = ready(state)
    move = race_move(state, 0, Income())
    assert isinstance(move, ClaimFinal) and move.card == card


def test_the_last_to_fly_keeps_it_while_flying_would_end_the_game_behind() -> None:
    """Amelia has flown and placed 3 planes (37 points): Ann's 26 and 10 would end the game
    with her behind, so her other moves stand and flying is replaced; with Amelia a plane from
    the end, Ann flies (rulebook, "Ending the Game")."""
    state = position("race")
    card = ready(state)
    state.seats[1].final_planes = 3
    assert race_move(state, 0, Income()) is None
    now = race(state, 0)
    assert now is not None and now.own is not None
    instead = race_move(state, 0, ClaimFinal(card, now.own.route.path))
    assert instead is not None and not isinstance(instead, ClaimFinal)
    state.seats[1].final_planes = 4
    move = race_move(state, 0, Income())
    assert isinstance(move, ClaimFinal) and move.card == card


def test_no_saving_for_what_cannot_be_paid_before_the_end() -> None:
    """A rival one plane from the end, and €7 out of reach: buying elsewhere stands."""
    state = position("race")
    state.seats[0].cash = 0
    state.seats[1].final_planes = 4
    state.seats[1].planes = 1
    assert race(state, 0) is not None
    assert race_move(state, 0, elsewhere(state)) is None
