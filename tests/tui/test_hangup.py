"""``jetset play`` closed from outside (the terminal window closed: SIGHUP; or SIGTERM) keeps
every move made: the moves a local game holds for taking back (docs/log-format.md) are written
before the program ends, which then lets go of the log."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from netcode.logfile import read_log
from tests.terminal import Terminal


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_closing_the_terminal_keeps_the_moves_held_for_taking_back(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """A play test: a player closed the terminal window after three turns against a bot and
    found the game resumed from its deal, every move gone (held for taking back, and the
    program killed by the hangup before it wrote them)."""
    log = tmp_path / "game.jetset"
    args = ["play", "--players", "2", "--bots", "greedy", "--seed", "hangup", "--delay", "0"]
    terminal = Terminal(*args, "--save", str(log), env={"JETSET_HOME": str(tmp_path / "home")})
    try:
        terminal.read_until(b"your turn")
        mark = len(terminal.out)
        terminal.type("b")  # the first link the list offers, one plane
        terminal.read_until(b"Enter to play it", start=mark)
        mark = len(terminal.out)
        terminal.type("\r")
        terminal.read_until(b"buy ", start=mark)  # bought: in the log pane
        terminal.settle()  # and the bot (no delay) has answered
        on_disk = read_log(log).records
        terminal.proc.send_signal(signum)
        assert terminal.close() == 0
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
    records = read_log(log).records
    moves = [(actor, said) for _, actor, said, _ in records[len(on_disk) :]]
    assert moves[0][0] == 0 and moves[0][1].startswith("buy "), moves  # the player's buy
    assert any(actor == 1 for actor, _ in moves[1:]), moves  # and the bot's answer
    assert not log.with_name("game.jetset.lock").exists(), "the log was let go"
