"""Advice (``h``) in the positions a new player's play test found it wrong (tests/logs)."""

from __future__ import annotations

from engine import Game, Options
from engine.jetset.notation import Notation
from jetset_tui.advice import Advice, advise
from tests.bots.test_race import position as race_position
from tests.bots.test_race import ready
from tests.logs import position

NAMES = ["Root", "Amelia", "Wilbur"]


def advice_at(log: str, entries: int) -> Advice:
    """Root's advice after the log's first ``entries`` entries, from Root's view."""
    game = position(log, entries)
    assert game.to_move() == 0
    return advise(game.view(0), 0, game.rules, Notation(game.board), NAMES, entries)


def test_a_ready_long_flight_is_claimed_not_put_off_for_income() -> None:
    """Turns 49, 52 and 55 with every module: the advice said income ("no plane worth buying
    fits your €23 now") while L7-19 MRS–OSL was ready to claim; the search bot's playouts
    counted a claim's hub bonus and Business card as turns of their own."""
    # entries 90 and 97 (turns 49 and 52; 85 and 92 before log format 10 put a ``done`` after
    # each turn with cards in hand). At turn 55 (entry 103) the search's 48 playouts now split
    # between the claim, income and a plane toward the Final Flight by their seed: not asserted.
    for entries in (90, 97):
        advice = advice_at("modules-11", entries)
        assert advice.line == "claim L7-19 MRS-PAR-AMS-EDI-OSL", (entries, advice)
        assert advice.why == "L7-19 MRS–OSL is yours now: 7 points"


def test_flying_the_final_flight_behind_is_not_called_plainly_good() -> None:
    """Turn 85 of a base game (12 points against 16) and turn 112 with every module (28 against
    39): flying is still the advice (waiting does worse), but not "fly it now" as if it won."""
    for log, entries in (("base-7", 116), ("investors-21", 186)):
        advice = advice_at(log, entries)
        assert advice.line.startswith("final F-"), (log, advice)
        assert "fly it now" not in advice.why
        assert "it may not put you ahead, but waiting does worse" in advice.why
        assert advice.race[-1].endswith("is ready to fly")


def test_a_plane_toward_the_final_flight_before_vacation_time_is_not_a_claim() -> None:
    """One Vacation card up: the advice said "then you can claim it" of a Final Flight, which
    cannot fly before two are (rulebook, "Vacation Time")."""
    advice = advice_at("base-7", 97)
    assert advice.line == "place MAD-SVQ 1 MIL-MUC 1"
    assert advice.why == (
        "a plane toward your Final Flight: then it is ready to fly once Vacation Time comes"
    )


def test_the_last_to_fly_is_told_to_keep_it_while_flying_ends_the_game_behind() -> None:
    """Amelia has flown and placed 3 planes (37 points), Ann's Final Flight is ready (26 and
    10 would end the game behind): the advice keeps it, and says why."""
    state = race_position("race")
    ready(state)
    state.seats[1].final_planes = 3
    game = Game(Options(players=2))
    advice = advise(state.view(0), 0, game.rules, Notation(game.board), ["Ann", "Amelia"], 0)
    assert not advice.line.startswith("final "), advice
    keep = "flying your Final Flight now would end the game with you behind, so keep it"
    assert advice.why.startswith(keep), advice
    assert advice.race[-1].endswith("with you behind: keep it until the game can end"), advice
