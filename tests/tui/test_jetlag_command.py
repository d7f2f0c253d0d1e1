"""``jetset play --game jetlag`` as a person starts it: the real program in a pseudo-terminal
plays a card through the guided keys; a wrong flag is a usage error that says why."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.tui.test_repaint import Terminal


def test_the_real_program_plays_a_card_against_a_bot() -> None:
    term = Terminal("play", "--game", "jetlag", "--bots", "random", "--seed", "cmd", "--delay", "0")
    try:
        term.wait_for("Your turn")
        term.wait_for("Your hand")  # the hand is drawn a moment after the turn bar says so
        term.wait_for("Round 1 of 4")
        term.type(b"1")
        term.type(b"d")
        term.wait_for("Enter plays it")
        term.type(b"r")
        term.type(b"\r")
        term.wait_for("Amelia played ")  # the news, in words: "… · Amelia played new City on
        assert not re.search(r"\b[td] [BHP]\d", term.text())  # the left" (it said "d B5 R")
    finally:
        term.close()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "3"], "Jet Lag has no --players"),
        (["--bots", "greedy,random"], "Jet Lag has one opponent"),
        (["--hotseat", "--bots", "greedy"], "--hotseat seats two people"),
        (["--bots", "mcts"], "unknown bot 'mcts'; the bots of Jet Lag: random, greedy, search"),
    ],
)
def test_a_wrong_flag_is_a_usage_error(args: list[str], said: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "jetset_tui", "play", "--game", "jetlag", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert said in run.stderr and "Traceback" not in run.stderr
