"""The Hubs module in the app: hubs on the map, placing one and taking a bonus by keys and by
typed notation (Pilot, the real app)."""

from __future__ import annotations

from pathlib import Path

from engine import Game, HubBonus, Options, PlaceHub
from engine.jetset.rules.income import income_paid
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from jetset_tui.screens.game import GameScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.widgets.command import CommandInput
from jetset_tui.widgets.players import hub_text
from netcode.local import LocalSession
from tests.tui.play import ADVISOR, game_screen, play_turns, resized

BOT = f"bot:{ADVISOR}"


def hubs_app(tmp_path: Path, seed: str) -> JetSetApp:
    plan = GamePlan(
        ["human", BOT], ["Ann", "Amelia"], seed=seed, path=tmp_path / "game.jetset",
        modules=("hubs",),
    )  # fmt: skip
    return JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)


def session_of(screen: GameScreen) -> LocalSession:
    session = screen.session
    assert isinstance(session, LocalSession)
    return session


async def test_placing_the_first_hub_by_keys_shows_it_on_the_map(tmp_path: Path) -> None:
    app = hubs_app(tmp_path, "hub-keys")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        session = session_of(screen)
        await session.wait_idle()
        await pilot.pause()
        hubs = session.game.state.hubs
        assert hubs is not None and len(hubs.cities[1]) == 1, "the bot, last, placed first"
        assert session.game.to_move() == 0
        text = screen_text(app)
        assert "u: place your first hub" in text
        await pilot.press("b")  # an ordinary action must wait
        await pilot.pause()
        assert not screen.query_one("#picker").display
        taken = session.game.board.cities[hubs.cities[1][0]]
        await pilot.press("u", *taken.code)  # the bot's city: listed, and why not there
        await pilot.pause()
        text = screen_text(app)
        assert f"{taken.code} {taken.name}" in text and "has a hub" in text, text
        assert f"✗ {taken.name} already has a hub (Hubs: Setup)" in text, text
        await pilot.press("backspace", "backspace", "backspace", "Z", "Z")
        await pilot.pause()  # nothing found: said at once (it waited for an Enter)
        assert "✗ nothing matches what you typed (Backspace to change it)" in screen_text(app)
        await pilot.press("backspace", "backspace", "P", "A", "R")
        await pilot.pause()
        assert "Place your first hub" in screen_text(app)
        await pilot.press("enter")
        await session.wait_idle()
        await pilot.pause()
        paris = session.game.board.city_index["PAR"]
        assert hubs.cities[0] == [paris]
        assert any(e.actor == 0 and e.action == PlaceHub(paris) for e in session.game.entries)
        text = screen_text(app)
        mine, bots = (screen.liveries[s].letter for s in (0, 1))
        theirs = session.game.board.city_code(hubs.cities[1][0])
        assert f"PAR⌂{mine}" in text, "the hub beside its city, with the owner's letter"
        assert f"{theirs}⌂{bots}" in text
        assert "hubs PAR" in text, "the player panel lists the hub"


async def test_a_hub_bonus_by_the_picker_and_by_typed_notation(tmp_path: Path) -> None:
    """The human seat plays the greedy bot's choices with keys (guided or typed) until its flight
    passes through its own hub; the picker offers the bonuses, and the typed line, completed
    with Tab, takes the 2-Euro marker."""
    app = hubs_app(tmp_path, "hub-bonus-9")  # the first bonus comes on the 10th turn or so
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        session = session_of(screen)
        game = session.game
        hubs = game.state.hubs
        assert hubs is not None
        for _ in range(60):
            await session.wait_idle()
            await pilot.pause()
            if hubs.pending and game.to_move() == 0:
                break
            await play_turns(app, pilot, screen, turns=1)
        assert hubs.pending and game.to_move() == 0, "a flight through Ann's own hub"
        name = game.board.cities[hubs.pending[0]].name
        said = f"you flew through your hub in {name}: €2, a marker or your second hub"
        assert said in screen_text(app)  # Ann has one hub: the second is one of the bonuses
        await pilot.press("u")
        await pilot.pause()
        text = screen_text(app)
        for choice in ("€2 hub payoff", "1-point marker", "2-Euro marker"):
            assert choice in text, text
        now = income_paid(game.state, 0)  # the income before and after, not "(now €15)"
        assert f"+€2 income from now on: €{now} → €{now + 2}" in text, text
        await pilot.press("escape", "colon", *"bonus in", "tab")
        await pilot.pause()
        assert screen.query_one(CommandInput).value == "bonus income"
        await pilot.press("enter")
        await session.wait_idle()
        await pilot.pause()
        assert any(e.actor == 0 and e.action == HubBonus("income", -1) for e in game.entries)
        assert hubs.income[0] == 1


async def test_the_new_game_form_ticks_the_hubs_module(tmp_path: Path) -> None:
    """From the start screen: n, tick Hubs, start: the game has hubs and its log says so; every
    module is there to tick (all four play)."""
    from textual.widgets import Checkbox

    from jetset_tui.screens.new_game import NewGameScreen
    from netcode.logfile import read_log

    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        for title in ("Distant Lands", "Hubs", "Business cards", "Investors"):
            assert title in text
        for module in ("distant_lands", "hubs", "business_cards", "investors"):
            assert not app.screen.query_one(f"#modules-{module}", Checkbox).disabled
        await pilot.click("#modules-hubs")
        await pilot.pause()
        assert app.screen.query_one("#modules-hubs", Checkbox).value
        await pilot.press("ctrl+s")
        screen = await game_screen(pilot)
        game = screen.session.game
        assert game.options.hubs and not game.options.distant_lands
        assert game.state.hubs is not None
    (path,) = tmp_path.glob("*.jetset")
    assert read_log(path).header.options.hubs


async def test_at_80_by_24_with_every_module_the_footer_shows_every_key(tmp_path: Path) -> None:
    """Every module adds an action key; at 80 columns their words would push Help and Menu off
    the footer, so keys show alone there, as few as make room, in the game screen's order
    (``FOOTER_GIVES_WAY``): the base game's five actions keep their words (two play tests found
    "c i d" bare the keys they could not read), extra cards' and Distant's go first; at 120
    columns only those two."""
    modules = ("distant_lands", "hubs", "business_cards", "investors")
    plan = GamePlan(
        ["human", BOT], ["Ann", "Amelia"], seed="footer-80", path=tmp_path / "game.jetset",
        modules=modules,
    )  # fmt: skip
    app = JetSetApp(plan=plan, fsync=False, saves=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        session = session_of(screen)
        await session.wait_idle()
        await pilot.press("u", "enter")  # the first hub, so that the turn's action keys are on
        await session.wait_idle()
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1].rstrip()
        assert footer == (
            "b Buy p Place r Rent c Claim i Income e d y Business v Table h Hint q Menu"
        ), footer
        await resized(pilot, 120, 40)
        footer = screen_text(app).splitlines()[-1].rstrip()
        assert "c Claim  i Income  e  d Distant  y Business  : Type" in footer, footer
        assert footer.endswith("^p palette") and "f1 Rules" in footer, footer
    app = JetSetApp(plan=GamePlan(["human", BOT], ["Ann", "Amelia"], seed="footer-80b",
                                  path=tmp_path / "base.jetset"), fsync=False, saves=tmp_path,
                    bot_delay=0)  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot)
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "b Buy" in footer, "a base game's keys keep their words"


def test_a_player_without_a_hub_is_said_so_in_each_language() -> None:
    """``no hub yet``: Italian "ancora nessun hub" (it read "hub nessuna", the feminine "none"
    of cards)."""
    state = Game(Options(players=2, hubs=True)).state
    assert state.hubs is not None and not state.hubs.cities[0]
    assert hub_text(state, 0).plain.strip() == "no hub yet"
    with use_language("it"):
        assert hub_text(state, 0).plain.strip() == "ancora nessun hub"


async def test_a_search_that_finds_nothing_is_said_whole_in_italian_at_100x30(
    tmp_path: Path,
) -> None:
    """The picker's "nothing matches" line was cut at the picker's edge in Italian ("… (Bac…"):
    it is said under the list, wrapped like the rules' refusals."""
    with use_language("it"):
        app = hubs_app(tmp_path, "hub-keys")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await game_screen(pilot)
            await session_of(screen).wait_idle()
            await pilot.pause()
            await pilot.press("u", "X", "Y", "Z")
            await pilot.pause()
            text = screen_text(app)
    left = " ".join(line.split("│")[0].strip() for line in text.splitlines())
    said = "✗ nessuna scelta corrisponde a ciò che hai scritto (Backspace per cambiarlo)"
    assert said in " ".join(left.split()), text
    assert "…" not in left, text
