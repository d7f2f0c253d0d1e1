"""Jet Lag's figures (issue 21). Run from the repository root:

    .venv/bin/python -m benchmarks.bench_jetlag [--games 200] [--moves-games 20]

- a whole random game, dealer included (target ≤ 2 ms, median);
- the search bot's time a move against greedy, median and p95 (target ≤ 300 ms);
- replaying a game's entries from msgpack bytes (decode, read each entry, check every rule and
  digest) over msgpack's decode alone, beside Jet Set's same ratio measured in the same run;
- the same game as a log file (format 7, its seed revealed): ``read_log`` and ``replay``
  (every digest, the commitment, every chance entry dealt again) over msgpack's decode of the
  file, as Jet Set's figure is measured;
- with ``--games N``: the search bot's score over N games against greedy, seats alternating,
  draws counting half (target ≥ 65% of 200).

The replay figures are measured ``--rounds`` times (each a median of ``--repeat`` runs, Jet Lag's
and Jet Set's in turn) and each figure printed is the median of the rounds, the ratios with
their lowest and highest (``_min``, ``_max``). ``--replay-only`` skips the games and the bot:

    .venv/bin/python -m benchmarks.bench_jetlag --replay-only --rounds 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import msgpack

from benchmarks.bench_engine import median_game_log, replay_figures
from benchmarks.timing import alternate_times, decode
from engine.jetlag.actions import CHANCE, from_wire, to_wire
from engine.jetlag.bots import make_bot
from engine.jetlag.dealer import Dealer
from engine.jetlag.game import Table
from engine.jetlag.selfplay import play_game
from engine.jetset.dealer import seed_commitment
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.replay import replay


def game_times(games: int) -> list[float]:
    times = []
    for i in range(games):
        start = time.perf_counter()
        play_game(f"bench-{i}")
        times.append(time.perf_counter() - start)
    return times


def search_move_times(games: int) -> tuple[list[float], list[float]]:
    """Seconds each of the search bot's moves took, over ``games`` games against greedy: wall
    clock, and this process's CPU time (which other processes on a shared machine do not
    stretch)."""
    times: list[float] = []
    cpu: list[float] = []
    for i in range(games):
        seed = f"moves-{i}"
        kinds = ("search", "greedy") if i % 2 == 0 else ("greedy", "search")
        bots = [make_bot(k, s, seed) for s, k in enumerate(kinds)]
        table, dealer = Table(), Dealer(seed)
        while (seat := table.to_move()) is not None:
            if seat == CHANCE:
                table.push(dealer.next_entry(table.state))
                continue
            view = table.state.view(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(view)
            if kinds[seat] == "search":
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            table.play(action)
    return times, cpu


def log_bytes(table: Table) -> bytes:
    """A game as msgpack records: each entry's plain data with its digest."""
    return b"".join(
        msgpack.packb([to_wire(e), d]) for e, d in zip(table.entries, table.digests, strict=True)
    )


def replay_bytes(raw: bytes) -> Table:
    table = Table()
    for wire, digest in decode(raw):  # type: ignore[misc]
        table.push(from_wire(wire), digest)
    return table


def replay_ratio(repeat: int, rounds: int = 1) -> dict[str, float]:
    """The replay figures, each the median of ``rounds`` rounds; the ratios' lowest and highest
    round too."""
    seeds = sorted((f"bench-{i}" for i in range(41)), key=lambda s: len(play_game(s).entries))
    median = play_game(seeds[20])
    raw = log_bytes(median)
    runs: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        jetset_log = median_game_log(Path(tmp), 40)
        for _ in range(rounds):
            replays, decodes = alternate_times(
                lambda: replay_bytes(raw), lambda: decode(raw), repeat
            )
            out = {
                "jetlag_replay_ms_median": replays * 1e3,
                "jetlag_msgpack_decode_ms_median": decodes * 1e3,
                "jetlag_replay_vs_msgpack_ratio": replays / decodes,
            }
            out.update(file_replay_figures(Path(tmp) / "lag.jetset", median, seeds[20], repeat))
            out.update(replay_figures(jetset_log, "jetset_", repeat))
            runs.append(out)
    summary = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    for key in [k for k in summary if k.endswith("_ratio")]:
        summary[f"{key}_min"] = min(run[key] for run in runs)
        summary[f"{key}_max"] = max(run[key] for run in runs)
    return summary


def file_replay_figures(path: Path, table: Table, seed: str, repeat: int) -> dict[str, float]:
    """A Jet Lag game as a log file with its seed revealed: ``read_log`` + ``replay`` (the
    seed checked, every chance entry dealt again) over msgpack decoding the file."""
    header = Header({"seats": 2}, [Seat("a"), Seat("b")], seed_commitment(seed), game="jetlag")
    write_game(path, header, table, seed)
    raw = path.read_bytes()
    assert replay(read_log(path)).commitment_ok
    replays, decodes = alternate_times(lambda: replay(read_log(path)), lambda: decode(raw), repeat)
    return {
        "jetlag_file_replay_ms_median": replays * 1e3,
        "jetlag_file_msgpack_decode_ms_median": decodes * 1e3,
        "jetlag_file_replay_vs_msgpack_ratio": replays / decodes,
    }


def search_score(games: int) -> float:
    """The search bot's points over ``games`` against greedy (a win 1, a draw ½), as a share."""
    points = 0.0
    for i in range(games):
        me = i % 2
        kinds = ("search", "greedy") if me == 0 else ("greedy", "search")
        winners = play_game(f"rate{i}", kinds).result().winners
        points += 1.0 if winners == (me,) else 0.5 if len(winners) == 2 else 0.0
    return points / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--random-games", type=int, default=500)
    parser.add_argument("--moves-games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--games", type=int, default=0, help="search vs greedy games")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the replay figures")
    parser.add_argument("--replay-only", action="store_true", help="only the replay figures")
    args = parser.parse_args()
    if args.replay_only:
        replays = replay_ratio(args.repeat, args.rounds)
        print(json.dumps({k: round(v, 3) for k, v in replays.items()}, indent=1))
        return
    games = game_times(args.random_games)
    moves, cpu = search_move_times(args.moves_games)
    out: dict[str, float] = {
        "random_game_ms_median": statistics.median(games) * 1e3,
        "search_move_ms_median": statistics.median(moves) * 1e3,
        "search_move_ms_p95": statistics.quantiles(moves, n=20)[-1] * 1e3,
        "search_move_ms_max": max(moves) * 1e3,
        "search_move_cpu_ms_median": statistics.median(cpu) * 1e3,
        "search_move_cpu_ms_p95": statistics.quantiles(cpu, n=20)[-1] * 1e3,
        "search_move_cpu_ms_max": max(cpu) * 1e3,
    }
    out.update(replay_ratio(args.repeat, args.rounds))
    if args.games:
        out["search_vs_greedy_score"] = search_score(args.games)
    print(json.dumps({k: round(v, 3) for k, v in out.items()}, indent=1))


if __name__ == "__main__":
    main()
