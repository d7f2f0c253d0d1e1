"""``jetset web`` and ``jetset ssh-server --web`` as a person runs them: real processes, a real
HTTP request to the page on 127.0.0.1."""

from __future__ import annotations

import os
import re
import subprocess
import urllib.request
from pathlib import Path

from tests.net.procs import JETSET


def page_status(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
        assert b"textual-terminal" in page.read()
        return int(page.status)


def test_ssh_server_serves_browsers_too(tmp_path: Path) -> None:
    env = {**os.environ, "JETSET_HOME": str(tmp_path)}
    args = ["ssh-server", "--port", "0", "--open", "--web", "0", "--web-max-sessions", "2"]
    proc = subprocess.Popen([*JETSET, *args], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        said = "".join(lines)
        assert "listening on 127.0.0.1:" in said, said
        match = re.search(r"browsers play at http://127\.0\.0\.1:(\d+)/", said)
        assert match is not None, said
        assert page_status(int(match.group(1))) == 200
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 0
    assert "stopped" in out


def sessions_of(home: Path) -> list[int]:
    """Browser-session processes running with ``home`` as their JETSET_HOME."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"jetset_tui.web.session" in cmdline and f"JETSET_HOME={home}".encode() in environ:
            found.append(int(entry.name))
    return found


def test_stopping_leaves_no_session_process(tmp_path: Path) -> None:
    """Stopped while its spare is still loading, the server ends that process too."""
    env = {**os.environ, "JETSET_HOME": str(tmp_path)}
    proc = subprocess.Popen([*JETSET, "web", "--port", "0"], stdout=subprocess.PIPE, env=env)
    assert proc.stdout is not None
    assert b"browsers play at" in proc.stdout.readline()
    assert sessions_of(tmp_path)  # the spare, loading
    proc.terminate()
    proc.communicate(timeout=20)
    assert proc.returncode == 0
    assert not sessions_of(tmp_path)


def test_web_says_what_is_wrong_with_its_flags() -> None:
    done = subprocess.run(
        [*JETSET, "web", "--max-sessions", "0"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2
    assert "--max-sessions" in done.stderr


def test_web_takes_a_turn_clock() -> None:
    """A play test: friends new to the game lost turns to the 5-minute clock reading the rules,
    and `jetset web --turn-time` was refused; it is `jetset ssh-server`'s, and reaches the
    tables."""
    from jetset_tui.cli import build_parser
    from jetset_tui.commands.web import games_config

    parser = build_parser()
    assert games_config(parser.parse_args(["web", "--turn-time", "0"])).turn_time == 0
    assert games_config(parser.parse_args(["web"])).turn_time == 300
    assert games_config(parser.parse_args(["web", "--turn-time", "900"])).turn_time == 900


def test_a_trusted_proxy_is_an_ip_address() -> None:
    """A play test named ``--trusted-proxy localhost``: the name never matched a connection's
    address and the headers were quietly never believed. Only an address is taken (written as
    the server sees it), under ``jetset web`` and ``ssh-server --web`` alike."""
    from jetset_tui.cli import build_parser
    from jetset_tui.commands.web import web_config

    parser = build_parser()
    args = parser.parse_args(["web", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1"])
    assert web_config(args, "127.0.0.1", 0).trusted_proxies == ("127.0.0.1", "::1")
    for flags in (["web", "--trusted-proxy"], ["ssh-server", "--web", "0", "--web-trusted-proxy"]):
        done = subprocess.run(
            [*JETSET, *flags, "localhost"], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 2 and "is not an IP address" in done.stderr, done.stderr
