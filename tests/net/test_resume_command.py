"""The command that continues a paused game is shown whole and copyable: the leave dialog and the
serving screen write a path under the home folder with ``~`` and break a long command only
between its words, with ``\\`` at each line's end; a real shell reads what the screen shows as
the very command. ``jetset host`` runs in this process with the real app under Pilot."""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.screens.leave import LeaveScreen, ServingScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.shell_command import shown_command
from netcode.client import GameClient
from netcode.peer import NetPeer
from netcode.transport import open_tcp

from .hosting import host_args, host_with_screen, hosting_of, until
from .procs import start_join

DEEP = ".local/share/jetset/games"


def shell_reads(shown: str, home: Path) -> list[str]:
    """The words a real shell gives a command pasted as shown, with ``home`` as $HOME."""
    out = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", f"printf '%s\\n' {shown}"],
        capture_output=True,
        text=True,
        env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
        check=True,
        timeout=10,
    )
    return out.stdout.splitlines()


def test_a_shell_reads_the_shown_command_as_the_command(tmp_path: Path) -> None:
    home = tmp_path / "home dir"
    for path in (home / DEEP / "game.jetset", home / "Application Support" / "x y.jetset"):
        command = shlex.join(["jetset", "host", "--resume", str(path), "--port", "7777"])
        shown = shown_command(command, 50, str(home))
        assert "~/" in shown and str(home) not in shown, shown
        assert shell_reads(shown, home) == shlex.split(command), shown


def test_an_option_stays_on_the_line_of_its_value(tmp_path: Path) -> None:
    """The leave dialog of ``jetset join ssh://… -i FILE`` at 80 columns put ``-i`` at one
    line's end and the key's file on the next: read aloud, or copied a line at a time, the
    option lost its value. Each option is now on the line of its value, and a shell still
    reads the command as it was."""
    home = tmp_path / "home"
    key = str(home / ".ssh" / "id_ed25519_jetset")
    command = shlex.join(["jetset", "join", "ssh://bea@example.org:2222", "-i", key, "-i", key])
    for width in range(32, 90):  # from where "  -i ~/.ssh/id_ed25519_jetset \\" fits
        shown = shown_command(command, width, str(home))
        lines = shown.splitlines()
        assert not any(line.rstrip(" \\").endswith(" -i") for line in lines), (width, shown)
        assert all(len(line) <= width for line in lines), (width, shown)
        assert shell_reads(shown, home) == shlex.split(command), shown


def dialog_lines(app: JetSetApp) -> list[str]:
    """The screen's rows between the dialog's borders."""
    return [row.split("┃")[1].strip() for row in screen_text(app).splitlines() if "┃" in row]


def check_whole(lines: list[str], log: Path, home: Path, command_is: str = "") -> None:
    """The command on its own lines, the path whole on one, and a shell reads it back (all of
    ``command_is``, when given: a play test's copy lost every word after a lone backslash)."""
    start = next(i for i, line in enumerate(lines) if line.startswith("jetset host --resume"))
    end = next(i for i in range(start, len(lines)) if not lines[i].endswith("\\"))
    command = lines[start : end + 1]
    relative = "~/" + str(log.relative_to(home))
    assert any(line.startswith(relative) for line in command), command
    words = shell_reads("\n".join(command), home)
    assert words[:4] == ["jetset", "host", "--resume", str(log)], words
    if command_is:
        assert words == shlex.split(command_is), (words, lines)


async def test_the_leave_and_serving_screens_show_it_whole_at_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    log = tmp_path / DEEP / "20261202-161214-04f354.jetset"
    log.parent.mkdir(parents=True)

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        hosting = hosting_of(client)  # Ann sits and never moves: the game begins, never ends
        ann = await NetPeer.connect(await open_tcp("127.0.0.1", hosting.port), name="Ann")
        await until(pilot, lambda: hosting.begun)
        await pilot.resize_terminal(80, 24)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await pilot.pause()
        whole = hosting.resume_command
        check_whole(dialog_lines(app), log, tmp_path, whole)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ServingScreen))
        await pilot.pause()
        check_whole(dialog_lines(app), log, tmp_path, whole)
        assert hosting_of(client).log_path == log
        await pilot.press("p")
        await until(pilot, lambda: app.return_code is not None or not app.is_running)
        await ann.close()

    args = ("--players", "3", "--bots", "greedy", "--seed", "resume-words", "--port", "0")
    # a longer command (a play test's host with its own reconnect window and clock): its
    # dialog taller than 24 rows scrolls, and its lines fit beside the scrollbar too
    more = ("--reconnect-window", "3", "--turn-time", "45")
    assert await host_with_screen(host_args(*args, *more, "--log", str(log)), script) == 0


def test_a_headless_hosts_pause_at_a_terminal_breaks_the_command_between_words(
    tmp_path: Path,
) -> None:
    """A play test's terminal split the printed command mid-word (``--port 475`` / ``00``): at
    a terminal it is broken between words to its width, ``\\`` at each line's end, and a real
    shell reads the lines as the very command."""
    from tests.terminal import Terminal

    log = tmp_path / "a-folder-with-a-long-name-for-the-games-of-this-evening" / "game.jetset"
    log.parent.mkdir()
    args = ("host", "--headless", "--players", "2", "--bots", "greedy", "--port", "0")
    terminal = Terminal(*args, "--log", str(log), "--no-fsync", width=60)
    joiner = None
    try:
        said = terminal.read_until(b"friends join")
        port = re.search(r"listening on 127\.0\.0\.1:(\d+)", said)
        assert port is not None, said
        joiner = start_join(int(port[1]), "--bot", "greedy", "--delay", "1")
        for _ in range(400):  # the game begins (its log is written): something to continue
            if log.exists():
                break
            time.sleep(0.05)
        assert log.exists()
        terminal.proc.send_signal(signal.SIGINT)  # Ctrl+C: the game pauses
        terminal.read_until(b"continue it with")
        terminal.settle()
        out = terminal.out.decode(errors="replace").replace("\r\n", "\n")
        assert terminal.close() == 0
    finally:
        for proc in (terminal.proc, joiner):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.communicate(timeout=10)
    shown = out.split("continue it with\n", 1)[1].strip("\n")
    lines = shown.splitlines()
    assert len(lines) > 1 and all(line.endswith(" \\") for line in lines[:-1]), lines
    assert all(len(line) < 60 or " " not in line.strip(" \\") for line in lines), lines
    words = shell_reads(shown, tmp_path)
    assert words[:4] == ["jetset", "host", "--resume", str(log)], words
    assert words[words.index("--port") + 1] == port[1], words
