"""The map's layouts on disk (jetset_tui/widgets/layout_cache.py): a layout read back is the one
made; a damaged file is made again; another board never reads this board's files."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import data
from engine.jetset.board import build_board, load_board
from jetset_tui.widgets import layout_cache, map_layout


@pytest.fixture(autouse=True)
def empty_caches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JETSET_HOME", str(tmp_path))
    monkeypatch.setattr(map_layout, "_LAYOUTS", {})


@pytest.mark.parametrize(("width", "height", "hubs"), [(72, 26, False), (58, 18, True)])
def test_a_layout_read_back_is_the_layout_made(width: int, height: int, hubs: bool) -> None:
    board = load_board()
    made = layout_cache.layout(board, width, height, hubs)
    files = list(layout_cache.cache_dir().glob("*.json"))
    assert len(files) == 1
    map_layout._LAYOUTS.clear()  # as a new process would start
    read = layout_cache.kept_layout(board, width, height, hubs)
    assert read == made
    assert read == map_layout._layout(board, width, height, hubs)
    assert layout_cache.kept_layout(board, width, height + 1, hubs) is None


def test_a_damaged_file_is_made_again(monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_board()
    made = layout_cache.layout(board, 72, 26, False)
    (file,) = layout_cache.cache_dir().glob("*.json")
    file.write_text(file.read_text()[:100])
    map_layout._LAYOUTS.clear()
    assert layout_cache.kept_layout(board, 72, 26, False) is None
    assert layout_cache.layout(board, 72, 26, False) == made
    assert layout_cache.kept_layout(board, 72, 26, False) == made


def test_another_board_has_files_of_its_own() -> None:
    board = load_board()
    raw = copy.deepcopy(data.board_json())
    raw["cities"][0]["lon"] += 5
    moved = build_board(raw)
    assert layout_cache.fingerprint(moved) != layout_cache.fingerprint(board)
    layout_cache.layout(board, 72, 26, False)
    map_layout._LAYOUTS.clear()
    assert layout_cache.kept_layout(moved, 72, 26, False) is None
