"""Bots of your own (docs/bots.md): named on the command line as FILE.py:Class or module:Class,
they play self-play, host and join games like the built-in kinds; a kind read from a log file is
never imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from netcode.logfile import Seat, read_log
from netcode.seatkind import SeatKind
from tests.net.procs import json_result, replay_json, start_host, start_join

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "examples/bots/cheapest_card.py:CheapestCardBot"
JETSET = [sys.executable, "-m", "jetset_tui"]


def jetset(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    return subprocess.run(
        [*JETSET, *args], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env
    )


def test_an_example_bot_plays_self_play_the_same_way_every_time(tmp_path: Path) -> None:
    args = ("selfplay", "--players", "3", "--games", "6", "--seed", "own", "--json")
    run = jetset(*args, "--bot", f"{EXAMPLE},random,random", "--save", str(tmp_path))
    again = jetset(*args, "--bot", f"{EXAMPLE},random,random", hash_seed="4242")
    assert run.returncode == 0, run.stderr
    assert run.stdout == again.stdout, "the same games whatever the hash seed"
    games = [json.loads(line) for line in run.stdout.splitlines()]
    assert [g["winner"] for g in games].count(0) >= 5, "it beats random bots"
    log = read_log(tmp_path / "game-0000.jetset")
    assert log.header.seats[0] == Seat("cheapest-card-0", SeatKind.of_bot(EXAMPLE))
    assert replay_json(tmp_path / "game-0000.jetset")["ok"], "replaying needs no bot"


def test_an_example_bot_joins_a_hosted_game_over_tcp(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", EXAMPLE, "--seed", "own-tcp", "--log",
        str(log), "--json",
    )  # fmt: skip
    joined = json_result(start_join(port, "--bot", EXAMPLE))
    hosted = json_result(host)
    assert joined["ok"] and joined["digest"] == hosted["digest"] == replay_json(log)["digest"]
    assert [str(s.kind) for s in read_log(log).header.seats] == ["human", f"bot:{EXAMPLE}"]


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("no_such_module_here:Bot", "cannot import no_such_module_here"),
        ("missing/bot.py:Bot", "no bot file missing/bot.py"),
        ("examples/bots/cheapest_card.py:Nope", "examples/bots/cheapest_card.py has no Nope"),
        ("json:JSONDecoder", "JSONDecoder is not a subclass of engine.jetset.bots.Bot"),
        ("json:", "write FILE.py:Class or module:Class"),
        ("engine.jetset.bots:Bot", "Bot does not define choose()"),
    ],
)
def test_a_bot_that_will_not_load_is_refused_with_a_reason(kind: str, says: str) -> None:
    run = jetset("selfplay", "--bot", kind)
    assert run.returncode == 2 and says in run.stderr and run.stdout == ""


def test_a_bot_file_that_fails_to_load_is_a_sentence(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import no_such_module_anywhere\n")
    run = jetset("selfplay", "--bot", f"{broken}:Broken")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "failed to load: ModuleNotFoundError" in run.stderr


def test_two_bot_files_of_one_name_are_two_bots(tmp_path: Path) -> None:
    from engine.jetset.bots import BOTS
    from jetset_tui.bot_plugins import load_bot

    kinds = []
    for folder, name in (("a", "alpha"), ("b", "beta")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "mine.py").write_text(
            "from engine.jetset.bots import RandomBot\n"
            f"class Mine(RandomBot):\n    name = {name!r}\n"
        )
        kinds.append(f"{tmp_path / folder / 'mine.py'}:Mine")
    try:
        assert [load_bot(kind).name for kind in kinds] == ["alpha", "beta"]
    finally:
        for kind in kinds:
            BOTS.pop(kind, None)


def test_a_module_in_the_current_directory_loads(tmp_path: Path) -> None:
    """The installed `jetset` command finds ``module:Class`` in the directory it runs in, as
    ``python -m`` would."""
    (tmp_path / "my_local_bot.py").write_text(
        "from engine.jetset.bots import RandomBot\nclass Local(RandomBot):\n    name = 'local'\n"
    )
    run = subprocess.run(
        [str(Path(sys.executable).with_name("jetset")), "selfplay", "--bot", "my_local_bot:Local"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "# ended:" in run.stdout


def test_a_bot_that_breaks_a_rule_is_named_with_the_rule(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from engine.jetset.actions import Buy\n"
        "from engine.jetset.bots import Bot\n"
        "class Greedy(Bot):\n"
        "    name = 'too-greedy'\n"
        "    def choose(self, view, rules):\n"
        "        return Buy(0, 99)\n"
    )
    run = jetset("selfplay", "--bot", f"{bad}:Greedy")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "seat 0's bot (too-greedy) chose 'buy AMS-DUB 99'" in run.stderr
    assert "not enough planes in stock: this needs 99, you have 24 (Action 1" in run.stderr


BROKEN_BOTS = (
    "from engine.jetset.actions import Buy\n"
    "from engine.jetset.bots import GreedyBot\n"
    "class Illegal(GreedyBot):\n"
    "    name = 'illegal'\n"
    "    def choose(self, view, rules):\n"
    "        return Buy(0, 99) if view.turn > 2 else super().choose(view, rules)\n"
    "class Nothing(GreedyBot):\n"
    "    name = 'nothing'\n"
    "    def choose(self, view, rules):\n"
    "        return None if view.turn > 2 else super().choose(view, rules)\n"
    "class Raises(GreedyBot):\n"
    "    name = 'raises'\n"
    "    def choose(self, view, rules):\n"
    "        if view.turn > 2:\n"
    "            raise ValueError('boom from my bot')\n"
    "        return super().choose(view, rules)\n"
)


@pytest.mark.parametrize(
    ("bot", "says"),
    [
        # the rule's reason too, as self-play says it (a play test found it only in the log)
        ("Illegal", "chose 'buy AMS-DUB 99', which the rules refuse (not enough planes"),
        ("Nothing", "returned None, which is not an action"),
        ("Raises", "raised ValueError: boom from my bot"),
    ],
)
def test_a_bot_of_your_own_that_fails_at_a_table_never_stops_it(
    tmp_path: Path, bot: str, says: str
) -> None:
    """A play test: a bot of your own that chose an action the rules refuse was asked again,
    for ever (the host refused it 20 times a second and the game never moved), and one that
    returned None stopped for good; one that raised was hidden behind "the first legal action"
    with nothing said. Now the stand-in (greedy) decides each of those moves, the game plays to
    its end, the command says once on stderr what the bot did, and exits 1 saying how often."""
    broken = tmp_path / "broken.py"
    broken.write_text(BROKEN_BOTS)
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", "broken", "--log",
        str(log), "--json",
    )  # fmt: skip
    join = start_join(port, "--bot", f"{broken}:{bot}", "--delay", "0")
    out, err = join.communicate(timeout=120)
    hosted = json_result(host)
    joined = json.loads([line for line in out.splitlines() if line.startswith("{")][-1])
    assert join.returncode == 1, (out, err)
    assert joined["digest"] == hosted["digest"] == replay_json(log)["digest"], "played to the end"
    failures = joined["bot_failures"]
    assert failures >= 5, joined
    seat = joined["seat"]  # the seats count from 0 in every line a script reads
    first = [line for line in err.splitlines() if f"seat {seat}'s bot" in line]
    assert len(first) == 1 and says in first[0], err  # said once, not at every move
    assert f"your bot failed {failures} times" in err


def test_a_bot_named_in_a_log_file_is_never_imported(tmp_path: Path) -> None:
    """Resuming a shared log must not run code the log names: the bot is refused unless the
    command line names it."""
    from engine import Options
    from netcode.table import Table

    marker = tmp_path / "imported"
    evil = tmp_path / "evil.py"
    evil.write_text(
        f"open({str(marker)!r}, 'w').close()\n"
        "from engine.jetset.bots import RandomBot\n"
        "class Evil(RandomBot):\n    name = 'evil'\n"
    )
    log = tmp_path / "shared.jetset"
    table = Table.create(Options(players=2), [f"{evil}:Evil"], log, seed="s")
    table.start()  # the header and the deal, as a host stopped before any move leaves them
    table.close()
    assert str(read_log(log).header.seats[1].kind) == f"bot:{evil}:Evil"
    run = jetset("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--resume", str(log))
    assert run.returncode != 0 and "is not loaded: name it with --bot or --bots" in run.stderr
    assert not marker.exists()
    host, _ = start_host("--port", "0", "--resume", str(log), "--bots", f"{evil}:Evil")
    host.kill()  # named on the command line, it loads, and the game goes on
    host.communicate()
    assert marker.exists()


def test_a_bot_of_your_own_is_shown_by_its_name() -> None:
    from engine.jetset.bots import BOTS, bot_label
    from jetset_tui.bot_plugins import load_bot

    assert bot_label("greedy") == "greedy"
    assert bot_label("elsewhere/bot.py:SomeBot") == "SomeBot", "not loaded: the class's name"
    kind = f"{ROOT / 'examples/bots/cheapest_card.py'}:CheapestCardBot"
    try:
        assert load_bot(kind) is load_bot(kind), "loaded once"
        assert bot_label(kind) == "cheapest-card"
    finally:
        BOTS.pop(kind, None)


def test_rotated_self_play_moves_each_bot_round_the_table_and_stats_name_it(
    tmp_path: Path,
) -> None:
    run = jetset(
        "selfplay", "--players", "3", "--games", "3", "--seed", "turns", "--rotate",
        "--bot", f"{EXAMPLE},greedy", "--save", str(tmp_path), "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    logs = [read_log(tmp_path / f"game-{g:04d}.jetset") for g in range(3)]
    seats = [[str(s.kind).rpartition(":")[2] for s in log.header.seats] for log in logs]
    own = "CheapestCardBot"
    assert seats == [[own, "greedy", own], [own, own, "greedy"], ["greedy", own, own]]
    stats = jetset("stats", str(tmp_path))
    assert "bot:CheapestCardBot" in stats.stdout and "examples/" not in stats.stdout


async def test_a_game_at_this_keyboard_says_once_that_your_bot_failed(tmp_path: Path) -> None:
    """``jetset play`` with a bot of your own that returns None: the game hung at "Wilbur is
    thinking…" for good. Now it plays on, and the screen hears one warning saying why."""
    from engine import Options
    from engine.jetset.bots import BOTS
    from jetset_tui.bot_plugins import load_bot
    from netcode.client import Problem, SeatInfo
    from netcode.local import LocalSession
    from tests.net.test_local import play

    broken = tmp_path / "broken.py"
    broken.write_text(BROKEN_BOTS)
    kind = f"{broken}:Nothing"
    load_bot(kind)
    heard: list[str] = []
    seats = [SeatInfo("Ann"), SeatInfo("Wilbur", SeatKind.of_bot(kind))]
    s = LocalSession(
        Options(players=2), seats, seed="nothing", path=tmp_path / "g.jetset", bot_delay=0
    )
    s.add_listener(
        lambda event: heard.append(event.message) if isinstance(event, Problem) else None
    )
    try:
        await s.start()
        await play(s)
        assert s.game.over
    finally:
        await s.close()
        BOTS.pop(kind, None)
    assert heard == [
        "seat 1's bot (nothing) returned None, which is not an action: a greedy bot decides for "
        "it each time it fails"
    ], heard


async def test_a_saved_game_against_your_own_bot_resumes_with_it_named(tmp_path: Path) -> None:
    """A play test: ``jetset play --resume`` of a game against your own bot said to name it
    with --bots, and ``--resume … --bots`` was refused as a new game's flag. Now --bots that
    names only bots of your own loads them for the saved game (``jetset host --resume`` did)."""
    from engine import Options
    from engine.jetset.bots import BOTS
    from jetset_tui.app import JetSetApp
    from jetset_tui.bot_plugins import load_bot
    from jetset_tui.cli import build_parser
    from jetset_tui.commands.play import new_game_flags
    from jetset_tui.screens.game import GameScreen
    from netcode.table import Table

    kind = f"{ROOT / EXAMPLE}"
    log = tmp_path / "saved.jetset"
    table = Table.create(Options(players=2), [kind], log, seed="mine")
    table.start()
    table.close()
    parser = build_parser()
    resumed = parser.parse_args(["play", "--resume", str(log), "--bots", kind])
    assert new_game_flags(resumed) is None
    assert new_game_flags(parser.parse_args(["play", "--resume", str(log), "--bots", "greedy"]))
    not_loaded = JetSetApp(resume=log, bot_delay=0, fsync=False)
    async with not_loaded.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        said = [n.message for n in not_loaded._notifications]
        assert any("is not loaded: name it with --bot or --bots" in n for n in said), said
    load_bot(kind)
    try:
        app = JetSetApp(resume=log, bot_delay=0, fsync=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen), "the saved game, with its bot"
    finally:
        BOTS.pop(kind, None)


@pytest.mark.parametrize(
    ("bot", "says"),
    [
        ("Raises", "seat 0's bot (raises) raised ValueError: boom from my bot"),
        ("Nothing", "seat 0's bot (nothing) returned None, which is not an action"),
    ],
)
def test_self_play_names_the_bot_that_failed_and_how(tmp_path: Path, bot: str, says: str) -> None:
    """A play test: a bot raising ValueError printed its bare message as if it were jetset's
    own; one returning None, a traceback. Now each says the entry, the seat, the bot and how."""
    broken = tmp_path / "broken.py"
    broken.write_text(BROKEN_BOTS)
    run = jetset("selfplay", "--players", "2", "--bot", f"{broken}:{bot},greedy")
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith("jetset selfplay: entry ") and says in run.stderr, run.stderr
