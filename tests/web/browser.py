"""A real browser at ``jetset web``: Debian's chromium, headless, driven by Playwright for Python
(never ``playwright install``: the system's browser), and what it shows read back by pyte from
the bytes its terminal (xterm.js in the page) is sent over the page's websocket."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyte

JETSET = [sys.executable, "-m", "jetset_tui"]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")


def chromium() -> str | None:
    """The system's chromium (``JETSET_CHROMIUM`` names another), or None."""
    named = os.environ.get("JETSET_CHROMIUM")
    if named:
        return named
    for path in CHROMIUM:
        if Path(path).exists():
            return path
    return shutil.which("chromium")


def start_web(home: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    """``jetset web --port 0 ARGS`` keeping its files in ``home``; the process and its port."""
    env = {**os.environ, "JETSET_HOME": str(home)}
    proc = subprocess.Popen(
        [*JETSET, "web", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if match is None:
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError(f"jetset web did not start: {line!r} {err!r}")
    return proc, int(match.group(1))


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()


class Tab:
    """One browser tab at the game: keys in, the screen it draws out (pyte)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.screen: pyte.Screen | None = None
        self.sockets = 0
        self.socket_at: float | None = None
        """When the page opened its websocket, and when the first frame came (monotonic)."""
        self.frame_at: float | None = None
        self.errors: list[str] = []
        """What the page reported going wrong: its uncaught exceptions and console errors."""
        page.on("websocket", self._socket)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    def _socket(self, ws: Any) -> None:
        query = urllib.parse.parse_qs(urllib.parse.urlparse(ws.url).query)
        width, height = int(query["width"][0]), int(query["height"][0])
        screen = pyte.Screen(width, height)
        stream = pyte.ByteStream(screen)
        self.screen = screen
        self.sockets += 1
        self.socket_at = time.monotonic()

        def received(payload: bytes | str) -> None:
            if isinstance(payload, bytes):
                if self.frame_at is None:
                    self.frame_at = time.monotonic()
                stream.feed(payload)

        ws.on("framereceived", received)

    def text(self) -> str:
        return "\n".join(self.screen.display) if self.screen is not None else ""

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = 15.0) -> str:
        found = (lambda text: what in text) if isinstance(what, str) else what
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if found(text := self.text()):
                return text
            self.page.wait_for_timeout(30)
        raise AssertionError(f"the page never showed {what!r}:\n{self.text()}")

    def keys(self, *keys: str) -> None:
        """Each a key name Playwright knows (Enter, Escape ...) or text to type."""
        for key in keys:
            if len(key) > 1 and key[0].isupper():
                self.page.keyboard.press(key)
            else:
                self.page.keyboard.type(key)


@contextmanager
def browser(profile: Path, width: int = 1400, height: int = 900) -> Iterator[Any]:
    """A headless chromium with a fresh profile: its Playwright context."""
    from playwright.sync_api import sync_playwright

    path = chromium()
    assert path is not None
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=path,
            args=FLAGS,
            headless=True,
            env={**os.environ, "HOME": str(profile)},
            viewport={"width": width, "height": height},
        )
        try:
            yield context
        finally:
            context.close()


def open_tab(context: Any, port: int) -> Tab:
    page = context.new_page()
    tab = Tab(page)
    page.goto(f"http://127.0.0.1:{port}/")
    return tab


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def session_pids(server: int) -> list[int]:
    """The browser sessions' processes of the ``jetset web`` process ``server``."""
    pids = []
    for pid in descendants(server):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"jetset_tui.web.session" in cmdline and not cmdline.startswith(b"/bin/sh"):
            pids.append(pid)
    return pids


def memory_kb(pid: int) -> dict[str, int]:
    """Rss, Pss and the process's own pages (Private_Clean + Private_Dirty), in kB."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, _, rest = line.partition(":")
        fields[key] = int(rest.split()[0])
    own = fields["Private_Clean"] + fields["Private_Dirty"]
    return {"rss": fields["Rss"], "pss": fields["Pss"], "uss": own}
