"""The rules' refusals in the player's language: jetset_tui/refusals.say over the refusals a
played game meets, the engine catalog complete, and the command line in Italian by Pilot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from engine import CHANCE, Entry, Game, IllegalAction, NotationError, Options
from engine.errors import Seat, Word
from engine.jetlag.game import JET_LAG
from engine.jetset.business_state import KINDS
from engine.jetset.dealer import Dealer
from engine.jetset.definition import JET_SET
from engine.jetset.notation import Notation
from engine.jetset.rules.business_cards import CARD_NAMES
from engine.jetset.selfplay import play_bot_choice, seat_bots
from jetset_tui.i18n import LOCALE_DIR, use_language
from jetset_tui.refusals import rule, say, sentence
from jetset_tui.screenshot import screen_text
from netcode.client import NO_UNDO, UNDO
from netcode.heldturn import NOTHING_HELD, OTHER_PLAYER, TOO_LATE
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, play_turns

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {
    **{k: None for k in ("_", "N_", "illegal", "refused", "NotationError", "Reason", "Word")},
    "rule_name": None,
    "IllegalAction": (2,),
}
"""The engine domain's extraction keywords (engine/errors.py says why each)."""

LINES = (
    "buy MIL-ROM 1", "buy MIL-ROM 30", "buy LON-PAR 2", "place MIL-ROM 1", "place LON-PAR 1",
    "rent MIL-ROM 1", "rent LON-PAR 1", "claim S1-01 MIL-ROM", "claim L5-01 LON-PAR",
    "final F-01 LON-PAR-MAD", "income", "plane", "pass", "refill short 9", "refill long 1",
    "hub BER", "hub WAS", "bonus cash", "end yes", "replace INV-MAJORITY-1", "buyd 1 WAS1 AMS",
    "play freeplane LON-PAR", "cash buyout", "offer 1 LON-PAR", "decline", "discard taxes", "done",
    "buy", "fly LON", "buy MIL-XYZ 2", "buy MIL 2", "place MIL-ROM x", "income now", "hub",
    "claim S1-01", "bonus maybe", "end", "play", "play nothing", "cash", "refill middle 1",
)  # fmt: skip
"""Lines a player might type, most of them refused somewhere in a game."""


def refusals_of_a_game(options: Options, seed: str) -> dict[str, Exception]:
    """Each distinct refusal (by template) that ``LINES`` meet along a bots' game."""
    game = Game(options)
    notation = Notation(game.board)
    dealer = Dealer(seed, game.board, options.players)
    bots = seat_bots(["random"], options.players, seed)
    found: dict[str, Exception] = {}
    for step in range(5000):
        seat = game.to_move()
        if seat is None:
            break
        if step % 7 == 0:
            for actor in (seat, (seat + 1) % options.players if seat >= 0 else 0):
                for line in LINES:
                    try:
                        game.check(Entry(actor, notation.parse_action(line)))
                    except (IllegalAction, NotationError) as exc:
                        found.setdefault(exc.template, exc)
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            play_bot_choice(game, seat, bots[seat])
    return found


@pytest.fixture(scope="module")
def refusals() -> list[Exception]:
    found = refusals_of_a_game(Options(players=3), "refusals-base")
    every = Options(players=4, distant_lands=True, hubs=True, business_cards=True, investors=True)
    found.update(refusals_of_a_game(every, "refusals-all"))
    return list(found.values())


def said(exc: Exception) -> str:
    assert isinstance(exc, IllegalAction | NotationError)
    return say(exc, JET_SET)


def test_english_says_exactly_what_the_engine_says(refusals: list[Exception]) -> None:
    assert len(refusals) >= 30, [str(e) for e in refusals]
    with use_language("en"):
        for exc in refusals:
            assert said(exc) == str(exc)


def test_italian_says_every_refusal_in_italian(refusals: list[Exception]) -> None:
    with use_language("it"):
        for exc in refusals:
            text = said(exc)
            assert text != str(exc), text
            assert "{" not in text and "}" not in text, text
            if isinstance(exc, IllegalAction):
                assert text.endswith(f"({rule(exc.rule)})")
                assert rule(exc.rule) != exc.rule, exc.rule


def test_italian_examples_read_as_the_rulebook() -> None:
    broke = IllegalAction(
        "Action 1: Place planes on an unowned airlink",
        "you have €{cash}; this costs €{cost}",
        cash=3,
        cost=11,
    )
    empty = IllegalAction("Flight Card Phase", "the {row} deck is empty", row=Word("short"))
    with use_language("it"):
        assert (
            say(broke, JET_SET)
            == "hai 3\u00a0€; costa 11\u00a0€ (Azione 1: Disporre aerei su un collegamento libero)"
        )
        assert (
            say(empty, JET_SET) == "il mazzo dei tragitti brevi è vuoto (Fase delle carte di volo)"
        )
        assert (
            rule("Distant Lands: Claim a Flight card")
            == "Terre lontane: Rilevare una carta di volo"
        )


def test_a_template_no_catalog_knows_is_said_in_english_and_never_run() -> None:
    with use_language("it"):
        assert sentence("{seat} is {how}", {"seat": 2, "how": "late"}, JET_SET) == "2 is late"
        hostile = IllegalAction("Hubs", "{seat.__class__}", seat=1)  # built here: fill runs it
        assert sentence("{seat.__class__}", {"seat": 1}, JET_SET) == hostile.message
        assert sentence("{x!r:>9} {y}", {"x": 1, "y": 2}, JET_SET) == "        1 2"


def test_the_engine_catalog_translates_every_message_with_its_placeholders() -> None:
    with (LOCALE_DIR / "it" / "LC_MESSAGES" / "engine.po").open("rb") as handle:
        catalog = read_po(handle)
    translated = {m.id: m.string for m in catalog if m.id and not m.fuzzy}
    wanted = {
        message
        for folder in ("engine", "netcode")
        for _path, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / folder), method_map=[("**.py", "python")], keywords=KEYWORDS
        )
        if isinstance(message, str)
    }
    assert len(wanted) > 250
    missing = sorted(m for m in wanted if not translated.get(m))
    assert not missing, missing
    for message in wanted:
        fields = set(re.findall(r"\{(\w+)\}", message))
        assert set(re.findall(r"\{(\w+)\}", translated[message])) == fields, message


def test_taking_a_move_back_is_refused_in_italian() -> None:
    reasons = [NOTHING_HELD, NO_UNDO, *TOO_LATE.values()]
    with use_language("it"):
        for reason in reasons:
            said_it = sentence(reason.template, reason.params, JET_SET)
            assert said_it != reason and "annull" in said_it, said_it
        refused = IllegalAction(UNDO, TOO_LATE[OTHER_PLAYER])
        assert say(refused, JET_SET).endswith("non si può più annullare (Annullare una mossa)")
    with use_language("en"):
        assert say(refused, JET_SET) == str(refused)


def test_every_business_card_name_is_marked_for_the_catalog() -> None:
    assert [str(n) for n in CARD_NAMES] == [k.name for k in KINDS]


async def test_the_command_line_refuses_in_italian(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", f"bot:{ADVISOR}"], seed="command")
    with use_language("it"):
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await game_screen(pilot)
            entries = len(screen.session.game.entries)
            await pilot.press(":", *"buy MIL-XYZ 2", "enter")
            await pilot.pause()
            assert "✗ città sconosciuta 'XYZ'" in screen_text(app)
            await pilot.press("ctrl+u", *"buy MIL-ROM 9", "enter")
            await pilot.pause()
            text = screen_text(app)
            assert "costa" in text and "(Azione 1: Disporre aerei" in text, text
            assert "this costs" not in text
            assert len(screen.session.game.entries) == entries


def test_a_city_a_refusal_names_is_in_the_players_language() -> None:
    """The hubs' refusals name a city by its English name; an Italian player reads Monaco."""
    refusal = IllegalAction("Hubs: Setup", "{city} already has a hub", city=Word("Munich"))
    with use_language("it"):
        assert say(refusal, JET_SET).startswith("Monaco ha già un hub")
    assert say(refusal, JET_SET) == "Munich already has a hub (Hubs: Setup)"


def test_a_games_proper_names_come_from_its_rules() -> None:
    """Jet Set's cities in Italian are board.json's; Jet Lag has no names of its own, so a
    refusal said with its rules keeps the English word, and Jet Set's cities are not its."""
    assert JET_SET.proper_names("it")["Berlin"] == "Berlino"
    assert JET_SET.proper_names("en") == {}
    assert JET_LAG.proper_names("it") == {}
    refusal = IllegalAction("Hubs: Setup", "{city} already has a hub", city=Word("Berlin"))
    with use_language("it"):
        assert say(refusal, JET_SET).startswith("Berlino ha già un hub")
        assert say(refusal, JET_LAG).startswith("Berlin ha già un hub")


def test_a_seat_a_refusal_names_is_its_players_name() -> None:
    """The engine counts seats from 0 ("seat 1" is the second player), the lobby from 1 and the
    screens by name: a refusal shown to players names the player, in either language."""
    owned = IllegalAction("Buy", "{link} is owned by {seat}", link="LON-PAR", seat=Seat(1))
    turn = IllegalAction("Turns", "it is {seat}'s turn, not {other}'s", seat=Seat(0), other=Seat(2))
    players = ["Ann", "Amelia", "Wilbur"]
    assert str(owned) == "LON-PAR is owned by seat 1 (Buy)"  # scripts and logs: the seat
    assert say(owned, JET_SET) == str(owned)
    assert say(owned, JET_SET, players) == "LON-PAR is owned by Amelia (Buy)"
    assert say(turn, JET_SET, players).startswith("it is Ann's turn, not Wilbur's")
    odd = ["{seat}", "Am{link}elia", "{0!r}"]  # a name is text: never filled in again
    assert say(turn, JET_SET, odd).startswith("it is {seat}'s turn, not {0!r}'s")
    assert say(owned, JET_SET, odd).startswith("LON-PAR is owned by Am{link}elia")
    with use_language("it"):
        assert say(owned, JET_SET, players).startswith("LON-PAR è di Amelia")
        assert say(turn, JET_SET, players).startswith("è il turno di Ann, non di Wilbur")
        assert say(owned, JET_SET).startswith("LON-PAR è di posto 1")


async def test_the_command_line_names_the_owner_of_a_link(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", f"bot:{ADVISOR}"], seed="command")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        owned: list[int] = []
        while not owned:
            assert await play_turns(app, pilot, screen, turns=1) == 1
            await screen.session.wait_idle()
            owned = game.state.owned_links(1)
        link = game.board.link_name(owned[0])
        await pilot.press(":", *f"buy {link} 1", "enter")
        await pilot.pause()
        assert f"✗ {link} is owned by Amelia (Action 1" in screen_text(app), screen_text(app)


def test_a_move_the_host_had_no_more_use_for_is_said_too_late_in_words() -> None:
    """A LAN play test typed a move as the turn clock ran out: the bot's move stood and the
    host's refusal counted the log's entries ("the log has 5 entries, not 4 (host: stale)").
    A player reads that it came too late, in their language."""
    for rule_name, words in (
        ("host: stale", "the log has 5 entries, not 4"),
        ("host: turn", "it is not your turn"),
    ):
        exc = IllegalAction(rule_name, words)
        with use_language("en"):
            assert said(exc) == "too late: the game had moved on when your move arrived"
        with use_language("it"):
            assert "entries" not in said(exc) and "stale" not in said(exc)
            assert said(exc) != "too late: the game had moved on when your move arrived"
