"""Every game through the platform's interface alone (engine/platform.py, engine/games.py): a
whole bot game made from ``GAMES[name]``, every entry (and every seat's copy of it) through its
wire form and back, its result; and the same entries replay to the same digests in a fresh
process under another PYTHONHASHSEED."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.games import GAMES, game_rules
from engine.platform import CHANCE, Result

OPTIONS: dict[str, dict[str, object]] = {"jetset": {"players": 3}, "jetlag": {}}
SEATS: dict[str, int] = {"jetset": 3, "jetlag": 2}
BOTS: dict[str, str] = {"jetset": "random", "jetlag": "greedy"}

REPLAY = """
import json, sys
from engine.games import game_rules
name, options, wires = json.load(sys.stdin)
rules = game_rules(name)
table = rules.new_table(options)
for raw in wires:
    table.push(rules.entry_from_wire(raw))
result = table.result()
print(json.dumps({"digests": table.digests, "points": result.points, "winners": result.winners}))
"""


def bot_game(name: str, seed: str) -> Any:
    """A whole game of ``name`` between bots, through the platform's interface only."""
    rules = GAMES[name]
    table = rules.new_table(OPTIONS[name])
    dealer = rules.dealer(seed)
    bots = [rules.make_bot(BOTS[name], seat, seed) for seat in range(SEATS[name])]
    for _ in range(20_000):
        seat = table.to_move()
        if seat is None:
            return table
        if seat == CHANCE:
            table.push(dealer.next_entry(table.state))
        else:
            action = bots[seat].choose(table.view(seat))
            assert action in table.legal_actions()
            table.play(action)
    raise AssertionError("the game did not end")


def replay_elsewhere(name: str, wires: list[dict[str, object]], hash_seed: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-c", REPLAY],
        input=json.dumps([name, OPTIONS[name], wires]),
        env=dict(os.environ, PYTHONHASHSEED=hash_seed),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def test_the_games_are_jet_set_then_jet_lag_each_under_its_own_name() -> None:
    assert list(GAMES) == ["jetset", "jetlag"]
    assert [GAMES[name].name for name in GAMES] == ["jetset", "jetlag"]
    assert GAMES["jetset"].seats == (2, 3, 4, 5, 6) and GAMES["jetlag"].seats == (2,)
    with pytest.raises(ValueError, match="no game called 'chess'; the games are jetset, jetlag"):
        game_rules("chess")


def test_importing_the_registry_loads_no_games_definition() -> None:
    """Neither game's engine: ``engine/__init__.py``'s old names are imported when asked."""
    code = (
        "import sys, engine.games; "
        "print(sorted(m for m in sys.modules if m.startswith(('engine.jetlag', 'engine.jetset'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", list(GAMES))
def test_a_bot_game_through_the_platform_replays_the_same_elsewhere(name: str) -> None:
    rules = GAMES[name]
    table = bot_game(name, f"platform-{name}")
    assert table.over and table.to_move() is None
    result = table.result()
    assert isinstance(result, Result) and len(result.points) == SEATS[name]
    assert result.winners and set(result.winners) <= set(range(len(result.points)))
    wires = [rules.entry_to_wire(entry) for entry in table.entries]
    for entry, wire in zip(table.entries, wires, strict=True):
        assert rules.entry_from_wire(json.loads(json.dumps(wire))) == entry
        actor, line = rules.entry_line(entry)
        assert wire == {"actor": actor, "action": line} and "\n" not in line
        assert rules.entry_from_line(actor, line) == entry
        for seat in [None, *range(len(result.points))]:
            copy = table.redact(entry, seat)
            assert rules.entry_from_wire(rules.entry_to_wire(copy)) == copy
    again = bot_game(name, f"platform-{name}")
    assert again.digests == table.digests, "the same seed, the same game"
    for hash_seed in ("0", "4242"):
        out = replay_elsewhere(name, wires, hash_seed)
        assert out["digests"] == table.digests
        assert (tuple(out["points"]), tuple(out["winners"])) == (result.points, result.winners)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_seats_copies_replay_to_the_same_digests(name: str) -> None:
    rules = GAMES[name]
    table = bot_game(name, f"copies-{name}")
    for seat in [None, 0, 1]:
        mine = rules.new_table(OPTIONS[name])
        for entry, digest in zip(table.entries, table.digests, strict=True):
            mine.push(table.redact(entry, seat), digest)
        assert mine.digest() == table.digest()


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {},
        {"actor": "0", "action": "x"},
        {"actor": True, "action": "x"},
        {"actor": -2, "action": "x"},
        {"actor": 0, "action": 7},
        {"actor": 0, "action": "fly to the moon"},
        {"actor": -1, "action": "take 0 Z9 Z9 Z9 Z9 ab"},
        {"actor": 0, "action": "x" * 5000},
    ],
)
def test_anything_but_an_entry_is_refused_with_a_value_error(name: str, raw: Any) -> None:
    with pytest.raises(ValueError):
        GAMES[name].entry_from_wire(raw)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_refused_entry_changes_nothing(name: str) -> None:
    rules = GAMES[name]
    table = bot_game(name, f"refused-{name}")
    fresh = rules.new_table(OPTIONS[name])
    fresh.push(table.entries[0])
    before = fresh.digest()
    with pytest.raises(IllegalAction):
        fresh.push(table.entries[0])  # the setup, twice
    assert fresh.digest() == before and len(fresh.entries) == 1


def test_unknown_options_are_refused_by_name() -> None:
    jetset = GAMES["jetset"]
    assert jetset.new_table({"players": 3, "hubs": True}).state.hubs is not None
    for bad, said in (
        ({"players": 3, "colour": "red"}, "Jet Set has no option 'colour'"),
        ({"players": "3"}, "Jet Set's option players is a whole number, not '3'"),
        ({"players": True}, "Jet Set's option players is a whole number, not True"),
        ({"hubs": "yes"}, "Jet Set's option hubs is true or false, not 'yes'"),
        ({"players": 9}, "Jet Set is for 2 to 6 players"),
        ({1: 2}, "Jet Set has no option 1"),
    ):
        with pytest.raises(ValueError, match=said):
            jetset.new_table(bad)
    assert GAMES["jetlag"].new_table({"seats": 2}).to_move() == CHANCE
    wrongs: list[dict[Any, object]] = [
        {"seats": 3},
        {"seats": 2.0},
        {"seats": True},
        {"players": 2},
        {"seats": 2, "modules": "all"},
        {1: 2},
    ]
    for wrong in wrongs:
        with pytest.raises(ValueError, match="Jet Lag has no options but seats: 2"):
            GAMES["jetlag"].new_table(wrong)
