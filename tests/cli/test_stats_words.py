"""``jetset stats`` says bots as players call them, and its moves are the players' own."""

from __future__ import annotations

from jetset_tui.commands.stats import averages, by_kind
from jetset_tui.i18n import use_language
from netcode.stats import GameSummary, Stats


def summary(kinds: list[str], winners: list[int], entries: int, moves: int) -> GameSummary:
    return GameSummary(
        path="g.jetset", players=len(kinds), kinds=kinds, scores=[10] * len(kinds),
        winners=winners, turns=20, entries=entries, end="", claimed=[], moves=moves,
    )  # fmt: skip


def test_the_search_bot_is_called_search_and_moves_leave_the_dealer_out() -> None:
    """A log tinkerer's play test: the table named Jet Set's search bot ``bot:mcts`` (Jet
    Lag's is ``bot:search``), and "262 moves" counted the dealer's entries among them."""
    stats = Stats([summary(["bot:mcts", "bot:greedy"], [0], 300, 200)])
    with use_language("en"):
        text = "\n".join(by_kind(stats))
        length = averages(stats)[0]
    assert "bot:search" in text and "mcts" not in text, text
    assert length.endswith("20 turns, 200 moves"), length
