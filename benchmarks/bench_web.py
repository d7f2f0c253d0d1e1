"""Browser benchmark (issue 20): how soon a tab shows the game, and what each tab costs.

``jetset web`` runs as the real command in its own process; the browser is Debian's chromium,
headless, driven by Playwright (tests/web/browser.py), one tab a session.

1. ``--loads`` times (5), a fresh tab: from ``page.goto`` to the first screen (the name asked
   on arrival, drawn in the page's terminal), then from the name's Enter to the lobby; between
   loads the server has a moment to start its spare session process again.
2. ``--tabs`` tabs (4) at the lobby, one of them in a game against three bots: each session
   process's memory from /proc (VmRSS, and PSS: its share of the pages it shares with the others,
   what one more session costs the machine), the server's RSS, and the spare process's.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/bench_web.py [--loads 5] [--tabs 4]`` (needs
chromium and ``pip install playwright`` in .venv, as .ci/run does).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tests.web.browser import (
    browser,
    memory_kb,
    open_tab,
    session_pids,
    start_web,
    stop,
)


def loads(context: object, port: int, count: int, pause: float) -> tuple[list[float], list[float]]:
    first, lobby, socket, frame = [], [], [], []
    for i in range(count):
        time.sleep(pause)  # the spare process is ready again
        started = time.monotonic()
        tab = open_tab(context, port)
        tab.wait_for("Your name at the tables")
        first.append(time.monotonic() - started)
        assert tab.socket_at is not None and tab.frame_at is not None
        socket.append(tab.socket_at - started)
        frame.append(tab.frame_at - tab.socket_at)
        tab.page.click("#terminal")
        tab.keys(f"p{i}")
        typed = time.monotonic()
        tab.keys("Enter")
        tab.wait_for(f"you are p{i}")
        lobby.append(time.monotonic() - typed)
        tab.page.close()
    print(
        f"  of which: goto to the websocket opened, median {statistics.median(socket):.2f} s; "
        f"to the app's first bytes, median {statistics.median(frame):.2f} s"
    )
    return first, lobby


def memory(context: object, port: int, server: int, tabs: int) -> None:
    opened = []
    for i in range(tabs):
        tab = open_tab(context, port)
        tab.wait_for("Your name at the tables")
        tab.page.click("#terminal")
        tab.keys(f"m{i}", "Enter")
        tab.wait_for(f"you are m{i}")
        opened.append(tab)
    playing = opened[0]
    playing.keys("n")
    playing.wait_for("Bots among them")
    playing.keys("Enter")
    playing.wait_for("your turn")
    time.sleep(3.0)
    pids = session_pids(server)
    figures = {pid: memory_kb(pid) for pid in pids}
    for pid, kb in sorted(figures.items()):
        print(
            f"  session process {pid}: RSS {kb['rss'] / 1024:.1f} MB, PSS {kb['pss'] / 1024:.1f} MB"
        )
    game = max(figures.values(), key=lambda kb: kb["rss"])
    print(f"  the one in a game: RSS {game['rss'] / 1024:.1f} MB, PSS {game['pss'] / 1024:.1f} MB")
    print(f"  server (lobby, gate, textual-serve): RSS {memory_kb(server)['rss'] / 1024:.1f} MB")
    print(f"  ({len(pids)} processes: {tabs} tabs and the spare)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--tabs", type=int, default=4)
    parser.add_argument("--pause", type=float, default=5.0, help="seconds between arrivals")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-web-"))
    server, port = start_web(tmp / "home", "--bot-delay", "0")
    try:
        with browser(tmp / "profile") as context:
            first, lobby = loads(context, port, args.loads, args.pause)
            print(
                f"page load to the first screen: median {statistics.median(first):.2f} s, "
                f"max {max(first):.2f} s ({args.loads} loads)"
            )
            print(
                f"name's Enter to the lobby: median {statistics.median(lobby):.2f} s, "
                f"max {max(lobby):.2f} s"
            )
            both = [a + b for a, b in zip(first, lobby, strict=True)]
            print(
                f"page load to the lobby (without the typing): median "
                f"{statistics.median(both):.2f} s, max {max(both):.2f} s"
            )
            print("memory:")
            memory(context, port, server.pid, args.tabs)
    finally:
        stop(server)


if __name__ == "__main__":
    main()
