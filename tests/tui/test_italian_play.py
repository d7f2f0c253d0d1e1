"""The game's words in Italian (domain ``play``): the log's lines, the guided pickers, the advice's
reasons, the end race, the Business and Investor cards and the tutorial, each said in Italian
inside ``use_language("it")`` and left in English outside it; the tutorial played in Italian at
80×24 shows every chapter's lesson whole."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len

from engine import Buy, ClaimFinal, Game, Income, Options, Reveal, Setup
from engine.jetset.actions import CashIn, FinalPlane
from engine.jetset.bots.race import Finisher
from engine.jetset.business_state import KINDS
from engine.jetset.notation import Notation
from engine.jetset.rules.investors import investor_deck
from engine.jetset.scoring import scores
from engine.jetset.selfplay import play_game
from jetset_tui import tutorial
from jetset_tui.advice import finisher_line, why
from jetset_tui.app import JetSetApp
from jetset_tui.business import action_label
from jetset_tui.card_names import (
    BUSINESS_NAMES,
    BUSINESS_TEXTS,
    INVESTOR_NAMES,
    INVESTOR_TEXTS,
    business_name,
    investor_name,
)
from jetset_tui.describe import cost_breakdown, describe_action
from jetset_tui.guided import buy_stage, income_stage
from jetset_tui.i18n import _, use_language
from jetset_tui.race import PANEL_WIDTH, OwnFinal, own_text, race_text, race_warning
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.table import TableView
from jetset_tui.theme import livery_for
from jetset_tui.widgets.distant import distant_boards_text
from jetset_tui.widgets.rows import rows_text
from netcode.seatkind import HUMAN, SeatKind
from tests.engine.business_tables import table
from tests.tui.keyboard import keys_for
from tests.tui.test_tutorial import lesson, settle, tutorial_screen

NAMES = ["Ann", "Amelia", "Wilbur", "Orville"]


def both(say: object) -> tuple[str, str]:
    """``say()`` in English, then in Italian."""
    assert callable(say)
    english = str(say())
    with use_language("it"):
        italian = str(say())
    return english, italian


def test_the_cards_here_are_the_data_s_cards_word_for_word() -> None:
    """card_names.py repeats data/'s English for gettext: the two must not drift apart."""
    assert {k.key: k.name for k in KINDS} == BUSINESS_NAMES
    assert {k.key: k.text for k in KINDS} == BUSINESS_TEXTS
    deck = investor_deck()
    assert {c.kind: c.name for c in deck} == INVESTOR_NAMES
    assert {c.kind: c.text for c in deck} == INVESTOR_TEXTS
    assert both(lambda: business_name("taxes")) == ("Taxes", "Tasse")
    assert both(lambda: investor_name(deck[0].id)) == ("Equal", "Uguaglianza")


def test_the_business_catch_up_and_the_investor_catch_up_keep_their_names_apart() -> None:
    """Issue 18: "The Business card 'Catch up' and the Investor 'Catch Up' are different
    cards: keep the names apart." Italian called both Rimonta."""
    catch_up = next(card for card in investor_deck() if card.kind == "catchup")
    business = both(lambda: business_name("catchup"))
    investor = both(lambda: investor_name(catch_up.id))
    assert business[0] != investor[0] and business[1] != investor[1], (business, investor)
    assert (business[1], investor[1]) == ("Rimonta", "Recupero")


def test_the_log_s_lines_in_italian() -> None:
    game = play_game(Options(players=2), "italian-log", ("greedy",))
    notation = Notation(game.board)
    setup = next(e.action for e in game.entries if isinstance(e.action, Setup))
    english, italian = both(lambda: describe_action(notation, setup, NAMES[:2]))
    assert english == "rows laid out: 6 Short, 3 Long", english
    assert italian == "file disposte: 6 tragitti brevi, 3 lunghi", italian
    reveal = next(
        e.action
        for e in game.entries
        if isinstance(e.action, Reveal) and not game.board.cards[e.action.card].vacation
    )
    english, italian = both(lambda: describe_action(notation, reveal, NAMES[:2]))
    assert english.startswith("turned up ") and italian.startswith("scoperta "), italian
    assert english.split(" ", 2)[2] == italian.split(" ", 1)[1]  # the card, as notation says it
    first = Game(game.options, game.board)
    for entry in game.entries[:3]:
        first.push(entry)
    buy = next(a for a in first.legal_actions() if type(a).__name__ == "Buy")
    english, italian = both(lambda: cost_breakdown(first.state, first.to_move(), buy))
    assert "a plane" in english and "per aereo" in italian and "plane" not in italian
    # after a Final Flight, "plane" alone said nothing to a play tester: it says where it goes
    english, italian = both(lambda: describe_action(notation, FinalPlane(), NAMES[:2]))
    assert english == "plane · a plane onto their Final Flight", english
    assert italian.startswith("plane · ") and "volo finale" in italian.lower(), italian


def test_the_guided_pickers_in_italian() -> None:
    game = Game(Options(players=2))
    english, italian = both(lambda: buy_stage(game.state, 0, NAMES[:2]).title)
    assert (english, italian) == ("Buy an unowned airlink", "Acquista un collegamento libero")
    stage = income_stage(game.state, 0)
    with use_language("it"):
        italian_stage = income_stage(game.state, 0)
    assert stage.choices[0].note == "no claimed card yet: income pays €0"
    assert italian_stage.choices[0].note == "nessuna carta rilevata finora: l'utile è di 0\u00a0€"
    assert (stage.confirm, italian_stage.confirm) == ("take income", "incassa l'utile")
    business = Game(Options(players=2, business_cards=True))
    label = both(lambda: action_label(business.state, 0, CashIn("taxes"), NAMES[:2]))
    assert label == ("Cash in Taxes for €5", "Incassa Tasse per 5\u00a0€")


def test_the_advice_says_why_in_italian() -> None:
    game = play_game(Options(players=2), "italian-advice", ("greedy",))
    early = Game(game.options, game.board)
    for entry in game.entries[:3]:
        early.push(entry)
    assert early.to_move() == 0
    english, italian = both(lambda: why(early.state.view(0), 0, Income()))
    assert english == "no plane you could buy now does more for you than income"
    assert italian == "nessun aereo che potresti comprare ora ti rende più dell'utile"
    early.state.add_cash(0, 2 - early.state.seats[0].cash)  # €2: no plane fits, a play test's
    english, italian = both(lambda: why(early.state.view(0), 0, Income()))  # €229 did
    assert english == "no plane worth buying fits your €2 now: income first"
    assert italian == "nessun aereo utile rientra ora nei tuoi 2\u00a0€: prima l'utile"
    ahead = Game(game.options, game.board)  # flying is called plainly good only when ahead
    for entry in game.entries:
        ahead.push(entry)
        if scores(ahead.state)[0].total > scores(ahead.state)[1].total:
            break
    english, italian = both(lambda: why(ahead.state.view(0), 0, ClaimFinal("F-01", ())))
    assert english.startswith("your Final Flight is ready: fly it now")
    assert italian.startswith("il tuo volo finale è pronto")
    english, italian = both(lambda: finisher_line("Amelia", 1, 3))
    assert (
        english
        == "Amelia's Final Flight needs 1 more plane: the game can end on Amelia's next turn"
    )
    assert italian == (
        "al volo finale di Amelia manca ancora 1 aereo: la partita può finire al prossimo turno "
        "di Amelia"
    )


def race_tables(seed: str) -> list[TableView]:
    """Ann's view of a 4-player greedy game, at every position from Vacation Time on."""
    whole = play_game(Options(players=4), seed, ("greedy",))
    game = Game(whole.options, whole.board)
    kinds = [HUMAN] + [SeatKind("greedy")] * 3
    liveries = [livery_for([], i) for i in range(4)]
    out = []
    for entry in whole.entries:
        game.push(entry)
        if game.state.vacation_time and not game.over:
            view = game.state.view(0)
            out.append(TableView(view, NAMES, kinds, liveries, 0, game.to_move()))
    return out


def warning_text(table: TableView) -> str:
    warning = race_warning(table)
    return warning.plain if warning is not None else ""


def test_the_end_race_warns_in_italian_and_fits_the_panel() -> None:
    warnings = [
        both(lambda t=t: w.plain if (w := race_warning(t)) else "") for t in race_tables("race-1")
    ]
    said = [(en, it) for en, it in warnings if en]
    assert said, "the game has no turn on which the end can come"
    for english, italian in said:
        assert "can end the game next turn" in english or "your next plane" in english
        assert (
            "chiudere la partita al prossimo turno" in italian or "il tuo prossimo aereo" in italian
        )
        assert "game" not in italian, italian
    with use_language("it"):
        lines = [race_text(Finisher(0, needs, stock)) for needs in range(5) for stock in range(25)]
        lines += [own_text(None), own_text(OwnFinal("F-01", 0, 0))]
        lines += [own_text(OwnFinal("F-01", c, n)) for c in (9, 99, 999) for n in range(1, 9)]
    widest = max(lines, key=cell_len)
    assert cell_len(widest) <= PANEL_WIDTH, widest
    assert race_text(Finisher(0, 3, 3)) == "3 planes to finish (one a turn)"  # English outside


def test_a_plan_s_mistakes_in_italian() -> None:
    plan = GamePlan(["human", "human"], ["Ann", " "])
    assert both(plan.check) == ("every player needs a name", "ogni giocatore deve avere un nome")


def test_the_tutorial_s_chapters_in_italian() -> None:
    first = tutorial.CHAPTERS[0]
    assert (first.title, tutorial.chapter_number(first)) == ("1. Buy an airlink", "1 of 11")
    with use_language("it"):
        assert first.title == "1. Acquista un collegamento"
        assert tutorial.chapter_number(first) == "1 di 11"
        assert _(tutorial.FREE_PLAY).startswith("Questo è tutto il gioco")
    for chapter in tutorial.CHAPTERS + tutorial.EXPANSION_CHAPTERS:
        english = (chapter.title, chapter.teach(), chapter.wait)
        with use_language("it"):
            italian = (chapter.title, chapter.teach(), chapter.wait)
        assert all(e != i for e, i in zip(english, italian, strict=True)), chapter.name


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces (to find wrapped words)."""
    return " ".join(text.split())


async def test_the_tutorial_played_in_italian_at_80_by_24(tmp_path: Path) -> None:
    """Every chapter of the first game comes up in Italian, its title and its whole lesson on
    the screen (nothing cut by the coach's eight lines), at the smallest size we support."""
    seen: list[str] = []
    with use_language("it"):
        app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path, tutorial=True)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await tutorial_screen(pilot)
            notation = Notation(screen.session.game.board)
            for _ in range(200):
                await settle(pilot, screen)
                chapter = screen.chapter()
                if screen.session.game.over or chapter is None:
                    break
                shown = flat(screen_text(app))
                assert chapter.title in shown and flat(chapter.teach(slim=True)) in shown, shown
                assert chapter.heading not in shown  # the English title
                if chapter.name not in seen:
                    seen.append(chapter.name)
                if screen.waiting():
                    await pilot.press("space")
                    continue
                await pilot.press(*keys_for(lesson(screen, chapter), notation))
    assert seen == [c.name for c in tutorial.CHAPTERS]


def test_the_rows_prices_in_italian_as_the_players_cash() -> None:
    """The rows' "need" column and the Distant airlinks wrote €9 on an Italian screen whose
    players' cash read 30 €: every amount there in the language's way."""
    whole = play_game(Options(players=2, distant_lands=True), "prices", ("greedy",))
    game = Game(whole.options, whole.board)
    for entry in whole.entries[:20]:  # the deal, the rows, a few moves
        game.push(entry)
    kinds = [HUMAN, SeatKind("greedy")]
    liveries = [livery_for([], i) for i in range(2)]
    table = TableView(game.state.view(0), NAMES[:2], kinds, liveries, 0, game.to_move())
    english, italian = both(lambda: f"{rows_text(table).plain}\n{distant_boards_text(table).plain}")
    assert "✈ €" in english and " €20  " in english, english
    assert "✈ €" not in italian and not re.search(r"€\d", italian), italian
    assert re.search(r"✈ \d+\u00a0€", italian) and " 20\u00a0€  " in italian, italian


def test_a_discounted_price_in_italian() -> None:
    """The Discount's saving in the buy preview's breakdown, named in the player's language."""
    t = table(("discount", "buyout"))
    t.do(0, "play discount")
    buy = Buy(t.link("AMS-LON"), 2)
    english, italian = both(lambda: cost_breakdown(t.state, 0, buy))
    assert english == "link €4 + 2 × €5 a plane − €4 Discount", english
    assert italian == "collegamento 4\u00a0€ + 2 × 5\u00a0€ per aereo − 4\u00a0€ Sconto", italian
