"""A local game's first frame comes before its network code loads (BENCHMARKS.md, "TUI"): the
deal is drawn from the session's table, and the host, its peers and the protocol's messages,
which the game runs over in memory, load when the session starts, right after that frame. The
garbage collector held while the app starts (jetset_tui/startup.py) runs again after it.

Checked in a fresh interpreter by tests/tui/first_frame.py: the real app, a game against bots
opened as ``jetset play`` opens it, each module looked for in ``sys.modules`` when the game
screen is first drawn, and again once the bots play."""

from __future__ import annotations

from pathlib import Path

from tests.tui.first_frame import first_frame

NETWORK = (
    "netcode.messages",
    "netcode.protocol",
    "netcode.host",
    "netcode.peer",
    "netcode.admission",
    "netcode.seatkeys",
    "netcode.standins",
    "netcode.botplayer",
)


def test_the_first_frame_comes_before_the_network_code_loads(tmp_path: Path) -> None:
    result = first_frame(NETWORK, tmp_path)
    assert result["your_turn"], "the first frame says whose turn it is"
    assert result["first"] == [], "network code loaded before the first frame"
    assert {"netcode.messages", "netcode.host", "netcode.peer"} <= set(result["after"])
    assert result["played"] > 4, "the bots played once the session started"
    assert result["collecting"] == [False, True], "the collector runs after the first frame"
    assert result["frozen"] > 0, "what the start made is set aside"


def test_a_new_games_first_frame_loads_no_replay(tmp_path: Path) -> None:
    """A log is replayed to resume a game (netcode/table.py imports the replay there)."""
    result = first_frame(("netcode.replay",), tmp_path)
    assert result["your_turn"] and result["first"] == [], result
