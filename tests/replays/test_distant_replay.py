"""A Distant Lands game as a log file: it replays to the same digests, its seed verifies every
Distant draw (top and bottom), and a log whose Distant draw differs from the seed's fails there."""

from __future__ import annotations

from pathlib import Path

from engine import Options, seed_commitment
from engine.jetset.actions import DrawDistant
from engine.jetset.selfplay import play_game
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import replay
from netcode.seatkind import SeatKind

SEED = "distant-log"


def distant_log(tmp_path: Path) -> Path:
    game = play_game(Options(players=3, distant_lands=True), SEED, ("greedy", "random"))
    seats = [Seat(name, SeatKind.parse("bot:greedy")) for name in ("A", "B", "C")]
    path = tmp_path / "distant.jetset"
    write_game(path, Header(game.options, seats, seed_commitment(SEED)), game, SEED)
    return path


def test_a_distant_game_replays_and_its_seed_verifies(tmp_path: Path) -> None:
    result = replay(read_log(distant_log(tmp_path)))
    assert result.ok and not result.warnings
    draws = [e.action for e in result.game.entries if isinstance(e.action, DrawDistant)]
    assert len(draws) >= 2


def test_a_distant_draw_the_seed_did_not_deal_fails(tmp_path: Path) -> None:
    path = distant_log(tmp_path)
    log = read_log(path)
    first = next(i for i, (_, _, text, _) in enumerate(log.records) if text.startswith("draw "))
    index, actor, text, digest = log.records[first]
    other = "D-01" if "D-01" not in text else "D-02"
    log.records[first] = (index, actor, f"draw {other}", digest)
    result = replay(log)
    assert not result.ok and result.bad_entry == first
