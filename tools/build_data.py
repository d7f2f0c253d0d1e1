"""Rebuild ``data/board.json``, the map and the decks the engine reads, from a board file.

    python tools/build_data.py [BOARD.json]

The board file is the transcription of the published game's map and cards (the team keeps it
outside this repository, as ``board/board.json`` beside the rulebooks; a clone has
``data/board.json`` already and needs this only after the board changes). The file is checked
for the shape the engine expects (24 cities, cards naming known cities) before it is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "board" / "board.json"
"""Where the team's checkout keeps the board file, beside this repository."""
TARGET = ROOT / "data" / "board.json"


def check(board: dict[str, Any]) -> None:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="build_data.py", description="Rebuild data/board.json from a board file."
    )
    parser.add_argument(
        "source",
        nargs="?",
        type=Path,
        default=SOURCE,
        help=f"the board file (default: {SOURCE})",
    )
    args = parser.parse_args(argv)
    try:
        text = args.source.read_text(encoding="utf-8")
        check(json.loads(text))
    except OSError as exc:
        print(f"build_data.py: cannot read {args.source}: {exc.strerror}", file=sys.stderr)
        return 1
    except (ValueError, KeyError, TypeError, AssertionError) as exc:
        print(f"build_data.py: {args.source} is not a board file: {exc!r}", file=sys.stderr)
        return 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} from {args.source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
