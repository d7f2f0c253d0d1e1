"""The catalogs are whole and current: every message the sources hold has an Italian
translation in its domain's .po, with the same placeholders, and each .mo is that .po compiled.

The sources are read with Babel's own extractor (``tasks.extract``, what ``python3 tasks.py
i18n`` runs), so a string wrapped in ``_()`` and not yet translated fails here."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

import tasks


def fields(text: str) -> set[str]:
    """The ``str.format`` placeholders' names in ``text``: ``{cash}`` and ``{cash:>3}`` give
    ``cash``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return list(value) if isinstance(value, tuple | list) else [value]


@pytest.mark.parametrize("language", sorted(tasks.LANGUAGES))
@pytest.mark.parametrize("domain", list(tasks.DOMAINS))
def test_every_message_is_translated_with_the_same_placeholders(domain: str, language: str) -> None:
    template = tasks.extract(domain)
    wanted = [m for m in template if m.id]
    po = tasks.po_path(language, domain)
    if not wanted:
        return  # nothing in this domain speaks to a player yet
    assert po.exists(), f"{po} is missing: run python3 tasks.py i18n"
    with po.open("rb") as handle:
        catalog = read_po(handle)
    problems: list[str] = []
    for message in wanted:
        found = catalog.get(message.id, context=message.context)
        where = ", ".join(f"{f}:{n}" for f, n in message.locations)
        if found is None or not tasks.translated(found):
            problems.append(f"untranslated ({where}): {message.id!r}")
            continue
        sources = forms(message.id)
        expected = set().union(*(fields(s) for s in sources))
        needed = fields(sources[0])  # a plural's "one" form may leave out its count, {n}
        for text in forms(found.string):
            if not needed <= fields(text) <= expected or (
                len(sources) == 1 and fields(text) != expected
            ):
                problems.append(f"placeholders differ ({where}): {message.id!r} -> {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("po", sorted(tasks.LOCALE.glob("*/LC_MESSAGES/*.po")), ids=str)
def test_each_mo_is_its_po_compiled(po: Path) -> None:
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run python3 tasks.py i18n"
    assert mo.read_bytes() == tasks.compiled_mo(po), f"{mo} is stale: run python3 tasks.py i18n"


def test_the_checks_catch_a_wrong_placeholder_and_a_missing_translation() -> None:
    """The test above can fail: the helpers it rests on see what is wrong."""
    assert fields("you have €{cash}; it costs €{cost:>3}") == {"cash", "cost"}
    assert fields("hai €{soldi}") != fields("you have €{cash}")
    assert not re.search(r"\{", "".join(fields("{{literal}} braces")))
    catalog = tasks.new_catalog("it", "start")
    catalog.add("Quit", "")
    catalog.add("Load", "Carica", flags=["fuzzy"])
    catalog.add(("{n} plane", "{n} planes"), ("{n} aereo", ""))
    catalog.add("Back", "Indietro")
    assert [tasks.translated(m) for m in catalog if m.id] == [False, False, False, True]


def test_every_source_file_belongs_to_one_domain() -> None:
    """The table in tasks.py: the start screen's file is ``start``'s, another screen is
    ``game``'s, the rest of jetset_tui is ``play``'s, the rules' and netcode's refusals are
    ``engine``'s."""
    root = tasks.ROOT
    assert tasks.domain_of(root / "jetset_tui/screens/start.py") == "start"
    assert tasks.domain_of(root / "jetset_tui/ssh/screens/new_game.py") == "start"
    assert tasks.domain_of(root / "jetset_tui/screens/game.py") == "game"
    assert tasks.domain_of(root / "jetset_tui/widgets/footer.py") == "game"
    assert tasks.domain_of(root / "jetset_tui/guided.py") == "play"
    assert tasks.domain_of(root / "engine/jetset/rules/claims.py") == "engine"
    assert tasks.domain_of(root / "netcode/heldturn.py") == "engine"  # taking a move back
    assert tasks.domain_of(root / "tests/tui/test_refusals.py") is None
    every = [p for d in tasks.DOMAINS for p in tasks.domain_files(d)]
    assert len(every) == len(set(every))


@pytest.mark.parametrize("domain", list(tasks.DOMAINS))
def test_no_italian_line_puts_a_bare_a_before_a_players_name(domain: str) -> None:
    """Italian writes "ad Amelia" but "a Wilbur": a line with "a {name}" reads wrong for every
    name that starts with a vowel ("distribuiti a Amelia"), so the catalog says "per {name}" or
    puts the name first."""
    wrong = italian_lines(domain, r"(?<!\w)a \{(name|player|seat_name|seat|who|other)\}")
    assert not wrong, wrong


@pytest.mark.parametrize("domain", list(tasks.DOMAINS))
def test_an_italian_amount_is_joined_to_its_euro_sign(domain: str) -> None:
    """ "l'utile è di 0 €" wrapped as "… di 0" and "€" on the next row: an amount and its sign
    are joined by a no-break space, which the screen's wrapping keeps whole (widgets/wrap.py)."""
    wrong = italian_lines(domain, r"[0-9}] €")
    assert not wrong, wrong


@pytest.mark.parametrize("domain", list(tasks.DOMAINS))
def test_italian_calls_the_enter_key_invio(domain: str) -> None:
    """An Italian keyboard's Enter key says "Invio", and the start screen, the lobby and the
    tutorial call it so: no Italian line says "Enter" (it read "premi Enter" on the hand-off
    screen and "Enter per giocarla" in the picker)."""
    wrong = italian_lines(domain, r"\bEnter\b")
    assert not wrong, wrong


@pytest.mark.parametrize("domain", list(tasks.DOMAINS))
def test_jet_lags_rounds_stay_rounds_in_italian(domain: str) -> None:
    """The glossary: Jet Lag's rounds are "round" in Italian, as its table says ("Round 2 di
    4"); "giro" is Jet Set's turn of the table (the lobby and `jetset position` said "giro")."""
    wrong = italian_lines(domain, r"\bgir[oi]\b", jet_lag_round)
    assert not wrong, wrong


@pytest.mark.parametrize("domain", list(tasks.DOMAINS))
def test_an_italian_count_agrees_with_its_number(domain: str) -> None:
    """A verb or noun that agrees with a count needs the count's plural forms: a message that
    is not ``ngettext`` says "ne mancano {n}" for 1 as well ("ne mancano 1", a play test saw it
    in the lobby and the Final Flight advice; "servono 1✈" in the claim picker), so its Italian
    avoids agreeing with a count."""
    pattern = r"\b(mancano|servono) (ancora )?\{"
    wrong = italian_lines(domain, pattern, lambda m: not m.pluralizable)
    assert not wrong, wrong


def test_the_final_flight_advice_and_the_lobby_count_in_italian() -> None:
    from jetset_tui.i18n import _, ngettext, use_language

    to_go = "2 points for a plane on your Final Flight; the fifth ends the game ({left} to go)"
    with use_language("it"):
        one, two = (ngettext(to_go, to_go, n).format(left=n) for n in (1, 2))
        waiting = _("waiting for {n}").format(n=1)
    assert one.endswith("(ne manca 1)") and two.endswith("(ne mancano 2)"), (one, two)
    assert waiting == "posti liberi: 1"
    need = "need {planes}✈ €{cost}"
    with use_language("it"):
        one, two = (ngettext(need, need, n).format(planes=n, cost=9) for n in (1, 2))
    assert (one, two) == ("serve 1✈ 9\u00a0€", "servono 2✈ 9\u00a0€")
    watching = "{n} watching"  # the SSH lobby's games: a play test read "1 spettatori"
    with use_language("it"):
        one, two = (ngettext(watching, watching, n).format(n=n) for n in (1, 2))
    assert (one, two) == ("1 spettatore", "2 spettatori")


def test_the_hosts_key_to_sit_again_is_invio_in_italian() -> None:
    """The hosting player's screen after q: "Enter  riprendi il tuo posto" where every other
    Italian line says Invio (a play test)."""
    from jetset_tui.i18n import pgettext, use_language

    with use_language("it"):
        assert pgettext("key", "Enter") == "Invio"
    assert pgettext("key", "Enter") == "Enter"


def italian_lines(
    domain: str, pattern: str, about: Callable[[Message], bool] = lambda _message: True
) -> list[str]:
    """The Italian texts of ``domain``'s catalog (each plural form) that ``pattern`` finds, of
    the messages ``about`` picks."""
    with tasks.po_path("it", domain).open("rb") as handle:
        catalog = read_po(handle)
    return [
        text
        for message in catalog
        if message.id and about(message)
        for text in forms(message.string)
        if re.search(pattern, text)
    ]


def jet_lag_round(message: Message) -> bool:
    """Whether ``message`` speaks of Jet Lag's rounds: all its sources are Jet Lag's, or it
    counts rounds of 4 (Jet Set's game has no such count)."""
    english = forms(message.id)[0]
    if not re.search(r"\bround", english, re.IGNORECASE):
        return False
    return "of 4" in english or all("jetlag" in path for path, _line in message.locations)


def test_a_plans_steps_read_as_steps_in_italian_not_as_commands() -> None:
    """The advice plan and the claim picker said "acquista AMS-LON €5", an Italian command that
    is not the game's notation (``buy AMS-LON 1``): its Italian names the step instead."""
    from engine.jetset.board import load_board
    from engine.jetset.bots.planning import Need
    from jetset_tui.guided import need_words
    from jetset_tui.i18n import use_language

    board = load_board()
    link = board.link_named["AMS-LON"]
    with use_language("it"):
        steps = [need_words(board, Need(link, how, 5)) for how in ("buy", "place", "rent")]
    assert steps == [
        "acquisto di AMS-LON (5\u00a0€)",
        "un aereo sul tuo AMS-LON (5\u00a0€)",
        "affitto di AMS-LON (5\u00a0€)",
    ]
    assert need_words(board, Need(link, "buy", 5)) == "buy AMS-LON €5"


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rules_page_names_the_rows_column_and_money_as_the_screen_does(language: str) -> None:
    """F1's page in Italian explained the rows' "need" column and "✓ ready" and "€17", which the
    Italian screen shows as "serve", "✓ pronta" and "17 €"."""
    from jetset_tui.i18n import _, money, use_language
    from jetset_tui.screens.help import help_page

    with use_language(language):
        page = help_page(language)
        shown = [f"**{_('need')}**", f"`{_('✓ ready')}`", f"`2✈ {money(17)}`", f"`{money(16)} ✈23"]
    missing = [words for words in shown if words not in page]
    assert not missing, missing


def test_the_lobby_chat_lines_hint_fits_its_least_width_in_every_language() -> None:
    """At 80x24 the lobby's chat side is 30 columns: the hint read "t: say something · Esc:
    bac" in English (and was cut in Italian before): it fits SAY_HINT_CELLS in both."""
    from rich.cells import cell_len

    from jetset_tui.i18n import _, use_language
    from jetset_tui.widgets.chat_line import SAY_HINT, SAY_HINT_CELLS

    for language in ("en", "it"):
        with use_language(language):
            said = _(SAY_HINT)
        assert cell_len(said) <= SAY_HINT_CELLS, (language, said)
