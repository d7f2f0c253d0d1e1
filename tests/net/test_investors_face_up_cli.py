"""``--investors-face-up`` on the commands that make a game (``jetset selfplay``, ``host``,
``play``): the variant reaches the log's header and plays; without the Investors module it is
refused with a sentence."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from jetset_tui.cli import build_parser
from netcode.logfile import read_log

from .procs import JETSET, json_result, replay_json, start_host

FACE_UP = ("--modules", "investors", "--investors-face-up")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*JETSET, *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_selfplay_face_up_reaches_the_header_and_the_players_choose(tmp_path: Path) -> None:
    """Face up, the player who turns a Vacation card up chooses the Investor (``replace``
    entries, decision I7); the log replays."""
    done = run("selfplay", "--players", "2", "--seed", "face-up", *FACE_UP, "--save", str(tmp_path))
    assert done.returncode == 0, done.stderr
    (path,) = tmp_path.glob("*.jetset")
    log = read_log(path)
    assert log.header.options.investors and log.header.options.investors_face_up
    assert any(text.startswith("replace INV-") for _, _, text, _ in log.records)
    assert replay_json(path)["ok"]


def test_host_face_up_reaches_the_header(tmp_path: Path) -> None:
    path = tmp_path / "hosted.jetset"
    host, _ = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy,greedy", "--seed", "face-up-host",
        *FACE_UP, "--log", str(path), "--linger", "0", "--json",
    )  # fmt: skip
    assert json_result(host)["ok"]
    options = read_log(path).header.options
    assert options.investors and options.investors_face_up


def command(*argv: str) -> int:
    """``jetset ARGV`` in process, straight to its command: refused before any game, window or
    log file is made (``cli.main`` would also set up the long-running commands' logging)."""
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


@pytest.mark.parametrize("name", ["selfplay", "host", "play"])
def test_face_up_without_the_investors_module_is_refused(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    screenless = ["--headless"] if name == "host" else []  # the tests have no terminal
    assert command(name, "--players", "2", "--investors-face-up", *screenless) == 2
    err = capsys.readouterr().err
    assert f"jetset {name}: face-up Investors need the investors module" in err


def test_play_resume_refuses_the_new_game_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command("play", "--resume", str(tmp_path / "x.jetset"), *FACE_UP) == 2
    assert "--modules, --investors-face-up set up a new game" in capsys.readouterr().err
