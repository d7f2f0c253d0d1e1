"""Log files on disk: round trips, JSON export, crashes, tampering and `jetset replay --verify`."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from engine import CHANCE, Entry, Game, IllegalAction, Options, Reveal, seed_commitment
from engine.jetset.actions import EndTurn
from engine.jetset.dealer import XOSHIRO_DEAL
from engine.jetset.notation import Notation
from engine.jetset.selfplay import play_game
from netcode.logerrors import LogFormatError
from netcode.logfile import (
    GameLog,
    LogWriter,
    dump_json,
    parse_log,
    read_log,
    write_game,
    write_log,
)
from netcode.logheader import VERSION, Header, Seat
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.table import Table
from netcode.tablefiles import Secrets, TableError, secrets_path

SEED = "log-test"
SEED_COMMITMENT = seed_commitment(SEED)
GREEDY = ("greedy",)


def saved_game(tmp_path: Path, players: int = 4) -> Path:
    game = play_game(Options(players=players), SEED)
    header = Header(
        Options(players=players),
        [Seat(f"bot{i}", SeatKind.of_bot("random")) for i in range(players)],
        seed_commitment(SEED),
    )
    path = tmp_path / "game.jetset"
    write_game(path, header, game, SEED)
    return path


def jetset(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jetset_tui", *args], capture_output=True, text=True
    )


def test_log_round_trip_replays_to_the_same_digests(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    game = play_game(Options(players=4), SEED)
    log = read_log(path)
    assert [digest for *_, digest in log.records] == game.digests
    assert log.seed == SEED
    result = replay(log)
    assert result.ok and result.commitment_ok
    assert result.digest == game.digest()
    assert result.entries == len(game.entries)


def test_writer_appends_entry_by_entry_and_survives_a_torn_last_record(tmp_path: Path) -> None:
    game = play_game(Options(players=4), SEED)
    assert len(game.entries) > 40
    path = tmp_path / "live.jetset"
    header = Header(Options(players=4), [Seat(f"p{i}") for i in range(4)], seed_commitment(SEED))
    with LogWriter(path, header, fsync=False) as writer:
        for i, (entry, digest) in enumerate(zip(game.entries[:40], game.digests, strict=False)):
            writer.entry(i, entry, digest)
            assert len(read_log(path).records) == i + 1, "each entry is on disk at once"
    raw = path.read_bytes()
    path.write_bytes(raw[:-3])  # a crash in the middle of the last record
    log = read_log(path)
    assert len(log.records) == 39 and log.seed is None
    result = replay(log)
    assert result.ok and result.commitment_ok is None
    assert result.digest == game.digests[38]


def test_json_export_holds_every_entry(tmp_path: Path) -> None:
    log = read_log(saved_game(tmp_path))
    data = json.loads(dump_json(log))
    assert data["header"]["commitment"] == seed_commitment(SEED)
    assert len(data["entries"]) == len(log.records)
    assert data["entries"][0]["action"].startswith("setup ")
    assert data["seed"] == SEED


def test_replay_verify_cli_accepts_a_sound_log(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    out = jetset("replay", str(path), "--verify", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["ok"] is True
    assert summary["digest"] == play_game(Options(players=4), SEED).digest()
    assert summary["entries"] == len(read_log(path).records)


def rewrite(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    with open(path, "rb") as f:
        objs = list(msgpack.Unpacker(f, raw=False))
    change(objs)
    path.write_bytes(b"".join(msgpack.packb(o) for o in objs))


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        # an income turned into a bigger purchase: the digest after it no longer matches
        ("action", "entry {i} (0 pass): "),
        ("digest", "entry {i} ("),
        ("seed", "does not match its commitment"),
        ("deal", "entry 1 (* deal 0 "),
    ],
)
def test_a_tampered_log_fails_verify_naming_the_entry(
    tmp_path: Path, tamper: str, message: str
) -> None:
    path = saved_game(tmp_path)
    target = {}

    def change(objs: list) -> None:  # type: ignore[type-arg]
        entries = [o for o in objs if isinstance(o, list)]
        if tamper == "action":
            rec = next(e for e in entries if e[3] == "income" and e[1] > 20 and e[2] == 0)
            rec[3] = "pass"
            target["i"] = rec[1]
        elif tamper == "digest":
            rec = entries[30]
            rec[4] = "0" * 32
            target["i"] = rec[1]
        elif tamper == "seed":
            objs[-1]["seed"] = "another seed"
        elif tamper == "deal":
            words = entries[1][3].split()
            words[2], words[3] = words[3], words[2]  # swap the two dealt cards
            entries[1][3] = " ".join(words)

    rewrite(path, change)
    out = jetset("replay", str(path), "--verify")
    assert out.returncode == 1
    assert message.format(**target) in out.stderr
    if tamper == "digest":
        assert "the state digest is" in out.stderr


@pytest.mark.parametrize("illegal_first", [True, False])
def test_replay_names_the_first_bad_entry_whether_unreadable_or_illegal(
    tmp_path: Path, illegal_first: bool
) -> None:
    """Replay parses every line before it applies any: a line that does not parse must still
    not hide an illegal entry before it, nor be reported before the entries ahead of it ran."""
    log = read_log(saved_game(tmp_path))
    records = list(log.records)
    incomes = [i for i, (_, _, text, _) in enumerate(records) if text == "income"]
    illegal, unreadable = (incomes[3], incomes[6]) if illegal_first else (incomes[6], incomes[3])
    index, seat, _, digest = records[illegal]
    records[illegal] = (index, seat, "pass", digest)  # no pass before a Final Flight
    index, seat, _, digest = records[unreadable]
    records[unreadable] = (index, seat, "fly me to the moon", digest)
    result = replay(GameLog(log.header, records, log.seed))
    first = min(illegal, unreadable)
    assert not result.ok and result.bad_entry == first and result.entries == first
    assert result.error is not None
    seat = records[first][1]
    if illegal_first:
        assert f"entry {first} ({seat} pass): a turn cannot be passed" in result.error
    else:
        assert f"entry {first} ({seat} fly me to the moon): unknown action 'fly'" in result.error


def test_a_changed_chance_entry_is_caught_by_the_seed(tmp_path: Path) -> None:
    """A reveal that turned up another card, with every digest after it recomputed, still fails:
    the revealed seed deals a different card."""
    path = saved_game(tmp_path)
    log = read_log(path)
    n = Notation()
    entries = [n.parse_entry(f"{'*' if a < 0 else a} {text}") for _, a, text, _ in log.records]
    i = next(k for k, e in enumerate(entries) if isinstance(e.action, Reveal))
    forged = Game(log.header.options)
    for e in entries[:i]:
        forged.push(e)
    original = entries[i].action
    assert isinstance(original, Reveal)
    other = next(c for c in forged.state.deck[original.row] if c != original.card)
    forged.push(Entry(CHANCE, Reveal(original.row, other)))
    for e in entries[i + 1 :]:
        try:
            forged.push(e)
        except IllegalAction:
            break  # the forged history diverges; what was pushed is a consistent log
    write_game(path, log.header, forged, SEED)
    assert replay(read_log(path), verify_seed=False).ok, "every digest is consistent"
    out = jetset("replay", str(path), "--verify")
    assert out.returncode == 1
    assert f"entry {i} (* reveal {original.row} {other}): the seed deals " in out.stderr
    assert f"'reveal {original.row} {original.card}'" in out.stderr


def test_not_a_log(tmp_path: Path) -> None:
    path = tmp_path / "junk.jetset"
    path.write_bytes(b"\x93\x01\x02\x03 not msgpack at all")
    with pytest.raises(LogFormatError):
        read_log(path)
    out = jetset("replay", str(path), "--verify", "--json")
    assert out.returncode == 1 and json.loads(out.stdout)["ok"] is False


def format_1_digest(game: Game) -> str:
    """Log format 1's digest: the state hash's 16 little-endian bytes through BLAKE2b-128."""
    return hashlib.blake2b(game.state.hash128.to_bytes(16, "little"), digest_size=16).hexdigest()


def save_format_1(tmp_path: Path) -> Path:
    """A game saved by an earlier jetset, in log format 1 (dealt with xoshiro256**)."""
    game = play_game(Options(players=3), SEED, scheme=XOSHIRO_DEAL)
    replayed = Game(game.options)
    digests = []
    for entry in game.entries:
        replayed.push(entry)
        digests.append(format_1_digest(replayed))
    header = Header(
        Options(players=3), [Seat(f"p{i}") for i in range(3)], seed_commitment(SEED), version=1
    )
    n = Notation()
    records = [
        (i, e.actor, n.format_action(e.action), d)
        for i, (e, d) in enumerate(zip(game.entries, digests, strict=True))
    ]
    path = tmp_path / "old.jetset"
    write_log(path, GameLog(header, records, SEED))
    return path


def test_a_format_1_log_is_still_verified_with_its_own_digests(tmp_path: Path) -> None:
    path = save_format_1(tmp_path)
    assert read_log(path).header.version == 1
    out = jetset("replay", str(path), "--verify", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["ok"] is True

    def relabel(objs: list) -> None:  # type: ignore[type-arg]
        objs[0]["version"] = 2  # format 2 digests are the bare hash: these no longer match

    rewrite(path, relabel)
    out = jetset("replay", str(path), "--verify")
    assert out.returncode == 1 and "entry 0 (" in out.stderr


def save_format_2(tmp_path: Path, entries: int | None = None) -> tuple[Path, Game]:
    """A game saved by an earlier jetset, in log format 2: dealt with xoshiro256**, its first
    ``entries`` entries (and the seed revealed if that is all of them)."""
    game = play_game(Options(players=3), SEED, GREEDY, scheme=XOSHIRO_DEAL)
    end = len(game.entries) if entries is None else entries
    header = Header(
        Options(players=3),
        [Seat(f"p{i}", SeatKind.of_bot("greedy")) for i in range(3)],
        SEED_COMMITMENT,
    )
    header.version = 2
    n = Notation()
    records = [
        (i, e.actor, n.format_action(e.action), d)
        for i, (e, d) in enumerate(zip(game.entries[:end], game.digests, strict=False))
    ]
    path = tmp_path / "format2.jetset"
    write_log(path, GameLog(header, records, SEED if end == len(game.entries) else None))
    return path, game


def test_a_format_2_log_is_verified_against_its_seed_dealt_the_old_way(tmp_path: Path) -> None:
    path, _ = save_format_2(tmp_path)
    result = replay(read_log(path))
    assert result.ok and result.commitment_ok, result.error
    assert play_game(Options(players=3), SEED).entries[0] != result.game.entries[0]

    def relabel(objs: list) -> None:  # type: ignore[type-arg]
        objs[0]["version"] = 3  # the same digests, but format 3's seed deals other cards

    rewrite(path, relabel)
    out = jetset("replay", str(path), "--verify")
    assert out.returncode == 1 and "entry 0 (* setup" in out.stderr
    assert "the seed deals" in out.stderr


def test_a_stopped_format_2_game_goes_on_with_its_own_dealer(tmp_path: Path) -> None:
    whole = play_game(Options(players=3), SEED, GREEDY, scheme=XOSHIRO_DEAL).entries
    stop = next(i for i in range(len(whole) // 2, len(whole)) if whole[i].actor != CHANCE)
    path, game = save_format_2(tmp_path, entries=stop)  # stopped with a seat to move
    assert sum(e.actor == CHANCE for e in game.entries[stop:]) >= 5  # cards yet to turn up
    Secrets(SEED).save(secrets_path(path))
    table = Table.resume(path, fsync=False)
    for entry in game.entries[stop:]:
        if entry.actor != CHANCE:  # the table deals the chance entries itself
            table.decide(entry.actor, entry.action)
    table.reveal()
    table.close()
    assert table.game.entries == game.entries and table.game.digest() == game.digest()
    log = read_log(path)
    assert log.header.version == 2 and table.header().version == 2
    assert replay(log).ok


def test_a_format_1_game_is_watched_not_continued(tmp_path: Path) -> None:
    path = save_format_1(tmp_path)
    Secrets(SEED).save(secrets_path(path))
    with pytest.raises(TableError, match=r"earlier jetset \(log format 1\)"):
        Table.resume(path, fsync=False)
    assert replay(read_log(path)).ok


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (["e", 0, 0, 7, "00"], "entry 0: bad record"),
        (["e", 0, "0", "income", "00"], "entry 0: bad record"),
        (["e", 0, 0, "income", b"\x00"], "entry 0: bad record"),
        (["e", True, 0, "income", "00"], "entry 0: numbered True"),
        (["e", 3, 0, "income", "00"], "entry 0: numbered 3"),
    ],
)
def test_a_record_of_the_wrong_types_is_a_format_error(record: list, message: str) -> None:  # type: ignore[type-arg]
    header = Header(Options(players=2), [Seat("a"), Seat("b")], seed_commitment(SEED))
    raw = msgpack.packb(header.to_dict()) + msgpack.packb(record)
    with pytest.raises(LogFormatError, match=message):
        parse_log(raw)


def test_notes_are_kept_between_the_entries_and_change_no_digest(tmp_path: Path) -> None:
    whole = play_game(Options(players=3), SEED, GREEDY).entries
    path = tmp_path / "notes.jetset"
    table = Table.create(Options(players=3), list(GREEDY * 3), path, seed=SEED, fsync=False)
    setup = len(table.game.entries) if table.start() == 0 else -1
    table.note("chat", seat=0, name="Ann", text="good luck")
    for entry in whole[len(table.game.entries) :]:
        if entry.actor != CHANCE:
            table.decide(entry.actor, entry.action)
            if len(table.game.entries) < 40:
                table.note("standin", seat=1, bot="greedy")
    table.reveal()
    table.close()
    log = read_log(path)
    assert log.header.version == VERSION
    first = log.notes[0]
    assert (first.at, first.kind, first.fields) == (
        setup,
        "chat",
        {"seat": 0, "name": "Ann", "text": "good luck"},
    )
    assert setup > 0 and all(n.kind == "standin" for n in log.notes[1:])
    assert [n.at for n in log.notes] == sorted(n.at for n in log.notes)
    result = replay(log)
    assert result.ok and result.digest == play_game(Options(players=3), SEED, GREEDY).digest()
    copy = tmp_path / "copy.jetset"
    write_log(copy, log)
    assert read_log(copy).notes == log.notes and copy.read_bytes() == path.read_bytes()


def test_a_format_3_game_continued_writes_no_notes(tmp_path: Path) -> None:
    path = tmp_path / "old.jetset"
    table = Table.create(Options(players=2), ["greedy", "greedy"], path, seed=SEED, fsync=False)
    table.version = 3
    table.start()
    table.note("chat", seat=None, name="host", text="hello")
    table.close()
    log = read_log(path)
    assert log.header.version == 3 and log.notes == []


@pytest.mark.parametrize("note", [{"t": "note", "at": -1, "kind": "chat"}, {"t": "note", "at": 0}])
def test_a_malformed_note_is_a_format_error(tmp_path: Path, note: dict) -> None:  # type: ignore[type-arg]
    path = saved_game(tmp_path)
    raw = path.read_bytes()
    with pytest.raises(LogFormatError, match="bad note"):
        parse_log(raw + msgpack.packb(note))


def format_7_digests(game: Game) -> list[str]:
    """The digests log format 7 recorded for ``game``: each Business draw's and Investor's
    commitment in its slot by ``text_code`` (SHA-256 of it), where format 8 reads its hex; so
    each digest differs by (old − new code) × that slot's key (docs/log-format.md)."""
    from engine.jetset.actions import BusinessDraw, DealInvestors
    from engine.jetset.business_state import KEYS, MASK64, SCALARS, SEAT_FIELDS
    from engine.jetset.investors_state import COMMITMENT, SPACE_BASE, SPACE_SLOTS, investor_keys
    from engine.jetset.slots import hex_code, text_code

    seats = game.options.players
    old, new = [0] * seats, [0] * seats
    investors = 0
    digests = []
    for entry, digest in zip(game.entries, game.digests, strict=True):
        act = entry.action
        if isinstance(act, BusinessDraw):
            old[act.seat] = (old[act.seat] + text_code(act.commitment)) & MASK64
            new[act.seat] = (new[act.seat] + hex_code(act.commitment)) & MASK64
        if isinstance(act, DealInvestors) and act.commitments is not None:
            keys = investor_keys()
            for space, commitment in enumerate(act.commitments):
                key = keys[SPACE_BASE + SPACE_SLOTS * space + COMMITMENT]
                investors += (text_code(commitment) - hex_code(commitment)) * key
        kept = int(digest, 16) + investors
        for seat in range(seats):
            kept += (old[seat] - new[seat]) * KEYS[SCALARS + SEAT_FIELDS * seat + 1]
        digests.append(f"{kept % 2**128:032x}")
    return digests


def save_format_7(tmp_path: Path, options: Options) -> Path:
    """A game saved in log format 7, with the digests that format recorded."""
    game = play_game(options, SEED)
    seats = [Seat(f"bot{i}", SeatKind.of_bot("random")) for i in range(options.players)]
    header = Header(options, seats, SEED_COMMITMENT, version=7)
    n = Notation()
    records = [
        (i, e.actor, n.format_action(e.action), d)
        for i, (e, d) in enumerate(zip(game.entries, format_7_digests(game), strict=True))
    ]
    path = tmp_path / "format7.jetset"
    write_log(path, GameLog(header, records, SEED))
    return path


def test_a_format_7_log_without_business_cards_or_investors_replays_as_before(
    tmp_path: Path,
) -> None:
    """Format 8 changed only the code of those modules' commitments: other games' digests are
    the same, so their format 7 logs replay and verify."""
    options = Options(players=3, distant_lands=True, hubs=True)
    result = replay(read_log(save_format_7(tmp_path, options)))
    assert result.ok and result.commitment_ok, result.error


@pytest.mark.parametrize(
    ("module", "first"), [("business_cards", "(* bdraw 0 "), ("investors", "(* investors ")]
)
def test_a_format_7_log_with_business_cards_or_investors_says_why_its_digests_differ(
    tmp_path: Path, module: str, first: str
) -> None:
    """Its first Business draw or Investors' deal has another digest in format 8: the replay
    stops there and says why (the old code is not kept: no such log was released)."""
    options = Options.from_dict({"players": 3, module: True})
    path = save_format_7(tmp_path, options)
    result = replay(read_log(path))
    assert not result.ok and result.error is not None
    assert "a log of format 7 with Business cards or Investors" in result.error
    assert first in result.error, "the module's first commitment"
    rewrite(path, lambda objs: objs[0].update(version=VERSION))
    assert "the state digest is" in (replay(read_log(path)).error or ""), "a plain desync"


def test_a_format_9_log_with_business_cards_stops_where_its_turns_ended_with_their_action(
    tmp_path: Path,
) -> None:
    """Format 10: a turn goes on after its action while its player holds a Business card (B2),
    and ``done`` ends it. A log of format 9, whose turns ended with their action (no ``done``),
    replays to the first entry that turn model refuses and says why; the same file called
    format 10 stops there as any illegal entry does."""
    options = Options(players=3, business_cards=True)
    game = play_game(options, SEED)
    kept = [
        (e, d)
        for e, d in zip(game.entries, game.digests, strict=True)
        if not isinstance(e.action, EndTurn)
    ]
    seats = [Seat(f"bot{i}", SeatKind.of_bot("random")) for i in range(options.players)]
    n = Notation()
    records = [(i, e.actor, n.format_action(e.action), d) for i, (e, d) in enumerate(kept)]
    path = tmp_path / "format9.jetset"
    write_log(path, GameLog(Header(options, seats, SEED_COMMITMENT, version=9), records, SEED))
    result = replay(read_log(path))
    assert not result.ok and result.error is not None
    assert "a log of format 9 with Business cards or Hubs" in result.error
    rewrite(path, lambda objs: objs[0].update(version=VERSION))
    error = replay(read_log(path)).error or ""
    assert error and "format 9" not in error, "a plain illegal entry"
