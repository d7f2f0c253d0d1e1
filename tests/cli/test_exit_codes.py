"""Every command's exit code, as a script sees it from a real process: 0 when it did what was
asked, 1 when it could not, 2 for a usage error; and the words say what is wrong, once, with no
traceback."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from netcode.logheader import VERSION

JETSET = [sys.executable, "-m", "jetset_tui"]


def jetset(
    *args: str, cwd: Path | None = None, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``jetset ARGS``, its data folder ``home`` if given."""
    env = None if home is None else {**os.environ, "JETSET_HOME": str(home)}
    return subprocess.run(
        [*JETSET, *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd, env=env
    )


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with one finished two-player game, ``game-0000.jetset``, and a file that is
    not a log, ``bad.jetset``."""
    folder = tmp_path_factory.mktemp("logs")
    run = jetset("selfplay", "--players", "2", "--seed", "codes", "--save", str(folder))
    assert run.returncode == 0, run.stderr
    (folder / "bad.jetset").write_bytes(b"not a log")
    return folder


USAGE = [
    (["play", "--players", "8"], "--players: 8: Jet Set is for 2 to 6 players"),
    (["play", "--players", "0"], "Jet Set is for 2 to 6 players"),
    (["play", "--players", "3", "--bots", "greedy,greedy,greedy"], "--bots names 3 seats"),
    (["play", "--resume", "x.jetset", "--seed", "1"], "--seed set up a new game"),
    (["play", "--delay", "-1"], "--delay: seconds from 0 up"),
    (["host", "--headless", "--players", "2", "--bots", "greedy,greedy,greedy"], "3 kinds"),
    (["host", "--players", "7"], "Jet Set is for 2 to 6 players"),
    (["host", "--players", "2", "--port", "70000"], "70000: give a number from 0 to 65535"),
    (
        ["host", "--headless", "--players", "2", "--bots", "nosuch"],
        "unknown bot 'nosuch'; the bots of Jet Set: random, greedy, search",
    ),
    (["selfplay", "--bot", "greedy,random,greedy", "--players", "2"], "3 kinds for 2 seats"),
    (["selfplay", "--games", "0"], "--games: 0: give a number from 1 up"),
    (["selfplay", "--bot", "nosuch"], "unknown bot 'nosuch'"),
    (["position", "x.jetset", "--at", "-1"], "--at: -1: give a number from 0 up"),
    (["replay", "x.jetset", "--seat", "x"], "not a whole number"),
    (["join", "nowhere", "--bot", "greedy"], "write HOST:PORT"),
    (["join", "127.0.0.1:1", "--players", "9"], "Jet Set is for 2 to 6 players"),
    (["ssh-server", "--max-sessions", "0"], "--max-sessions: 0: give a number from 1 up"),
    (["export", "x.jetset", "--format", "pgn"], "invalid choice: 'pgn'"),
    (["no-such-command"], "invalid choice"),
]


@pytest.mark.parametrize(("args", "says"), USAGE, ids=[" ".join(a) for a, _ in USAGE])
def test_a_usage_error_exits_2_with_a_sentence(args: list[str], says: str) -> None:
    run = jetset(*args)
    assert run.returncode == 2, run.stderr
    assert says in run.stderr and "Traceback" not in run.stderr


def test_each_failure_exits_1_and_says_it_once(logs: Path, tmp_path: Path) -> None:
    bad, missing = str(logs / "bad.jetset"), str(tmp_path / "missing.jetset")
    failures = [
        (["replay", bad, "--verify"], "not a Jet Set log (no header)"),
        (["replay", bad], "not a Jet Set log (no header)"),  # the viewer: refused before it opens
        (["replay", missing], "no such file"),
        (["replay", str(logs / "game-0000.jetset"), "--seat", "2"], "the seats are 0 to 1"),
        (["replay", str(tmp_path)], "a folder, not a saved game"),  # the viewer, refused
        (["play", "--resume", missing], f"{missing}: no such file"),  # before the app opens
        (["play", "--resume", str(tmp_path)], "a folder, not a saved game"),
        (["host", "--headless", "--resume", missing], f"{missing}: no such file"),
        (["host", "--headless", "--resume", bad], f"{bad}: not a Jet Set log (no header)"),
        (["host", "--headless", "--players", "2", "--log", str(tmp_path)], "a folder, not a file"),
        (["export", bad], "not a Jet Set log"),
        (["position", missing], "no such file"),
        (["stats", str(tmp_path / "no-such-folder")], "no such directory"),
        (["import", missing], "no such file"),
        (
            ["join", "127.0.0.1:1", "--bot", "greedy"],
            "jetset join: nobody is hosting at 127.0.0.1:1 (connection refused)",
        ),
        (  # asyncssh imported: no warning about its use of cryptography
            ["join", "ssh://127.0.0.1:1", "--bot", "greedy"],
            "jetset join: nobody is hosting at ssh://127.0.0.1:1 (connection refused)",
        ),
    ]
    for args, says in failures:
        run = jetset(*args)
        assert run.returncode == 1, (args, run.stderr)
        assert says in run.stderr and "Traceback" not in run.stderr, (args, run.stderr)
        assert "Warning" not in run.stderr, run.stderr
        assert run.stderr.count("not a Jet Set log") <= 1, run.stderr
        assert "Errno" not in run.stderr, run.stderr


def test_what_works_exits_0(logs: Path, tmp_path: Path) -> None:
    game = str(logs / "game-0000.jetset")
    text = tmp_path / "game.txt"
    for args in (
        ["replay", game, "--verify"],
        ["export", game, "-o", str(text)],
        ["import", str(text), "-o", str(tmp_path / "back.jetset")],
        ["position", game, "--at", "3"],
        ["stats", str(tmp_path)],
        ["--version"],
    ):
        run = jetset(*args)
        assert run.returncode == 0, (args, run.stderr)


def test_a_text_whose_format_tag_was_lost_imports_with_a_warning(
    logs: Path, tmp_path: Path
) -> None:
    """A text without its [Format] tag reads as log format 2, whose seed deals otherwise: the
    import still writes the log (it is the game the text says), but says at once that it will
    not verify, and why, where before only `replay --verify` found out (a docs check)."""
    game = str(logs / "game-0000.jetset")
    text = tmp_path / "game.txt"
    assert jetset("export", game, "-o", str(text)).returncode == 0
    kept = text.read_text()
    assert f'[Format "{VERSION}"]' in kept
    untagged = tmp_path / "untagged.txt"
    untagged.write_text("".join(line for line in kept.splitlines(True) if "[Format" not in line))
    out = tmp_path / "untagged.jetset"
    run = jetset("import", str(untagged), "-o", str(out))
    assert run.returncode == 0 and out.exists(), run.stderr
    assert "warning: entry 0 is not what the seed the text reveals deals" in run.stderr
    assert "keep the tag `jetset export` wrote" in run.stderr
    assert jetset("replay", str(out), "--verify").returncode == 1
    whole = jetset("import", str(text), "-o", str(tmp_path / "whole.jetset"))
    assert whole.returncode == 0 and whole.stderr == "", whole.stderr


def test_version_comes_from_the_installed_distribution() -> None:
    from importlib import metadata

    from jetset_tui.version import installed_version

    names = metadata.packages_distributions()["jetset_tui"]
    assert jetset("--version").stdout.split() == installed_version().split()
    name, version = installed_version().split()
    assert name in names and version == metadata.version(name)


def test_a_tie_in_selfplay_names_every_winner() -> None:
    from jetset_tui.commands.selfplay import winners_text

    assert winners_text([2]) == "winner seat 2"
    assert winners_text([2, 3]) == "winners seats 2 and 3 (a tie)"
    assert winners_text([0, 1, 3]) == "winners seats 0, 1 and 3 (a tie)"
    # with the seating (a play test: under --rotate a seat is another bot each game)
    assert winners_text([1], ["greedy", "random"]) == "winner seat 1 (random)"


def test_selfplay_json_says_which_bot_sat_where() -> None:
    run = jetset("selfplay", "--players", "2", "--games", "2", "--bot", "greedy,random",
                 "--rotate", "--json")  # fmt: skip
    games = [json.loads(line) for line in run.stdout.splitlines()]
    assert [g["kinds"] for g in games] == [["greedy", "random"], ["random", "greedy"]]


def test_selfplay_plays_greedy_bots_unless_told(tmp_path: Path) -> None:
    run = jetset("selfplay", "--players", "2", "--seed", "s", "--save", str(tmp_path), "--json")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["end"] != "stalled: five rounds with nothing but income"
    header = jetset("export", str(tmp_path / "game-0000.jetset"), "--format", "json")
    seats = json.loads(header.stdout)["header"]["seats"]
    assert [s["kind"] for s in seats] == ["bot:greedy", "bot:greedy"]


def test_the_search_bot_is_seated_by_its_word(tmp_path: Path) -> None:
    """``--bot search``, the word players read, seats the bot whose kind is ``mcts``; the log
    keeps the kind."""
    from netcode.logfile import read_log

    run = jetset("selfplay", "--players", "2", "--bot", "search,random", "--save", str(tmp_path))
    assert run.returncode == 0, run.stderr
    seats = read_log(tmp_path / "game-0000.jetset").header.seats
    assert [str(s.kind) for s in seats] == ["bot:mcts", "bot:random"]


def test_export_writes_the_day_the_game_began(logs: Path) -> None:
    from netcode.logfile import read_log

    log = read_log(logs / "game-0000.jetset")
    assert log.header.date is not None
    text = jetset("export", str(logs / "game-0000.jetset")).stdout
    assert f'[Date "{log.header.date.replace("-", ".")}"]' in text


def test_build_data_help_is_help() -> None:
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, str(root / "tools" / "build_data.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert run.returncode == 0 and "usage: build_data.py" in run.stdout and not run.stderr


@pytest.mark.parametrize(
    "args",
    [["replay"], ["replay", "--verify"], ["position"], ["export"], ["import"]],
    ids=["replay", "replay --verify", "position", "export", "import"],
)
def test_a_file_that_is_not_there_is_said_in_words(tmp_path: Path, args: list[str]) -> None:
    """Every command that reads a game says "no such file", not Python's "[Errno 2] No such
    file or directory: '…'"; ``--json`` keeps the technical sentence for scripts."""
    gone = str(tmp_path / "gone.jetset")
    run = jetset(*args, gone)
    assert run.returncode == 1
    assert f"{gone}: no such file" in run.stderr, run.stderr
    assert "Errno" not in run.stderr


def test_replay_json_keeps_the_system_s_own_words_for_a_missing_file(tmp_path: Path) -> None:
    run = jetset("replay", "--verify", "--json", str(tmp_path / "gone.jetset"))
    assert run.returncode == 1
    assert "No such file or directory" in json.loads(run.stdout)["error"]


def test_a_file_that_cannot_be_written_is_said_in_words(logs: Path, tmp_path: Path) -> None:
    """export -o, import -o and selfplay --save onto a folder, a file or a folder that is not
    there: a sentence and exit 1, not a traceback."""
    game = str(logs / "game-0000.jetset")
    text = tmp_path / "game.txt"
    assert jetset("export", game, "-o", str(text)).returncode == 0
    a_file, nowhere = tmp_path / "a-file", tmp_path / "no-such-folder" / "out"
    a_file.write_text("")
    cases = [
        (["export", game, "-o", str(tmp_path)], f"{tmp_path}: a folder, not a file"),
        (["export", game, "-o", str(nowhere)], f"{nowhere}: its folder does not exist"),
        (["import", str(text), "-o", str(tmp_path)], f"{tmp_path}: a folder, not a file"),
        (["import", str(text), "-o", str(nowhere)], f"{nowhere}: its folder does not exist"),
        (["selfplay", "--players", "2", "--save", str(a_file)], f"{a_file}: a file, not a folder"),
        (["selfplay", "--game", "jetlag", "--save", str(a_file)], "a file, not a folder"),
        (["stats", str(a_file)], f"{a_file}: a file, not a folder of games"),
    ]
    for args, says in cases:
        run = jetset(*args)
        assert run.returncode == 1, (args, run.stderr)
        assert says in run.stderr and "Traceback" not in run.stderr, (args, run.stderr)


def test_a_text_game_that_is_not_text_is_said_in_words(tmp_path: Path) -> None:
    binary = tmp_path / "game.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    run = jetset("import", str(binary))
    assert run.returncode == 1
    assert f"{binary}: not a text file (UTF-8)" in run.stderr and "codec" not in run.stderr


@pytest.mark.parametrize(
    "args",
    [["web"], ["host", "--headless", "--players", "2", "--bots", "greedy"], ["ssh-server"]],
    ids=["web", "host", "ssh-server"],
)
def test_a_port_in_use_is_said_in_words(args: list[str], tmp_path: Path) -> None:
    """Not "[Errno 98] error while attempting to bind on address ('127.0.0.1', …)"."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = jetset(*args, "--port", str(port), home=tmp_path)
    assert run.returncode == 1, run.stderr
    assert f"127.0.0.1:{port}: the port is in use by another program" in run.stderr, run.stderr
    assert "Errno" not in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("command", ["web", "ssh-server"])
def test_a_games_folder_that_is_a_file_is_refused_before_serving(
    command: str, tmp_path: Path
) -> None:
    """It served, then failed at the first game's log."""
    taken = tmp_path / "games"
    taken.write_text("not a folder")
    run = jetset(command, "--port", "0", "--games-dir", str(taken), home=tmp_path)
    assert run.returncode == 1, run.stderr
    assert f"jetset {command}: --games-dir {taken}: a file, not a folder" in run.stderr
    assert "listening" not in run.stdout and "browsers play at" not in run.stdout


def test_selfplay_into_a_folder_it_saved_into_before_adds_its_games(tmp_path: Path) -> None:
    """A play test: a second ``selfplay --save`` into the same folder wrote its games over the
    first run's ``game-0000.jetset`` …, silently; now they are numbered on past the files there,
    Jet Set's and Jet Lag's alike, and each file keeps the game that was written into it."""
    from netcode.logfile import read_log

    first = jetset("selfplay", "--players", "2", "--seed", "one", "--save", str(tmp_path))
    assert first.returncode == 0, first.stderr
    kept = (tmp_path / "game-0000.jetset").read_bytes()
    (tmp_path / "game-0002.jetset").write_bytes(b"someone else's file")
    for args in (["--games", "2", "--seed", "two"], ["--game", "jetlag", "--seed", "three"]):
        run = jetset("selfplay", "--players", "2", *args, "--save", str(tmp_path))
        assert run.returncode == 0, run.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"game-{n:04d}.jetset" for n in range(5)], names
    assert (tmp_path / "game-0000.jetset").read_bytes() == kept
    assert (tmp_path / "game-0002.jetset").read_bytes() == b"someone else's file"
    games = [read_log(tmp_path / f"game-{n:04d}.jetset").header for n in (1, 3, 4)]
    assert [h.game for h in games] == ["jetset", "jetset", "jetlag"]


def test_selfplay_on_a_full_disk_says_so_and_leaves_no_half_log(tmp_path: Path) -> None:
    """A log the disk cannot hold: one sentence ("disk full"), exit 1, no traceback, and no
    half-written file left for ``jetset stats`` (it printed a traceback and left an empty log)."""
    from tests.net.disk import full_tmpfs

    with full_tmpfs(tmp_path / "disk") as folder:
        run = jetset("selfplay", "--players", "2", "--seed", "full", "--save", str(folder))
        left = sorted(p.name for p in folder.iterdir())
    assert run.returncode == 1, run
    assert f"jetset selfplay: {folder / 'game-0000.jetset'}: disk full" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert left == ["filler"], left


def test_export_never_writes_over_a_saved_game_unasked(tmp_path: Path, logs: Path) -> None:
    """A log tinkerer's play test: `export g.jetset -o g.jetset` exited 0 and the game was
    text. A saved game is written over only with --force; a text export is still rewritten."""
    game = tmp_path / "g.jetset"
    game.write_bytes((logs / "game-0000.jetset").read_bytes())
    before = game.read_bytes()
    run = jetset("export", str(game), "-o", str(game))
    assert run.returncode == 1 and "is a saved game (--force writes over it)" in run.stderr
    assert game.read_bytes() == before
    text = tmp_path / "g.txt"
    for _ in range(2):
        assert jetset("export", str(game), "-o", str(text)).returncode == 0
    assert text.read_text().startswith("[")
    assert jetset("export", str(game), "-o", str(game), "--force").returncode == 0
    assert game.read_text().startswith("[")


def test_export_of_a_game_not_over_asks_for_reveal(tmp_path: Path) -> None:
    """Two play tests exported a game still being played at one keyboard and read the other
    players' Final Flights (``deal 2 F-04 F-07``). A game not over exports only with
    ``--reveal``; a finished one as before."""
    from engine import Game, Options
    from engine.jetset.selfplay import play_game
    from tests.tui.play import save_for_you

    whole = play_game(Options(players=2), "reveal", ("greedy",))
    started = Game(whole.options, whole.board)
    for entry in whole.entries[:20]:
        started.push(entry)
    game = str(save_for_you(tmp_path / "running.jetset", started, "reveal", ["Ann", "Bo"]))
    refused = jetset("export", game)
    assert refused.returncode == 1 and refused.stdout == "", refused
    assert "not over" in refused.stderr and "--reveal" in refused.stderr, refused.stderr
    shown = jetset("export", game, "--reveal", "--format", "json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["entries"], shown.stderr
    done = str(save_for_you(tmp_path / "done.jetset", whole, "reveal", ["Ann", "Bo"]))
    assert jetset("export", done).returncode == 0


@pytest.mark.parametrize(
    "args,command",
    [
        ((), "jetset"),
        (("play", "--players", "2"), "jetset play"),
        (("tutorial",), "jetset tutorial"),
        (("host", "--players", "2", "--port", "0"), "jetset host"),
    ],
)
def test_a_screen_without_a_terminal_is_refused_at_once(
    args: tuple[str, ...], command: str, tmp_path: Path
) -> None:
    """`jetset play < /dev/null` opened its screen on no terminal and spun a core for ever
    (Textual reading the end of its input over and over): every command that opens the screen
    now says it needs a terminal and exits 2 at once, having made no game file."""
    run = subprocess.run(
        [*JETSET, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "JETSET_HOME": str(tmp_path / "home")},
    )
    said = f"{command}: the game's screen needs a terminal, and its input is not one"
    assert (run.returncode, run.stderr.splitlines()) == (
        2,
        [
            said
            + ("; --headless serves the game without a screen" if command == "jetset host" else "")
        ],
    )
    assert "\x1b" not in run.stdout, "no screen drawn"
    assert not list(tmp_path.rglob("*.jetset"))


def test_a_person_joining_without_a_terminal_is_refused_before_taking_a_seat(
    tmp_path: Path,
) -> None:
    """`jetset join ADDR < /dev/null` drew the game's screen into its pipe at a core's full
    speed and held a seat that never moved: a person's join (no --bot, no --spectate) with no
    terminal now says so and what works instead, before it connects (the address here has no
    host: it is never tried), in words and with --json."""
    for extra in ((), ("--json",)):
        run = subprocess.run(
            [*JETSET, "join", "127.0.0.1:9", *extra],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            env={**os.environ, "JETSET_HOME": str(tmp_path / "home")},
        )
        said = (
            "the game's screen needs a terminal, and its input is not one; --bot KIND plays a"
            " seat by a bot; --spectate watches the game as text"
        )
        assert run.returncode == 2, run
        if extra:
            assert json.loads(run.stdout) == {"ok": False, "error": said}
        else:
            assert run.stderr.splitlines() == [f"jetset join: {said}"]


def test_a_replay_without_a_terminal_is_refused(logs: Path) -> None:
    """The same for the replay viewer, after its file is read (a bad file is said first)."""
    run = subprocess.run(
        [*JETSET, "replay", str(logs / "game-0000.jetset")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert run.returncode == 2
    assert "jetset replay: the game's screen needs a terminal" in run.stderr
