"""A shell command as a player copies it from a screen: a path in the home folder written with
``~``, and a command wider than the screen broken between its words with ``\\`` at each line's
end, so that pasted into a shell it is still one command (never broken inside a path)."""

from __future__ import annotations

import shlex
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path


def shell_words(command: str, home: str | None = None) -> list[str]:
    """The words of ``command``, each as the shell reads it, quoted where it must be: a path
    under the home folder written ``~/…`` (the rest quoted after the ``~/``, which the shell
    still expands: ``~/'Library/Application Support'/…``)."""
    home = (str(Path.home()) if home is None else home).rstrip("/")
    words = []
    for word in shlex.split(command):
        if home and word.startswith(home + "/") and len(word) > len(home) + 1:
            words.append("~/" + shlex.quote(word[len(home) + 1 :]))
        else:
            words.append(shlex.quote(word))
    return words


def option_units(words: list[str], width: int) -> list[str]:
    """``words`` with each option kept beside its value (``-i ~/.ssh/id``, ``--password P``:
    the leave dialog at 80 columns put ``-i`` at one line's end and its file on the next),
    where the two fit on a line of ``width`` cells."""
    units: list[str] = []
    for word in words:
        last = units[-1] if units else ""
        an_option = last.startswith("-") and " " not in last and not word.startswith("-")
        if an_option and len(last) + 1 + len(word) <= width:
            units[-1] = f"{last} {word}"
        else:
            units.append(word)
    return units


def continued(words: list[str], width: int) -> list[str]:
    """The ``words`` of a command in lines of at most ``width`` cells where a word allows,
    broken only between words, never between an option and its value: every line but the last
    ends with `` \\``, the lines after the first indented by two."""
    lines: list[str] = []
    line = ""
    for word in option_units(words, width - 4):
        room = width - 2 - (2 if lines else 0)  # the " \" at the end, the indent
        if line and len(line) + 1 + len(word) > room:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    shown = [lines[0], *("  " + line for line in lines[1:])]
    return [line + " \\" for line in shown[:-1]] + shown[-1:]


def shown_command(command: str, width: int, home: str | None = None) -> str:
    """``command`` as a screen shows it to be copied, in lines of ``width`` cells."""
    return "\n".join(continued(shell_words(command, home), width))


def join_command(*words: str) -> str:
    """``jetset join`` with ``words`` as a person types it in a shell: one line, each word
    quoted only where the shell needs it (``jetset join 127.0.0.1:7777 --password P``)."""
    return shlex.join(["jetset", "join", *words])


def key_words(keys: Sequence[str]) -> list[str]:
    """``-i FILE`` for each private key ``jetset join ssh://`` was given: the command that takes
    a seat back logs in with the same keys (a play test's printed command left them out)."""
    return [word for key in keys for word in ("-i", key)]


def indented(command: str, indent: int, width: int) -> str:
    """The resume command to copy, whole: each line ``indent`` cells in, broken between words
    (``\\`` at a line's end) to fit ``width`` (jetset_tui/shell_command.py)."""
    lines = shown_command(command, width - indent).splitlines()
    return "\n".join(" " * indent + line for line in lines)


def terminal_lines(command: str) -> str:
    r"""``command`` to copy from a terminal, two cells in: at a terminal broken between words
    to its width (``\`` at a line's end: a host's terminal split ``--port 475`` / ``00``
    mid-word), else (a pipe, a script) on one line."""
    if not sys.stdout.isatty():
        return f"  {command}"
    return indented(command, 2, shutil.get_terminal_size().columns - 1)
