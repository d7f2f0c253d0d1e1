"""``jetset position``: a log's table after N entries, as a seat or a spectator sees it."""

from __future__ import annotations

import json
from pathlib import Path

from engine import CHANCE, Deal
from engine.jetset.notation import Notation
from engine.jetset.position import position
from netcode.logfile import read_log, write_game
from netcode.replay import replay
from tests.replays.test_export import jetset, save


def test_a_seats_position_and_legal_actions_mid_game(tmp_path: Path) -> None:
    path = save(tmp_path, "position", 3, ("greedy",))
    log = read_log(path)
    game = replay(log, stop_at=60).game
    seat = game.to_move()
    assert seat is not None and seat != CHANCE
    out = jetset("position", str(path), "--at", "60", "--seat", str(seat))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["entries"], data["seat"], data["to_move"]) == (60, seat, seat)
    assert data["position"] == position(game.state.view(seat))
    notation = Notation(game.board)
    assert data["legal"] == [notation.format_action(a) for a in game.legal_actions()]
    other = (seat + 1) % 3
    out = jetset("position", str(path), "--at", "60", "--seat", str(other))
    assert "legal" not in json.loads(out.stdout), "only the seat to move has legal actions"


def test_a_spectator_sees_no_final_flight_in_hand(tmp_path: Path) -> None:
    path = save(tmp_path, "position-spectator", 3, ("greedy",))
    out = jetset("position", str(path), "--at", "20")
    data = json.loads(out.stdout)
    assert data["seat"] is None and "legal" not in data
    assert [s["hand"] for s in data["position"]["seats"]] == [None, None, None]
    hands = [
        e.action.cards for e in replay(read_log(path)).game.entries if isinstance(e.action, Deal)
    ]
    assert not [card for hand in hands for card in hand or () if card in out.stdout]


def test_a_position_outside_the_log_is_refused(tmp_path: Path) -> None:
    path = save(tmp_path, "position-bad", 2)
    entries = len(read_log(path).records)
    out = jetset("position", str(path), "--at", str(entries + 1))
    assert out.returncode == 1
    assert f"the log has {entries} entries (0 to {entries})" in out.stderr
    out = jetset("position", str(path), "--seat", "2")
    assert out.returncode == 1 and "the seats are 0 to 1" in out.stderr


def test_a_seats_view_of_a_game_not_over_needs_reveal(tmp_path: Path) -> None:
    """A tinkerer's play test read a hot-seat opponent's Final Flights with ``position --seat``
    while the game went on, which ``export`` refuses: so do ``position --seat`` and the replay
    viewer's ``--seat`` now, unless ``--reveal``; a spectator's view needs nothing."""
    whole = read_log(save(tmp_path, "position-unfinished", 3, ("greedy",)))
    game = replay(whole, stop_at=60).game
    path = tmp_path / "going-on.jetset"
    write_game(path, whole.header, game, None)  # its seed not revealed: not over
    hand = game.state.seats[1].hand
    assert hand
    refused = jetset("position", str(path), "--seat", "1")
    assert refused.returncode == 1 and refused.stdout == ""
    assert "seed is not revealed (the game is not over" in refused.stderr
    assert "--seat shows that seat's hidden cards" in refused.stderr
    viewer = jetset("replay", str(path), "--seat", "1")
    assert viewer.returncode == 1 and "--reveal shows them anyway" in viewer.stderr
    shown = jetset("position", str(path), "--seat", "1", "--reveal")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["position"]["seats"][1]["hand"] is not None
    assert jetset("position", str(path)).returncode == 0  # as a spectator
    over = jetset("position", str(tmp_path / "position-unfinished.jetset"), "--seat", "1")
    assert over.returncode == 0, "a game over keeps nothing hidden"
