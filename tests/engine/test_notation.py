"""The notation round-trips, and malformed lines fail differently from illegal ones."""

from __future__ import annotations

import pytest

from engine import (
    CHANCE,
    Buy,
    Claim,
    IllegalAction,
    Income,
    NotationError,
    Options,
    Place,
    Refill,
    format_action,
    parse_action,
)
from engine.jetset.actions import BusinessDraw
from engine.jetset.notation import (
    BUSINESS_CHANCE_VERBS,
    BUSINESS_VERBS,
    CHANCE_VERBS,
    PARSERS,
    VERBS,
    Notation,
    default_notation,
)
from engine.jetset.selfplay import play_game
from tests.engine.table import Table

N = Notation()


@pytest.mark.parametrize(
    "line",
    [
        "refill short 3",
        "buy MIL-ROM 2",
        "place DUB-LON 1 LON-PAR 2",  # canonical: links in board order
        "rent DUB-LON 2",
        "claim S3-17 HAM-BER-MUC",
        "final F-01 MIL-PAR-AMS-DUB-LON-PAR-BOD",
        "income",
        "plane",
        "pass",
        "reveal long LV-1",
        "setup S1-01 S1-02 / L5-01",
        "deal 2 hidden 0a1b",
        "deal 0 F-01 F-02 00ff abcd",
    ],
)
def test_round_trip(line: str) -> None:
    assert format_action(parse_action(line)) == line


def test_parsing_is_forgiving_about_case_order_and_defaults() -> None:
    assert parse_action("BUY rom-mil") == Buy(N.link("MIL-ROM"), 1)
    assert parse_action("place DUB-LON LON-PAR 2") == parse_action("place LON-PAR 2 DUB-LON 1")
    assert parse_action("claim s3-17 ham-ber-muc") == Claim("S3-17", N.parse_path("HAM-BER-MUC"))
    assert parse_action("  income  ") == Income()
    assert parse_action("refill Long 2") == Refill("long", 2)
    assert isinstance(parse_action("place LON-PAR"), Place)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "empty"),
        ("fly MIL-ROM", "unknown action 'fly'"),
        ("buy MIL-XYZ 2", "unknown city 'XYZ'"),
        ("buy MIL-OSL 1", "there is no airlink MIL-OSL"),
        ("buy MIL-ROM two", "'two' is not a count"),
        ("buy MIL-ROM 0", "'0' is not a count"),
        ("claim S9-99 HAM-BER", "unknown card 'S9-99'"),
        ("claim S3-17", "write: claim CARD PATH"),
        ("refill middle 2", "refill short N"),
        ("income now", "income takes nothing"),
        ("buy MILROM 1", "not an airlink"),
        ("buy MIL-ROM ²", "'²' is not a count"),  # a digit to str.isdigit, not to int()
        ("place MIL-ROM -1", "'-1' is not a count"),  # after a link, not read as a city ''
        ("play three MIL-ROM -2", "'-2' is not a count"),
        ("play recall MIL-ROM +1", r"'\+1' is not a count"),
        ("deal ٣ hidden 00ff", "'٣' is not a seat number"),
        ("deal 1 hidden 00FF", "'00FF' is not lower-case hex"),
        ("deal 1 hidden 0x1f", "'0x1f' is not lower-case hex"),
        ("deal 1 hidden ab-cd", "'ab-cd' is not lower-case hex"),
        ("deal 1 hidden ab_cd", "'ab_cd' is not lower-case hex"),
        (f"deal 1 hidden {'a' * 129}", "is not lower-case hex"),
        ("bdraw 1 income 00ff 12g4", "'12g4' is not lower-case hex"),
        ("bdraw 1 income ５ 00ff", "'５' is not lower-case hex"),
        (f"bdraw 1 income {'a' * 129} 00ff", "is not lower-case hex"),  # each word at most 128
        ("deal 0 F-01 F-02 00ff 0x1f", "'0x1f' is not lower-case hex"),
        ("bdraw 1 income 00ff 00FF", "'00FF' is not lower-case hex"),
        ("bdraw 1 income ５５ 00ff", "'５５' is not lower-case hex"),
        (f"bdraw 1 income 00ff {'ab' * 65}", "is not lower-case hex"),
        ("bdraw 123 income 00ff 00ff", "'123' is not a seat number"),
        ("bdraw ² income 00ff 00ff", "'²' is not a seat number"),
        ("bdraw 1 joker 00ff 00ff", "unknown Business card 'joker'"),
    ],
)
def test_malformed_lines_raise_notation_errors(line: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(line)


def test_hex_words_of_1_to_128_digits_are_read() -> None:
    longest = "0123456789abcdef" * 8
    action = parse_action(f"bdraw 1 income a {longest}")
    assert isinstance(action, BusinessDraw) and (action.salt, action.commitment) == ("a", longest)


def test_an_entry_starts_with_an_ascii_seat_number() -> None:
    with pytest.raises(NotationError, match="starts with a seat number"):
        default_notation().parse_entry("٣ income")


def test_malformed_and_illegal_are_different_errors() -> None:
    t = Table()
    with pytest.raises(NotationError):
        t.try_do(0, "buy MIL-ROMA 2")
    with pytest.raises(IllegalAction) as info:
        t.try_do(0, "buy MIL-ROM 5")
    assert not isinstance(info.value, NotationError)
    assert "you have €30; this costs €31" in str(info.value)
    assert info.value.rule.startswith("Action 1")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_entry_of_whole_games_round_trips(players: int) -> None:
    game = play_game(Options(players=players), f"notation-{players}")
    kinds = set()
    for entry in game.entries:
        text = N.format_entry(entry)
        assert N.parse_entry(text) == entry
        kinds.add(text.split()[1])
        if entry.actor != CHANCE:
            assert not text.startswith("*")
    assert {"setup", "deal", "buy", "income"} <= kinds


def test_legal_actions_all_round_trip() -> None:
    for seed in ("la-1", "la-2"):
        game = play_game(Options(players=3), seed)
        # replay and, every tenth decision, round-trip everything that was legal
        from engine import Game

        g = Game(game.options)
        for i, entry in enumerate(game.entries):
            if entry.actor != CHANCE and i % 10 == 0:
                for action in g.legal_actions():
                    assert N.parse_action(N.format_action(action)) == action
            g.push(entry)


def test_every_verb_has_its_parser_and_every_parser_its_verb() -> None:
    """The verbs' tuples (what the command line offers) and the parsers of the verbs' modules
    name the same verbs: a verb added to one and not the other is caught here."""
    verbs = VERBS + CHANCE_VERBS + BUSINESS_VERBS + BUSINESS_CHANCE_VERBS
    assert len(set(verbs)) == len(verbs)
    assert set(PARSERS) == set(verbs)


def test_an_unknown_action_lists_every_players_verb_the_modules_too() -> None:
    """A play test typed a word the notation does not know and was told the actions without
    the Business cards' (play, cash, offer …); every verb a player may type is listed."""
    from engine.jetset.notation import BUSINESS_VERBS, VERBS, Notation

    with pytest.raises(NotationError) as refused:
        Notation().parse_action("acquista AMS-LON 1")
    said = str(refused.value)
    listed = said.partition("the actions are: ")[2].split(", ")
    assert listed == [*VERBS, *BUSINESS_VERBS]
    assert {"play", "cash", "offer", "accept", "decline", "done", "hub", "buy"} <= set(listed)


def documented_player_lines() -> list[str]:
    """Every line in docs/notation.md's tables, up to its Jet Lag section, that starts with a
    player's verb (the chance entries have a notation of their own)."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text()
    text = text.split("\n## Jet Lag")[0]
    lines = re.findall(r"^\| `([^`]+)`", text, flags=re.MULTILINE)
    verbs = (*VERBS, *BUSINESS_VERBS)
    return [line for line in lines if line.split()[0] in verbs]


def test_every_documented_example_is_written_as_the_engine_writes_it() -> None:
    """docs/notation.md says the canonical form is what the engine writes and lists: a bot that
    compares its lines with ``legal`` strings must find the documented ones there (a docs check
    found five examples in another order, or with a link's cities the other way round)."""
    lines = documented_player_lines()
    assert len(lines) >= 30 and "accept lock LON-PAR" in lines
    assert [line for line in lines if format_action(parse_action(line)) != line] == []
