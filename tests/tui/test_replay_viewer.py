"""The replay viewer through Pilot: stepping, jumping, auto-play, and hidden cards before and
after the end of the game."""

from __future__ import annotations

from pathlib import Path

from engine import Options, seed_commitment
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.timeline import Timeline
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap
from jetset_tui.widgets.players import PlayersPanel
from netcode.logfile import GameLog, Header, Note, Seat, read_log, write_game, write_log
from netcode.seatkind import SeatKind
from tests.tui.play import map_drawn, resized, settled

SEED = "viewer"


def saved(tmp_path: Path, players: int = 3) -> Path:
    game = play_game(Options(players=players), SEED)
    seats = [Seat(f"P{i}", SeatKind.of_bot("random")) for i in range(players)]
    path = tmp_path / "finished.jetset"
    write_game(path, Header(Options(players=players), seats, seed_commitment(SEED)), game, SEED)
    return path


def running(tmp_path: Path, upto: int = 15) -> Path:
    """The same game cut at entry ``upto``, as the host's log of a game still running."""
    log = read_log(saved(tmp_path))
    cut = GameLog(log.header, log.records[:upto], None)
    path = tmp_path / "running.jetset"
    write_log(path, cut)
    return path


def hands(path: Path) -> list[tuple[str, ...]]:
    state = Timeline(read_log(path)).state_at(10**6)
    return [tuple(s.hand or ()) for s in state.seats]


async def test_stepping_and_jumping(tmp_path: Path) -> None:
    path = saved(tmp_path)
    timeline = Timeline(read_log(path))
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.position == timeline.length, "a finished game opens on its end"
        assert "game over" in screen_text(app)
        await pilot.press("home")
        assert screen.position == 0
        await pilot.press("right", "right", "right")
        assert screen.position == 3
        await pilot.press("left")
        assert screen.position == 2
        await pilot.press("down")  # from the deal to the first turn
        first_turn = timeline.start_of_turn(1)
        assert screen.position == first_turn == 4 and timeline.turns[first_turn] == 1
        await pilot.press("down")
        assert timeline.turns[screen.position] == 2
        assert timeline.turns[screen.position - 1] == 1
        await pilot.press("up")
        assert screen.position == first_turn
        await pilot.press("]")
        assert timeline.turns[screen.position] == 1 + 3, "a round is one turn per player"
        middle = timeline.length // 2
        await pilot.press("g", *str(middle), "enter")
        assert screen.position == middle
        assert f"step {middle}/{timeline.length}" in screen_text(app)
        # t and the turn number the log's lines start with (a play test typed the log's 77
        # and came to move 77, eighteen turns earlier)
        await pilot.press("g", "t", "1", "2", "enter")
        assert (
            screen.position == timeline.start_of_turn(12) and timeline.turns[screen.position] == 12
        )
        await pilot.press("g", "t", "x", "enter")
        await pilot.pause()
        assert screen.position == timeline.start_of_turn(12), "a word goes nowhere"
        await pilot.press("end")
        assert screen.position == timeline.length


async def test_the_log_panel_follows_the_position(tmp_path: Path) -> None:
    path = saved(tmp_path)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("home", "right", "right", "right", "right", "right", "right")
        text = screen_text(app)
        assert "1  R  " in text or "    1  " in text, "the first decision is in the log"
        await pilot.press("home")
        assert "    1  " not in screen_text(app)


async def test_autoplay_moves_on_by_itself(tmp_path: Path) -> None:
    app = JetSetApp(replay=saved(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("home", "plus", "plus", "plus", "space")
        await pilot.pause(0.6)
        assert screen.position >= 2
        await pilot.press("space")
        stopped = screen.position
        await pilot.pause(0.3)
        assert screen.position == stopped


async def test_final_flights_are_revealed_after_the_end(tmp_path: Path) -> None:
    path = saved(tmp_path)
    dealt = hands(path)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "revealed" in text
        for seat_hand in dealt:
            for card in seat_hand:
                assert card in text


async def test_a_running_game_shows_only_the_viewers_cards(tmp_path: Path) -> None:
    path = running(tmp_path)
    dealt = hands(path)
    assert all(len(h) == 2 for h in dealt)
    for seat in (None, 1):
        app = JetSetApp(replay=path, replay_seat=seat)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            assert screen.position == 0, "a running game opens at its start"
            seen = []
            for _ in range(18):
                seen.append(screen_text(app))
                await pilot.press("right")
            everything = "\n".join(seen)
            for other, cards in enumerate(dealt):
                for card in cards:
                    if other == seat:
                        assert card in everything
                    else:
                        assert card not in everything, f"seat {other}'s {card} leaked"


async def test_my_last_turn(tmp_path: Path) -> None:
    path = saved(tmp_path)
    timeline = Timeline(read_log(path))
    app = JetSetApp(replay=path, replay_seat=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("m")
        start = screen.position
        assert timeline.last_turn_of(2, timeline.length) == start
        last = max(i for i, e in enumerate(timeline.entries) if e.actor == 2)
        assert timeline.turns[start] == timeline.turns[last], "the turn of seat 2's last move"
        assert start == 0 or timeline.turns[start - 1] < timeline.turns[start], "at its start"


async def test_m_for_a_spectator_goes_to_the_last_turn_of_the_player_to_move(
    tmp_path: Path,
) -> None:
    """A spectator has no turns of their own: m shows the last turn of whoever moved last, and
    says so (it used to do nothing and say nothing)."""
    path = saved(tmp_path)
    timeline = Timeline(read_log(path))
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end", "m")
        await pilot.pause()
        last = next(e.actor for e in reversed(timeline.entries) if e.actor >= 0)
        assert screen.position == timeline.last_turn_of(last, timeline.length)
        assert screen.position < timeline.length
        said = [n.message for n in app._notifications]
        assert any("no seat of your own" in m and screen.names[last] in m for m in said), said


def test_timeline_positions_match_a_straight_replay(tmp_path: Path) -> None:
    path = saved(tmp_path, players=4)
    log = read_log(path)
    timeline = Timeline(log, every=7)
    from engine import Game

    game = Game(log.header.options)
    for n, entry in enumerate(timeline.entries):
        assert timeline.state_at(n).digest() == game.state.digest()
        game.push(entry)
    assert timeline.state_at(timeline.length).digest() == game.digest()
    assert [digest for *_, digest in log.records] == game.digests


async def test_the_viewer_is_reused_for_the_next_log(tmp_path: Path) -> None:
    first = saved(tmp_path)
    second_dir = tmp_path / "second"
    second_dir.mkdir()
    second = running(second_dir)
    app = JetSetApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.open_replay(first) is None
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.position == viewer.timeline.length and "game over" in screen_text(app)
        await pilot.press("escape")
        assert app.open_replay(second, seat=1) is None
        await pilot.pause()
        assert app.screen is viewer, "the same screen, loaded with the other log"
        assert viewer.position == 0 and viewer.timeline.length == 15
        text = screen_text(app)
        assert "running.jetset" in text and "step 0/15" in text and "game over" not in text
        assert viewer.viewer == 1


async def test_an_80x24_viewer_shows_the_map_or_the_table_and_follows_the_position(
    tmp_path: Path,
) -> None:
    path = saved(tmp_path, players=6)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        game_map = screen.query_one(EuropeMap)
        text = screen_text(app)
        assert "Make the terminal larger" not in text and game_map.display
        assert not screen.query_one("#right").display, "no room beside the map"
        await pilot.press("v")
        await pilot.pause()
        text = screen_text(app)
        assert "P0" in text and "P2" in text and not game_map.display
        await pilot.press("home")  # the table in the map's place follows the position
        await pilot.pause()
        assert "€30" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert screen.shown_panels().scroll_y > 0 and "Final Flights" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert game_map.display and "P0" not in screen_text(app)


async def test_a_resize_redraws_the_players_for_the_new_height(tmp_path: Path) -> None:
    app = JetSetApp(replay=saved(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        players = app.screen.query_one("#right PlayersPanel", PlayersPanel)
        tall = players.size.height
        await resized(pilot, 120, 26)
        assert players.size.height == 2 * 3 < tall, "two lines a player at once, not next step"


def with_notes(tmp_path: Path) -> Path:
    """The saved game with the table's notes: chat before the first entry and after the sixth,
    a bot playing for P2 after the eighth, P2 back after the tenth, the turn clock deciding for
    P1 after the eleventh."""
    log = read_log(saved(tmp_path))
    log.notes = [
        Note(0, "chat", {"seat": None, "name": "Hal", "text": "hello"}),
        Note(6, "chat", {"seat": 1, "name": "P1", "text": "good [red]luck[/]"}),
        Note(8, "standin", {"seat": 2, "bot": "greedy"}),
        Note(10, "standin", {"seat": 2, "bot": None}),
        Note(10, "mystery", {"seat": 2}),
        Note(11, "clock", {"seat": 1, "bot": "greedy"}),
        Note(11, "clock", {"seat": 9, "bot": "greedy"}),
    ]
    path = tmp_path / "notes.jetset"
    write_log(path, log)
    return path


async def test_the_log_shows_chat_stand_ins_and_the_clock_at_their_place(tmp_path: Path) -> None:
    app = JetSetApp(replay=with_notes(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        log = screen.query_one(NotationLog)

        def lines() -> list[str]:
            return [line.plain for line in log.lines]

        await pilot.press("home")
        assert lines() == ["  Hal: hello"], "said before the first entry"
        await pilot.press(*["right"] * 5)
        assert len(lines()) == 6 and "good" not in " ".join(lines())
        await pilot.press("right")
        assert lines()[-1] == "  P1: good [red]luck[/]", "after the sixth entry, as text"
        assert (
            lines()[-2]
            == log.line(
                screen.timeline.entries[5], screen.timeline.turns[5], screen.names, screen.liveries
            ).plain
        )
        await pilot.press("right", "right")
        assert lines()[-1] == "  a bot plays for P2"
        await pilot.press("right", "right")
        assert (
            lines()[-1] == "  a bot no longer plays for P2"
            and lines()[-4] == "  a bot plays for P2"
        )
        assert lines().count("  a bot no longer plays for P2") == 1, "an unknown kind shows nothing"
        await pilot.press("right")
        assert lines()[-1] == "  the clock ran out: a bot decided for P1"
        assert lines().count("  the clock ran out: a bot decided for P1") == 1, "no seat 9"
        await pilot.press("left")
        await pilot.press("left", "left", "left")  # back: the log is rebuilt up to entry 7
        assert lines()[-2] == "  P1: good [red]luck[/]" and "P2" not in lines()[-1]
        assert lines().count("  P1: good [red]luck[/]") == 1
        assert "P1: good [red]luck[/]" in screen_text(app)


async def test_q_ends_a_viewer_opened_from_the_shell_and_goes_back_in_the_app(
    tmp_path: Path,
) -> None:
    path = saved(tmp_path)
    app = JetSetApp(replay=path)  # `jetset replay FILE`
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0, "the program ends"
    app = JetSetApp()  # Open a replay, from the start screen
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.open_replay(path) is None
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code is None and not isinstance(app.screen, ReplayScreen)


async def test_the_viewer_says_z_where_its_map_is_cramped(tmp_path: Path) -> None:
    """As on the game screen: at 80×24 the viewer's map has links with no way clear of the
    others, and the log pane's title says Z gives it the window; at 120×40 it says nothing."""
    app = JetSetApp(replay=saved(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settled(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await map_drawn(pilot)
        log = app.screen.query_one(NotationLog)
        assert await settled(pilot, lambda: "Z" in str(log.border_title))
        assert app.screen.query_one(EuropeMap).cramped()
        assert "Z: the whole map" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await map_drawn(pilot)
        assert await settled(pilot, lambda: log.border_title == "")
        assert "Z: the whole map" not in screen_text(app)
