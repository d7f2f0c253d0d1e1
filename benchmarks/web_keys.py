"""Keys typed in bursts into a browser session: how many bursts lose a key (docs/architecture.md,
"Keys in the order typed").

``jetset web`` runs as the real command; Debian's chromium, headless, driven by Playwright
(tests/web/browser.py), opens the lobby, focuses its chat line and types ``--bursts`` random
words of nine keys (``qqsh er2l``) as fast as Playwright types, each followed by twelve
Backspaces, reading the line back (pyte) after each. A burst whose word is not shown as typed
is printed with the keys the page sent (its websocket frames): every key left the page, so what
is lost is lost after it. ``--load N`` runs N busy Python loops beside it (their pids kept and
killed after): the fault showed only when the app was slower than the keys.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/web_keys.py [--bursts 300] [--load 2]``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.web.browser import Tab, browser, start_web, stop

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PLACEHOLDER = "say something to the lobby"


@contextmanager
def busy(loops: int) -> Iterator[None]:
    """``loops`` processes spinning on a CPU each, ended (by their pids) afterwards."""
    procs = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(loops)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def word(rng: random.Random) -> str:
    def four() -> str:
        return "".join(rng.choice(ALPHABET) for _ in range(4))

    return f"{four()} {four()}"


def chat_line(tab: Tab) -> str:
    """The lobby's chat line: the screen's last line but the footer."""
    return tab.text().splitlines()[-2].strip()


def shown_as(tab: Tab, typed: str) -> Callable[[str], bool]:
    """Whether the chat line shows ``typed``."""
    return lambda _: chat_line(tab) == typed


def open_chat(tab: Tab) -> None:
    """Into the lobby as ``kay``, the chat line focused (checked with a letter)."""
    tab.wait_for("Your name at the tables")
    tab.page.click("#terminal")
    tab.keys("kay", "Enter")
    tab.wait_for("you are kay")
    tab.keys("c")
    tab.page.wait_for_timeout(500)  # c moves the focus: a key typed before that goes elsewhere
    tab.keys("z")
    tab.wait_for(shown_as(tab, "z"))
    tab.keys("Backspace")
    tab.wait_for(PLACEHOLDER)


def run(bursts: int, seed: int) -> int:
    """The bursts that lost a key."""
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="web-keys-"))
    server, port = start_web(home / "home", "--bot-delay", "0")
    lost = 0
    try:
        with browser(home / "profile") as context:
            page = context.new_page()
            tab = Tab(page)
            sent: list[str] = []

            def watch(ws: Any) -> None:
                ws.on("framesent", lambda frame: sent.append(str(frame)))

            page.on("websocket", watch)
            page.goto(f"http://127.0.0.1:{port}/")
            open_chat(tab)
            for i in range(bursts):
                typed = word(rng)
                first = len(sent)
                tab.keys(typed)
                try:
                    tab.wait_for(shown_as(tab, typed), timeout=4)
                except AssertionError:
                    lost += 1
                    keys = [frame for frame in sent[first:] if "stdin" in frame]
                    print(f"  burst {i}: typed {typed!r}, shown {chat_line(tab)!r}; sent {keys}")
                tab.keys(*["Backspace"] * 12)
                tab.wait_for(PLACEHOLDER, timeout=5)
    finally:
        stop(server)
    return lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bursts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--load", type=int, default=2, help="busy loops beside it")
    args = parser.parse_args()
    started = time.monotonic()
    with busy(args.load):
        lost = run(args.bursts, args.seed)
    took = time.monotonic() - started
    print(f"{args.bursts} bursts of 9 keys, {lost} with a key lost or out of order ({took:.0f} s)")


if __name__ == "__main__":
    main()
