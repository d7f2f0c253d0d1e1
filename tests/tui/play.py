"""Drive a whole game through the keyboard, as a person would, choosing with a bot's judgement."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from engine import CHANCE, Dealer, Game, Options, seed_commitment
from engine.jetset.actions import EndTurn
from engine.jetset.bots import BOTS, make_bot
from engine.jetset.notation import Notation
from engine.jetset.rules.business import action_done
from engine.jetset.selfplay import play_bot_choice, seat_bots
from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.load import LoadScreen
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.map import EuropeMap
from netcode.local import LocalSession
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.tui.keyboard import keys_for

ADVISOR = "greedy" if "greedy" in BOTS else "random"


def save_for_you(path: Path, game: Game, seed: str, names: list[str]) -> Path:
    """``game`` saved at ``path`` as a local game to resume: you are the first name, greedy
    bots the others, the dealer's secrets beside it."""
    seats = [Seat(names[0])] + [Seat(n, SeatKind.parse("bot:greedy")) for n in names[1:]]
    header = Header(game.options, seats, seed_commitment(seed), meta={"local": True})
    write_game(path, header, game, None)
    Secrets(seed).save(secrets_path(path))
    return path


async def settled(pilot: Pilot[None], ready: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Pause until ``ready()`` holds, for at most ``seconds`` of wall time; whether it held.
    Counted in seconds, not in pauses: a pause lasts as long as the app is busy, and as little
    as 5 ms when it is not (``tests/conftest.py``, ``quicker_pilot``)."""
    deadline = time.monotonic() + seconds
    while True:
        await pilot.pause()
        if ready():
            return True
        if time.monotonic() > deadline:
            return False


async def open_load(pilot: Pilot[None]) -> str:
    """From the start screen, ``l``: the Load screen's text."""
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, LoadScreen), screen_text(pilot.app)
    return screen_text(pilot.app)


async def game_screen(pilot: Pilot[None]) -> GameScreen:
    """The game screen once it is open, its whole table mounted (``table_mounted``) and its
    map drawn (``map_drawn``)."""
    if await settled(pilot, lambda: isinstance(pilot.app.screen, GameScreen)):
        assert isinstance(pilot.app.screen, GameScreen)
        await table_mounted(pilot, pilot.app.screen)
        await map_drawn(pilot)
        return pilot.app.screen
    raise AssertionError("no game screen")


async def table_mounted(pilot: Pilot[None], screen: GameScreen) -> None:
    """Wait until the game screen has mounted the table it leaves out of its first frame (the
    players, the rows: jetset_tui/screens/game.py, ``mount_table``)."""
    for _ in range(200):
        if screen.table_ready:
            await pilot.pause()  # the panels' first drawing
            return
        await pilot.pause(0.01)
    raise AssertionError("the table never came")


async def map_drawn(pilot: Pilot[None]) -> None:
    """Wait until every map on the screen shows its lines: a size laid out for the first time
    is made on a thread while the map shows a placeholder (jetset_tui/widgets/map.py)."""
    for _ in range(500):
        maps = pilot.app.screen.query(EuropeMap)
        if all(m.layout_ready() for m in maps):
            await pilot.pause()  # the map's own repaint: on a loaded machine, some more
            for _ in range(100):
                shown = [m for m in maps if m.display and m.is_attached and m.fits()]
                if all(m._strips is not None for m in shown):
                    break
                await pilot.pause(0.01)
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError("the map's layout never came")


async def resized(pilot: Pilot[None], width: int, height: int) -> None:
    """Resize the terminal and wait until the screen on it has the new size, its maps are laid
    out for it (``map_drawn``) and it has drawn once more. One pause was not always enough: on a
    busy machine CI saw a screen still saying "this terminal is 79×30" after the resize."""
    await pilot.resize_terminal(width, height)
    grown = await settled(pilot, lambda: tuple(pilot.app.screen.size) == (width, height))
    assert grown, f"the screen never took {width}×{height}"
    await map_drawn(pilot)
    await pilot.pause()


async def play_turns(
    app: JetSetApp, pilot: Pilot[None], screen: GameScreen, turns: int | None = None
) -> int:
    """Play the human seats' turns with keys (all of them, or ``turns``); return how many."""
    session = screen.session
    assert isinstance(session, LocalSession)
    notation = Notation(session.game.board)
    advisors = {s: make_bot(ADVISOR, s, "advice") for s in session.local_seats}
    played = 0
    while not session.game.over and (turns is None or played < turns):
        await session.wait_idle()
        await pilot.pause()
        if session.game.over:
            break
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            continue
        seat = session.game.to_move()
        assert seat is not None and seat == screen.viewer, screen_text(app)
        action = advisors[seat].act(session.view(seat), session.game.rules)
        before = len(session.game.entries)
        await pilot.press(*keys_for(action, notation))
        await pilot.pause()
        assert len(session.game.entries) > before, (action, screen_text(app))
        assert session.game.entries[before].action == action
        played += 1
    return played


def random_keeping_cards(
    options: Options, seed: str, until: Callable[[Game], bool] = lambda game: False
) -> Game:
    """A game of random bots that end every turn going on after its action (Business cards,
    rules decision B2) at once, so they keep their cards in hand (a random bot would spend them
    after every action), stopped where ``until`` holds or at its end."""
    game = Game(options)
    dealer = Dealer(seed, game.board, options.players)
    bots = seat_bots(["random"], options.players, seed)
    while (seat := game.to_move()) is not None and not until(game):
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        elif action_done(game.state):
            game.play(EndTurn())
        else:
            play_bot_choice(game, seat, bots[seat])
    return game
