"""A finished game whose seed is missing, or whose file is cut short, is not called verified
and not counted (a tinkerer's play test: a finished game's dealt cards changed, its seed
dropped, and `replay --verify` said "verified" and `stats` counted it). Real files on disk,
the real `jetset` command."""

from __future__ import annotations

import json
from pathlib import Path

from netcode.logfile import read_log, write_game
from netcode.replay import replay
from tests.replays.test_export import jetset, save


def finished_without_its_seed(tmp_path: Path) -> tuple[Path, Path]:
    """A finished game's log as it was, and the same game written without its reveal."""
    whole = save(tmp_path, "unrevealed-end", 3, ("greedy",))
    log = read_log(whole)
    game = replay(log).game
    assert game.over and log.seed is not None
    bare = tmp_path / "bare" / "no-seed.jetset"
    bare.parent.mkdir()
    write_game(bare, log.header, game, None)
    return whole, bare


def test_a_finished_game_without_its_seed_is_not_verified_nor_counted(tmp_path: Path) -> None:
    whole, bare = finished_without_its_seed(tmp_path)
    said = jetset("replay", "--verify", str(bare))
    assert said.returncode == 1, said.stdout
    assert "not verified: the game is over but its seed was never revealed" in said.stdout
    assert "verified: every digest matches" not in said.stdout
    as_json = json.loads(jetset("replay", "--verify", "--json", str(bare)).stdout)
    assert as_json["ok"] is False and "seed was never revealed" in as_json["error"]
    assert as_json["over"] is True and as_json["commitment_ok"] is None
    plain = json.loads(jetset("replay", "--json", str(bare)).stdout)  # no --verify: it replays
    assert plain["ok"] is True
    stats = json.loads(jetset("stats", str(bare.parent), "--json").stdout)
    assert stats["games"] == 0, stats
    assert [s["file"] for s in stats["skipped"]] == ["no-seed.jetset"], stats
    assert "seed was never revealed" in stats["skipped"][0]["reason"]
    exported = jetset("export", str(bare))  # the text is made, with a word of warning
    assert exported.returncode == 0 and "seed was never revealed" in exported.stderr
    # the game as it was verifies and counts
    assert jetset("replay", "--verify", str(whole)).returncode == 0
    bare.unlink()
    (bare.parent / whole.name).write_bytes(whole.read_bytes())
    assert json.loads(jetset("stats", str(bare.parent), "--json").stdout)["games"] == 1


def test_a_file_cut_short_is_not_counted_and_its_export_says_so(tmp_path: Path) -> None:
    whole = save(tmp_path, "cut-end", 3, ("greedy",))
    cut = tmp_path / "cut" / "cut.jetset"
    cut.parent.mkdir()
    cut.write_bytes(whole.read_bytes()[:-7])  # into the reveal record
    stats = json.loads(jetset("stats", str(cut.parent), "--json").stdout)
    assert stats["games"] == 0 and "no whole record" in stats["skipped"][0]["reason"], stats
    exported = jetset("export", str(cut))
    assert exported.returncode == 0 and exported.stdout
    assert "warning: the file ends with" in exported.stderr, exported.stderr


def test_an_imported_text_without_its_digest_tag_is_said_to_prove_no_more(tmp_path: Path) -> None:
    """The tinkerer's play test changed a move that stayed legal and deleted the ``[Digest]``
    tag: the import went through without a word. It still goes through (a text written by hand
    has no digest), but says that nothing checks its moves; with the tag, nothing is said."""
    whole = save(tmp_path, "import-digest", 3, ("greedy",))
    text = jetset("export", str(whole)).stdout
    tagged = tmp_path / "tagged.txt"
    tagged.write_text(text)
    kept = jetset("import", str(tagged), "-o", str(tmp_path / "tagged.jetset"))
    assert kept.returncode == 0 and "no [Digest] tag" not in kept.stderr, kept.stderr
    bare = tmp_path / "bare.txt"
    bare.write_text(
        "".join(line for line in text.splitlines(True) if not line.startswith("[Digest "))
    )
    said = jetset("import", str(bare), "-o", str(tmp_path / "bare.jetset"))
    assert said.returncode == 0, said.stderr
    assert "the text has no [Digest] tag, so its moves are taken as written" in said.stderr
