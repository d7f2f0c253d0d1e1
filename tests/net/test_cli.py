"""``jetset host`` and ``jetset join`` as processes: digests, crash and resume."""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import time
from pathlib import Path

import pytest

from engine import Options
from netcode.logfile import read_log
from netcode.table import Table
from tests.terminal import Terminal

from .procs import JETSET, json_result, replay_json, start_host, start_join, wait_for_entries


def test_join_bot_digest_equals_replay_verify_digest(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "4", "--bots", "random,greedy", "--seed", "cli", "--log",
        str(log), "--json",
    )  # fmt: skip
    joins = [start_join(port, "--bot", kind) for kind in ("greedy", "random")]
    results = [json_result(j) for j in joins]
    hosted = json_result(host)
    verified = replay_json(log)
    assert verified["ok"] and verified["commitment_ok"]
    for result in results:
        assert result["ok"], result
        assert result["digest"] == verified["digest"] == hosted["digest"]
        assert result["scores"] == verified["scores"]
    assert sorted(r["seat"] for r in results) == [0, 1]
    assert host.returncode == 0


def test_host_killed_mid_game_resumes_and_the_peers_finish(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    common = ("--players", "3", "--bots", "greedy", "--seed", "crash")
    same = ("--contribution", "5a" * 16)  # both seats: the deal does not depend on who is first
    host, port = start_host("--port", "0", *common, "--log", str(log))
    joins = [  # a bot's delay of 0.05 s leaves a game of some 200 moves ten seconds to run: a
        # loaded CI machine once saw one of 0.01 s end before the kill landed
        start_join(port, "--bot", "greedy", "--delay", "0.05", "--reconnect-for", "30", *same)
        for _ in range(2)
    ]
    wait_for_entries(log, 40)
    host.send_signal(signal.SIGKILL)
    host.wait(10)
    assert not read_log(log).seed  # it died before the end
    resumed, _ = start_host("--port", str(port), "--resume", str(log), "--json")
    results = [json_result(j) for j in joins]
    final = json_result(resumed)
    verified = replay_json(log)
    assert verified["ok"] and verified["commitment_ok"]
    for result in results:
        assert result["ok"], result
        assert result["digest"] == verified["digest"] == final["digest"]

    # the same decisions without the crash make the same log
    again = tmp_path / "again.jetset"
    host, port = start_host("--port", "0", *common, "--log", str(again))
    for j in [start_join(port, "--bot", "greedy", *same) for _ in range(2)]:
        assert json_result(j)["ok"]
    host.communicate(timeout=60)
    texts = [(actor, text, digest) for _, actor, text, digest in read_log(log).records]
    assert texts == [(actor, text, digest) for _, actor, text, digest in read_log(again).records]


def test_the_app_provides_the_tui_runner_for_host_and_join() -> None:
    """`jetset host` (without --headless) and `jetset join` (without --bot) play in the app;
    tests/net/test_tui_peer.py drives that app through a real peer."""
    from jetset_tui.app import run_client_async
    from jetset_tui.commands.host import tui_runner

    assert tui_runner() is run_client_async


def test_join_refusals_are_clear(tmp_path: Path) -> None:
    bad = json_result(start_join(1, "--bot", "nonsense"))
    assert not bad["ok"] and "unknown bot" in bad["error"]
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "random", "--password", "pw",
        "--log", str(tmp_path / "g.jetset"),
    )  # fmt: skip
    try:
        refused = json_result(start_join(port, "--bot", "random", "--password", "wrong"))
        assert not refused["ok"] and "password" in refused["error"]
        time.sleep(1.0)  # a wrong password bars its address for a second (docs/security.md)
        ok = json_result(start_join(port, "--bot", "random", "--password", "pw"))
        assert ok["ok"]
    finally:
        host.kill()
        host.wait()


def said_joining(port: int, *args: str) -> str:
    """What ``jetset ARGS join 127.0.0.1:PORT --bot random`` says on stderr, and that it failed."""
    run = subprocess.run(
        [*JETSET, *args[:2], "join", f"127.0.0.1:{port}", "--bot", "random", *args[2:]],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert run.returncode == 1, run
    return run.stderr


def test_a_game_with_a_password_says_how_to_give_it(tmp_path: Path) -> None:
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "random", "--password", "pw",
        "--log", str(tmp_path / "g.jetset"),
    )  # fmt: skip
    try:
        english = said_joining(port, "--lang", "en")
        needs = "this game needs a password: jetset join 127.0.0.1:{} --password P"
        assert english == f"jetset join: {needs.format(port)}\n", english
        # no password is no try: asked again at once, not barred (a wrong one bars the
        # address a while, doubling: docs/security.md)
        italian = said_joining(port, "--lang", "it")
        needs = "questa partita richiede una password: jetset join 127.0.0.1:{} --password P"
        assert italian == f"jetset join: {needs.format(port)}\n", italian
        wrong = said_joining(port, "--lang", "it", "--password", "nope")
        assert wrong == "jetset join: password sbagliata\n", wrong
    finally:
        host.kill()
        host.wait()


def test_a_killed_joiner_is_played_by_greedy_and_the_game_ends(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    common = ("--players", "3", "--bots", "greedy", "--seed", "standin", "--json")
    same = ("--contribution", "5b" * 16)  # both seats: the deal does not depend on who is first
    host, port = start_host(
        "--port", "0", *common, "--reconnect-window", "0.3", "--log", str(log)
    )  # fmt: skip
    joins = [start_join(port, "--bot", "greedy", "--delay", "0.01", *same) for _ in range(2)]
    wait_for_entries(log, 30)
    joins[0].send_signal(signal.SIGKILL)
    joins[0].wait(10)
    assert json_result(joins[1])["ok"]
    out, _ = host.communicate(timeout=60)
    assert json.loads(out.splitlines()[-1])["ok"]
    notes = [n for n in read_log(log).notes if n.kind == "standin"]
    assert [n.fields["bot"] for n in notes] == ["greedy"] and notes[0].at >= 30
    assert replay_json(log)["ok"]

    # the greedy stand-in played as the greedy joiner would have: the same game
    again = tmp_path / "again.jetset"
    host, port = start_host("--port", "0", *common, "--log", str(again))
    for j in [start_join(port, "--bot", "greedy", *same) for _ in range(2)]:
        assert json_result(j)["ok"]
    assert json_result(host)["ok"]
    records = [(actor, text, digest) for _, actor, text, digest in read_log(log).records]
    assert records == [(actor, text, digest) for _, actor, text, digest in read_log(again).records]


def test_host_json_prints_json_lines_only(tmp_path: Path) -> None:
    """A bot author's play test: `jetset host --json` wrote three lines of words before its JSON,
    so a script's json.loads of its output failed. Now every line is JSON: where it listens
    first (the port, the log, the join commands), the summary last."""
    log = tmp_path / "game.jetset"
    host = subprocess.Popen(
        [*JETSET, "host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--players", "2",
         "--bots", "greedy", "--json", "--log", str(log), "--linger", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert host.stdout is not None
    ready = json.loads(host.stdout.readline())
    port = ready["port"]
    assert ready["listening"] == f"127.0.0.1:{port}" and ready["log"] == str(log)
    assert ready["join"] == [f"jetset join 127.0.0.1:{port}"] and ready["seats"] == [None, "Amelia"]
    assert json_result(start_join(port, "--bot", "greedy"))["ok"]
    out, _err = host.communicate(timeout=60)
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 1 and lines[-1]["ok"] and lines[-1]["log"] == str(log), out


def test_host_json_paused_says_how_to_resume(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    table = Table.create(Options(players=2), ["greedy"], log, seed="json-pause", fsync=False)
    table.start()
    table.close()
    host, port = start_host("--port", "0", "--resume", str(log), "--json")
    host.send_signal(signal.SIGTERM)
    out, err = host.communicate(timeout=30)
    (summary,) = [json.loads(line) for line in out.splitlines()]
    assert summary["ok"] is False and summary["paused"] is True, (out, err)
    assert f"--resume {log}" in summary["resume"] and f"--port {port}" in summary["resume"]


def test_the_resume_command_keeps_the_tables_stand_ins_and_clock(tmp_path: Path) -> None:
    """A play test's game hosted with ``--reconnect-window 10`` was paused, and the command it
    printed to go on had the window back at 120 s. It says every setting that is not the
    default (and none that is)."""
    log = tmp_path / "game.jetset"
    table = Table.create(Options(players=2), ["greedy"], log, seed="kept-pause", fsync=False)
    table.start()
    table.close()
    flags = ("--reconnect-window", "10", "--turn-time", "45.5", "--standin-bot", "random")
    host, _port = start_host("--port", "0", "--resume", str(log), "--json", *flags)
    host.send_signal(signal.SIGTERM)
    out, _err = host.communicate(timeout=30)
    (summary,) = [json.loads(line) for line in out.splitlines()]
    command = shlex.split(summary["resume"])
    for flag, value in zip(flags[::2], flags[1::2], strict=True):
        assert command[command.index(flag) + 1] == value, command
    plain, _port = start_host("--port", "0", "--resume", str(log), "--json")
    plain.send_signal(signal.SIGTERM)
    out, _err = plain.communicate(timeout=30)
    (summary,) = [json.loads(line) for line in out.splitlines()]
    assert not {"--reconnect-window", "--turn-time", "--standin-bot"} & set(
        shlex.split(summary["resume"])
    ), summary["resume"]


def test_the_resume_command_of_a_headless_host_runs_as_printed(tmp_path: Path) -> None:
    """A play test: a paused headless host printed `jetset host --resume … --port P`, without
    --headless (it came back with a screen) and without the bot of your own the game seats (it
    refused to start: "the bot … is not loaded"). Now the command says both, and runs."""
    bot = str(Path(__file__).resolve().parents[2] / "examples/bots/cheapest_card.py")
    kind = f"{bot}:CheapestCardBot"
    log = tmp_path / "game.jetset"
    table = Table.create(Options(players=2), [kind], log, seed="own-pause", fsync=False)
    table.start()
    table.close()
    host, port = start_host("--port", "0", "--resume", str(log), "--bots", kind, "--json")
    host.send_signal(signal.SIGTERM)
    out, _err = host.communicate(timeout=30)
    (summary,) = [json.loads(line) for line in out.splitlines()]
    command = shlex.split(summary["resume"])
    assert command[:2] == ["jetset", "host"] and "--headless" in command, command
    assert command[command.index("--bots") + 1] == kind, command
    again = subprocess.Popen(
        [*JETSET, *command[1:]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert again.stdout is not None
        assert f"listening on 127.0.0.1:{port}" in again.stdout.readline()
    finally:
        again.send_signal(signal.SIGTERM)
        again.communicate(timeout=30)


def test_a_joiner_is_told_the_pause_once_with_how_to_come_back(tmp_path: Path) -> None:
    """A play test: `jetset join --bot` printed the host's pause twice (on stderr as it came,
    then as the outcome); once now, with the command that takes the seat back."""
    log = tmp_path / "game.jetset"
    host, port = start_host("--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log))
    join = subprocess.Popen(
        [*JETSET, "join", f"127.0.0.1:{port}", "--bot", "greedy", "--delay", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert join.stdout is not None
        assert "joined" in join.stdout.readline()
        wait_for_entries(log, 4)  # dealt: the game has begun, and pauses
    finally:
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=30)
    out, err = join.communicate(timeout=30)
    said = out + err
    assert said.count("the host paused the game") == 1, said
    assert f"jetset join 127.0.0.1:{port} takes your seat back" in out, said


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_right_after_the_ready_line_pauses_the_game(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """The host hears SIGTERM from before it says where it listens: a signal sent the moment
    that line is read stops it in good order (exit 0), it does not kill the process (CI once
    caught `jetset web` in that gap: exit -15). Nobody had joined, so no log was written: it
    offers no command to continue a file that does not exist. SIGHUP (the host's terminal
    closed) too: it killed the host, and its players read that it was gone, not paused."""
    log = tmp_path / "g.jetset"
    host, _port = start_host("--players", "2", "--log", str(log))
    host.send_signal(signum)
    out, err = host.communicate(timeout=30)
    assert host.returncode == 0, (out, err)
    assert "stopped before the game began" in out and "--resume" not in out, (out, err)
    assert not log.exists()


async def test_joining_something_that_is_no_jet_set_host_says_so(tmp_path: Path) -> None:
    """What answers at the address is no Jet Set host: an SSH server's banner and noise, a peer
    that closes at once. ``jetset join`` says that in the player's language, never "something
    went wrong" with a traceback in its log (a play test met it at a random address). Watching
    (a person's seat needs a terminal: this test has none)."""
    import asyncio
    import os
    import sys

    async def ssh_banner(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"SSH-2.0-OpenSSH_9.2\r\n" + b"x" * 1000)
        await writer.drain()
        await asyncio.sleep(5)
        writer.close()

    async def closes(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.close()

    said = {}
    for name, handler in (("ssh", ssh_banner), ("closes", closes)):
        server = await asyncio.start_server(handler, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        env = {**os.environ, "JETSET_HOME": str(tmp_path / name)}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "jetset_tui", "--lang", "it", "join", f"127.0.0.1:{port}",
            "--name", "Zed", "--spectate", env=env, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(proc.communicate(), 60)
        server.close()
        assert proc.returncode == 1, (out, err)
        said[name] = err.decode()
    assert "quello che risponde lì non ospita Jet Set" in said["ssh"], said
    assert "chiusa prima che chi ospita rispondesse" in said["closes"], said
    assert not any("qualcosa è andato storto" in s or "went wrong" in s for s in said.values())


def test_a_join_at_a_full_table_says_how_to_watch_it(tmp_path: Path) -> None:
    """Kim sits in the one free seat (a greedy bot, slowed so that the game lasts); Lee, too
    late, is told in words how to watch it, not the protocol's code, and exits 1."""
    log = tmp_path / "full.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--log", str(log), "--json"
    )
    kim = start_join(port, "--bot", "greedy", "--delay", "0.5")
    try:
        assert wait_for_entries(log, 2) >= 2  # Kim seated: the game is dealt
        lee = subprocess.run(
            [*JETSET, "join", f"127.0.0.1:{port}", "--bot", "greedy"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        address = f"127.0.0.1:{port}"
        said = (
            f"jetset join: every seat at {address} is taken: watch the game with "
            f"jetset join {address} --spectate"
        )
        assert lee.returncode == 1 and lee.stderr.strip() == said, lee.stderr
    finally:
        for proc in (kim, host):
            proc.kill()
            proc.communicate()


def test_a_person_joining_a_game_with_a_password_is_asked_for_it(tmp_path: Path) -> None:
    """At a terminal, `jetset join HOST:PORT` to a private game asks for its password (not
    shown as typed) and sits down, as the SSH lobby asks; before, it printed the flag to type
    and went back to the shell (a play test). A script or a bot is still told, above."""
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "random", "--password", "pw",
        "--log", str(tmp_path / "g.jetset"),
    )  # fmt: skip
    terminal = Terminal("join", f"127.0.0.1:{port}", "--name", "Ann", "--lang", "en")
    try:
        terminal.read_until(f"the game at 127.0.0.1:{port} has a password: ".encode())
        start = len(terminal.out)
        terminal.type("pw\r")
        said = terminal.read_until(b"(player 1)", start=start)
        assert "pw" not in said[: said.index("joined")], "the password is not echoed"
        assert f"jetset join: joined 127.0.0.1:{port} as Ann (player 1)" in said
    finally:
        terminal.proc.kill()
        terminal.close()
        host.kill()
        host.wait()
