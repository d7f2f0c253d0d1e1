"""Distant Lands in the app: the Distant row and boards in the table panel, buying a distant
airlink with the choice of City marker by keys, and by typed notation with Tab completion."""

from __future__ import annotations

import re
from pathlib import Path

from engine import Game, Options, seed_commitment
from engine.jetset.actions import BuyDistant, ClaimDistant
from engine.jetset.distant_state import load_distant
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.tui.play import game_screen, save_for_you, settled

SEED = "a"
DISTANT = load_distant()


def save_with_cash_for_a_distant_link(tmp_path: Path) -> Path:
    """A 2-player Distant Lands game of greedy bots, stopped where seat 0 (the human) is to move
    with €47 or more and Washington's €20 link still free."""
    options = Options(players=2, distant_lands=True)
    game = play_game(options, SEED, ("greedy",))
    replayed = Game(options)
    was1 = DISTANT.slot_named["WAS1"]
    for entry in game.entries:
        replayed.push(entry)
        state = replayed.state
        d = state.distant
        assert d is not None
        if replayed.to_move() == 0 and state.seats[0].cash >= 47 and d.owner[was1] < 0:
            break
    else:
        raise AssertionError("seat 0 never had €47 to move with")
    path = tmp_path / "distant.jetset"
    seats = [Seat("Ann"), Seat("Amelia", SeatKind.parse("bot:greedy"))]
    header = Header(options, seats, seed_commitment(SEED), meta={"local": True})
    write_game(path, header, replayed, None)
    Secrets(SEED).save(secrets_path(path))
    return path


async def test_buying_a_distant_link_by_keys_choosing_its_city_marker(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_with_cash_for_a_distant_link(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "Distant Flights" in text and "WAS1 €20" in text and "d Distant" in text
        await pilot.press("h")
        assert await settled(pilot, lambda: "In your place" in screen_text(app)), screen_text(app)
        await pilot.press("end")  # the Distant row comes last: scroll to it (once it is shown:
        # on a loaded machine an End pressed with the h reached the advice before it was laid out)

        def scrolled() -> bool:
            advice = screen_text(app)
            return "8 Distant" in advice and "1 plane on a" in advice

        assert await settled(pilot, scrolled), screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        game = screen.session.game
        entries = len(game.entries)
        cash = game.state.seats[0].cash
        await pilot.press("d", *"buy was1", "enter")
        await pilot.pause()
        assert "choose the City marker" in screen_text(app)
        await pilot.press(*"par", "1")
        await pilot.pause()
        text = screen_text(app)  # the cost, the cash after it, then the whole breakdown
        assert f"costs €45  €{cash} → €{cash - 45}" in text, text
        assert "(distant link €20 + 1 × €25 a plane)" in text, text  # a line of its own, not cut
        await pilot.press("enter")
        await pilot.pause()
        was1, paris = DISTANT.slot_named["WAS1"], game.board.city_index["PAR"]
        assert game.entries[entries].action == BuyDistant(was1, paris, 1)
        assert game.state.seats[0].cash <= cash - 45 + 25  # the bot may rent on it after
        await pilot.pause()
        text = screen_text(app)
        assert "PAR-WAS" in text and "WAS2 €22  Washington: unowned" in text, text
        assert "RIO1 €20  RIO2 €22  Rio de Janeiro" in text, text


async def test_typing_a_distant_buy_with_tab_completion(tmp_path: Path) -> None:
    app = JetSetApp(resume=save_with_cash_for_a_distant_link(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        entries = len(game.entries)
        await pilot.press(":", *"buy LON-WAS", "tab", "enter")
        await pilot.pause()
        action = game.entries[entries].action
        assert isinstance(action, BuyDistant) and action.city == game.board.city_index["LON"]
        assert DISTANT.slot_name(action.slot).startswith("WAS")


async def test_the_distant_boards_are_whole_in_italian_at_120x40(tmp_path: Path) -> None:
    """The distant boards' lines fit the table panel in Italian too ("Rio de Janeiro: senza
    proprieta…" was cut): a distant city whose two airlinks are both free takes one line, their
    names and prices, then the city."""
    with use_language("it"):
        app = JetSetApp(resume=save_with_cash_for_a_distant_link(tmp_path), bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await game_screen(pilot)
            await pilot.pause()
            text = screen_text(app)
    boards = [line for line in text.splitlines() if re.search(r"\b(WAS|RIO|BOM|TYO)[12] ", line)]
    assert any("RIO1 20\u00a0€  RIO2 22\u00a0€  Rio de Janeiro" in line for line in boards), text
    assert not any("…" in line for line in boards), boards


async def test_the_distant_list_starts_on_a_card_ready_to_claim(tmp_path: Path) -> None:
    """A play test: with D-04 ready to claim, d opened on "place on AMS-WAS" (the list puts
    buys and planes first); it starts on the ready card, as c does."""
    options = Options(players=2, distant_lands=True)
    whole = play_game(options, "dist-0", ("greedy",))  # Ann may fly D-04 AMS-WAS at 28
    game = Game(options, whole.board)
    for entry in whole.entries[:28]:
        game.push(entry)
    path = save_for_you(tmp_path / "ready.jetset", game, "dist-0", ["Ann", "Bob"])
    app = JetSetApp(resume=path, bot_delay=30, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("d")
        await pilot.pause()
        (line,) = [x for x in screen_text(app).splitlines() if "▸" in x]
        assert "claim D-04 AMS–WAS" in line and "✓ ready to claim" in line, line
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(screen.session.game.entries[28].action, ClaimDistant)


KEYS = ("Root's Final Flights", "Your Business cards", "Distant airlinks")
"""The side panel's headings, in the order they come at 120x40 with every module."""


async def test_the_distant_boards_come_under_the_hand(tmp_path: Path) -> None:
    """A play test at 120x40, every module, four players: the player's own Final Flights and
    Business cards were below the panel's fold, under the Distant boards and the Investors. The
    boards (a reference, like the map) now come under the hand, which the first screen shows."""
    kinds = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]
    modules = ("distant_lands", "hubs", "business_cards", "investors")
    names = ["Root", "Amelia", "Wilbur", "Bessie"]
    plan = GamePlan(kinds, names, seed="side", path=tmp_path / "game.jetset", modules=modules)
    app = JetSetApp(plan=plan, bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        lines = screen_text(app).splitlines()
        side = [line.split("│")[-1] for line in lines if "│" in line]
        at = {key: next((i for i, x in enumerate(side) if key in x), None) for key in KEYS}
        assert at["Root's Final Flights"] is not None, side  # on the first screen
        await pilot.press("pagedown")
        await pilot.pause()
        side = [line.split("│")[-1] for line in screen_text(app).splitlines() if "│" in line]
        order = [next(i for i, x in enumerate(side) if key in x) for key in KEYS]
        assert order == sorted(order), side  # the hand, then the boards


def test_a_distant_card_out_of_reach_says_so_in_words() -> None:
    """The Distant row's need column said "far" for a card the viewer's planes reach no City
    marker for: a play test could not read it. It says "not in reach"."""
    from jetset_tui.table import TableView
    from jetset_tui.theme import livery_for
    from jetset_tui.widgets.distant import distant_row_text

    game = play_game(Options(players=2, distant_lands=True), SEED, ("greedy",))
    start = Game(game.options)
    for entry in game.entries:  # the deal, up to seat 0's first move: no link of its own yet
        if start.to_move() == 0:
            break
        start.push(entry)
    kinds = [SeatKind.parse("human"), SeatKind.parse("bot:greedy")]
    liveries = [livery_for([], seat) for seat in range(2)]
    view = TableView(start.state.view(0), ["Ann", "Amelia"], kinds, liveries, 0, 0)
    row = distant_row_text(view).plain
    assert "not in reach" in row and " far" not in row, row


async def test_a_distant_airlink_beyond_your_cash_is_listed_with_its_price(tmp_path: Path) -> None:
    """A play test: with €30 on the first turn, d listed only a Distant card to claim, with no
    buy and no word of what a distant airlink costs (b and ``tyo`` found nothing either). Every
    free distant airlink is listed, after the cards, with its price; Enter on one says why not,
    and changes nothing."""
    plan = GamePlan(["human", "bot:greedy"], ["Ann", "Amelia"], seed=SEED,
                    path=tmp_path / "g.jetset", modules=("distant_lands",))  # fmt: skip
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        assert game.to_move() == 0 and game.state.seats[0].cash == 30
        entries = len(game.entries)
        await pilot.press("d")
        await pilot.pause()
        text = screen_text(app)
        assert "buy TYO1" not in text, "listed after the Distant cards: the first turn's choice"
        assert "claim D-" in text and "buy WAS1" in text, text
        await pilot.press(*"tyo1", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "you have €30; TYO1 costs €" in text and "€25 a plane" in text, text
        assert len(game.entries) == entries and "choose the City marker" not in text
