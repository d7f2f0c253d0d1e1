"""``jetset play`` closed from outside (the terminal window closed: SIGHUP; or SIGTERM) keeps
every move made: the moves a local game holds for taking back (docs/log-format.md) are written
before the program ends, which then lets go of the log."""

from __future__ import annotations

import os
import signal
import time
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
        buy_a_plane(terminal)
        on_disk = read_log(log).records
        terminal.proc.send_signal(signum)
        assert terminal.close() == 0
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
    assert_moves_kept(log, len(on_disk))


def test_a_killed_game_resumes_with_the_moves_it_held(tmp_path: Path) -> None:
    """``kill -9`` (or a crash) gives the program no time to write anything: the moves held
    for taking back were lost, and the game resumed from before them. The table keeps them
    beside the log as it goes (``<log>.held``), and resuming writes them."""
    log = tmp_path / "game.jetset"
    home = {"JETSET_HOME": str(tmp_path / "home")}
    args = ["play", "--players", "2", "--bots", "greedy", "--seed", "killed", "--delay", "0"]
    terminal = Terminal(*args, "--save", str(log), env=home)
    try:
        buy_a_plane(terminal)
        terminal.proc.kill()
        assert terminal.close() == -signal.SIGKILL
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
    on_disk = read_log(log).records
    assert not any(actor >= 0 for _, actor, _, _ in on_disk), "the moves were held, not written"
    again = Terminal("play", "--resume", str(log), "--delay", "0", env=home)
    try:
        again.read_until(b"your turn")  # resumed: what it held is in the log by now
    finally:
        again.proc.kill()
        again.close()
    moves = [(actor, said) for _, actor, said, _ in read_log(log).records if actor >= 0]
    assert moves[0][0] == 0 and moves[0][1].startswith("buy "), moves  # the player's buy
    assert any(actor == 1 for actor, _ in moves[1:]), moves  # and the bot's answer


async def test_the_signals_are_caught_once_then_kill_again() -> None:
    """Caught, a hangup closes the app in good order; should that hang, a second signal must
    still end the program: the first one gives the signals back to their defaults."""
    from jetset_tui.app import JetSetApp

    before = signal.getsignal(signal.SIGTERM)
    app = JetSetApp(own_terminal=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert signal.getsignal(signal.SIGHUP) is not signal.SIG_DFL, "caught while it runs"
        app.closed_from_outside()
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_DFL
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    signal.signal(signal.SIGTERM, before)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc/PID/stat")
def test_a_terminal_gone_with_no_hangup_costs_no_cpu_and_the_game_is_kept(tmp_path: Path) -> None:
    """Once its terminal was gone, Textual's input thread read the end of file it gives again and
    again, a core at 100% until a hangup closed the program: for ever where none came (a
    program in no session of that terminal: setsid, disown -h). It stops reading, and the program
    ends as on a hangup (jetset_tui/terminal_driver.py), every move written."""
    log = tmp_path / "game.jetset"
    args = ["play", "--players", "2", "--bots", "greedy", "--seed", "gone", "--delay", "0"]
    home = {"JETSET_HOME": str(tmp_path / "home")}
    terminal = Terminal(*args, "--save", str(log), env=home, own_session=True)
    try:
        buy_a_plane(terminal)
        on_disk = read_log(log).records
        os.close(terminal.main)  # the window closed, and no SIGHUP comes
        time.sleep(0.5)
        assert terminal.cpu_share(2) < 0.2, "the input thread spins on the closed terminal"
        assert terminal.proc.wait(30) == 0
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
    assert_moves_kept(log, len(on_disk))


def buy_a_plane(terminal: Terminal) -> None:
    """The player's first move, a plane on the first link offered, and the bot's answer."""
    terminal.read_until(b"your turn")
    mark = len(terminal.out)
    terminal.type("b")  # the first link the list offers, one plane
    terminal.read_until(b"Enter to play it", start=mark)
    mark = len(terminal.out)
    terminal.type("\r")
    terminal.read_until(b"buy ", start=mark)  # bought: in the log pane
    terminal.settle()  # and the bot (no delay) has answered


def assert_moves_kept(log: Path, written: int) -> None:
    """The moves held for taking back after the first ``written`` entries are in the log (the
    player's buy, the bot's answer), and the log was let go."""
    records = read_log(log).records
    moves = [(actor, said) for _, actor, said, _ in records[written:]]
    assert moves[0][0] == 0 and moves[0][1].startswith("buy "), moves  # the player's buy
    assert any(actor == 1 for actor, _ in moves[1:]), moves  # and the bot's answer
    assert not log.with_name(log.name + ".lock").exists(), "the log was let go"
