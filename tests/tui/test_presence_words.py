"""What the presence panel says of a seat whose player is gone: the turn clock and the stand-in's
countdown said once each, and a table nobody is at said to wait."""

from __future__ import annotations


def test_a_player_away_under_a_turn_clock_is_said_once_with_both_countdowns() -> None:
    """A play test under a turn clock read "a bot plays for them in 0:35 unless they are back"
    just after the clock's bot had moved for her: both are said, each for what it does."""
    from jetset_tui.widgets.presence import while_away

    said = while_away(False, 35.0, "running").plain
    assert (
        said == "their turn clock keeps running; a bot takes the seat in 0:35 unless they are back"
    )
    assert while_away(True, 35.0, None).plain == (
        "a bot takes the seat in 0:35 unless someone takes it"
    )
    assert while_away(False, None, "running").plain == "their turn clock keeps running"
    assert while_away(False, None, None).plain == "the game waits for them"


def test_a_gone_players_clock_is_said_to_run_only_on_their_turn() -> None:
    """A play test read "their turn clock keeps running" of a player who was not to move: the
    clock runs for the seat whose decision it is (``SeatPresence.clock``); another gone
    player's runs when their turn comes."""
    from jetset_tui.widgets.presence import dropped_lines
    from netcode.client import Presence
    from netcode.protocol import SeatPresence
    from netcode.seatkind import SeatKind

    kinds = [SeatKind(), SeatKind(), SeatKind()]
    seats = (
        SeatPresence(False, away=30.0, clock=25.0),  # to move
        SeatPresence(False, away=12.0, left=True),
        SeatPresence(True),
    )
    said = dropped_lines(["alice", "bob", "carol"], Presence(seats, turn_time=60.0), kinds)
    assert said.plain.splitlines() == [
        "alice has lost their connection; their turn clock keeps running",
        "bob has left the table; their turn clock runs when their turn comes",
    ], said.plain
    untimed = Presence((SeatPresence(False, away=30.0), *seats[1:]))
    said = dropped_lines(["alice", "bob", "carol"], untimed, kinds)
    assert "clock" not in said.plain and said.plain.count("the game waits for them") == 2


def test_with_nobody_at_the_table_an_away_seat_waits_and_its_clock_is_not_said_to_move() -> None:
    """A watcher read "alice has left the table; their turn clock moves for them" for six
    minutes while nothing moved: with no person in a seat the host stops the clock (and the
    bots). The bot's seat being connected is no one at the table."""
    from jetset_tui.widgets.presence import dropped_lines
    from netcode.client import Presence
    from netcode.protocol import SeatPresence
    from netcode.seatkind import SeatKind

    kinds = [SeatKind(), SeatKind.of_bot("greedy"), SeatKind()]
    alone = (SeatPresence(False, away=30.0, left=True), SeatPresence(True))
    nobody = Presence((*alone, SeatPresence(False, away=5.0)), turn_time=60.0)
    said = dropped_lines(["alice", "Amelia", "bob"], nobody, kinds=kinds).plain
    assert said.count("the game waits for them") == 2 and "clock" not in said, said
    someone = Presence((*alone, SeatPresence(True)), turn_time=60.0)
    said = dropped_lines(["alice", "Amelia", "bob"], someone, kinds=kinds).plain
    assert said == "alice has left the table; their turn clock runs when their turn comes", said


def test_a_spectator_of_a_paused_game_is_not_told_a_place_is_kept() -> None:
    """A play test: a spectator read "q leaves (your place is kept)" while the host was away;
    a player still reads it, and the full disk and the lost host are said alike to both."""
    from jetset_tui.widgets.presence import pause_words
    from netcode.client import Presence
    from netcode.protocol import SeatPresence

    paused = Presence((SeatPresence(True),), paused="the host has paused the game")
    assert (
        pause_words(paused, watching=True) == "the game waits for the host to resume it; q leaves"
    )
    assert "your place is kept" in pause_words(paused, watching=False)
    for kind in ({"by_itself": True}, {"gone": True}):
        other = Presence((SeatPresence(True),), paused="why", **kind)  # type: ignore[arg-type]
        assert pause_words(other, watching=True) == pause_words(other, watching=False)


def test_a_lost_connection_is_not_said_to_be_the_hosts_pause() -> None:
    """A play test's joiner lost its own connection and read "the game waits for the host to
    resume it" while the game went on, a bot playing its seat: a peer that lost its connection
    (``unreachable``) says it tries to reach the host again, the seat kept for a player."""
    from jetset_tui.widgets.presence import TRYING_AGAIN, pause_words
    from netcode.client import Presence
    from netcode.protocol import SeatPresence

    lost = Presence((SeatPresence(True),), paused="why", unreachable=True)
    assert pause_words(lost, watching=False) == TRYING_AGAIN
    assert "kept" not in pause_words(lost, watching=True)
    assert "waits for the host" not in pause_words(lost, watching=True)


def test_a_servers_game_names_the_server_not_a_host() -> None:
    """A play test over ``jetset join ssh://`` read "trying to reach the host again" where no
    player hosts the game: a server's presence (``served``) names the server in each line."""
    from jetset_tui.widgets.presence import pause_words
    from netcode.client import Presence
    from netcode.protocol import SeatPresence

    seats = (SeatPresence(True),)
    for kind in ({"unreachable": True}, {"gone": True}, {"by_itself": True}):
        for watching in (False, True):
            hosted = Presence(seats, paused="why", **kind)  # type: ignore[arg-type]
            served = Presence(seats, paused="why", served=True, **kind)  # type: ignore[arg-type]
            assert "the host" in pause_words(hosted, watching=watching)
            said = pause_words(served, watching=watching)
            assert "the server" in said and "host" not in said, said


async def test_while_you_were_away_counts_and_names_moves_not_ends_of_turn() -> None:
    """A LAN play test was told "While you were away a bot played 4 moves for you, the last:
    ends the turn" of a claim, a rent and two ends of turn: the ends of turn are neither
    counted nor named, unless nothing else was played."""
    from textual.app import App

    from jetset_tui.toasts import AwayMoves, NoticeRun

    app: App[None] = App()
    async with app.run_test(notifications=True) as pilot:
        away, run = AwayMoves(), NoticeRun()
        for move, minor in (("claim S1-15", False), ("ends the turn", True)):
            away.played_by_a_bot(move, minor=minor)
        away.played_by_a_bot("rent AMS-HAM", minor=False)
        away.played_by_a_bot("ends the turn", minor=True)
        away.say_once_caught_up(app, run, caught_up=True)
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert said == [
            "While you were away a bot played 2 moves for you, the last: rent AMS-HAM"
        ], said
        only, run = AwayMoves(), NoticeRun()
        only.played_by_a_bot("ends the turn", minor=True)
        only.say_once_caught_up(app, run, caught_up=True)
        await pilot.pause()
        assert "While you were away a bot played for you: ends the turn" in [
            n.message for n in app._notifications
        ]
