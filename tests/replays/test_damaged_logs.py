"""A damaged log file, as a bad disk, a stopped copy or a curious person leaves it: every reader
says so in a sentence and goes on (never a traceback), ``--verify`` fails on a file cut short,
the app's list of saved games leaves a damaged one out, ``stats`` skips it, and ``import`` neither
takes a seed that breaks its commitment nor writes over a saved game unasked. Real files on disk,
the commands in real processes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from engine import Options, seed_commitment
from engine.jetset.selfplay import play_game
from jetset_tui.i18n import use_language
from jetset_tui.saves import problem_of, saved_games
from netcode.logerrors import DamagedLog, LogFormatError
from netcode.logfile import GameLog, Note, parse_log, read_log, write_game, write_log
from netcode.logheader import Header, Seat
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.stats import collect
from netcode.textlog import TextLogError, export_text, import_text

SEED = "damaged"


def jetset(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, JETSET_LANG="en")
    if home is not None:
        env["JETSET_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "jetset_tui", *args],
        capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished two-player game between bots, its seed revealed."""
    game = play_game(Options(players=2), SEED, ("greedy",))
    header = Header(
        Options(players=2), [Seat(f"bot{i}", SeatKind.of_bot("greedy")) for i in range(2)],
        seed_commitment(SEED),
    )  # fmt: skip
    path = tmp_path_factory.mktemp("sound") / "game.jetset"
    write_game(path, header, game, SEED)
    return path


def flipped(raw: bytes, at: int, mask: int) -> bytes:
    changed = bytearray(raw)
    changed[at] ^= mask
    return bytes(changed)


def test_no_flipped_bit_in_a_log_makes_reading_it_crash(sound: Path) -> None:
    """Every byte of the first 3,000 with its lowest or highest bit flipped: the file reads,
    or says why not (LogFormatError). It once raised UnicodeDecodeError (a name's byte), a
    TypeError (a header map keyed by a list), ValueError (an unknown extension) and KeyError (a
    reveal without its seed) out of every command and the app's Load screen."""
    raw = sound.read_bytes()
    damaged = 0
    for at in range(min(len(raw), 3000)):
        for mask in (0x01, 0x80):
            try:
                parse_log(flipped(raw, at, mask))
            except LogFormatError:
                damaged += 1
    assert damaged > 1000, "most flips are found"


def test_no_flipped_bit_in_a_log_with_every_module_makes_its_replay_crash(
    tmp_path: Path,
) -> None:
    """Every 23rd byte of a three-player game with every module, its seed revealed, with bit
    0, 5 or 7 flipped: the file is refused (LogFormatError), or it reads and its replay, seed
    checked as ``--verify`` does, ends in a result: the game, or the first bad entry and why
    (a stop's full run over every byte: BENCHMARKS.md, stop 43)."""
    options = Options(players=3, distant_lands=True, hubs=True, business_cards=True, investors=True)
    game = play_game(options, SEED, ("greedy", "random", "random"))
    seats = [Seat(f"bot{i}", SeatKind.of_bot("greedy")) for i in range(3)]
    path = tmp_path / "modules.jetset"
    write_game(path, Header(options, seats, seed_commitment(SEED)), game, SEED)
    raw = path.read_bytes()
    assert replay(parse_log(raw)).ok
    refused = failed = 0
    for at in range(0, len(raw), 23):
        for mask in (0x01, 0x20, 0x80):
            try:
                log = parse_log(flipped(raw, at, mask))
            except LogFormatError:
                refused += 1
                continue
            result = replay(log)
            if not result.ok:
                failed += 1
                assert result.error, "a failed replay says why"
    assert refused > 300 and failed > 300, (refused, failed)


@pytest.mark.parametrize(
    ("tail", "entries"),
    [
        (b"\x95\xa1e\x00\x00\xa3\xff\xfe\xfd\xa200", 0),  # an entry's text, not UTF-8
        (msgpack.packb({"t": "reveal"}), 0),  # no seed
        (b"\x81\x91\x01\x02", 0),  # a map keyed by a list
        (b"\xd4\x90\x00", 0),  # an extension msgpack does not know
    ],
    ids=["utf-8", "reveal", "list-key", "extension"],
)
def test_a_damaged_record_says_where_in_scripts_and_in_a_players_words(
    tail: bytes, entries: int
) -> None:
    header = Header(Options(players=2), [Seat("a"), Seat("b")], seed_commitment(SEED))
    raw = msgpack.packb(header.to_dict()) + tail
    with pytest.raises(DamagedLog, match=r"^entry 0: ") as caught:
        parse_log(raw)
    assert caught.value.entries == entries
    with use_language("en"):
        assert problem_of(caught.value) == (
            "a damaged saved game: nothing after its beginning can be read"
        )


def test_a_damaged_game_counts_what_can_be_read_in_the_players_moves(sound: Path) -> None:
    """A tinkerer's play test: "only its first 20 moves can be read" counted the dealer's
    entries too; a player counts the moves the players made (as the Load list does)."""
    log = read_log(sound)
    kept = log.records[:30]
    raw = msgpack.packb(log.header.to_dict()) + b"".join(
        msgpack.packb(["e", index, actor, text, digest]) for index, actor, text, digest in kept
    )
    with pytest.raises(DamagedLog) as caught:
        parse_log(raw + b"\xd4\x90\x00")
    moves = sum(actor >= 0 for _, actor, _, _ in kept)
    assert caught.value.entries == 30 and 0 < moves < 30
    with use_language("en"):
        said = problem_of(caught.value)
    assert said == f"a damaged saved game: only its first {moves} moves can be read", said


def test_a_damaged_header_is_said_in_a_players_words(sound: Path) -> None:
    header = next(msgpack.Unpacker(sound.open("rb"), raw=False, strict_map_key=False))
    del header["data"]  # it said "bad header: 'data'" to a player
    with pytest.raises(DamagedLog) as caught:
        parse_log(msgpack.packb(header))
    assert caught.value.entries is None
    assert "bad header: it has no 'data'" in str(caught.value), "scripts: not KeyError('data')"
    with use_language("en"):
        assert problem_of(caught.value) == "a damaged saved game: its beginning cannot be read"
    with pytest.raises(LogFormatError, match="it ends inside its first record"):
        parse_log(sound.read_bytes()[:100])  # it said "empty file"


@pytest.mark.parametrize("where", ["kind", "event", "chat"])
def test_no_text_of_a_log_brings_an_escape_to_the_terminal(
    sound: Path, tmp_path: Path, where: str
) -> None:
    """The red team forged a log whose bot kind, event name or chat held escapes (a window
    title, colours, a carriage return): `export --chat`, `stats` and a text re-imported printed
    them raw. Each is a damaged log now, and an imported text with one is refused."""
    escape = "x\x1b]0;owned\x07\x1b[31m\r"
    log = read_log(sound)
    header = log.header.to_dict()
    if where == "kind":
        header["seats"][1]["kind"] = f"bot:greedy{escape}"
    elif where == "event":
        header["meta"] = {"event": escape}
    bad = with_header(sound, header, tmp_path / f"{where}.jetset")
    if where == "chat":
        log.notes = [Note(3, "chat", {"seat": 0, "name": "bot0", "text": escape})]
        write_log(bad, log)
    with pytest.raises(LogFormatError, match="control character"):
        read_log(bad)
    for command in (("export", "--chat", str(bad)), ("stats", str(tmp_path))):
        said = jetset(*command, home=tmp_path / "home")
        assert "\x1b" not in said.stdout + said.stderr, (command, said)
    sound_log = read_log(sound)
    text = export_text(sound_log, replay(sound_log).game, chat=True)
    with pytest.raises(TextLogError, match="control character"):
        import_text(text + "{bot0: x\x1b]0;owned\x07 \x1b[31mred}\n")


def test_a_seed_revealed_before_the_end_or_twice_is_a_damaged_log(
    sound: Path, tmp_path: Path
) -> None:
    """A log tinkerer's play test: the seed's reveal moved into the middle of the entries (or
    written twice) verified. A host reveals it once, after the last entry: anything else is a
    damaged log, said with the entry where it went wrong."""
    raw = sound.read_bytes()
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(raw)
    items = list(unpacker)
    reveal = items[-1]
    assert isinstance(reveal, dict) and reveal["t"] == "reveal"
    middle = [*items[:10], reveal, *items[10:-1]]
    twice = [*items, reveal]
    for name, objs, says in (("middle", middle, "after the seed"), ("twice", twice, "twice")):
        bad = tmp_path / f"{name}.jetset"
        bad.write_bytes(b"".join(msgpack.packb(o) for o in objs))
        with pytest.raises(LogFormatError, match=says):
            read_log(bad)
        said = jetset("replay", "--verify", str(bad), home=tmp_path / "home")
        assert said.returncode == 1 and "a damaged saved game" in said.stderr, said
        assert says in said.stderr, said.stderr  # and, for a checker, where and what


def test_verify_fails_on_a_file_cut_short_and_says_so(sound: Path, tmp_path: Path) -> None:
    """A reader drops a record cut short at the end (a crash leaves one, and resuming cuts it
    off); ``--verify`` checks what comes before but fails, as the file is not whole: a damaged
    length byte once swallowed a finished game's reveal and verify said "ok"."""
    raw = sound.read_bytes()
    assert read_log(sound).cut_short == 0
    cut = tmp_path / "cut.jetset"
    cut.write_bytes(raw[:-3])
    log = read_log(cut)
    assert (
        log.seed is None and log.cut_short == len(msgpack.packb({"t": "reveal", "seed": SEED})) - 3
    )
    said = jetset("replay", "--verify", str(cut))
    assert said.returncode == 1, said
    assert "not verified: the file is not whole" in said.stdout
    assert "verified: every digest matches" not in said.stdout
    assert f"the file ends with {log.cut_short} bytes that are no whole record" in said.stderr
    told = jetset("replay", "--verify", "--json", str(cut))
    told_json = json.loads(told.stdout)
    assert told.returncode == 1 and told_json["cut_short"] == log.cut_short
    assert told_json["ok"] is False and "no whole record" in told_json["error"]
    whole = jetset("replay", "--verify", "--json", str(sound))
    assert whole.returncode == 0 and json.loads(whole.stdout)["cut_short"] == 0
    # the same keys whatever happened (a fix's check met an extra cut_short, and no cash once
    # a byte made an entry undecodable)
    undecodable = tmp_path / "undecodable.jetset"
    undecodable.write_bytes(raw[: len(raw) // 2] + b"\xc1" + raw[len(raw) // 2 + 1 :])
    answers = [json.loads(whole.stdout), told_json]
    answers.append(json.loads(jetset("replay", "--verify", "--json", str(undecodable)).stdout))
    assert answers[2]["ok"] is False and answers[2]["cash"] is None
    assert [list(answer) for answer in answers[1:]] == [list(answers[0])] * 2


def test_every_command_says_a_damaged_log_in_a_line(sound: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jetset"
    raw = sound.read_bytes()
    name = raw.index(b"bot1")
    bad.write_bytes(raw[:name] + b"\xff" + raw[name + 1 :])  # a seat's name, not UTF-8
    for command in (
        ("replay", "--verify", str(bad)),
        ("export", str(bad)),
        ("export", "--format", "json", str(bad)),
        ("position", str(bad)),
    ):
        said = jetset(*command, home=tmp_path / "home")
        assert said.returncode == 1, (command, said)
        assert "Traceback" not in said.stderr and said.stderr.count("\n") == 1, (command, said)
        assert "bad.jetset" in said.stderr, (command, said)


def with_header(log: Path, header: dict[str, object], path: Path) -> Path:
    """A copy of ``log`` at ``path`` with ``header`` in place of its own."""
    raw = log.read_bytes()
    first = msgpack.Unpacker()
    first.feed(raw)
    next(first)
    path.write_bytes(msgpack.packb(header) + raw[first.tell() :])
    return path


@pytest.mark.parametrize("players", [7, "four"])
def test_options_no_table_takes_are_a_damaged_header(
    sound: Path, tmp_path: Path, players: object
) -> None:
    """A log tinkerer's play test: a header whose options say 7 players (or "four") read, then
    replay, export, position and stats ended in a traceback when the table was built."""
    header = read_log(sound).header.to_dict()
    header["options"]["players"] = players
    bad = with_header(sound, header, tmp_path / "odd.jetset")
    with pytest.raises(LogFormatError):
        read_log(bad)
    for command in (("replay", "--verify", str(bad)), ("export", str(bad)), ("position", str(bad))):
        said = jetset(*command, home=tmp_path / "home")
        assert said.returncode == 1 and "Traceback" not in said.stderr, (command, said)
    stats = jetset("stats", str(tmp_path), home=tmp_path / "home")
    assert stats.returncode in (0, 1) and "Traceback" not in stats.stderr + stats.stdout, stats
    assert "odd.jetset" in stats.stdout + stats.stderr


@pytest.mark.parametrize("name", ["\x1b[31mred\x1b]0;title\x07", "a\x9b2Jb", "Ann\u202eevil"])
def test_a_seat_name_a_terminal_would_act_on_is_a_damaged_header(
    sound: Path, tmp_path: Path, name: str
) -> None:
    """A shared log is a stranger's text as much as a network name: a header naming a seat
    with an escape sequence, a C1 control or a bidi override reached the screen raw. A host
    never writes such a name, so the header is damaged: said in a line, never shown."""
    header = read_log(sound).header.to_dict()
    header["seats"][1]["name"] = name
    bad = with_header(sound, header, tmp_path / "escape.jetset")
    with pytest.raises(LogFormatError, match="control character"):
        read_log(bad)
    said = jetset("replay", "--verify", str(bad), home=tmp_path / "home")
    assert said.returncode == 1 and "\x1b" not in said.stdout + said.stderr, said
    text = jetset("export", str(sound), home=tmp_path / "home").stdout
    with pytest.raises(TextLogError, match="control character"):
        import_text(text.replace('[Seat1 "', f'[Seat1 "{name}', 1))


def test_the_saved_games_and_stats_leave_a_damaged_log_out(sound: Path, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "good.jetset").write_bytes(sound.read_bytes())
    raw = sound.read_bytes()
    (folder / "header.jetset").write_bytes(flipped(raw, 1, 0x01))  # it crashed the Load screen
    (folder / "sub.jetset").mkdir()
    assert [game.path.name for game in saved_games(folder)] == ["good.jetset"]
    said = jetset("stats", str(folder))
    assert said.returncode == 0 and "Traceback" not in said.stderr, said
    assert "header.jetset: " in said.stdout and "1 game" in said.stdout, said.stdout
    assert "sub.jetset: is a directory" in said.stdout, "not [Errno 21] Is a directory: '…'"


def test_stats_counts_no_log_that_fails_verification(sound: Path, tmp_path: Path) -> None:
    """A play test's log analyst tampered with copies of a finished game, one entry's digest
    zeroed, another's seed changed: ``replay --verify`` failed both, and ``stats`` counted both
    among its games. Now ``stats`` checks each log as ``replay --verify`` does and skips what
    fails, saying which entry (a move changed into another said only whose turn it was)."""
    log = read_log(sound)
    folder = tmp_path / "games"
    folder.mkdir()
    write_log(folder / "good.jetset", log)
    records = list(log.records)
    index, actor, text, _ = records[5]
    records[5] = (index, actor, text, "0" * 32)
    write_log(folder / "digest.jetset", GameLog(log.header, records, log.seed))
    write_log(folder / "seed.jetset", GameLog(log.header, list(log.records), "wrong"))
    claim = next(r for r in log.records if r[1] >= 0 and r[2].startswith("claim "))
    moved = [(i, a, "income" if (i, a, t, d) == claim else t, d) for i, a, t, d in log.records]
    write_log(folder / "cheat.jetset", GameLog(log.header, moved, log.seed))
    stats = collect(folder)
    assert [Path(g.path).name for g in stats.games] == ["good.jetset"], stats.skipped
    said = {skip.file: skip.reason for skip in stats.skipped}
    assert said.keys() == {"digest.jetset", "seed.jetset", "cheat.jetset"}, said
    assert said["digest.jetset"].startswith("entry 5 "), said
    assert "does not match its commitment" in said["seed.jetset"], said
    assert said["cheat.jetset"].startswith(f"entry {claim[0]} "), said


def test_import_refuses_a_seed_that_breaks_its_commitment(sound: Path, tmp_path: Path) -> None:
    text = tmp_path / "game.txt"
    exported = jetset("export", str(sound), "-o", str(text))
    assert exported.returncode == 0, exported
    assert f'[Seed "{SEED}"]' in text.read_text("utf-8")
    text.write_text(text.read_text("utf-8").replace(f'[Seed "{SEED}"]', '[Seed "other"]'))
    said = jetset("import", str(text), "-o", str(tmp_path / "forged.jetset"))
    assert said.returncode == 1 and "does not match the [Commitment]" in said.stderr, said
    assert not (tmp_path / "forged.jetset").exists()


def test_import_writes_over_a_saved_game_only_when_told(sound: Path, tmp_path: Path) -> None:
    text = tmp_path / "game.txt"
    assert jetset("export", str(sound), "-o", str(text)).returncode == 0
    saved = tmp_path / "mine.jetset"
    saved.write_bytes(b"a game worth keeping")
    said = jetset("import", str(text), "-o", str(saved))
    assert said.returncode == 1 and "is already there (--force writes over it)" in said.stderr
    assert saved.read_bytes() == b"a game worth keeping"
    forced = jetset("import", str(text), "-o", str(saved), "--force")
    assert forced.returncode == 0, forced
    assert isinstance(read_log(saved), GameLog) and read_log(saved).seed == SEED


async def test_the_app_lists_sound_games_and_says_a_damaged_one(
    sound: Path, tmp_path: Path
) -> None:
    """The Load screen opened over a folder holding a damaged game (it crashed the app), and
    that game opened by its path: the app says it in a player's words, and goes on."""
    from jetset_tui.app import JetSetApp
    from jetset_tui.screenshot import screen_text

    (tmp_path / "good.jetset").write_bytes(sound.read_bytes())
    raw = sound.read_bytes()
    bad = tmp_path / "bad.jetset"
    bad.write_bytes(raw[: raw.index(b"bot1")] + b"\xff" + raw[raw.index(b"bot1") + 1 :])
    app = JetSetApp(fsync=False, saves=tmp_path)
    with use_language("en"):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert "bot0, bot1" in screen_text(app) and app.is_running
            said = "bad.jetset: a damaged saved game: its beginning cannot be read"
            assert app.open_log(bad) == said
            assert app.open_replay(bad) == said


@pytest.mark.parametrize(
    ("tag", "changed", "said"),
    [
        ("Result", "1-2", "the [Result] tag says '1-2'; the entries end it"),
        ("Winners", "0", "the [Winners] tag says '0'; the entries end it '1'"),
        ("End", "draw", "the [End] tag says 'draw'"),
        ("Options", "bsae", "'bsae' is not an option"),
        ("Date", "2026.13.45", "[Date '2026.13.45']: no such day"),
    ],
)
def test_import_refuses_tags_that_contradict_the_game(
    sound: Path, tmp_path: Path, tag: str, changed: str, said: str
) -> None:
    """Play-tested: a text's [Result], [Winners] and [End] were taken as written whatever its
    entries played, an [Options] word misspelled was dropped, and a day no calendar has was
    exported again as it was."""
    text = tmp_path / "game.txt"
    assert jetset("export", str(sound), "-o", str(text)).returncode == 0
    written = text.read_text("utf-8")
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', written, re.M))
    if tag == "Winners":
        assert tags["Winners"] == "1", "the test's game: seat 1 wins"
    text.write_text(written.replace(f'[{tag} "{tags.get(tag, "base")}"]', f'[{tag} "{changed}"]'))
    if tag == "Options":
        assert f'[Options "{changed}"]' in text.read_text("utf-8")
    out = jetset("import", str(text), "-o", str(tmp_path / "again.jetset"))
    assert out.returncode == 1 and said in out.stderr, out


def test_verify_json_of_an_unreadable_log_has_the_shape_of_every_answer(
    sound: Path, tmp_path: Path
) -> None:
    """A play test: a log with zeros inside gave ``{"ok": false, "error": …}`` alone, where a
    script reads ``entries`` and ``bad_entry`` from every other answer. Now the keys are there:
    the entries read before the damage, the first that is not, nothing else read (null)."""
    good = json.loads(jetset("replay", "--verify", "--json", str(sound)).stdout)
    raw = sound.read_bytes()
    log = read_log(sound)
    zeros = tmp_path / "zeros.jetset"
    at = len(raw) // 2
    zeros.write_bytes(raw[:at] + bytes(64) + raw[at + 64 :])
    told = jetset("replay", "--verify", "--json", str(zeros))
    answer = json.loads(told.stdout)
    assert told.returncode == 1 and answer["ok"] is False
    assert set(good) <= set(answer) | {"cash", "over", "winners"}, (good, answer)
    assert 0 < answer["entries"] == answer["bad_entry"] < len(log.records), answer
    assert answer["digest"] is None and "zeros.jetset" in answer["error"]
