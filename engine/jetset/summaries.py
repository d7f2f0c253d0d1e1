"""What Jet Set says of a game beyond its points and winners (engine/platform.py's
``SummarisesGames``): ``jetset stats``' turns, end and cards claimed, and ``jetset replay
--json``'s cash."""

from __future__ import annotations

from typing import Any

from engine.jetset.game import Game


def stats_of(game: Game) -> dict[str, Any]:
    """The turn reached, how the game ended, every card claimed (Final Flights too), and the
    first to play: seat 0, always (Setup; the Hubs' placing, last seat first, is no turn)."""
    state = game.state
    claimed = [str(c) for seat in state.seats for c, _ in seat.cards]
    claimed += [seat.final for seat in state.seats if seat.final]
    end = state.end_reason or "not finished"
    return {"turns": state.turn, "end": end, "claimed": claimed, "first": 0}


def result_fields(game: Game) -> dict[str, object]:
    """``replay --json``'s fields after the scores: each seat's cash, the end, the winners."""
    return {
        "cash": [s.cash for s in game.scores()],
        "over": game.over,
        "winners": game.winners() if game.over else [],
    }
