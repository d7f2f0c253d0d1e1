"""The real ``jetset play`` in a pseudo-terminal of 120×40, its output drawn by pyte: an action
sends the terminal what changed (≤ 10 KB, not the screen: about 28 KB before, 60 KB with a
focus change), and what the terminal shows after many such partial repaints is exactly the
screen drawn whole (issue 19, "Figures"; benchmarks/bench_tui.py times it)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte

COLS, ROWS = 120, 40
QUIET = 0.1
"""A repaint has ended when nothing has come for this long."""
BOT_DELAY = 1.0
"""Far longer than a repaint: no bot's move falls into the repaint after a key."""
MOST_BYTES = 10_000


class Terminal:
    """A program in a pseudo-terminal; everything it writes is drawn on ``screen``."""

    def __init__(self, *args: str) -> None:
        main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color"}
        for name in ("COLUMNS", "LINES"):  # pytest's workers set them; Textual would obey them
            env.pop(name, None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jetset_tui", *args],
            stdin=side,
            stdout=side,
            stderr=side,
            env=env,
            start_new_session=True,
        )
        os.close(side)
        self.main = main
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def read(self, timeout: float) -> bytes:
        """What comes within ``timeout``, drawn."""
        ready, _, _ = select.select([self.main], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.main, 65536)
        except OSError:  # the program ended
            return b""
        self.stream.feed(data)
        return data

    def settle(self, first: float = 5.0, limit: float = 30.0) -> bytes:
        """Everything written until the terminal is quiet for ``QUIET`` (waiting up to ``first``
        for the first byte)."""
        out = b""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            got = self.read(first if not out else QUIET)
            if not got:
                return out
            out += got
        raise AssertionError("the terminal never went quiet")

    def wait_for(self, text: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text():
            assert time.monotonic() < deadline, f"never shown: {text!r}\n{self.text()}"
            self.read(0.05)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def type(self, keys: bytes) -> None:
        os.write(self.main, keys)

    def close(self) -> None:
        self.type(b"\x11")  # Ctrl+Q
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self.main)


def test_an_action_repaints_what_changed_and_the_terminal_shows_the_whole_screen(
    tmp_path: Path,
) -> None:
    term = game(tmp_path, "repaint")
    try:
        sizes = []
        for _ in range(3):
            term.type(b"i")  # Take income: the picker opens
            term.wait_for("Enter take income")
            term.settle(first=QUIET)
            term.type(b"\r")  # ... and Enter takes it
            sizes.append(len(term.settle(limit=BOT_DELAY - QUIET)))
            term.wait_for("your turn")  # the bots have moved: their repaints are partial too
            term.settle(first=QUIET)
        assert 0 < max(sizes) <= MOST_BYTES, sizes
        assert_shows_the_whole_screen(term)
    finally:
        term.close()


def test_a_link_bought_repaints_only_the_lines_it_changes(tmp_path: Path) -> None:
    """The picker points at a link on the map (its highlight) as the arrows move, and a buy
    clears it: each sends the map's lines it changes, not the whole map (which was 13 KB of the
    buy's 18 KB at 120x40), and the terminal still shows exactly the screen drawn whole."""
    term = game(tmp_path, "repaint-buy")
    try:
        moves, buys = [], []
        for _ in range(2):
            term.type(b"b")  # Buy: the picker opens on the first link, lit on the map
            term.wait_for("Enter to play it")
            term.settle(first=QUIET)
            for _step in range(2):
                term.type(b"\x1b[B")  # Down: the next link lit instead
                moves.append(len(term.settle(first=0.5, limit=BOT_DELAY - QUIET)))
            term.type(b"\r")
            buys.append(len(term.settle(limit=BOT_DELAY - QUIET)))
            term.wait_for("your turn")
            term.settle(first=QUIET)
        assert 0 < max(moves) <= MOST_BYTES, moves
        assert 0 < max(buys) <= MOST_BYTES, buys
        assert_shows_the_whole_screen(term)
    finally:
        term.close()


def game(tmp_path: Path, seed: str) -> Terminal:
    """A game against two bots, at its first "your turn", the terminal quiet."""
    save = tmp_path / f"{seed}.jetset"
    term = Terminal(
        *("play", "--bots", "greedy,greedy", "--seed", seed),
        *("--save", str(save), "--delay", str(BOT_DELAY)),
    )
    term.wait_for("your turn")
    term.settle(first=QUIET)
    return term


def assert_shows_the_whole_screen(term: Terminal) -> None:
    """What the partial repaints left on the terminal is the screen drawn whole (on a blank
    terminal, after F1's rules and Esc)."""
    shown = list(term.screen.display)
    term.type(b"\x1bOP")  # F1: the rules over the game
    term.wait_for("╭")
    term.settle(first=QUIET)
    term.screen = pyte.Screen(COLS, ROWS)
    term.stream = pyte.ByteStream(term.screen)
    term.type(b"\x1b")  # Esc: back to the game, drawn whole on a blank terminal
    term.wait_for("your turn")
    term.settle(first=QUIET)
    whole = list(term.screen.display)
    assert "your turn" in "\n".join(whole)
    assert shown == whole
