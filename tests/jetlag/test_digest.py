"""Jet Lag's digest (engine/jetlag/digest.py): the sums the rules keep as cards are played are
the sums of the table computed from scratch, and the digest tells apart what a desync could
change (a tourist's place, its order in a stack, the line's order, a count, the step)."""

from __future__ import annotations

import pytest

from engine.jetlag import bots
from engine.jetlag.digest import board_sums
from engine.jetlag.rules import legal_actions, to_move
from engine.jetlag.selfplay import play_game, replay
from engine.jetlag.state import LAST, OVER, SECOND, State


def rebuilt(state: State) -> State:
    """``state`` built by hand from its parts: its sums computed from the table."""
    return State(
        state.step,
        state.round,
        state.starter,
        state.first,
        state.line[:],
        [[s[0][:], s[1][:]] for s in state.stacks],
        [None if h is None else h[:] for h in state.hands],
        state.sizes[:],
        state.commitments,
    )


@pytest.mark.parametrize("kinds", [("random", "random"), ("greedy", "search")])
def test_the_kept_sums_are_the_table_s_after_every_entry(kinds: tuple[str, str]) -> None:
    for seed in ("d0", "d1", "d2"):
        game = play_game(seed, kinds)
        for n in range(len(game.entries) + 1):
            state = replay(game.entries[:n]).state
            assert (state.line_sum, state.tourist_sum) == board_sums(state.line, state.stacks)
            assert state.digest() == rebuilt(state).digest()
            assert n == 0 or state.digest() == game.digests[n - 1]


def test_every_play_a_search_tries_keeps_the_sums() -> None:
    """The bots' copies (``after``) are played by the same rules: each child's sums are its
    table's, for every legal play at every point of a game."""
    game = play_game("d-search", ("greedy", "greedy"))
    for n in range(len(game.entries)):
        state = replay(game.entries[:n]).state
        seat = to_move(state)
        if seat is None or seat < 0:
            continue
        for action in legal_actions(state):
            child = bots.after(state, seat, action)
            assert (child.line_sum, child.tourist_sum) == board_sums(child.line, child.stacks)
            assert child.digest() == rebuilt(child).digest()


def position(**changes: object) -> State:
    """A hand-built position; ``changes`` replace its parts."""
    parts: dict[str, object] = {
        "step": SECOND,
        "round": 2,
        "starter": 0,
        "first": 1,
        "line": ["H1", "P2", "B3"],
        "stacks": [[["P4"], []], [["H5", "B6"], ["P1"]], [[], ["H2"]]],
        "sizes": [0, 2],
        "commitments": ("aa", "bb", "cc", "dd"),
    }
    parts.update(changes)
    return State(**parts)  # type: ignore[arg-type]


MIRRORED = [[[], ["H2"]], [["H5", "B6"], ["P1"]], [["P4"], []]]


@pytest.mark.parametrize(
    "changes",
    [
        {"stacks": [[[], []], [["H5", "B6", "P4"], ["P1"]], [[], ["H2"]]]},  # a tourist moved
        {"stacks": [[["P4"], []], [["B6", "H5"], ["P1"]], [[], ["H2"]]]},  # order in a stack
        {"stacks": [[[], ["P4"]], [["H5", "B6"], ["P1"]], [[], ["H2"]]]},  # the other seat's
        {
            "line": ["B3", "P2", "H1"],
            "stacks": [[[], ["H2"]], [["H5", "B6"], ["P1"]], [["P4"], []]],
        },
        {"line": ["P2", "H1", "B3"]},  # two destinations swapped, their tourists with them
        {"sizes": [1, 1]},
        {"step": LAST},
        {"step": OVER},
        {"round": 3},
        {"first": 0},
        {"starter": 1},
        {"commitments": ("aa", "bb", "dd", "cc")},
    ],
)
def test_the_digest_tells_apart_what_a_desync_could_change(changes: dict[str, object]) -> None:
    assert position(**changes).digest() != position().digest()


def test_the_digest_is_32_hex_digits_without_the_hands() -> None:
    state = position()
    digest = state.digest()
    assert len(digest) == 32 and set(digest) <= set("0123456789abcdef")
    assert position(hands=[None, None]).digest() == digest
    assert position(hands=[["P3"], ["B4", "B5"]]).digest() == digest
