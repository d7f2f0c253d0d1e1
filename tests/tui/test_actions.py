"""The two ways to act: the command line (completion, the engine's errors in place) and the
guided picker (full cost before confirming, Esc backs out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Buy, Claim, Game, Income, Options, seed_commitment
from engine.jetset.bots import BOTS
from engine.jetset.notation import Notation
from engine.jetset.selfplay import play_game
from jetset_tui.advice import advised_move, advisor
from jetset_tui.app import JetSetApp
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets import command
from jetset_tui.widgets.command import CommandLine, complete, with_its_only_path
from jetset_tui.widgets.picker import ActionPicker
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.tui.conftest import make_app
from tests.tui.play import ADVISOR, game_screen, settled

BOT = f"bot:{ADVISOR}"


def test_completion_prefers_legal_lines_then_words() -> None:
    lines = ["buy MIL-ROM 1", "income"]
    assert complete("inc", lines, []) == "income"
    assert complete("buy mil", lines, []) == "buy mil-rom 1"  # what was typed stays as typed
    assert complete("buy MIL-R", lines, []) == "buy MIL-ROM 1"
    assert complete("Buy", lines, []) == "Buy MIL-ROM 1"  # a word of mixed case: as listed
    assert complete("rent AMS-L", [], ["AMS-LON", "AMS-PAR"]) == "rent AMS-LON"
    assert complete("", lines, []) is None


def test_completion_never_makes_a_line_that_cannot_be_played() -> None:
    """A play test: "claim S1-22 LON-PAR S1" + Tab gave "claim s1-22 lon-par s1-01", and "buy
    AMS-LON 1 EX" a second word, each lowered: after a whole action nothing is added."""
    lines = ["claim S1-22 LON-PAR", "buy AMS-LON 1", "buy AMS-LON 2"]
    words = ["S1-01", "S1-22", "extra", "AMS-LON"]
    assert complete("claim S1-22 LON-PAR S1", lines, words) is None
    assert complete("buy AMS-LON 1 EX", lines, words) is None
    assert complete("BUY ams", lines, words) == "BUY ams-lon 1"
    whole = {"claim S1-22 LON-PAR", "buy AMS-LON 1"}.__contains__  # off turn: no legal lines
    assert complete("claim S1-22 LON-PAR S1", [], words, whole) is None
    assert complete("buy AMS-LON 1 EX", [], words, whole) is None
    assert complete("claim S1", [], words, whole) == "claim S1-01"
    assert complete("claim s1", [], words, whole) == "claim s1-01"


async def test_command_line_errors_in_place_and_completion(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="command")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        entries = len(screen.session.game.entries)
        await pilot.press(":", *"buy MIL-XYZ 2", "enter")
        await pilot.pause()
        assert "✗ unknown city 'XYZ'" in screen_text(app)
        assert "Esc: back to the keys" in screen_text(app), "the line keeps the keys: say so"
        await pilot.press("ctrl+a", *"claim S1-99 AMS-LON", "enter")
        await pilot.press("ctrl+u")  # clear (Textual: delete to start)
        await pilot.pause()
        assert len(screen.session.game.entries) == entries  # nothing changed
        await pilot.press("escape", ":", *"rent xyz", "tab")  # a Tab that adds nothing says so
        await pilot.pause()
        assert "Tab: no action goes on from what is typed" in screen_text(app)
        await pilot.press("ctrl+u")
        await pilot.press("escape", ":", "i", "n", "c", "tab", "enter")
        await pilot.pause()
        assert screen.session.game.entries[entries].action == Income()
        assert "✓ income" in screen_text(app)


async def test_what_your_move_did_goes_once_another_player_has_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play test: the host's line under the command line kept "✓ income · pays €0" through
    every other player's turn. Once another player has moved, it goes after ``DONE_KEPT``
    seconds from when it was said (shown at once: the bot has answered by the first look, in
    ``test_command_line_errors_in_place_and_completion``); a new move of yours says its own."""
    monkeypatch.setattr(command, "DONE_KEPT", 1.0)
    app = make_app(tmp_path, ["human", BOT], seed="done-line")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        mine = len(game.entries)
        await pilot.press(":", *"income", "enter")
        assert await settled(pilot, lambda: "✓ income" in screen_text(app))
        assert await settled(pilot, lambda: any(e.actor == 1 for e in game.entries[mine:]))
        assert await settled(pilot, lambda: "✓ income" not in screen_text(app), 10)
        assert await settled(pilot, lambda: game.to_move() == 0)
        await pilot.press(":", *"income", "enter")
        assert await settled(pilot, lambda: "✓ income" in screen_text(app))


async def test_guided_buy_shows_the_cost_and_escape_backs_out(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="guided")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        entries = len(game.entries)
        await pilot.press("b", *"milrom", "3")
        await pilot.pause()
        text = screen_text(app)
        assert "buy MIL-ROM 3  costs €21  €30 → €9  (link €6 + 3 × €5 a plane)" in text
        assert "✓ allowed: Enter to play it" in text
        await pilot.press("escape")
        await pilot.pause()
        assert "Buy an unowned airlink" not in screen_text(app)
        assert len(game.entries) == entries
        await pilot.press("b", *"milrom", "7")
        await pilot.pause()
        text = screen_text(app)
        assert "✗ you have €30; this costs €41" in text
        assert "costs €41" in text and "→ €-" not in text, "no cash below €0 (a play test's €-8)"
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.entries) == entries  # the engine refused it, shown in place
        await pilot.press("2", "enter")
        await pilot.pause()
        milrom = game.board.link_between(game.board.city_index["MIL"], game.board.city_index["ROM"])
        assert game.entries[entries].action == Buy(milrom or 0, 2)


async def test_the_pickers_key_line_and_notes_fit_the_map_panel(tmp_path: Path) -> None:
    """At 120 columns the picker names its keys in short rather than cutting "Esc" off; wider,
    in words. The income note fits beside its label."""
    short, words = "↑↓ ←→ 1–9 · Enter · Esc", "· Enter buy · Esc back"
    for size, keys in (((120, 40), short), ((200, 50), words)):
        app = make_app(tmp_path, ["human", BOT], seed="guided")
        async with app.run_test(size=size) as pilot:
            await game_screen(pilot)
            await pilot.press("b")
            await pilot.pause()
            title = next(ln for ln in screen_text(app).splitlines() if "Buy an unowned" in ln)
            assert keys in title and "…" not in title
            await pilot.press("escape", "i")
            await pilot.pause()
            text = screen_text(app)
            assert "Take income: +€0" in text
            assert "no claimed card yet: income pays €0" in text, "decision 25, said in words"


def save_in_vacation_time(tmp_path: Path) -> Path:
    """A 2-player game against a greedy bot, stopped in Vacation Time with the human to move."""
    game = play_game(Options(players=2), "vacation", ("greedy",))
    replayed = Game(game.options)
    for entry in game.entries:
        replayed.push(entry)
        if replayed.state.vacation_time and replayed.to_move() == 0:
            break
    assert replayed.state.vacation_time and not replayed.state.seats[0].finished
    path = tmp_path / "vacation.jetset"
    seats = [Seat("Ann"), Seat("Amelia", SeatKind.parse(BOT))]
    header = Header(game.options, seats, seed_commitment("vacation"), meta={"local": True})
    write_game(path, header, replayed, None)
    Secrets("vacation").save(secrets_path(path))
    return path


async def test_vacation_time_keys(tmp_path: Path) -> None:
    """No Flight Card Phase in Vacation Time: no Cards key; the Final Flight key instead."""
    app = JetSetApp(resume=save_in_vacation_time(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "f Final" in footer and "i Income" in footer
        assert "e Cards" not in footer


async def test_help_advises_the_default_bots_move_and_enter_takes_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT, BOT], seed="advice")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        entries = len(game.entries)
        move = advised_move(game.state.view(0), 0, game.rules, entries)  # what it must be
        expected = Notation(game.board).format_action(move)
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        assert f"In your place the search bot would play  {expected}" in text
        assert "why: " in text
        await pilot.press("enter")
        await pilot.pause()
        command = screen.query_one(CommandLine)
        assert command.input.value == expected
        assert "Esc drops it" in screen_text(app)
        await pilot.press("escape")  # dropped: it followed a play tester through three pickers
        await pilot.pause()
        assert command.input.value == "" and len(game.entries) == entries
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert command.input.value == expected
        await pilot.press("enter")
        await pilot.pause()
        played = game.entries[entries]
        assert played.actor == 0 and Notation(game.board).format_action(played.action) == expected


async def test_no_advice_when_it_is_not_your_turn(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="advice", bot_delay=5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press(":", *"income", "enter")  # now the bot thinks, for 5 seconds
        await pilot.pause()
        assert not screen.my_turn()
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        assert "What Ann still needs" in text and "would play" not in text


async def test_advice_closes_an_open_picker(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", BOT], seed="advice")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("b")
        await pilot.click("#right")  # the picker stays open, the keys are the screen's again
        assert screen.query_one(ActionPicker).is_open
        await pilot.press("h", "enter")
        await pilot.pause()
        assert not screen.query_one(ActionPicker).is_open
        assert screen.query_one(CommandLine).input.value, "the advice is on the command line"


async def test_a_failing_advisor_costs_the_advice_not_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(BOTS[advisor()], "choose", broken)  # fault injection
    app = make_app(tmp_path, ["human", "bot:random"], seed="advice")
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        assert "What Ann still needs" in text and "would play" not in text
        assert app.is_running


def test_a_card_with_one_path_needs_no_path_typed() -> None:
    """A play test: "claim S1-21" for a card of one airlink was refused ("write: claim CARD
    PATH"); a card with one legal path now takes it, one with two still asks which."""
    lines = ["claim S1-21 BER-HAM", "claim S1-07 AMS-LON-PAR", "claim S1-07 AMS-BRU-PAR", "income"]
    assert with_its_only_path("claim s1-21", lines) == "claim S1-21 BER-HAM"
    assert with_its_only_path("  CLAIM   S1-21 ", lines) == "claim S1-21 BER-HAM"
    assert with_its_only_path("claim S1-07", lines) is None, "two paths: the player chooses"
    assert with_its_only_path("claim S1-2", lines) is None, "a card's id, not its start"
    assert with_its_only_path("claim S1-99", lines) is None
    assert with_its_only_path("buy MIL-ROM", ["buy MIL-ROM 1"]) is None, "only a card's path"


def test_a_path_with_one_card_needs_no_card_typed() -> None:
    """A play test: "claim cph-ham" was refused although one card only could be claimed along
    it; it now takes that card, typed either way round; with two cards it still asks which."""
    lines = ["claim S1-16 CPH-HAM", "claim S1-07 AMS-LON-PAR", "claim L5-01 AMS-LON-PAR", "income"]
    assert with_its_only_path("claim cph-ham", lines) == "claim S1-16 CPH-HAM"
    assert with_its_only_path("claim HAM-CPH", lines) == "claim S1-16 CPH-HAM"
    assert with_its_only_path("claim AMS-LON-PAR", lines) is None, "two cards: the player chooses"
    assert with_its_only_path("claim CPH-HA", lines) is None, "a whole path, not its start"
    assert with_its_only_path("claim LON-PAR", lines) is None, "a part of a path is not one"


def save_with_a_card_of_one_path(tmp_path: Path) -> tuple[Path, str]:
    """A greedy game stopped where the human (seat 0) is to move and can claim a card along
    exactly one path; that card's id."""
    seed = "one-path"
    game = play_game(Options(players=2), seed, ("greedy",))
    notation = Notation(game.board)
    replayed = Game(game.options)
    for entry in game.entries:
        replayed.push(entry)
        if replayed.over or replayed.to_move() != 0:
            continue
        lines = [notation.format_action(a) for a in replayed.legal_actions()]
        cards = [ln.split()[1] for ln in lines if ln.startswith("claim ")]
        once = [card for card in cards if cards.count(card) == 1]
        if once:
            path = tmp_path / "one-path.jetset"
            seats = [Seat("Ann"), Seat("Amelia", SeatKind.parse(BOT))]
            header = Header(game.options, seats, seed_commitment(seed), meta={"local": True})
            write_game(path, header, replayed, None)
            Secrets(seed).save(secrets_path(path))
            return path, once[0]
    raise AssertionError("no position with a card of one path")


async def test_typing_claim_and_a_card_of_one_path_claims_it(tmp_path: Path) -> None:
    path, card = save_with_a_card_of_one_path(tmp_path)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        before = len(screen.session.game.entries)
        await pilot.press(":", *f"claim {card.lower()}", "enter")
        await pilot.pause()
        played = screen.session.game.entries[before].action
        assert isinstance(played, Claim) and played.card == card
        assert f"✓ claim {card}" in screen_text(app), "the line shows the path it took"


async def test_a_superscript_digit_in_the_picker_sets_no_count_and_fails_nothing(
    tmp_path: Path,
) -> None:
    """A red team's ² (the top-left key of a French keyboard) at Buy's count ended the player's
    session: ``"²".isdigit()`` is true, ``int("²")`` fails. Only 0–9 set a count; ² and ③ are
    typed into the filter as any other character, and the game goes on."""
    app = make_app(tmp_path, ["human", BOT], seed="guided")
    async with app.run_test(size=(120, 40)) as pilot:
        await game_screen(pilot)
        await pilot.press("b")
        await pilot.pause()
        picker = app.screen.query_one(ActionPicker)
        count = picker.count
        await pilot.press("²", "③")
        await pilot.pause()
        assert app.is_running and picker.count == count
        await pilot.press("2")
        await pilot.pause()
        assert picker.count == 2
