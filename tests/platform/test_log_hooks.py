"""netcode reads every game's logs through engine/platform.py alone: Jet Set through the hooks
on its ``GameRules`` (engine/jetset/oldlogs.py, summaries.py, textform.py), Jet Lag, which has
none, the platform's own way; each command's output keeps its game's shape (docs/architecture.md,
"A log of any game, read without importing one")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.botgame import play_bots
from engine.fairdeal import seed_commitment
from engine.games import GAMES
from engine.platform import (
    DealsOldLogs,
    HidesDealtCards,
    OptionsOfItsOwn,
    ReadsEntriesOf,
    ReadsOldDigests,
    SummarisesGames,
    WritesText,
)
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.stats import summarise_log
from netcode.textlog import export_text, import_text

HOOKS = (
    OptionsOfItsOwn,
    ReadsEntriesOf,
    DealsOldLogs,
    ReadsOldDigests,
    HidesDealtCards,
    SummarisesGames,
    WritesText,
)
SEED = "hooks"
OPTIONS: dict[str, dict[str, object]] = {"jetset": {"players": 3}, "jetlag": {"seats": 2}}


def saved(tmp_path: Path, game: str) -> tuple[Path, Any]:
    """A whole game between greedy bots, saved with its seed revealed, and its table."""
    rules = GAMES[game]
    players = rules.seats[0] if game == "jetlag" else 3
    table = play_bots(rules, OPTIONS[game], SEED, ["greedy"] * players)
    seats = [Seat(f"greedy-{i}", SeatKind.of_bot("greedy")) for i in range(players)]
    options = rules.options_from_data(OPTIONS[game]) if game == "jetset" else OPTIONS[game]
    header = Header(options, seats, seed_commitment(SEED), game=game)
    path = tmp_path / f"{game}.jetset"
    write_game(path, header, table, SEED)
    return path, table


@pytest.mark.parametrize("hook", HOOKS, ids=lambda hook: hook.__name__)
def test_jet_set_has_every_hook_and_jet_lag_none(hook: type) -> None:
    assert isinstance(GAMES["jetset"], hook)
    assert not isinstance(GAMES["jetlag"], hook)


def test_replay_json_keeps_each_games_fields(tmp_path: Path) -> None:
    summaries = {game: replay(read_log(saved(tmp_path, game)[0])).summary() for game in OPTIONS}
    head = ["ok", "entries", "digest", "scores"]
    tail = ["commitment_ok", "error", "bad_entry"]
    common = [*head, "over", "winners", "draw", "cash"]  # every game's: Jet Lag's cash null
    assert list(summaries["jetset"]) == list(summaries["jetlag"]) == [*common, *tail]
    assert summaries["jetlag"]["cash"] is None and summaries["jetset"]["cash"]
    for summary in summaries.values():
        assert summary["ok"] is summary["over"] is summary["commitment_ok"] is True
    json.dumps(summaries)


@pytest.mark.parametrize("game", list(OPTIONS))
def test_replay_json_of_a_faulty_log_has_the_same_keys_its_game_null(
    tmp_path: Path, game: str
) -> None:
    """A tinkerer's play test: a wrong seed gave "entries 0, scores [0, 0, 0], over false" of a
    finished game, and a broken record left keys out: scripts could rely on neither."""
    from jetset_tui.commands.replay import unread_json

    log = read_log(saved(tmp_path, game)[0])
    good = replay(log).summary()
    log.seed = "not the seed"
    wrong_seed = replay(log).summary()
    assert list(wrong_seed) == list(good)
    assert wrong_seed["ok"] is False and wrong_seed["commitment_ok"] is False
    game_keys = [key for key in good if key not in ("ok", "entries", "commitment_ok")]
    game_keys = [key for key in game_keys if key not in ("error", "bad_entry")]
    assert all(wrong_seed[key] is None for key in game_keys), wrong_seed
    unread = unread_json("x.jetset", ValueError("not a log"))
    assert set(good) == set(unread) - {"cut_short"}, "a file that does not read: the same keys"


def test_stats_count_what_each_game_counts(tmp_path: Path) -> None:
    path, game = saved(tmp_path, "jetset")
    counted = summarise_log(path, read_log(path))
    assert counted.turns == game.state.turn > 0
    assert counted.end == game.state.end_reason != ""
    assert len(counted.claimed) >= sum(len(seat.cards) for seat in game.state.seats) > 0
    assert counted.scores == [s.total for s in game.scores()]
    path, table = saved(tmp_path, "jetlag")
    counted = summarise_log(path, read_log(path))
    assert counted.turns == sum(entry.seat >= 0 for entry in table.entries) == 16
    assert (counted.end, counted.claimed) == ("", [])
    assert counted.scores == list(table.result().points)
    first = int(read_log(path).records[0][2].split()[1])  # "setup 1 …": seat 1 plays first
    assert counted.first == first


def test_jet_sets_first_to_play_is_seat_0_though_its_hubs_are_placed_last_seat_first(
    tmp_path: Path,
) -> None:
    """Jet Set's first decision with the Hubs module is the last seat's hub: not its first
    turn (stats count places in the order of play from the game's word, not the log's first
    decision)."""
    rules = GAMES["jetset"]
    data = {"players": 3, "hubs": True}
    table = play_bots(rules, data, SEED, ["greedy"] * 3)
    seats = [Seat(f"greedy-{i}", SeatKind.of_bot("greedy")) for i in range(3)]
    header = Header(rules.options_from_data(data), seats, seed_commitment(SEED))
    path = tmp_path / "hubs.jetset"
    write_game(path, header, table, SEED)
    log = read_log(path)
    assert next(actor for _, actor, _, _ in log.records if actor >= 0) == 2
    assert summarise_log(path, log).first == 0


def test_text_has_each_games_tags_and_numbers_and_reads_back(tmp_path: Path) -> None:
    for game, own_tag, first_move in (
        ("jetset", '[Options "base"]', "   1. 0 "),
        ("jetlag", None, "   1. "),
    ):
        path, table = saved(tmp_path, game)
        log = read_log(path)
        text = export_text(log, replay(log).table)
        assert f'[Game "{game}"]' in text and f'[Digest "{table.digest()}"]' in text
        assert ("[Options " in text) is (own_tag is not None)
        if own_tag is not None:
            assert own_tag in text
        assert any(line.startswith(first_move) for line in text.splitlines())
        back = import_text(text)
        assert back.records == log.records and back.header.options == log.header.options
        assert replay(back).ok
