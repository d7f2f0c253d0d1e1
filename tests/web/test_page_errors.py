"""What a play-tester saw around ``jetset web``'s page: errors the page logged (its websocket
sent to before it opened and after it closed; ``/favicon.ico`` not found), and a server bound to
0.0.0.0 naming that address, which no browser can open, as where to play."""

from __future__ import annotations

import os
import re
import subprocess
import urllib.request
from pathlib import Path

from netcode.addresses import machine_addresses, with_port
from tests.web.browser import JETSET, browser, open_tab, start_web, stop


def test_the_page_reports_no_error(need_browser: None, tmp_path: Path) -> None:
    """Loaded, typed in, and after its session ended (the server stopped) and keys still
    typed, the page logs no error: no send on a socket still connecting or closed, no 404."""
    server, port = start_web(tmp_path / "home")
    try:
        with browser(tmp_path / "profile") as context:
            tab = open_tab(context, port)
            tab.wait_for("Your name at the tables")
            tab.keys("dee", "Enter")
            tab.wait_for("you are dee")
            tab.keys("n")
            tab.wait_for("Bots among them")
            tab.keys("Escape")
            tab.wait_for(lambda text: "Bots among them" not in text)
            tab.page.wait_for_timeout(500)  # the favicon's request, answered
            assert tab.errors == []
            stop(server)
            tab.page.wait_for_selector("body.-closed", timeout=15_000)
            tab.keys("x", "Enter")
            tab.page.mouse.click(5, 5)  # the terminal loses the keys: a blur to send
            tab.page.wait_for_timeout(300)
            assert tab.errors == []
    finally:
        if server.poll() is None:
            stop(server)


def test_the_favicon_is_answered(tmp_path: Path) -> None:
    server, port = start_web(tmp_path / "home")
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/favicon.ico", timeout=10) as got:
            assert got.status == 204
            assert got.read() == b""
            assert "max-age" in got.headers.get("Cache-Control", "")
    finally:
        stop(server)


def test_bound_to_every_address_it_names_addresses_a_browser_can_open(tmp_path: Path) -> None:
    """``--bind 0.0.0.0``: the first line names 127.0.0.1 (scripts read the port there), the
    next ones this machine's addresses as ``jetset host`` gives them; never 0.0.0.0."""
    env = {**os.environ, "JETSET_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [*JETSET, "web", "--bind", "0.0.0.0", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    try:
        lines = []
        while not lines or "jetset web: log " not in lines[-1]:
            line = proc.stdout.readline()
            assert line, lines
            lines.append(line)
        said = "".join(lines)
        match = re.match(r"jetset web: browsers play at http://127\.0\.0\.1:(\d+)/\n", said)
        assert match is not None, said
        port = match.group(1)
        assert "0.0.0.0" not in said, said
        friends = [f"http://{with_port(a, int(port))}/" for a in machine_addresses(v6=False)]
        assert [line.split() for line in lines[1:-1]] == [
            ["jetset", "web:", "or", url] for url in friends
        ], said
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert page.status == 200
    finally:
        proc.kill()
        proc.communicate(timeout=20)
