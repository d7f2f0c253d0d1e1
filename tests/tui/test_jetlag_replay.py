"""Jet Lag's replay in the app: ``jetset replay FILE`` (``JetSetApp(replay=...)``) and the start
screen's "Open a replay" show a Jet Lag log on Jet Lag's table, stepped forward and back entry by
entry and play by play, jumped to its start and end; every hand shows once the log reveals its
seed, and none while the game is still being played (Pilot, the real app, real log files)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from engine.botgame import play_bots
from engine.games import GAMES
from engine.jetlag.actions import CHANCE, Take
from engine.jetlag.cards import card_ids
from engine.jetlag.state import State
from engine.jetset.dealer import seed_commitment
from jetset_tui.app import JetSetApp
from jetset_tui.screens.jetlag_end import verdict
from jetset_tui.screens.jetlag_replay import JetLagReplayScreen
from jetset_tui.screens.load import LoadScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.log import NotationLog
from netcode.logfile import Header, Seat, write_game

NAMES = ["Ann", "Bo"]


def jetlag_log(tmp_path: Path, seed: str = "viewer", *, finished: bool = True) -> Path:
    path = tmp_path / "lag.jetset"
    table = play_bots(GAMES["jetlag"], {}, seed, ["greedy", "greedy"])
    header = Header({"seats": 2}, [Seat(n) for n in NAMES], seed_commitment(seed), game="jetlag")
    write_game(path, header, table, seed if finished else None)
    return path


def hands_shown(text: str, state: State) -> set[str]:
    held = {c for hand in state.hands for c in hand or []}
    return {c for c in card_ids() if c in text} & held


async def test_a_finished_log_is_stepped_through_on_the_jet_lag_table(tmp_path: Path) -> None:
    path = jetlag_log(tmp_path)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, JetLagReplayScreen)
        timeline = screen.timeline
        assert screen.position == timeline.length, "a finished game opens at its end"
        end = timeline.state_at(timeline.length, None)
        assert verdict(end, NAMES) in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert screen.position == 0 and "Before the first move." in screen_text(app)
        assert "1–0" not in screen_text(app), "no line yet: no objectives 1–0"
        await pilot.press("right", "right")
        await pilot.pause()
        assert screen.position == 2
        state = timeline.state_at(2, None)
        shown = screen_text(app)
        taken = timeline.entries[1].action
        assert isinstance(taken, Take)
        pile = state.hands[taken.seat]
        assert pile and hands_shown(shown, state) == set(pile), (
            "the log reveals the hands: the first player's pile shows"
        )
        await pilot.press("down")
        await pilot.pause()
        played = timeline.entries[screen.position - 1]
        assert played.seat != CHANCE and screen.position > 2, "down goes to the next play"
        assert f"{NAMES[played.seat]} played " in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        before = screen.position
        await pilot.press("up")
        await pilot.pause()
        assert screen.position < before
        await pilot.press("end")
        await pilot.pause()
        assert screen.position == timeline.length
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0, "opened from the shell, q ends the program (as Jet Set's)"


async def test_jet_lags_viewer_has_jet_sets_keys_and_log_pane(tmp_path: Path) -> None:
    """The replay frame's keys on Jet Lag's table: rounds, a move number, my last turn,
    auto-play; the log pane says each entry in the game's words, never a salt or a hash."""
    path = jetlag_log(tmp_path)
    app = JetSetApp(replay=path, replay_seat=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, JetLagReplayScreen)
        timeline = screen.timeline
        takes = [i + 1 for i, e in enumerate(timeline.entries) if isinstance(e.action, Take)]
        assert len(takes) == 4
        await pilot.press("home", "]")
        assert screen.position == takes[0]
        await pilot.press("]", "]")
        assert screen.position == takes[2]
        await pilot.press("[")
        assert screen.position == takes[1]
        await pilot.press("g", *str(takes[3] + 1), "enter")
        assert screen.position == takes[3] + 1
        assert f"step {takes[3] + 1}/{timeline.length}" in screen_text(app)
        await pilot.press("m")
        last = max(i for i, e in enumerate(timeline.entries[: takes[3] + 1]) if e.seat == 1)
        assert screen.position == last, "m: just before seat 1's last play"
        log = screen.query_one(NotationLog)
        lines = [line.plain for line in log.lines]
        assert len(lines) == last
        assert any("takes the next pile" in line for line in lines), lines
        salts = [e.action.salt for e in timeline.entries if isinstance(e.action, Take)]
        assert not any(salt in line for salt in salts for line in lines)
        await pilot.press("home", "plus", "plus", "plus", "space")
        await pilot.pause(0.6)
        assert screen.position >= 2
        await pilot.press("space")
        stopped = screen.position
        await pilot.pause(0.3)
        assert screen.position == stopped


async def test_a_game_still_being_played_shows_no_hand(tmp_path: Path) -> None:
    path = jetlag_log(tmp_path, "running", finished=False)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, JetLagReplayScreen)
        for n in range(screen.timeline.length + 1):
            screen.go(n)
            await pilot.pause()
            full = screen.timeline.states[n]
            text = screen_text(app)
            assert not hands_shown(text, full), f"a hand shows at move {n}:\n{text}"
        assert "hands are secret" in screen_text(app)


async def test_open_a_replay_lists_jet_lag_logs_and_opens_them(tmp_path: Path) -> None:
    jetlag_log(tmp_path)
    app = JetSetApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.action_choose("replay")  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen) and app.screen.replays
        assert "Jet Lag: Ann, Bo" in screen_text(app)
        app.screen.query_one(OptionList).action_select()
        await pilot.pause()
        assert isinstance(app.screen, JetLagReplayScreen)
