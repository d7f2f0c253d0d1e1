"""The offline commands on Jet Lag's logs, from real processes on real files: ``selfplay --game
jetlag`` writes them, ``stats`` counts a draw as a draw, ``export`` writes Jet Lag's notation and
``import`` reads it back to the same digests, ``position`` shows what a seat knows, ``replay
--verify`` checks the seed, and the replay viewer says it cannot show Jet Lag yet."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest
from jsonschema import Draft202012Validator

from netcode.logfile import read_log, write_log
from netcode.logheader import VERSION

JETSET = [sys.executable, "-m", "jetset_tui"]
SCHEMA = Path(__file__).parents[2] / "docs" / "export.schema.json"
DRAW_SEED = "draw-4"
"""Two greedy bots draw the first game of this seed (29 points and 8 tourists each)."""


def jetset(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, JETSET_LANG="en")
    return subprocess.run(
        [*JETSET, *args], capture_output=True, text=True, timeout=120, check=False, env=env
    )


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three Jet Lag games between greedy bots, the first a draw."""
    folder = tmp_path_factory.mktemp("jetlag")
    run = jetset(
        "selfplay", "--game", "jetlag", "-n", "3", "--seed", DRAW_SEED, "--bot", "greedy",
        "--out", str(folder), "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summaries = [json.loads(line) for line in run.stdout.splitlines()]
    assert [s["draw"] for s in summaries] == [True, False, False]
    assert summaries[0]["winner"] is None and summaries[0]["winners"] == [0, 1]
    return folder


def test_selfplay_writes_jet_lag_logs_the_same_under_any_hash_seed(
    games: Path, tmp_path: Path
) -> None:
    files = sorted(games.glob("*.jetset"))
    assert [f.name for f in files] == ["game-0000.jetset", "game-0001.jetset", "game-0002.jetset"]
    records = list(msgpack.Unpacker(files[0].open("rb"), raw=False))
    header = records[0]
    assert header["game"] == "jetlag" and header["version"] == VERSION
    assert header["options"] == {"seats": 2} and header["rules"] == "jetlag-1"
    assert [s["kind"] for s in header["seats"]] == ["bot:greedy", "bot:greedy"]
    assert records[-1] == {"t": "reveal", "seed": DRAW_SEED}
    again = jetset(
        "selfplay", "--game", "jetlag", "--games", "3", "--seed", DRAW_SEED, "--bot", "greedy",
        "--save", str(tmp_path), hash_seed="777",
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    for mine in files:
        assert (tmp_path / mine.name).read_bytes() == mine.read_bytes()


def test_stats_reports_a_draw_as_a_draw(games: Path) -> None:
    text = jetset("stats", str(games))
    assert text.returncode == 0, text.stderr
    assert "3 games" in text.stdout and "1 draw (no player won)" in text.stdout
    assert "most claimed cards" not in text.stdout and "how games ended" not in text.stdout
    data = json.loads(jetset("stats", str(games), "--json").stdout)
    assert data["games"] == 3 and data["draws"] == 1 and not data["skipped"]
    logs = [read_log(path) for path in sorted(games.glob("*.jetset"))]
    wins = [0, 0]  # by place in the order of play: the first to play is the setup's seat
    starters = set()
    for log in logs[1:]:  # the first is the draw
        from netcode.replay import replay

        (winner,) = replay(log).table.result().winners
        first = next(actor for _, actor, _, _ in log.records if actor >= 0)
        assert log.records[0][2].startswith(f"setup {first} ")
        starters.add(first)
        wins[(winner - first) % 2] += 1
    assert data["win_rate_by_place"] == {"0": wins[0] / 3, "1": wins[1] / 3}
    assert starters == {0, 1}, "these games start with either seat: by place is not by seat"
    assert data["by_kind"]["bot:greedy"]["win_rate"] == 2 / 6


def test_export_writes_jet_lags_notation_and_import_reads_it_back(
    games: Path, tmp_path: Path
) -> None:
    log = games / "game-0000.jetset"
    text = tmp_path / "draw.txt"
    run = jetset("export", str(log), "--output", str(text))
    assert run.returncode == 0, run.stderr
    written = text.read_text()
    for tag in ('[Event "Jet Lag"]', '[Game "jetlag"]', f'[Format "{VERSION}"]', '[End "draw"]'):
        assert tag in written
    assert '[Winners "0 1"]' in written and f'[Seed "{DRAW_SEED}"]' in written
    lines = written.split("\n\n", 1)[1].splitlines()
    assert lines[0].split()[:2] == ["*", "setup"] and lines[1].split()[:2] == ["*", "take"]
    assert lines[2].split()[0] == "1." and lines[2].split()[2] in ("t", "d")
    back = tmp_path / "back.jetset"
    run = jetset("import", str(text), "--output", str(back))
    assert run.returncode == 0, run.stderr
    original, imported = read_log(log), read_log(back)
    assert imported.records == original.records and imported.header.game == "jetlag"
    verified = jetset("replay", "--verify", "--json", str(back))
    assert json.loads(verified.stdout)["commitment_ok"] is True
    data = json.loads(jetset("export", str(log), "--format", "json").stdout)
    Draft202012Validator(json.loads(SCHEMA.read_text())).validate(data)
    assert data["header"]["game"] == "jetlag" and data["entries"][0]["actor"] == -1
    broken = written.replace(lines[2].split(" ", 2)[2], "0 t Z9 1", 1)
    (tmp_path / "broken.txt").write_text(broken)
    refused = jetset("import", str(tmp_path / "broken.txt"))
    assert refused.returncode == 1 and "no card 'Z9'" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_json_export_says_a_jet_lag_result(games: Path, tmp_path: Path) -> None:
    """The JSON export's ``result``, as ``replay --json`` says the game: a draw, a win, and a
    game not over (``--reveal``: no winners yet); no cash in Jet Lag."""
    keys = ("digest", "scores", "over", "winners", "draw", "cash")
    cut = read_log(games / "game-0001.jetset")
    cut.records, cut.seed = cut.records[:6], None
    write_log(tmp_path / "cut.jetset", cut)
    for path in (games / "game-0000.jetset", games / "game-0001.jetset", tmp_path / "cut.jetset"):
        exported = jetset("export", str(path), "--format", "json", "--reveal")
        result = json.loads(exported.stdout)["result"]
        said = json.loads(jetset("replay", str(path), "--json").stdout)
        assert result == {key: said[key] for key in keys} and result["cash"] is None, path
    draw = json.loads(jetset("export", str(games / "game-0000.jetset"), "--format", "json").stdout)
    assert draw["result"]["draw"] is True and draw["result"]["winners"] == [0, 1]
    assert result["over"] is False and result["winners"] == [] and result["draw"] is False


def test_position_shows_a_seat_what_it_knows(games: Path) -> None:
    log = str(games / "game-0001.jetset")
    mine = jetset("position", log, "--at", "4", "--seat", "0")
    assert mine.returncode == 0, mine.stderr
    data = json.loads(jetset("position", log, "--at", "4", "--seat", "0", "--json").stdout)
    position = data["position"]
    assert data["entries"] == 4 and position["round"] == 1
    assert len(position["line"]) == 2 and position["piles_left"] == 3
    first = position["first"]
    hand = position["hands"][0]
    assert "destinations, left to right:" in mine.stdout
    assert "scores if the game ended now:" in mine.stdout
    if hand:  # seat 0 holds cards now: shown to it, and only their number to a spectator
        assert f"player 1's hand: {' '.join(hand)}" in mine.stdout
    # as for Jet Set: whose move at the top, and a seat to move has its legal actions (a log
    # tinkerer's play test found neither)
    assert data["to_move"] == position["to_move"]
    for at in range(1, 12):
        mover = json.loads(jetset("position", log, "--at", str(at), "--json").stdout)["to_move"]
        if mover in (0, 1):
            asked = jetset("position", log, "--at", str(at), "--seat", str(mover), "--json")
            legal = json.loads(asked.stdout)["legal"]
            assert legal and all(isinstance(line, str) for line in legal), legal
            break
    else:
        raise AssertionError("no seat to move in the first entries")
    watching = json.loads(jetset("position", log, "--at", "4", "--json").stdout)["position"]
    assert watching["hands"] == [None, None]
    assert watching["hand_sizes"] == position["hand_sizes"] and first in (0, 1)
    assert watching["scores"] == position["scores"]
    over = jetset("position", log)
    assert "final scores:" in over.stdout and "the game is over" in over.stdout
    start = jetset("position", log, "--at", "0")
    assert "after 0 entries, round 1 of 4" in start.stdout, "not round 0 of 4"
    wrong = jetset("position", log, "--seat", "2")
    assert wrong.returncode == 1 and "--seat 2: the seats are 0 to 1" in wrong.stderr


def test_replay_verifies_a_jet_lag_log_and_finds_a_desync(games: Path, tmp_path: Path) -> None:
    log = games / "game-0002.jetset"
    verified = jetset("replay", "--verify", str(log))
    assert verified.returncode == 0, verified.stderr
    assert "seed matches its commitment" in verified.stdout and "winner: greedy-" in verified.stdout
    # each seat by its name, its points said so (a play test read "scores: [1, 2, 1]")
    assert re.search(r"scores: greedy-0 \d+ points · greedy-1 \d+ points\n", verified.stdout)
    draw = jetset("replay", "--verify", str(games / "game-0000.jetset"))
    assert "a draw" in draw.stdout and "€" not in draw.stdout
    records = list(msgpack.Unpacker(log.open("rb"), raw=False))
    decision = next(r for r in records[1:] if isinstance(r, list) and r[2] >= 0)
    decision[4] = "0" * 32  # a digest no game reaches
    (tmp_path / "desync.jetset").write_bytes(b"".join(msgpack.packb(r) for r in records))
    desync = jetset("replay", "--verify", str(tmp_path / "desync.jetset"))
    said = f"entry {decision[1]} ({decision[2]} {decision[3]}): the state digest is"
    assert desync.returncode == 1 and said in desync.stderr and "the log says 0000" in desync.stderr
    records = list(msgpack.Unpacker(log.open("rb"), raw=False))
    take = records[2]
    seat = take[3].split()[1]
    take[3] = take[3].replace(f"take {seat}", f"take {1 - int(seat)}")  # the pile to the other
    (tmp_path / "dealt.jetset").write_bytes(b"".join(msgpack.packb(r) for r in records))
    dealt = jetset("replay", "--verify", str(tmp_path / "dealt.jetset"))
    assert dealt.returncode == 1 and f"entry 1 (* {take[3]}): the seed deals 'take {seat}" in (
        dealt.stderr
    )


def test_selfplay_refuses_what_jet_lag_does_not_have() -> None:
    for args, said in (
        (["--players", "3"], "--players 3: Jet Lag is for 2 players"),
        (["--bot", "mcts"], "unknown bot 'mcts'; the bots of Jet Lag: random, greedy, search"),
        (["--modules", "hubs"], "Jet Lag has no extra cards and no modules"),
        (["--bot", "greedy,greedy,greedy"], "--bot names 3 kinds for 2 seats"),
    ):
        run = jetset("selfplay", "--game", "jetlag", *args)
        assert run.returncode == 2 and said in run.stderr, (args, run.stderr)


def test_stats_keep_each_game_apart(games: Path, tmp_path: Path) -> None:
    """A folder of both games: each game's figures under its name, never mixed; ``--json``
    keeps its fields over every game and adds ``by_game``."""
    run = jetset("selfplay", "--games", "2", "--seed", "apart", "--save", str(tmp_path))
    assert run.returncode == 0, run.stderr
    for i, log in enumerate(sorted(games.glob("*.jetset"))):
        (tmp_path / f"lag-{i}.jetset").write_bytes(log.read_bytes())
    text = jetset("stats", str(tmp_path))
    assert text.returncode == 0, text.stderr
    said = text.stdout
    assert said.startswith("5 games\n"), said
    jet_set, jet_lag = said.index("\nJet Set: 2 games\n"), said.index("\nJet Lag: 3 games\n")
    assert jet_set < said.index("most claimed cards") < jet_lag, said
    lag = said[jet_lag:]
    assert "1 draw (no player won)" in lag and "player 3" not in lag and "most claimed" not in lag
    data = json.loads(jetset("stats", str(tmp_path), "--json").stdout)
    assert data["games"] == 5 and data["draws"] == 1 and data["skipped"] == []
    by_game = data["by_game"]
    assert list(by_game) == ["jetset", "jetlag"]
    assert by_game["jetset"]["name"] == "Jet Set" and by_game["jetlag"]["name"] == "Jet Lag"
    assert (by_game["jetset"]["games"], by_game["jetlag"]["games"]) == (2, 3)
    assert by_game["jetlag"]["draws"] == 1 and by_game["jetlag"]["most_claimed"] == []
    assert set(by_game["jetlag"]["win_rate_by_place"]) == {"0", "1"}
    assert len(by_game["jetset"]["win_rate_by_place"]) == 4
    assert set(by_game["jetset"]) == {"name", *data} - {"skipped", "by_game"}


def test_verify_refuses_a_seat_the_game_does_not_have(games: Path) -> None:
    """``replay --verify --seat 5`` of a two-seat game went unsaid."""
    said = jetset("replay", "--verify", "--seat", "5", str(games / "game-0000.jetset"))
    assert said.returncode == 1 and "--seat 5: the seats are 0 to 1" in said.stderr


def test_position_before_the_pass_says_the_kept_cards_go_over(games: Path) -> None:
    """A log tinkerer's play test: before the dealer's ``pass`` entry the text said "the
    cards are dealt next"; it says whose 3 kept cards go to whom."""
    log = games / "game-0001.jetset"
    records = list(msgpack.Unpacker(log.open("rb"), raw=False))
    at = next(r[1] for r in records if isinstance(r, list) and r[3].startswith("pass "))
    data = json.loads(jetset("position", str(log), "--at", str(at), "--json").stdout)
    assert data["to_move"] == -1 and data["position"]["step"] == "pass"
    first = data["position"]["first"]
    said = jetset("position", str(log), "--at", str(at)).stdout
    passing = f"player {first + 1}'s 3 kept cards pass to player {2 - first} next"
    assert passing in said and "dealt next" not in said, said


def test_selfplay_json_lines_share_every_games_keys() -> None:
    """A tinkerer's script met ``game`` and ``draw`` in Jet Lag's lines only: every game's line
    starts with the same keys, then its own (Jet Set's cash, turns, end)."""
    lines = {
        game: json.loads(jetset("selfplay", "--game", game, "--seed", "keys", "--json").stdout)
        for game in ("jetset", "jetlag")
    }
    shared = ["seed", "game", "players", "winner", "winners", "draw", "scores"]
    for game, line in lines.items():
        assert list(line)[: len(shared)] == shared, line
        assert line["game"] == game and line["draw"] is False
    assert {"cash", "turns", "end"} <= set(lines["jetset"])
