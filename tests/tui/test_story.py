"""The end screen's story: each Final Flight on the turn the turn bar showed when it was played."""

from __future__ import annotations

from engine import Options
from engine.jetset.actions import ClaimFinal
from engine.jetset.selfplay import play_game
from jetset_tui.history import story


def test_each_final_flight_is_told_on_the_turn_it_was_played() -> None:
    game = play_game(Options(players=4), "story-1", ("greedy",))
    assert game.over
    replay = type(game)(game.options, game.board)
    played: list[tuple[int, int]] = []
    for entry in game.entries:
        if isinstance(entry.action, ClaimFinal):
            played.append((entry.actor, replay.state.turn))  # the turn bar's number then
        replay.push(entry)
    assert played, "the bots played no Final Flight"
    told = story(game)
    assert told.finals == played
    assert all(turn <= game.state.turn for _, turn in told.finals)
