"""Advice (``h``) in the end race: it names the race and advises the Final Flight or saving."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import Game, Options, seed_commitment
from engine.jetset.selfplay import play_game
from engine.jetset.state import State
from jetset_tui.app import JetSetApp
from jetset_tui.screens.plan import PlanScreen, PlanText, plan_text
from jetset_tui.screenshot import screen_text
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen

BOT = f"bot:{ADVISOR}"
SEED = "race"
"""A 2-player greedy game in which Amelia plays her Final Flight first, while Ann's still needs
a plane she cannot pay for (€0, €7 needed), and two turns later Ann's is ready."""


def save_when(tmp_path: Path, stop: Callable[[State], bool]) -> Path:
    """The game of ``SEED``, stopped at the first position with Ann to move where ``stop``
    holds, saved as a local game to resume."""
    game = play_game(Options(players=2), SEED, ("greedy",))
    replayed = Game(game.options)
    for entry in game.entries:
        replayed.push(entry)
        if replayed.to_move() == 0 and stop(replayed.state):
            break
    assert stop(replayed.state)
    path = tmp_path / "race.jetset"
    seats = [Seat("Ann"), Seat("Amelia", SeatKind.parse(BOT))]
    header = Header(game.options, seats, seed_commitment(SEED), meta={"local": True})
    write_game(path, header, replayed, None)
    Secrets(SEED).save(secrets_path(path))
    return path


def amelia_flew(state: State) -> bool:
    return state.seats[1].finished and not state.seats[0].finished


async def advice_text(path: Path) -> str:
    app = JetSetApp(resume=path, bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        await pilot.press("h")
        await pilot.pause()
        return screen_text(app)


async def test_advice_saves_for_the_final_flight_and_shows_the_race(tmp_path: Path) -> None:
    path = save_when(tmp_path, lambda s: amelia_flew(s) and s.seats[0].cash == 0)
    text = await advice_text(path)
    assert "In your place the search bot would play  income" in text, text
    assert "why: saving for your Final Flight: it needs €7, you have €0" in text
    assert "The race to the end" in text
    assert "Amelia's Final Flight needs 5 more planes" in text
    assert "your Final Flight F-01 MIL→DUB→BOD needs 1 plane, €7; you have €0" in text


async def test_advice_flies_the_final_flight_when_it_is_ready(tmp_path: Path) -> None:
    path = save_when(tmp_path, lambda s: amelia_flew(s) and s.seats[1].final_planes == 2)
    text = await advice_text(path)
    assert "In your place the search bot would play  final F-01" in text, text
    assert "why: your Final Flight is ready: fly it now" in text
    assert "Amelia's Final Flight needs 3 more planes" in text


async def test_advice_says_why_before_the_race(tmp_path: Path) -> None:
    """Early on there is no race to show; the advice still gives its reason in one line."""
    path = save_when(tmp_path, lambda s: not s.vacation_time and len(s.seats[0].cards) == 1)
    text = await advice_text(path)
    lines = [ln for ln in text.splitlines() if "why: " in ln]
    assert len(lines) == 1 and "The race to the end" not in text, text


async def test_a_long_route_in_the_plan_wraps_under_its_line(tmp_path: Path) -> None:
    """At 80 columns the plan's long routes go on in rows indented under their line (a wrapped
    row began at the dialog's edge: '€10' alone under 'via EDI–AMS–PAR–MIL: …')."""
    app = make_app(tmp_path, ["human", "bot:greedy"], seed="plan-wrap")
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot)
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        plan = app.screen.query_one("#plan", PlanText)
        rows = [plan.render_line(y).text.rstrip() for y in range(plan.size.height)]
        vias = [i for i, row in enumerate(rows) if row.lstrip().startswith("via ")]
        assert any(len(row) > plan.content_size.width - 10 for row in rows), rows
        for i, row in enumerate(rows):
            if row and not row.startswith(" "):
                assert i not in vias and not row.startswith("€"), rows
        assert len(rows) > len(plan_text_lines(app)), "some line took two rows"


def plan_text_lines(app: JetSetApp) -> list[str]:
    screen = app.screen
    assert isinstance(screen, PlanScreen)
    return plan_text(screen.table, screen.advice).plain.splitlines()


def test_the_advice_names_the_search_bot_as_italian_says_it() -> None:
    """ "il bot di ricerca", as Italian names a thing by what it does; it read "il bot ricerca"
    (the form's "Bot: ricerca" keeps the bare word)."""
    from jetset_tui.i18n import _, use_language
    from jetset_tui.seat_names import bot_kind_before_bot, bot_words

    with use_language("it"):
        bot = bot_kind_before_bot("mcts")
        line = _("In your place the {bot} bot would play").format(bot=bot)
        form = _("Bot: {kind}").format(kind=bot_words("mcts"))
    assert line == "Al tuo posto il bot di ricerca giocherebbe"
    assert form == "Bot: ricerca"
    with use_language("it"):  # Jet Lag's search bot is named by its word: the same, in Italian
        assert (bot_words("search"), bot_kind_before_bot("search")) == ("ricerca", "di ricerca")


def test_the_advice_names_a_business_card_and_says_the_line_after_it() -> None:
    """A play test read "the search bot would play  cash discount" (the notation): the advice
    says the move as the log does, the card by its name, and the line Enter types after it."""
    from engine.jetset.actions import CashIn
    from engine.jetset.notation import Notation
    from jetset_tui.advice import Advice
    from jetset_tui.describe import describe_action
    from jetset_tui.table import TableView
    from jetset_tui.theme import livery_for
    from netcode.seatkind import HUMAN

    game = play_game(Options(players=2, business_cards=True), "advice-card", ("greedy", "greedy"))
    replayed = Game(game.options)
    for entry in game.entries:
        replayed.push(entry)
        business = replayed.state.business
        if replayed.to_move() == 0 and business is not None and business.hands[0]:
            break
    business = replayed.state.business
    assert business is not None
    hand = business.hands[0]
    assert hand
    card = hand[0]
    notation = Notation(replayed.board)
    move = CashIn(card)
    line = notation.format_action(move)
    words = describe_action(notation, move, ["Ann", "Amelia"])
    assert words != line and line.startswith("cash ")
    kinds = [HUMAN, SeatKind("greedy")]
    liveries = [livery_for([], i) for i in range(2)]
    view = TableView(replayed.state.view(0), ["Ann", "Amelia"], kinds, liveries, 0, 0)
    shown = plan_text(view, Advice("search", line, len(replayed.entries), words=words)).plain
    assert f"In your place the search bot would play  {line}  ({words})" in shown, shown
