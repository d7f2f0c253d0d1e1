"""The expansion's extra Flight cards (``Options.extra_cards``, docs/rules-decisions.md no. 17):
shuffled into their decks, played like any other card, and kept apart from the base game by the
log's header."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgpack

from engine import Dealer, Game, Options
from engine.jetset.board import LONG, SHORT, load_board
from engine.jetset.selfplay import play_game

EXTRA = {SHORT: 50, LONG: 40, "final": 18}
"""What the expansion's box holds (001_0ac1a519298b1465.txt, "Contents")."""


def jetset(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jetset_tui", *args], capture_output=True, text=True
    )


def test_the_extra_cards_join_the_base_decks_without_replacing_any() -> None:
    base, extra = load_board(), load_board(extra_cards=True)
    decks = {
        SHORT: (base.short_deck, extra.short_deck),
        LONG: (base.long_deck, extra.long_deck),
        "final": (base.final_deck, extra.final_deck),
    }
    for kind, (before, after) in decks.items():
        assert set(before) < set(after), f"every base {kind} card is still there"
        assert len(after) - len(before) == EXTRA[kind]
    added = set(extra.cards) - set(base.cards)
    assert not any(extra.cards[c].vacation for c in added), "the extra cards bring no Vacation"
    assert {base.links[i] for i in range(len(base.links))} == set(extra.links)


def test_a_game_with_the_extra_cards_deals_them_and_plays_to_the_end() -> None:
    options = Options(players=4, extra_cards=True)
    game = play_game(options, "extra-cards")
    assert game.over
    extra_ids = set(game.board.cards) - set(load_board().cards)
    seen = set(game.state.location) | {c for s in game.state.seats for c in (s.hand or ())}
    assert seen & extra_ids, "extra cards turn up (or are dealt) in a whole game"
    replayed = Game(options)
    for entry, digest in zip(game.entries, game.digests, strict=True):
        replayed.push(entry, digest)

    board = load_board(extra_cards=True)
    dealer = Dealer("extra-cards", board, 4)
    assert sorted(dealer.short_row + dealer.short_stack) == sorted(board.short_deck)
    assert sorted(dealer.long_row + dealer.long_stack) == sorted(board.long_deck)
    assert {c for hand in dealer.hands for c in hand} <= set(board.final_deck)


def test_selfplay_with_extra_cards_saves_a_log_that_verifies_and_says_so(
    tmp_path: Path,
) -> None:
    out = jetset(
        "selfplay", "--players", "3", "--games", "1", "--seed", "xc", "--extra-cards",
        "--save", str(tmp_path), "--json",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    played = json.loads(out.stdout)
    (path,) = tmp_path.glob("*.jetset")
    verified = jetset("replay", str(path), "--verify", "--json")
    assert verified.returncode == 0, verified.stderr
    assert json.loads(verified.stdout)["digest"] == played["digest"]

    # the header's options choose the board: without the extra cards the log no longer replays
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(path.read_bytes())
    objs = list(unpacker)
    assert objs[0]["options"]["extra_cards"] is True
    objs[0]["options"]["extra_cards"] = False
    path.write_bytes(b"".join(msgpack.packb(o) for o in objs))
    broken = jetset("replay", str(path), "--verify")
    assert broken.returncode == 1
    assert "entry 0 (* setup " in broken.stderr and "unknown card 'X" in broken.stderr


def test_the_shipped_board_is_built_once_however_the_call_is_spelt() -> None:
    """``load_board()``, ``load_board(False)`` and ``load_board(extra_cards=False)`` are one
    board (a start of ``jetset play`` built and parsed it three times); the extra cards' board
    is another."""
    from engine.jetset.board import load_board

    plain = load_board()
    assert load_board(False) is plain
    assert load_board(extra_cards=False) is plain
    extra = load_board(extra_cards=True)
    assert extra is load_board(True) and extra is not plain
    assert len(extra.cards) > len(plain.cards)
