"""Actions, entries and options are values: equal and hashed by their fields, and immutable to
the type checker (engine/values.py; docs/architecture.md, "Where replay speed comes from")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.jetset.actions import Buy, Claim, ClaimFinal, Entry, Income, Rent
from engine.jetset.options import Options

ROOT = Path(__file__).resolve().parents[2]


def test_values_are_equal_and_hashed_by_their_fields() -> None:
    assert Buy(3, 2) == Buy(3, 2) and hash(Buy(3, 2)) == hash(Buy(3, 2))
    assert Buy(3, 2) != Buy(3, 1)
    assert Buy(3, 2) != Rent(3, 2), "same fields, another kind of action"
    assert Claim("S1-07", (1, 2)) != ClaimFinal("S1-07", (1, 2))
    assert {Entry(0, Income()): "a"}[Entry(0, Income())] == "a"
    assert Options(players=3) == Options.from_dict({"players": 3})


def test_the_type_checker_refuses_to_change_a_value(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from engine.jetset.actions import Buy, Entry\n"
        "from engine.jetset.options import Options\n"
        "Buy(1, 2).planes = 3\n"
        "Entry(0, Buy(1, 2)).actor = 1\n"
        "Options().players = 5\n"
    )
    cache = tmp_path / "mypy-cache"
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(probe)]
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout
    assert out.count("is read-only") == 3, out
