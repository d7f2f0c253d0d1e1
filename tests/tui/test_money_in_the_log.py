"""The log pane says who received money with each entry, not only who spent it: an owner's
share of a rent (rulebook, "Renting": €5 a plane to the owner), income, hub payoffs; in the
game being played (``MoneyLedger``) and in the replay viewer (``Timeline.cash``)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from engine import Entry, Game, Income, Options, Pass, Rent
from engine.jetset.actions import CashIn, Dividends
from engine.jetset.rules.income import income_paid
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.describe import money_note
from jetset_tui.screens.replay import ReplayScreen
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.wrap import KEEP, rich_wrap
from tests.tui.play import game_screen, save_for_you

SEED = "money-lines"
NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_the_note_names_who_else_gained_or_paid() -> None:
    names = ["Ann", "Bob", "Cy"]

    def note(moved: tuple[int, ...], actor: int) -> str:
        return money_note(moved, Entry(actor, Income()), names)

    assert note((-9, 5, 0), 0) == f"Bob{KEEP}+€5", "the actor's price goes unsaid"
    assert note((15, 0, 0), 0) == "+€15", "the actor's own gain, without a name"
    assert note((2, 2, -3), 1) == f"+€2, Ann{KEEP}+€2, Cy{KEEP}−€3"
    assert note((4, 0, 2), -1) == f"Ann{KEEP}+€4, Cy{KEEP}+€2", "the dealer's entry"
    assert note((0, 0, 0), 2) == "+€0", "income with no card says what it paid, as every one"
    assert money_note((0, 0, 0), Entry(2, Pass()), names) == "", "nothing moved"
    assert money_note((0, 0, 0), Entry(2, Dividends()), names) == "+€0"


def test_a_cash_in_line_names_its_five_euros_once() -> None:
    """ "cashes in Discount for €5" says the actor's gain: the note adds only what others got."""
    names = ["Ann", "Bob"]
    assert money_note((5, 0), Entry(0, CashIn("discount")), names) == ""
    assert money_note((5, 2), Entry(0, CashIn("discount")), names) == f"Bob{KEEP}+€2"


def test_a_wrapped_sentence_keeps_a_name_with_its_money() -> None:
    text = Text("claim L7-10 BOD-PAR-AMS-HAM · Ann" + KEEP + "+€2, Bob" + KEEP + "+€2")
    text.stylize("bold", 0, 5)
    rows = [row.plain for row in rich_wrap(text, Console(), 36)]
    assert rows == ["claim L7-10 BOD-PAR-AMS-HAM · ", f"Ann{KEEP}+€2, Bob{KEEP}+€2"], rows
    assert rich_wrap(text, Console(), 36)[0].spans[0].end == 5, "styles stay where they were"


def first_rent_to_another(game: Game) -> tuple[int, int, int]:
    """The index of the game's first rent on another seat's airlink, its owner, its planes."""
    state = Game(game.options)
    for i, entry in enumerate(game.entries):
        action = entry.action
        if isinstance(action, Rent) and state.state.owner[action.link] != entry.actor:
            return i, state.state.owner[action.link], action.planes
        state.push(entry)
    raise AssertionError("no rent in the game")


def saved_after_a_rent(tmp_path: Path) -> tuple[Path, int, int, int]:
    """A greedy 4-player base game cut a few entries after its first rent on another's link:
    Ann's seat human (it waits), the others bots."""
    game = play_game(Options(players=4), SEED, ("greedy",))
    index, owner, planes = first_rent_to_another(game)
    cut = Game(game.options)
    for entry in game.entries[: index + 1]:
        cut.push(entry)
    while cut.to_move() not in (0, None):
        cut.push(game.entries[len(cut.entries)])
    return save_for_you(tmp_path / "rent.jetset", cut, SEED, NAMES), index, owner, planes


async def test_the_game_log_says_the_owner_is_paid_for_a_rent(tmp_path: Path) -> None:
    path, index, owner, planes = saved_after_a_rent(tmp_path)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        lines = [line.plain for line in screen.query_one(NotationLog).lines]
        game = screen.session.game
        rent = next(line for line in lines if " rent " in line)
        assert rent.endswith(f"· {NAMES[owner]}{KEEP}+€{5 * planes}"), rent
        assert len(lines) == len(game.entries) > index
        replayed = Game(game.options)
        incomes = 0
        for line, entry in zip(lines, game.entries, strict=True):
            if isinstance(entry.action, Income):  # rulebook, "Income": what the seat takes
                paid = income_paid(replayed.state, entry.actor)
                assert line.endswith(f"income · +€{paid}" if paid else "income"), line
                incomes += 1
            replayed.push(entry)
        assert incomes > 3


async def test_the_replay_viewer_says_the_owner_is_paid_for_a_rent(tmp_path: Path) -> None:
    path, index, owner, planes = saved_after_a_rent(tmp_path)
    app = JetSetApp(replay=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("g", *str(index + 1), "enter")
        await pilot.pause()
        lines = [line.plain for line in screen.query_one(NotationLog).lines]
        assert lines[-1].endswith(f"· {NAMES[owner]}{KEEP}+€{5 * planes}"), lines[-1]
        await pilot.press("left")
        lines = [line.plain for line in screen.query_one(NotationLog).lines]
        assert "rent" not in lines[-1]
