"""Rebuild ``data/board.json`` from ``../shared/board/board.json``.

Run from the repository root: ``python tools/build_data.py``. The file is checked for the shape
the engine expects (24 cities, cards naming known cities) before it is written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "board" / "board.json"
TARGET = ROOT / "data" / "board.json"


def check(board: dict) -> None:
    codes = {c["code"] for c in board["cities"]}
    assert len(codes) == 24, "the base game has 24 cities"
    for link in board["airlinks"]:
        assert link["a"] in codes and link["b"] in codes, link
    for deck in ("short_flights", "long_flights"):
        for card in board[deck]:
            if not card.get("vacation"):
                assert card["a"] in codes and card["b"] in codes, card
    for card in board["final_flights"]:
        assert all(c in codes for c in card["cities"]), card


def main() -> int:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    text = source.read_text(encoding="utf-8")
    check(json.loads(text))
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} from {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
