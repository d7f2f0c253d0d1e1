"""Export to text and JSON, import back, and stats over a directory of self-play logs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine import Options, seed_commitment
from engine.jetset.dealer import XOSHIRO_DEAL
from engine.jetset.selfplay import play_game
from jetset_tui.commands.stats import render
from netcode.logfile import Header, Note, Seat, read_log, write_game, write_log
from netcode.logheader import VERSION
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.stats import collect
from netcode.textlog import TextLogError, export_text, import_text


def jetset(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jetset_tui", *args], capture_output=True, text=True
    )


def save(tmp_path: Path, seed: str, players: int = 4, kinds: tuple[str, ...] = ("random",)) -> Path:
    game = play_game(Options(players=players), seed, kinds)
    seats = [Seat(f"p{i}", SeatKind.of_bot(kinds[i % len(kinds)])) for i in range(players)]
    path = tmp_path / f"{seed}.jetset"
    write_game(path, Header(Options(players=players), seats, seed_commitment(seed)), game, seed)
    return path


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_text_export_and_import_round_trip_to_the_same_digests(
    tmp_path: Path, players: int
) -> None:
    path = save(tmp_path, f"text-{players}", players)
    log = read_log(path)
    result = replay(log)
    text = export_text(log, result.game)
    assert f'[Players "{players}"]' in text and f'[Digest "{result.digest}"]' in text
    back = import_text(text)
    assert back.records == log.records
    assert back.seed == log.seed and back.header.commitment == log.header.commitment
    assert replay(back).ok


def test_a_game_dealt_by_an_earlier_format_imports_with_its_dealer(tmp_path: Path) -> None:
    """A format 2 game's seed deals with xoshiro256**: its text says [Format "2"], and a text
    exported before that tag existed (none) is read the same way."""
    game = play_game(Options(players=3), "text-old", ("greedy",), scheme=XOSHIRO_DEAL)
    seats = [Seat(f"p{i}") for i in range(3)]
    header = Header(Options(players=3), seats, seed_commitment("text-old"), version=2)
    path = tmp_path / "old.jetset"
    write_game(path, header, game, "text-old")
    log = read_log(path)
    text = export_text(log, replay(log).game)
    assert '[Format "2"]' in text
    untagged = text.replace('[Format "2"]\n', "")
    for version in (import_text(text).header.version, import_text(untagged).header.version):
        assert version == 2
    back = import_text(untagged)
    result = replay(back)
    assert result.ok and result.commitment_ok and back.seed == "text-old"
    back.header.version = 3  # read as a format 3 game, the seed deals other cards
    assert not replay(back).ok


def test_a_text_keeps_its_format_and_a_bad_format_is_refused(tmp_path: Path) -> None:
    log = read_log(save(tmp_path, "text-new", 3))
    text = export_text(log, replay(log).game)
    back = import_text(text)
    assert f'[Format "{VERSION}"]' in text and back.header.version == VERSION
    assert log.header.date is not None and back.header.date == log.header.date
    assert (
        import_text(text.replace(f"{log.header.date}".replace("-", "."), "????.??.??")).header.date
        is None
    )
    with pytest.raises(
        TextLogError, match=rf"\[Format '{VERSION + 1}'\]: this reads log formats 1 to {VERSION}"
    ):
        import_text(text.replace(f'[Format "{VERSION}"]', f'[Format "{VERSION + 1}"]'))


def test_every_action_kind_survives_export_and_import() -> None:
    """A scripted game (tests/engine) with every decision and chance kind, through text."""
    from netcode.logfile import GameLog
    from netcode.textlog import ENTRY
    from tests.engine.test_rules import SEAT1_ROUTE, _finished_red

    t = _finished_red(prepare_seat1=True)
    t.earn(1, 10)
    owned = t.game.board.link_name(t.state.owned_links(0)[0])
    t.do(1, f"rent {owned} 1")
    t.do(1, "final F-03 " + "-".join(SEAT1_ROUTE))
    records = [
        (i, e.actor, t.n.format_action(e.action), d)
        for i, (e, d) in enumerate(zip(t.game.entries, t.game.digests, strict=True))
    ]
    log = GameLog(Header(t.game.options, [Seat("red"), Seat("blue")], ""), records)
    text = export_text(log, t.game)
    verbs = set()
    for line in text.splitlines():
        match = ENTRY.match(line)
        if match and not line.startswith("["):
            verbs.add(match.group(3).split()[0])
    assert verbs == {
        "setup",
        "deal",
        "reveal",
        "buy",
        "place",
        "rent",
        "claim",
        "refill",
        "final",
        "income",
        "plane",
    }
    back = import_text(text)
    assert back.records == records
    *_, last_digest = back.records[-1]
    assert last_digest == t.game.digest()


def test_import_names_the_bad_entry() -> None:
    text = '[Players "2"]\n\n     * setup S1-01 S1-02 S1-03 S1-04 S1-05 S1-06 / L5-01 L5-02 L5-03\n'
    text += "   1. 0 buy MIL-ROM 2\n"
    with pytest.raises(TextLogError, match=r"^line 4 \(1\.\), '0 buy MIL-ROM 2': .*dealer"):
        import_text(text)
    with pytest.raises(TextLogError, match="Players"):
        import_text("   1. 0 income\n")


def test_cli_export_json_and_import(tmp_path: Path) -> None:
    path = save(tmp_path, "cli-export")
    out = jetset("export", str(path), "--format", "json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert len(data["entries"]) == len(read_log(path).records)
    text_path = tmp_path / "game.txt"
    assert jetset("export", str(path), "-o", str(text_path)).returncode == 0
    log_path = tmp_path / "back.jetset"
    assert jetset("import", str(text_path), "-o", str(log_path)).returncode == 0
    verify = json.loads(jetset("replay", str(log_path), "--verify", "--json").stdout)
    assert verify["ok"] and verify["digest"] == replay(read_log(path)).digest


GAME_KEYS = ("digest", "scores", "over", "winners", "draw", "cash")
"""What ``replay --json`` says of the game, and ``export --format json``'s ``result`` too."""


def test_json_export_says_the_result_as_replay_json_does(tmp_path: Path) -> None:
    """A log analyst found no outcome in the JSON export: its ``result`` is ``replay --json``'s
    game, for a finished game and (with ``--reveal``) one not over, no winners yet."""
    path = save(tmp_path, "result")
    data = json.loads(jetset("export", str(path), "--format", "json").stdout)
    said = json.loads(jetset("replay", str(path), "--json").stdout)
    assert data["result"] == {key: said[key] for key in GAME_KEYS}
    assert data["result"]["over"] and data["result"]["winners"], data["result"]
    log = read_log(path)
    log.records, log.seed = log.records[:40], None
    write_log(path, log)
    data = json.loads(jetset("export", str(path), "--format", "json", "--reveal").stdout)
    said = json.loads(jetset("replay", str(path), "--json").stdout)
    assert data["result"] == {key: said[key] for key in GAME_KEYS}
    assert data["result"]["over"] is False and data["result"]["winners"] == []
    assert data["result"]["draw"] is False and len(data["result"]["cash"]) == 4


def test_neither_export_writes_a_log_that_does_not_play(tmp_path: Path) -> None:
    """A play test: one entry's text changed, ``export`` (text) refused the log, naming the
    entry, but ``--format json`` wrote it out with exit 0. Both refuse it now, the same way."""
    path = save(tmp_path, "damaged")
    log = read_log(path)
    at = next(i for i, (_, actor, text, _) in enumerate(log.records) if text.startswith("claim"))
    index, actor, text, digest = log.records[at]
    log.records[at] = (index, actor, text.replace("claim", "claim!", 1), digest)
    write_log(path, log)
    text_out = jetset("export", str(path))
    json_out = jetset("export", str(path), "--format", "json")
    assert text_out.returncode == json_out.returncode == 1 and not json_out.stdout
    assert f"entry {at}" in json_out.stderr and json_out.stderr == text_out.stderr


def test_json_export_matches_the_schema(tmp_path: Path) -> None:
    schema = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    data = json.loads(jetset("export", str(save(tmp_path, "schema")), "--format", "json").stdout)
    validator.validate(data)
    assert data["header"]["version"] == VERSION and len(data["entries"]) > 50
    broken = json.loads(json.dumps(data))
    broken["entries"][3]["digest"] = "not hex"
    assert not validator.is_valid(broken), "the schema holds the entries to their form"


def test_stats_over_a_directory_of_selfplay_logs(tmp_path: Path) -> None:
    out = jetset("selfplay", "--games", "12", "--seed", "stats", "--save", str(tmp_path), "--json")
    games = [json.loads(line) for line in out.stdout.splitlines()]
    (tmp_path / "broken.jetset").write_bytes(b"not a log")
    stats = collect(tmp_path)
    assert len(stats.games) == 12 and len(stats.skipped) == 1
    wins = sum(1 for g in games for _ in g["winners"])
    assert sum(rate for rate in stats.win_rate_by_place().values()) * 12 == pytest.approx(wins)
    assert stats.average_score() == pytest.approx(sum(sum(g["scores"]) for g in games) / (12 * 4))
    text = render(stats)
    assert "12 games" in text and "win rate by place in the order of play" in text
    assert "bot:greedy" in text
    cli = json.loads(jetset("stats", str(tmp_path), "--json").stdout)
    assert cli["games"] == 12 and cli["unfinished"] == 0
    # each file skipped as its name and why, apart: a script need not split "file: reason"
    assert cli["skipped"] == [{"file": "broken.jetset", "reason": stats.skipped[0].reason}]
    assert "not" in cli["skipped"][0]["reason"] and "broken" not in cli["skipped"][0]["reason"]
    # a game not over has no winner yet: counted apart, never as a loss of every seat (a log
    # tinkerer's play test found the win rates lowered by games in progress)
    first = read_log(min(p for p in tmp_path.glob("*.jetset") if p.name != "broken.jetset"))
    first.records, first.seed = first.records[:40], None
    write_log(tmp_path / "in-progress.jetset", first)
    cli = json.loads(jetset("stats", str(tmp_path), "--json").stdout)
    assert cli["games"] == 12 and cli["unfinished"] == 1
    assert sum(cli["win_rate_by_place"].values()) * 12 == pytest.approx(wins)
    said = jetset("stats", str(tmp_path)).stdout
    assert "13 games" in said and "Jet Set: 12 games" in said, said
    assert "and 1 not finished, left out of these figures" in said, said
    for n in range(4):  # five files skipped: three named, the others counted
        (tmp_path / f"zbroken-{n}.jetset").write_bytes(b"not a log")
    said = jetset("stats", str(tmp_path)).stdout
    assert f"5 files skipped: broken.jetset: {stats.skipped[0].reason}; zbroken-0" in said
    assert "and 2 more (--json lists every one)" in said, said


def test_stats_counts_a_bot_file_as_one_kind_however_its_path_was_typed(tmp_path: Path) -> None:
    """A bot author's ``./bots/x.py`` and ``bots/x.py`` were two kinds in ``by_kind``: the log
    keeps the path as typed, and stats counts it normalised; a module's bot stays as it is."""
    typed = ["./bots/x.py:MyBot", "bots/x.py:MyBot", "bots/../bots/x.py:MyBot", "pkg.mod:Bot"]
    for n in range(2):
        game = play_game(Options(players=4), f"kinds-{n}", ("greedy",))
        seats = [Seat(f"p{i}", SeatKind.of_bot(kind)) for i, kind in enumerate(typed)]
        header = Header(Options(players=4), seats, seed_commitment(f"kinds-{n}"))
        write_game(tmp_path / f"kinds-{n}.jetset", header, game, f"kinds-{n}")
    assert [str(s.kind) for s in read_log(tmp_path / "kinds-0.jetset").header.seats] == [
        f"bot:{kind}" for kind in typed
    ], "the log keeps what was typed"
    by_kind = json.loads(jetset("stats", str(tmp_path), "--json").stdout)["by_kind"]
    assert {kind: figures["seats"] for kind, figures in by_kind.items()} == {
        "bot:bots/x.py:MyBot": 6,
        "bot:pkg.mod:Bot": 2,
    }
    said = render(collect(tmp_path))
    assert said.count("bot:MyBot ") == 1, said


def chatty(tmp_path: Path) -> Path:
    """A saved game with the table's chat (and a stand-in note, which no export shows)."""
    path = save(tmp_path, "chatty")
    log = read_log(path)
    log.notes = [
        Note(0, "chat", {"seat": None, "name": "host", "text": "welcome"}),
        Note(7, "chat", {"seat": 1, "name": "p1", "text": "a brace } and a \\ backslash"}),
        Note(7, "standin", {"seat": 2, "bot": "greedy"}),
        Note(len(log.records), "chat", {"seat": 0, "name": "p0", "text": "gg"}),
    ]
    write_log(path, log)
    return path


def test_chat_is_exported_only_when_asked(tmp_path: Path) -> None:
    path = chatty(tmp_path)
    log = read_log(path)
    plain = jetset("export", str(path)).stdout
    assert "welcome" not in plain and "{" not in plain
    assert plain == export_text(log, replay(log).game)
    text = jetset("export", str(path), "--chat").stdout
    body = text.split("\n\n", 1)[1].splitlines()
    comments = [(n, line.strip()) for n, line in enumerate(body) if line.strip().startswith("{")]
    placed = [(n - i, comment) for i, (n, comment) in enumerate(comments)]  # entries before it
    assert placed == [
        (0, "{host (watching): welcome}"),  # a spectator's line, never a seat's
        (7, "{p1: a brace \\} and a \\\\ backslash}"),
        (len(log.records), "{p0: gg}"),
    ]
    back = import_text(text)
    chat = [note for note in log.notes if note.kind == "chat"]
    assert back.notes == chat, "read back as chat notes, the seat found by its name"
    assert back.records == log.records and replay(back).ok
    old = import_text(text.replace(f'[Format "{VERSION}"]', '[Format "3"]'))
    assert old.header.version == 3 and old.notes == [], "format 3 has no notes: left out"

    data = json.loads(jetset("export", str(path), "--format", "json").stdout)
    assert "notes" not in data
    data = json.loads(jetset("export", str(path), "--format", "json", "--chat").stdout)
    assert data["notes"] == [{"at": n.at, "kind": "chat", **n.fields} for n in chat]
    schema = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())
    Draft202012Validator(schema).validate(data)


def test_who_took_a_seat_given_away_survives_export_and_import(tmp_path: Path) -> None:
    """A play test: a game whose seat 1 was taken by carol, then by dan, exported and imported
    back named its first player throughout, and `replay --verify` credited him with the result.
    The text carries each ``seat`` note as a ``[Seat1Since12 "carol"]`` tag and the JSON as
    ``taken``; import reads them back where they were, among the chat."""
    path = save(tmp_path, "taken")
    log = read_log(path)
    log.notes = [
        Note(7, "chat", {"seat": 1, "name": "p1", "text": "bye"}),
        Note(8, "seat", {"seat": 1, "name": "carol"}),
        Note(20, "seat", {"seat": 1, "name": "dan"}),
        Note(20, "chat", {"seat": 1, "name": "dan", "text": "hi"}),
    ]
    write_log(path, log)
    text = jetset("export", str(path), "--chat").stdout
    assert '[Seat1 "p1"]' in text
    assert '[Seat1Since8 "carol"]' in text and '[Seat1Since20 "dan"]' in text
    back = import_text(text)
    assert [(n.at, n.kind, n.fields) for n in back.notes if n.kind == "seat"] == [
        (8, "seat", {"seat": 1, "name": "carol"}),
        (20, "seat", {"seat": 1, "name": "dan"}),
    ]
    assert [n.at for n in back.notes] == sorted(n.at for n in back.notes)
    imported = tmp_path / "imported.jetset"
    done = subprocess.run(
        [sys.executable, "-m", "jetset_tui", "import", "-", "-o", str(imported)],
        input=text,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "dan" in jetset("replay", "--verify", str(imported)).stdout.split("scores:")[-1]
    data = json.loads(jetset("export", str(path), "--format", "json").stdout)
    assert data["taken"] == [
        {"at": 8, "seat": 1, "name": "carol"},
        {"at": 20, "seat": 1, "name": "dan"},
    ]
    schema = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())
    Draft202012Validator(schema).validate(data)
    plain = json.loads(jetset("export", str(save(tmp_path, "plain")), "--format", "json").stdout)
    assert "taken" not in plain  # only when someone took a seat


@pytest.mark.parametrize(
    ("tag", "refusal"),
    [
        ('[Seat7Since3 "eve"]', "no seat 7"),
        ('[Seat1Since99999 "eve"]', "no entry 99999"),
        ('[Seat1Since3 "e\\u001b[2Jve"]', "control character"),
        ('[Seat1Since3 "  "]', "names nobody"),
    ],
)
def test_a_seat_taken_tag_naming_no_seat_place_or_name_is_refused(
    tmp_path: Path, tag: str, refusal: str
) -> None:
    log = read_log(save(tmp_path, "refused-tag"))
    text = export_text(log, replay(log).game)
    first, rest = text.split("\n", 1)
    with pytest.raises(TextLogError, match=refusal):
        import_text(f"{first}\n{tag}\n{rest}".replace("\\u001b", "\x1b"))
