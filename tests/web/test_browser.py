"""A game in a real browser (issue 20): ``jetset web`` as its own process, Debian's chromium
headless, driven by Playwright. Open the page, choose a name, create a game against three bots
in the lobby's form, play a move by keys, and see it on the page; the screenshot is kept
(``JETSET_ARTIFACTS``, else the test's folder).

Without a browser (no chromium, or no Playwright) the test skips, saying so; under CI
(``CI=true``) it runs or fails: ``.ci/run`` installs both.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from tests.web.browser import Tab, browser, open_tab, session_pids, start_web, stop


def footer(text: str) -> str:
    return text.rstrip("\n ").splitlines()[-1]


def artifacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("JETSET_ARTIFACTS") or tmp_path) / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_move_in_a_browser(need_browser: None, tmp_path: Path) -> None:
    server, port = start_web(tmp_path / "home", "--bot-delay", "0")
    try:
        with browser(tmp_path / "profile") as context:
            tab = open_tab(context, port)
            tab.wait_for("Your name at the tables")
            tab.page.click("#terminal")
            tab.keys("ann", "Enter")
            tab.wait_for("you are ann")
            tab.keys("n")
            tab.wait_for("Bots among them")
            tab.keys("Enter")
            tab.wait_for(lambda text: "your turn" in text and ": Type" in footer(text))
            tab.keys(":")
            tab.wait_for(lambda text: ": Type" not in footer(text))  # the command line is open
            tab.keys("income", "Enter")
            shown = tab.wait_for("✓ income")
            assert re.search(r"\b1\s+R\s+income\b", shown), shown  # the log: seat R's move
            assert "ann" in shown and "greedy" in shown
            shot = artifacts(tmp_path) / "browser-game.png"
            tab.page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000  # a drawn page, not a blank one
            assert len(session_pids(server.pid)) >= 1
    finally:
        stop(server)


def test_the_name_can_be_typed_without_a_click(need_browser: None, tmp_path: Path) -> None:
    """The page gives the terminal the keys as it opens: a person who reads "Your name at the
    tables ... then Enter" and types it is in the lobby, with no click on the page first (the
    keys went nowhere)."""
    server, port = start_web(tmp_path / "home")
    try:
        with browser(tmp_path / "profile") as context:
            tab = open_tab(context, port)
            tab.wait_for("Your name at the tables")
            tab.page.wait_for_timeout(300)  # a person reads the prompt before typing
            tab.keys("cy", "Enter")
            tab.wait_for("you are cy")
    finally:
        stop(server)


def test_a_closed_tab_takes_its_seat_back_with_the_code(need_browser: None, tmp_path: Path) -> None:
    """Bea sits, reads her seat's code on the page, closes the tab; another browser, named bea,
    chooses the game, is asked the code, types it, and is back at her seat's turn."""
    server, port = start_web(tmp_path / "home", "--bot-delay", "0")
    try:
        with browser(tmp_path / "first") as context:
            tab = open_tab(context, port)
            tab.wait_for("Your name at the tables")
            tab.page.click("#terminal")
            tab.keys("bea", "Enter")
            tab.wait_for("you are bea")
            tab.keys("n")
            tab.wait_for("Bots among them")
            tab.keys("Enter")
            code = seat_code(tab)
            tab.wait_for(lambda text: "your turn" in text)
            tab.page.close()  # the tab is closed: bea's seat waits
        with browser(tmp_path / "second") as context:
            tab = open_tab(context, port)
            tab.wait_for("Your name at the tables")
            tab.page.click("#terminal")
            tab.keys("bea", "Enter")
            tab.wait_for("you are bea")
            tab.keys("Enter")  # the game her name holds a seat in
            tab.wait_for("Its seat code")
            tab.wait_for("8 letters and digits")  # the answer takes keys: its hint shows
            tab.keys("Enter")  # Enter alone sends nothing and closes nothing
            tab.wait_for("Type it, or Esc to go back.")
            tab.keys("wrongcod", "Enter")  # typed in any case
            tab.wait_for("not the seat's code")
            type_answer(tab, code.lower())
            tab.keys("Enter")
            tab.wait_for(lambda text: "your turn" in text and "bea" in text, timeout=30)
    finally:
        stop(server)


SEAT_CODE = re.compile(r"Your seat code: ([A-HJ-NP-Z2-9]{4} [A-HJ-NP-Z2-9]{4})(?![A-Z0-9])")


def type_answer(tab: Tab, answer: str) -> None:
    """``answer`` typed into the question's field at once, and seen there as typed: the field
    is cleared with Backspaces in the same burst. (Under load a letter typed right after a
    Backspace once landed first and was taken by it, ``qqsh er2l`` showing ``qqs er2l``: a
    Textual field ran its Backspace only after the key bubbled up to the app. Fixed by
    ``jetset_tui.key_order``; ``tests/web/test_key_burst.py`` checks the burst itself.)"""
    tab.keys(*["Backspace"] * 16, answer)
    tab.wait_for(f"   {answer} ", timeout=10)


def seat_code(tab: Tab) -> str:
    """The seat code the page shows (on one line: it is never wrapped), once two reads a
    moment apart agree: a frame arrives in pieces, and a read between two of them can see the
    code half drawn over what was there before (a wrong code, seen under load)."""
    seen: list[str] = []
    for _ in range(50):
        shown = tab.wait_for(lambda text: SEAT_CODE.search(text) is not None)
        match = SEAT_CODE.search(shown)
        assert match is not None
        seen.append(match.group(1))
        if len(seen) >= 2 and seen[-1] == seen[-2]:
            return seen[-1]
        tab.page.wait_for_timeout(250)
    raise AssertionError(f"the seat code never held still: {seen}")


def test_a_turn_that_comes_marks_the_tabs_title_until_a_key(
    need_browser: None, tmp_path: Path
) -> None:
    """A page has no bell: when the game rings it (the turn comes to this tab's player), the
    tab's title says so, "● Jet Set", until a key is typed or the page clicked. Two tabs, ann
    and bea, at a game of two seats."""
    server, port = start_web(tmp_path / "home")
    try:
        with browser(tmp_path / "profile") as context:
            ann = named_tab(context, port, "ann")
            title = ann.page.title()
            ann.keys("n")
            ann.wait_for("Bots among them")
            ann.keys("Backspace", "2", "Tab", "Backspace", "0")
            ann.wait_for(lambda text: re.search(r"Bots among them\s+0\s", text) is not None)
            ann.keys("Enter")
            bea = named_tab(context, port, "bea")
            bea.wait_for("waiting for 1")
            bea.keys("j")  # ann's game, the only one (j or Enter, as in the SSH lobby)
            ann.wait_for("your turn")
            bea.wait_for("ann  to move")  # a quick start (bea came at once): nothing marked
            assert (ann.page.title(), bea.page.title()) == (title, title)
            ann.keys(":")
            ann.wait_for(lambda text: ": Type" not in footer(text))
            ann.keys("income", "Enter")
            bea.wait_for("your turn")
            assert bea.page.title() == f"● {title}" and ann.page.title() == title
            bea.keys(":")
            assert bea.page.title() == title  # a key: read
            bea.wait_for(lambda text: ": Type" not in footer(text))
            bea.keys("income", "Enter")
            ann.wait_for("your turn")
            assert ann.page.title() == f"● {title}" and bea.page.title() == title
            ann.page.click("#terminal")
            assert ann.page.title() == title  # a click: read
    finally:
        stop(server)


def named_tab(context: Any, port: int, name: str) -> Tab:
    """A new tab at the server, its player named ``name``, in the lobby."""
    tab = open_tab(context, port)
    tab.wait_for("Your name at the tables")
    tab.page.click("#terminal")
    tab.keys(name, "Enter")
    tab.wait_for(f"you are {name}")
    return tab


def test_the_page_tells_a_bell_from_the_end_of_an_osc_sequence(
    need_browser: None, tmp_path: Path
) -> None:
    """A BEL also ends an OSC sequence (Textual's copy to the clipboard, ESC ] 52 ... BEL),
    which may be cut between two of the socket's frames: only a BEL of its own marks the tab."""
    server, port = start_web(tmp_path / "home")
    try:
        with browser(tmp_path / "profile") as context:
            tab = named_tab(context, port, "cy")
            said = tab.page.evaluate(
                """() => [
                    rings(new Uint8Array([0x41, 0x07])),
                    rings(new Uint8Array([0x1b, 0x5d, 0x35, 0x32, 0x3b, 0x07, 0x41])),
                    rings(new Uint8Array([0x1b, 0x5d, 0x38, 0x3b])),
                    rings(new Uint8Array([0x41, 0x07])),
                    rings(new Uint8Array([0x1b, 0x5d, 0x38, 0x1b, 0x5c, 0x07])),
                ]"""
            )
            assert said == [True, False, False, False, True]
    finally:
        stop(server)


def test_closing_a_live_tab_asks_first(need_browser: None, tmp_path: Path) -> None:
    """Closing the tab ends the session, and the seat is then taken back only with its code: a
    browser play test feared Ctrl+W, a terminal's word erase, which closes a browser's tab.
    While the session is live the page asks first (the browser's own "Leave site?")."""
    server, port = start_web(tmp_path / "home")
    try:
        with browser(tmp_path / "profile") as context:
            tab = open_tab(context, port)
            tab.wait_for("Your name at the tables")
            tab.page.click("#terminal")  # a page the person used: the browser may ask then
            tab.keys("dee", "Enter")
            tab.wait_for("you are dee")
            asked: list[str] = []

            def stay(dialog: Any) -> None:
                asked.append(dialog.type)
                dialog.dismiss()

            tab.page.on("dialog", stay)
            tab.page.close(run_before_unload=True)
            tab.page.wait_for_timeout(500)
            assert asked == ["beforeunload"], asked
            assert not tab.page.is_closed(), "the person chose to stay"
            tab.keys("n")
            tab.wait_for("Bots among them")  # the session goes on
    finally:
        stop(server)
