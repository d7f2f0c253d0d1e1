"""A command named first builds its own parser alone (jetset_tui/cli.py, ``parse``): ``jetset
play`` does not import every other command (the network's, the bots') before its first frame;
anything else still builds the whole command line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from jetset_tui.cli import build_parser, parse


def commands_loaded(argv: list[str]) -> set[str]:
    """The command modules a fresh interpreter has imported after parsing ``argv``."""
    code = (
        "import sys\nfrom jetset_tui.cli import parse\n"
        f"parse({argv!r})\nprint(*sorted(sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    prefix = "jetset_tui.commands."
    return {m.removeprefix(prefix) for m in out.stdout.split() if m.startswith(prefix)}


def test_play_parses_with_its_own_parser_alone() -> None:
    assert commands_loaded(["play", "--seed", "x"]) <= {"play", "arguments", "terminal"}
    args = parse(["play", "--seed", "x", "--players", "3"])
    assert (args.command, args.seed, args.players) == ("play", "x", 3)


def test_the_same_flags_as_the_whole_parser() -> None:
    argv = ["play", "--bots", "greedy,human", "--delay", "0.5", "--lang", "it"]
    assert vars(parse(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["--lang", "it", "play"], ["import", "x.txt"]])
def test_anything_else_builds_the_whole_command_line(argv: list[str]) -> None:
    """``--lang`` first, or a command named unlike its module (``import``: importtext.py)."""
    assert {"play", "host", "importtext"} <= commands_loaded(argv)


def test_a_misspelt_command_names_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(["plya"])
    said = capsys.readouterr().err
    assert "'play'" in said and "'ssh-server'" in said and "'import'" in said
