"""The tutorial walked through as a newcomer would, with the keys the coach names: every chapter
comes up in order on the real engine, space plays on while a chapter waits, and leaving for the
menu and starting the tutorial again resumes it at the same chapter."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from engine import Action, Game
from engine.jetset.actions import CashIn, Offer
from engine.jetset.bots import make_bot
from engine.jetset.notation import Notation
from jetset_tui import tutorial
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import _ as said_in
from jetset_tui.i18n import use_language
from jetset_tui.screens.end import EndScreen
from jetset_tui.screens.start import StartScreen
from jetset_tui.screens.tutorial import Coach, TutorialScreen, tutorial_session
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.command import CommandLine
from jetset_tui.widgets.map import EuropeMap
from netcode.local import LocalSession
from netcode.logfile import read_log
from tests.tui.keyboard import keys_for
from tests.tui.play import resized, settled


async def tutorial_screen(pilot: Pilot[None]) -> TutorialScreen:
    if await settled(pilot, lambda: isinstance(pilot.app.screen, TutorialScreen)):
        assert isinstance(pilot.app.screen, TutorialScreen)
        return pilot.app.screen
    raise AssertionError("no tutorial: " + screen_text(pilot.app))


def coach_text(screen: TutorialScreen) -> str:
    return str(screen.query_one(Coach).content)


async def settle(pilot: Pilot[None], screen: TutorialScreen) -> None:
    """Until the bot has moved and the tutorial has stopped playing for you."""
    session = screen.session
    assert isinstance(session, LocalSession)
    for _ in range(2000):
        await session.wait_idle()
        await pilot.pause()
        if not screen.playing_on and not session.busy:
            return
    raise AssertionError("the tutorial never stopped playing on")


def lesson(screen: TutorialScreen, chapter: tutorial.Chapter) -> Action:
    """The first legal move the chapter teaches."""
    return next(a for a in screen.session.game.legal_actions() if isinstance(a, chapter.kinds))


async def test_the_tutorial_walked_through_and_resumed(tmp_path: Path) -> None:
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True)
    seen: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await tutorial_screen(pilot)
        notation = Notation(screen.session.game.board)
        left_once = False
        for _ in range(200):
            await settle(pilot, screen)
            if screen.session.game.over:
                break
            chapter = screen.chapter()
            if chapter is None:
                assert tutorial.FREE_PLAY in coach_text(screen)
                break
            said = coach_text(screen)
            assert chapter.title in said and chapter.teach() in said
            if chapter.name not in seen:
                seen.append(chapter.name)
            if screen.waiting():
                assert "Press space" in said and chapter.wait in said
                # the lesson under "Not yet" never says the move can be made now
                assert "Your planes now" not in chapter.teach(), chapter.teach()
                assert "Play on for me" in screen_text(app)  # the footer shows the key
                await pilot.press("space")
                continue
            await pilot.press(*keys_for(lesson(screen, chapter), notation))
            if chapter.name == "income" and not left_once:  # leave for the menu, come back
                left_once = True
                await settle(pilot, screen)
                at = len(screen.session.game.entries)
                await pilot.press("q")
                await pilot.pause()
                assert isinstance(app.screen, StartScreen)
                await pilot.press("t")
                screen = await tutorial_screen(pilot)
                assert len(screen.session.game.entries) >= at
                assert "4. Place planes" in coach_text(screen)
        assert seen == [c.name for c in tutorial.CHAPTERS]
        assert left_once
    log = read_log(tmp_path / tutorial.TUTORIAL_FILE)
    assert log.header.meta.get("tutorial") is True


async def test_an_unreadable_tutorial_save_starts_anew(tmp_path: Path) -> None:
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await tutorial_screen(pilot)
        first = screen.session
        assert "1. Buy an airlink" in coach_text(screen)
        assert isinstance(first, LocalSession)
        await pilot.press("q")
        await pilot.pause()
        (tmp_path / tutorial.TUTORIAL_FILE).write_bytes(b"not a game")  # unreadable: anew
        await pilot.press("t")
        screen = await tutorial_screen(pilot)
        assert screen.session is not first and "1. Buy an airlink" in coach_text(screen)
        assert not isinstance(app.screen, EndScreen)
    assert read_log(tmp_path / tutorial.TUTORIAL_FILE).header.meta.get("tutorial") is True


async def test_the_last_chapter_the_expansion(tmp_path: Path) -> None:
    """The last chapter (``jetset tutorial --expansion``, or the tutorial once its first game is
    over): a Business card cashed in (taken back, and again), then a deal."""
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True, expansion=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await tutorial_screen(pilot)
        session = screen.session
        assert session.game.options.business_cards
        notation = Notation(session.game.board)
        await settle(pilot, screen)
        said = coach_text(screen)
        assert "10. Business cards" in said and "(10 of 11)" in said
        card = next(a for a in screen.legal_now() if isinstance(a, CashIn))
        await pilot.press(*keys_for(card, notation))
        await settle(pilot, screen)
        assert "11. A Business Deal" in coach_text(screen)
        await pilot.press("z")  # taken back: the chapter follows the game back
        await settle(pilot, screen)
        assert "10. Business cards" in coach_text(screen)
        await pilot.press(*keys_for(card, notation))
        await settle(pilot, screen)
        offer = next(a for a in screen.legal_now() if isinstance(a, Offer))
        await pilot.press(*keys_for(offer, notation))
        await settle(pilot, screen)
        assert tutorial.FREE_PLAY_EXPANSION in coach_text(screen)
        await pilot.press("z")
        await pilot.pause()
        assert "a deal offered or answered cannot be taken back" in screen_text(app)
    assert (tmp_path / tutorial.EXPANSION_FILE).exists()


async def finish(path: Path) -> None:
    """Play a saved tutorial game out with bots (the dealer's seed revealed: the log says it
    is over)."""
    s = LocalSession.resume(path, bot_delay=0, fsync=False)
    await s.start()
    while not s.game.over:
        await s.wait_idle()
        seat = s.game.to_move()
        if seat is None:
            break
        await s.submit(seat, make_bot("greedy", seat, "t").act(s.view(seat), s.game.rules))
    await s.wait_idle()
    await s.close()


def test_the_tutorial_goes_from_the_first_game_to_the_expansion_and_round(tmp_path: Path) -> None:
    """Which game ``tutorial_session`` opens: the first while it is unfinished, then the
    expansion's, then the first again once both are over."""
    import asyncio

    async def opened(**kw: bool) -> tuple[bool, str]:
        s = tutorial_session(tmp_path, bot_delay=0, fsync=False, **kw)
        try:
            return s.game.options.business_cards, s.seed
        finally:
            await s.close()

    async def walk() -> None:
        assert await opened() == (False, tutorial.SEED)
        assert await opened() == (False, tutorial.SEED)  # resumed
        await finish(tmp_path / tutorial.TUTORIAL_FILE)
        assert await opened() == (True, tutorial.EXPANSION_SEED)
        await finish(tmp_path / tutorial.EXPANSION_FILE)
        assert await opened() == (False, tutorial.SEED)
        assert not (tmp_path / tutorial.EXPANSION_FILE).exists()
        assert await opened(expansion=True) == (True, tutorial.EXPANSION_SEED)

    asyncio.run(walk())


async def test_at_80x24_the_picker_shows_its_choices_and_the_coach_comes_back(
    tmp_path: Path,
) -> None:
    """At 80×24 the coach and a picker did not both fit: the picker kept two rows, its title and
    filter, and none of the links to buy. While a picker is open the coach makes room."""
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await tutorial_screen(pilot)
        await settle(pilot, screen)
        assert "1. Buy an airlink" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        text = screen_text(app)
        assert "▸ " in text and "costs €" in text, text  # a choice, and what it costs
        await pilot.press("escape")
        await pilot.pause()
        assert "1. Buy an airlink" in screen_text(app), "the coach is back"


async def test_the_coach_says_where_the_rows_are_at_every_size(tmp_path: Path) -> None:
    """Beside the map from 100 columns; under it the rows are behind v, and the coach says so
    (it said "the rows on the right" where there were none)."""
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await tutorial_screen(pilot)
        await settle(pilot, screen)
        assert screen.chapter() == tutorial.CHAPTERS[0]
        assert "(the rows on the right)" in coach_text(screen)
        for size in ((80, 24), (99, 30)):
            await resized(pilot, *size)
            assert screen.slim
            said = coach_text(screen)
            assert "(v shows the rows)" in said and "right" not in said, said
            await pilot.press("v")
            await pilot.pause()
            assert "Short Flights" in screen_text(app), "v shows them, as the coach says"
            await pilot.press("v")
        await resized(pilot, 100, 30)
        assert "(the rows on the right)" in coach_text(screen)
        assert "Short Flights" in screen_text(app)


async def test_the_coach_leaves_the_map_and_the_command_line_their_rows(tmp_path: Path) -> None:
    """The coach sits between the map and the log: at 100×30 the map kept 11 rows (drawn as a
    tangle of crossings) and the command line went below the screen's edge, so that what ':'
    typed was never seen (at 80×24 too), and so did a picker's verdict. The tutorial's log keeps
    a few lines, under 30 rows none ('l' opens it whole), and the coach makes way for a picker."""
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await tutorial_screen(pilot)
        await settle(pilot, screen)
        for height in (30, 24):
            await resized(pilot, 100 if height == 30 else 80, height)
            await pilot.press(":", *"income")
            await pilot.pause()
            line = screen.query_one(CommandLine)
            assert line.region.height > 0 and line.region.bottom <= height - 1, line.region
            assert "income" in screen_text(app)  # above the footer, seen as it is typed
            assert "1. Buy an airlink" in screen_text(app), "the coach is still there"
            assert screen.query_one(EuropeMap).size.height >= (13 if height == 30 else 12)
            await pilot.press("escape", "ctrl+u", "escape", "b")  # a picker: the coach makes way
            await pilot.pause()
            assert "✓ allowed: Enter to play it" in screen_text(app), screen_text(app)
            assert screen.query_one(CommandLine).region.y <= height - 2  # its typing row
            await pilot.press("escape")
            await pilot.pause()


def test_the_coach_prices_a_place_as_the_rules_do() -> None:
    """Rules first in the coach's words too: chapter 4 said the service charge "grows with the
    number of planes"; it depends on the links placed on (rulebook, Action 2), and the figures
    the coach gives are the engine's."""
    import re

    from engine.jetset.rules.costs import service_charge

    place = next(c for c in tutorial.CHAPTERS if c.name == "place")
    said = place.teach()
    assert "number of planes" not in said and "links you place on" in said, said
    figures = [int(n) for n in re.findall(r"€(\d+) for (?:one|two|three)", said)]
    assert figures == [service_charge(links) for links in (1, 2, 3)], said


def test_the_end_of_a_tutorial_game_says_what_comes_next() -> None:
    """A play test: the opponent's Final Flight ended the game right after the newcomer's, so
    chapter 9 (the race) never came, and the end screen said nothing of the tutorial's last
    chapter, a game of its own. The coach's word now ends the game: the race's lesson if the
    game ended before it, and how the tutorial goes on."""
    from engine import Options
    from engine.jetset.actions import FinalPlane
    from engine.jetset.selfplay import play_game

    races = set()
    for seed in ("end-a", "end-b", "end-c", "end-d"):  # seat 0 raced in end-c alone
        game = play_game(Options(players=2), seed, ("greedy",))
        raced = any(e.actor == 0 and isinstance(e.action, FinalPlane) for e in game.entries)
        races.add(raced)
        said = tutorial.end_words(game.entries, game.state, 0, game.options)
        assert said.endswith(said_in(tutorial.GAME_OVER)), said
        assert (said_in(tutorial.RACE_UNSEEN) in said) is not raced, (seed, said)
    assert races == {True, False}
    expansion = Options(players=2, business_cards=True)
    over = said_in(tutorial.GAME_OVER_EXPANSION)
    assert tutorial.end_words([], Game(expansion).state, 0, expansion) == over


async def test_the_end_screen_shows_the_coachs_word(tmp_path: Path) -> None:
    from engine import Options
    from engine.jetset.selfplay import play_game
    from jetset_tui.theme import livery_for
    from netcode.seatkind import SeatKind

    game = play_game(Options(players=2), "end-note", ("greedy",))
    kinds = [SeatKind.parse("human"), SeatKind.of_bot("greedy")]
    liveries = [livery_for([], i) for i in range(2)]
    note = said_in(tutorial.GAME_OVER)
    app = JetSetApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(EndScreen(game, ["Root", "Amelia"], kinds, liveries, note=note))
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        assert note in said, said


async def test_t_at_the_end_of_the_tutorials_first_game_opens_its_last_chapter(
    tmp_path: Path,
) -> None:
    """The end of the tutorial's first game offers ``t``, which opens the expansion's chapter
    (its coach's word says so); the end of that chapter offers no ``t``."""
    from engine import Options
    from engine.jetset.selfplay import play_game
    from jetset_tui.theme import livery_for
    from netcode.seatkind import SeatKind

    first = tutorial_session(tmp_path, bot_delay=0, fsync=False)
    await first.close()
    await finish(tmp_path / tutorial.TUTORIAL_FILE)
    game = play_game(Options(players=2), "end-t", ("greedy",))
    kinds = [SeatKind.parse("human"), SeatKind.of_bot("greedy")]
    liveries = [livery_for([], i) for i in range(2)]
    app = JetSetApp(saves=tmp_path, bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        end = EndScreen(game, ["Root", "Amelia"], kinds, liveries, tutorial_next=True)
        app.push_screen(end)
        await pilot.pause()
        assert "t Last chapter" in screen_text(app).splitlines()[-1]
        await resized(pilot, 80, 24)  # it was cut there: "t L'ultimo ca▏" in Italian
        assert "t Last chapter" in screen_text(app).splitlines()[-1]
        with use_language("it"):
            assert len(said_in("Last chapter")) <= len("Last chapter") + 4
        await pilot.press("t")
        screen = await tutorial_screen(pilot)
        assert screen.session.game.options.business_cards, "the expansion's chapter"
        assert not screen.end_screen().tutorial_next, "the tutorial's last game"
        plain = EndScreen(game, ["Root", "Amelia"], kinds, liveries)
        app.push_screen(plain)
        await pilot.pause()
        assert "tutorial" not in screen_text(app).splitlines()[-1]
