"""The end race on the game screen, and the end screen's keys: play again, watch the replay."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from textual.pilot import Pilot

from engine import Game, Options, seed_commitment
from engine.jetset.bots import make_bot
from engine.jetset.bots.race import finishers
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import money, use_language
from jetset_tui.race import enders
from jetset_tui.screens.end import EndScreen, rematch_plan
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.theme import livery_for
from netcode.client import SeatInfo
from netcode.local import LocalSession
from netcode.logfile import Header, Seat, read_log, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, resized, settled

BOT = f"bot:{ADVISOR}"


async def finished_log(tmp_path: Path, players: int, seed: str) -> Path:
    """A whole game of bots played by a real session (no screen), its log on disk."""
    path = tmp_path / "game.jetset"
    names = ["Ann", "Amelia", "Wilbur"][:players]
    seats = [SeatInfo(n, SeatKind(ADVISOR)) for n in names]
    session = LocalSession(Options(players=players), seats, seed=seed, path=path, bot_delay=0)
    await session.start()
    for _ in range(10_000):
        await session.wait_idle()
        if session.game.over:
            break
    assert session.game.over
    await session.close()
    return path


async def end_screen(pilot: Pilot[None]) -> EndScreen:
    if await settled(pilot, lambda: isinstance(pilot.app.screen, EndScreen)):
        await pilot.pause()
        assert isinstance(pilot.app.screen, EndScreen)
        return pilot.app.screen
    raise AssertionError("no end screen: " + screen_text(pilot.app))


async def test_the_turn_bar_and_the_panel_warn_before_the_game_can_end(tmp_path: Path) -> None:
    """A whole game, you against two bots: from Vacation Time on the panel says what each
    played Final Flight still needs, and on your turn before the end can come the turn bar
    warns you."""
    app = make_app(tmp_path, ["human", BOT, BOT], seed="race-3")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        session = screen.session
        assert isinstance(session, LocalSession)
        advisor = make_bot(ADVISOR, 0, "advice")
        warned = raced = 0
        while not session.game.over:
            await session.wait_idle()
            await pilot.pause()
            if session.game.over:
                break
            view = session.view(0)
            text = screen_text(app)
            if not view.vacation_time:
                assert "to finish" not in text and "⚠" not in text
            for race in finishers(view):
                raced += 1
                assert any(w in text for w in ("to finish", "1 plane to go", "complete"))
                if race.ends_next_turn:
                    assert "1 plane to go, then the game ends" in text
            if enders(view):
                warned += 1
                bar = text.splitlines()[0]
                assert "⚠" in bar and "end" in bar, bar
            await session.submit(0, advisor.act(view, session.game.rules))
        assert raced and warned, (raced, warned)


async def test_play_again_with_the_same_seats(tmp_path: Path) -> None:
    path = await finished_log(tmp_path, 3, "again-1")
    first = read_log(path).header
    app = JetSetApp(resume=path, bot_delay=30, fsync=False, saves=tmp_path)  # bots wait: no end
    async with app.run_test(size=(120, 40)) as pilot:
        end = await end_screen(pilot)
        text = screen_text(app)
        assert "Game over" in text and "Final Flight" in text
        assert "r Play again" in text and "w Watch the replay" in text
        await pilot.press("r")
        screen = await game_screen(pilot)
        assert end not in app.screen_stack
        session = screen.session
        assert app.local_games == [session]
        assert [s.name for s in session.seats] == [s.name for s in first.seats]
        assert [s.kind for s in session.seats] == [s.kind for s in first.seats]
        assert session.game.options == first.options
        assert not session.game.over and session.save_path != path
        assert session.save_path is not None and session.save_path.parent == tmp_path


async def test_watch_the_replay_from_the_end_screen(tmp_path: Path) -> None:
    path = await finished_log(tmp_path, 2, "again-2")
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await end_screen(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        length = app.screen.timeline.length
        assert app.screen.position == 0, "watched again from its first move"
        assert "REPLAY game.jetset" in screen_text(app)
        assert f"step 0/{length}" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert app.open_replay(path) is None  # opened elsewhere, a finished game shows its end
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.position == length


async def test_the_end_counts_the_moves_as_load_does(tmp_path: Path) -> None:
    """The end said "(147 moves)" where Load said 117 for the same game: it counted the
    dealer's entries too. Both count the players' moves now (README: counted alike)."""
    from jetset_tui.saves import describe_file

    path = await finished_log(tmp_path, 2, "count-2")
    saved = describe_file(path)
    assert saved is not None and saved.finished
    entries = len(read_log(path).records)
    assert saved.moves < entries, "the dealer's entries are not moves"
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await end_screen(pilot)
        assert f"turns ({saved.moves} moves)" in screen_text(app), screen_text(app)


async def test_enter_keeps_the_end_screen(tmp_path: Path) -> None:
    """A player pressing Enter (their last move's, or to dismiss a message) keeps the end
    screen; the footer says the keys that leave it."""
    path = await finished_log(tmp_path, 2, "enter-2")
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        end = await end_screen(pilot)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.screen is end
        footer = screen_text(app).splitlines()[-1]
        assert "esc Menu" in footer and "w Watch the replay" in footer, footer
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not end and end not in app.screen_stack


async def test_the_end_scrolls_to_its_charts_at_80_by_24(tmp_path: Path) -> None:
    """At 80×24 the end is taller than the window: ↑↓ (in the footer) and PgDn scroll it to
    the charts, each as tall as it needs to be read (they were cut, and nothing scrolled)."""
    path = await finished_log(tmp_path, 3, "scroll-3")
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        end = await end_screen(pilot)
        await pilot.pause()
        body = end.query_one("#end-body")
        assert body.max_scroll_y > 0
        assert "↑↓ Scroll" in screen_text(app).splitlines()[-1]
        await pilot.press("down", "down")
        await pilot.pause()
        assert body.scroll_y == 2
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        text = screen_text(app)
        assert "turn 0" in text and "─R─ Ann" in text, text
        assert end.query_one("#points-chart").size.height >= 12
        await resized(pilot, 140, 60)
        assert body.max_scroll_y == 0
        assert "Scroll" not in screen_text(app).splitlines()[-1]


EVERY_OPTION = Options(
    players=3,
    extra_cards=True,
    distant_lands=True,
    hubs=True,
    business_cards=True,
    investors=True,
    investors_face_up=True,
)


def test_every_option_has_a_place_in_the_rematch() -> None:
    """Each switch of ``Options`` is on in EVERY_OPTION, and the rematch plan keeps it."""
    switches = [f.name for f in fields(Options) if f.type in (bool, "bool")]
    assert switches and all(getattr(EVERY_OPTION, name) for name in switches)
    game = Game(EVERY_OPTION)
    liveries = [livery_for([], i) for i in range(3)]
    kinds = [SeatKind.parse("human")] + [SeatKind(ADVISOR)] * 2
    plan = rematch_plan(game, ["Ann", "Amelia", "Wilbur"], kinds, liveries)
    assert plan.check() is None and plan.options == EVERY_OPTION


def finished_with_every_option(tmp_path: Path, names: list[str] | None = None) -> Path:
    """A bots' game with every module, the extra cards and face-up Investors, saved whole."""
    seed = "again-4"
    game = play_game(EVERY_OPTION, seed, (ADVISOR,))
    assert game.over
    path = tmp_path / "every.jetset"
    seats = [Seat(n, SeatKind(ADVISOR)) for n in names or ["Ann", "Amelia", "Wilbur"]]
    header = Header(game.options, seats, seed_commitment(seed), meta={"local": True})
    write_game(path, header, game, seed)
    Secrets(seed).save(secrets_path(path))
    return path


async def test_play_again_keeps_every_option_of_the_game(tmp_path: Path) -> None:
    path = finished_with_every_option(tmp_path)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await end_screen(pilot)
        await pilot.press("r")
        screen = await game_screen(pilot)
        assert screen.session.game.options == EVERY_OPTION
        assert not screen.session.game.over


async def test_a_network_game_offers_no_rematch(tmp_path: Path) -> None:
    """Only a game played at this keyboard starts again here."""
    path = await finished_log(tmp_path, 2, "again-3")
    app = JetSetApp(resume=path, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        end = await end_screen(pilot)
        end.local = False
        end.refresh_bindings()
        await pilot.pause()
        assert "Play again" not in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is end and not isinstance(app.screen, GameScreen)


LANGUAGE_WORDS = {
    "en": ("player", "Flight", "Distant", "Final", "hubs", "Business", "points", "cash"),
    "it": ("giocatore", "Carte", "lontani", "finale", "hub", "Affari", "punti", "denaro"),
}


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_scores_are_whole_at_80_columns(tmp_path: Path, language: str) -> None:
    """Every heading and every cell of the score table, with every module, read at 80×24, in
    either language (Italian's longer words once pushed the cash off the edge), with names as
    long as the bots' of ``jetset selfplay``."""
    path = finished_with_every_option(tmp_path, ["greedy-0", "greedy-1", "greedy-2"])
    with use_language(language):
        app = JetSetApp(resume=path, fsync=False, saves=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            end = await end_screen(pilot)
            scores = end.query_one("#scores").region
            text = "\n".join(screen_text(app).splitlines()[scores.y : scores.bottom])
            assert "…" not in text, text
            for heading in LANGUAGE_WORDS[language]:
                assert heading in text, text
            for score in end.game.scores():
                assert money(score.cash) in text, text
            for name in ("greedy-0", "greedy-1", "greedy-2"):
                assert name in text, text


SIX_WITH_EVERY_MODULE = Options(
    players=6, distant_lands=True, hubs=True, business_cards=True, investors=True
)


def finished_six(tmp_path: Path) -> Path:
    """Six bots' game with every module, saved whole, the seats named as `jetset selfplay`
    names them."""
    seed = "six-1"
    game = play_game(SIX_WITH_EVERY_MODULE, seed, (ADVISOR,))
    assert game.over
    path = tmp_path / "six.jetset"
    seats = [Seat(f"greedy-{i}", SeatKind(ADVISOR)) for i in range(6)]
    header = Header(game.options, seats, seed_commitment(seed), meta={"local": True})
    write_game(path, header, game, seed)
    Secrets(seed).save(secrets_path(path))
    return path


@pytest.mark.parametrize("language", ["en", "it"])
async def test_six_players_scores_are_a_line_each_at_80_by_24(
    tmp_path: Path, language: str
) -> None:
    """Six players with every module at 80×24: the score table shows at once, a line a player
    with its totals (a player's row of the full table took four or five lines, so the
    standings did not fit the window), every column and every cash whole."""
    path = finished_six(tmp_path)
    with use_language(language):
        app = JetSetApp(resume=path, fsync=False, saves=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            end = await end_screen(pilot)
            scores = end.query_one("#scores").region
            assert scores.bottom <= 24 - 1, "the standings fit above the footer"
            lines = screen_text(app).splitlines()[scores.y : scores.bottom]
            text = "\n".join(lines)
            assert "…" not in text, text
            for heading in LANGUAGE_WORDS[language]:
                assert heading in text, text
            for score in end.game.scores():
                name = end.names[score.seat]
                (row,) = [line for line in lines if name in line]
                assert row.rstrip().endswith(money(score.cash)), row
                assert f" {score.total} " in row, row
            assert "×" not in text and "turn" not in text, "the details stay for a wide window"


async def test_six_players_scores_in_full_at_140_columns(tmp_path: Path) -> None:
    """Where every player's row fits on one line, the table gives the Flight cards by value
    and the turn of each Final Flight."""
    path = finished_six(tmp_path)
    app = JetSetApp(resume=path, fsync=False, saves=tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        end = await end_screen(pilot)
        scores = end.query_one("#scores").region
        lines = screen_text(app).splitlines()[scores.y : scores.bottom]
        text = "\n".join(lines)
        assert "×" in text and "turn" in text and "★ winner" in text, text
        for name in end.names:
            assert len([line for line in lines if name in line]) == 1, text


def test_the_end_says_when_cash_broke_a_tie_on_points() -> None:
    """A LAN party's play test: "Dan wins!" over Bob on the same 26 points, and only the cash
    column said why. Two greedy bots tie on 36 points in seed ``tie/11`` (€15 against €9)."""
    from engine import Options
    from engine.jetset.selfplay import play_game
    from jetset_tui.screens.end import tie_words

    tied = play_game(Options(players=2), "tie/11", ("greedy",))
    assert [(s.total, s.cash) for s in tied.scores()] == [(36, 15), (36, 9)]
    with use_language("en"):
        assert tie_words(tied) == "(tied on 36 points: the most cash breaks the tie)"
        untied = play_game(Options(players=2), "tie/0", ("greedy",))
        assert len({s.total for s in untied.scores()}) == 2 and tie_words(untied) == ""


def test_players_level_on_points_and_cash_share_their_place() -> None:
    """A play test's end screen read Cat and Dan, both 26 points and €14, as 2. and 3. Level
    on points and cash, they share the place, and the next is counted past them."""
    from jetset_tui.screens.end import places

    standings = [(2, 30, 5), (0, 26, 14), (3, 26, 14), (1, 26, 9), (4, 20, 0)]
    assert places(standings) == {2: 1, 0: 2, 3: 2, 1: 4, 4: 5}


def test_a_list_of_winners_reads_as_a_sentence() -> None:
    """A fix's check read "random-0 and random-1 and random-2 and random-3 win!"."""
    from jetset_tui.screens.end import listed

    assert listed(["Ann"]) == "Ann"
    assert listed(["Ann", "Bob"]) == "Ann and Bob"
    assert listed(["Ann", "Bob", "Cat", "Dan"]) == "Ann, Bob, Cat and Dan"


def test_winners_level_on_cash_are_not_said_to_be_parted_by_it() -> None:
    """A fix's check: two winners on the same points and €6 each, two others on those points
    with €1, read "the most cash breaks the tie": cash parted them from the others, not from
    each other."""
    from engine import Options
    from engine.jetset.selfplay import play_game
    from jetset_tui.screens.end import tie_words

    game = play_game(Options(players=4), "tie-20", ("random",) * 4)  # found by a search
    scores = {s.seat: (s.total, s.cash) for s in game.scores()}
    assert game.winners() == [1, 2] and scores[1] == scores[2] and scores[0] < scores[1]
    assert tie_words(game) == f"(tied on {scores[1][0]} points and on cash)"
