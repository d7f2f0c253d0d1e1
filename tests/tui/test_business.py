"""The Business cards module in the app, hot-seat at one keyboard: each player sees only their
own Business cards, plays them by key (`y`) and by typed notation, and answers a Business Deal
on their own screen after the hand-off."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from engine import Game, Options, seed_commitment
from engine.jetset.actions import Accept, DealDiscard, PlayCard
from engine.jetset.business_state import KIND
from engine.jetset.rules.business import action_done
from engine.jetset.rules.hubs import hub_decision_due
from engine.jetset.selfplay import play_game
from jetset_tui.app import JetSetApp
from jetset_tui.business import business_stage, business_text
from jetset_tui.card_names import business_name
from jetset_tui.describe import cost_breakdown
from jetset_tui.i18n import use_language
from jetset_tui.screens.pass_turn import PassScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.seating import GamePlan
from jetset_tui.table import TableView
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.hand import hand_text
from jetset_tui.widgets.picker import ActionPicker
from netcode.client import SeatInfo
from netcode.local import LocalSession
from netcode.logfile import Header, Seat, write_game
from netcode.seatkind import SeatKind
from netcode.tablefiles import Secrets, secrets_path
from tests.engine.business_tables import claim_without_stalling, table
from tests.engine.table import Table
from tests.tui.play import (
    game_screen,
    play_turns,
    random_keeping_cards,
    save_for_you,
    settled,
)


def session(tmp_path: Path, kinds: list[str]) -> LocalSession:
    names = ["Ann", "Amelia", "Wilbur"][: len(kinds)]
    seats = [SeatInfo(n, SeatKind.parse(k)) for n, k in zip(names, kinds, strict=True)]
    options = Options(players=len(kinds), business_cards=True)
    return LocalSession(
        options, seats, seed="business-tui", path=tmp_path / "game.jetset", bot_delay=0, fsync=False
    )


def unseen(mine: list[str], theirs: list[str]) -> list[str]:
    """Names of ``theirs`` that no card of ``mine`` mentions (so the screen cannot show them)."""
    texts = " ".join(KIND[k].name + " " + KIND[k].text for k in mine)
    return [KIND[k].name for k in theirs if k not in mine and KIND[k].name not in texts]


async def hand_off(app: JetSetApp, pilot: Pilot[None], to: str, why: str | None = None) -> None:
    """The hand-off to ``to``, saying ``why`` when the keyboard goes to them for a question
    (and nothing of the kind otherwise)."""
    await pilot.pause()
    assert isinstance(app.screen, PassScreen), screen_text(app)
    assert to in screen_text(app)
    said = " ".join(screen_text(app).replace("┃", " ").split())  # the box wraps the sentence
    assert "their Final Flights and Business cards are secret" in said, said
    if why is not None:
        assert why in said, said
    else:
        assert "Business Deal" not in said, said
    await pilot.press("enter")
    await pilot.pause()


async def test_hot_seat_business_cards_deal_and_answer(tmp_path: Path) -> None:
    app = JetSetApp(bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = session(tmp_path, ["human", "human"])
        app.play(table)
        await hand_off(app, pilot, "Ann")
        screen = await game_screen(pilot)
        b = table.game.state.business
        mine, theirs = table.view(0).business, table.view(1).business
        assert b is not None and mine is not None and theirs is not None
        ann, amelia = list(mine.hands[0] or []), list(theirs.hands[1] or [])
        assert len(ann) == len(amelia) == 2
        text = screen_text(app)
        assert "Your Business cards" in text
        assert all(KIND[k].name in text for k in ann)
        assert not any(name in text for name in unseen(ann, amelia))
        # Ann offers Amelia a deal by typing it; Amelia answers on her own screen, with `y`
        await pilot.press(*":offer 1 -", "enter")
        await hand_off(app, pilot, "Amelia", "Ann offers you a Business Deal: accept or refuse it.")
        text = screen_text(app)
        assert "answers Ann's Business Deal" in text and "y: accept or refuse" in text
        footer = text.splitlines()[-1]  # only the answer's key: b, i ... were refused
        assert "y Business" in footer and not any(k in footer for k in ("b Buy", "i Income"))
        await pilot.press(*":income", "enter")
        await pilot.pause()
        assert "answer the Business Deal first: accept or decline it" in screen_text(app)
        await pilot.press("escape")
        assert all(KIND[k].name in text for k in amelia)
        assert not any(name in text for name in unseen(amelia, ann)), "the offer names none"
        await pilot.press("y")
        await pilot.pause()
        assert "Ann's Business Deal: both discard a card" in screen_text(app)
        await pilot.press(*"refuse", "enter")
        await hand_off(app, pilot, "Ann", "Amelia refused your Business Deal.")
        assert table.game.to_move() == 0 and b.offer[1] == -1
        # Ann cashes in a card with the picker, then plays on with keys
        await pilot.press("y", *"cash", "enter")
        await pilot.pause()
        assert table.game.state.seats[0].cash == 35
        assert await play_turns(app, pilot, screen, turns=4) == 4


async def test_the_buy_preview_charges_what_the_engine_charges_after_a_discount(
    tmp_path: Path,
) -> None:
    """A play test: after Discount the picker said €14 (€30 → €16) where the engine took €10."""
    kinds = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]
    modules = ("business_cards", "hubs", "investors")
    names = ["Root", "Amelia", "Wilbur", "Bessie"]
    plan = GamePlan(kinds, names, seed="qa25", path=tmp_path / "game.jetset", modules=modules)
    plan.investors_face_up = True
    app = JetSetApp(plan=plan, bot_delay=0, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        for line in ("hub PAR", "play discount"):
            await pilot.press(":", *line, "enter")
            await pilot.pause()
        await pilot.press("b", *"lonpar", "2")
        await pilot.pause()
        cash = game.state.seats[0].cash
        text = screen_text(app)
        assert f"buy LON-PAR 2  costs €10  €{cash} → €{cash - 10}" in text, text
        assert "(link €4 + 2 × €5 a plane − €4 D" in text  # a narrow panel cuts it there
        picker = app.screen.query_one(ActionPicker)
        action = picker.preview()
        assert action is not None
        assert cost_breakdown(game.state, 0, action).endswith("a plane − €4 Discount")
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.seats[0].cash == cash - 10


DONE_SEED = "done-3"
"""A greedy game with Business cards and Hubs in which Ann (seat 0) claims Long Flights through her
own hub: ``save_before_the_bonus`` stops where she chooses a hub bonus, the Long Flight having
drawn her a Business card."""


def save_before_the_bonus(tmp_path: Path, hubs: int = 1) -> Path:
    """The game stopped at the first such bonus of Ann's with ``hubs`` hubs of hers on the board."""
    whole = play_game(Options(players=2, business_cards=True, hubs=True), DONE_SEED, ("greedy",))
    game = Game(whole.options, whole.board)
    for entry in whole.entries:
        game.push(entry)
        state = game.state
        b, placed = state.business, state.hubs
        assert b is not None and placed is not None
        if (
            game.to_move() == 0
            and hub_decision_due(state)
            and b.open_turn == state.turn
            and len(placed.cities[0]) == hubs
        ):
            break
    else:
        raise AssertionError(f"no hub bonus of Ann's with {hubs} hubs and a card drawn")
    return save_for_you(tmp_path / "done.jetset", game, DONE_SEED, ["Ann", "Wilbur"])


async def test_after_the_action_the_bar_and_footer_offer_only_business_cards(
    tmp_path: Path,
) -> None:
    """A play test: after a Long Flight through her own hub and the bonus point, the bar still
    said 'e: extra Flight cards ..., then one action' and the footer offered b p r c i e d."""
    app = JetSetApp(
        resume=save_before_the_bonus(tmp_path), bot_delay=30, fsync=False, saves=tmp_path
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        game = screen.session.game
        await pilot.press(":", *"bonus point", "enter")
        await pilot.pause()
        assert action_done(game.state) and game.to_move() == 0
        lines = screen_text(app).splitlines()
        assert "your action is done: y to play Business cards or end your turn" in lines[0]
        footer = lines[-1].split()
        assert "y" in footer and "Business" in footer
        assert not {"b", "p", "r", "c", "i", "e", "d", "f"} & set(footer), lines[-1]
        await pilot.press("i")
        await pilot.pause()
        assert not app.screen.query(ActionPicker) or not app.screen.query_one(ActionPicker).is_open
        turn = game.state.turn
        await pilot.press("y", *"end", "enter")
        await pilot.pause()
        assert game.state.turn > turn and not action_done(game.state)


async def test_with_two_hubs_the_bar_offers_no_second_hub(tmp_path: Path) -> None:
    """A play test: Ann, with her two hubs on the board (the most a player has), was told
    "€2, a marker or your second hub"; the picker rightly offered no hub."""
    app = JetSetApp(
        resume=save_before_the_bonus(tmp_path, hubs=2), bot_delay=30, fsync=False, saves=tmp_path
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        hubs = screen.session.game.state.hubs
        assert hubs is not None and len(hubs.cities[0]) == 2
        bar = screen_text(app).splitlines()[:2]
        assert "you flew through your hub in Amsterdam: €2 or a marker" in " ".join(bar), bar
        assert "second hub" not in " ".join(bar), bar


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_hub_bonus_title_is_whole_beside_the_table(tmp_path: Path, language: str) -> None:
    """A play test saw the hub bonus picker's title cut ("… Enter …") in the map's pane at
    120 columns: the title is shorter now, and the keys after it give way before it does."""
    with use_language(language):
        app = JetSetApp(
            resume=save_before_the_bonus(tmp_path), bot_delay=30, fsync=False, saves=tmp_path
        )
        async with app.run_test(size=(120, 40)) as pilot:
            await game_screen(pilot)
            await pilot.press("u")
            await pilot.pause()
            picker = app.screen.query_one(ActionPicker)
            assert picker.is_open
            title = picker.stage.title
            assert "Amsterdam" in title
            (line,) = [x for x in screen_text(app).splitlines() if title in x]
            assert "…" not in line.split("│")[0], line


def test_a_spectator_reads_the_business_counts_under_their_own_heading() -> None:
    """A spectator has no hand of its own: the players' Business card counts came right under
    "Final Flights are secret", as if they counted Final Flights."""
    game = play_game(Options(players=2, business_cards=True), "spectator", ("greedy",))
    kinds = [SeatKind.parse("bot:greedy")] * 2
    table = TableView(game.state.view(None), ["Ann", "Bob"], kinds, list(LIVERIES[:2]), None, 0)
    business = business_text(table)
    assert business is not None
    lines = f"{hand_text(table).plain}\n{business.plain}".splitlines()  # as HandPanel shows them
    heading = lines.index("Business cards  secret")
    assert lines[heading - 1] == "Final Flights are secret"
    assert lines[heading + 1].startswith(" Ann: ") and " in hand" in lines[heading + 1], lines


DEAL_SEED = "deal-0"


def save_where_ann_can_offer_a_deal(tmp_path: Path) -> Path:
    """Two people at one keyboard (Ann, Amelia), Business cards: stopped at Ann's turn once each
    of them owns two links or more and holds two kinds of card (so each chooses a card and a
    link), with nothing offered yet this turn."""
    options = Options(players=2, business_cards=True)

    def ready(game: Game) -> bool:
        state = game.state
        b = state.business
        assert b is not None
        owned = [sum(1 for o in state.owner if o == seat) for seat in (0, 1)]
        kinds = [len(set(b.hands[seat] or [])) for seat in (0, 1)]
        planes = min(seat.planes for seat in state.seats)
        ready = game.to_move() == 0 and min(owned) >= 2 and min(kinds) >= 2 and planes > 0
        return ready and b.offer[1] < 0 and b.offer_turn != state.turn and not action_done(state)

    game = random_keeping_cards(options, DEAL_SEED, ready)  # greedy spends its cards at once
    if not ready(game):
        raise AssertionError("no turn of Ann's with two links and two kinds of card each")
    path = tmp_path / "deal.jetset"
    seats = [Seat("Ann"), Seat("Amelia")]
    header = Header(options, seats, seed_commitment(DEAL_SEED), meta={"local": True})
    write_game(path, header, game, None)
    Secrets(DEAL_SEED).save(secrets_path(path))
    return path


async def test_a_business_deal_offered_and_accepted_by_keys_choosing_card_and_link(
    tmp_path: Path,
) -> None:
    """A play test: the `y` list offered a deal with only the offerer's first card and the
    other's first link (the canonical list's one offer), so a player at the keys could not say
    which card to give up or where the plane goes; the answer listed every card × link in one
    list. Now each chooses the card, then the link, and the answer's list says what was
    offered."""
    app = JetSetApp(resume=save_where_ann_can_offer_a_deal(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await hand_off(app, pilot, "Ann")
        screen = await game_screen(pilot)
        game = screen.session.game
        state = game.state
        b = state.business
        assert b is not None
        ann = sorted(set(b.hands[0] or []), key=(b.hands[0] or []).index)
        amelia_links = [i for i, o in enumerate(state.owner) if o == 1]
        ann_links = [i for i, o in enumerate(state.owner) if o == 0]
        card, link = ann[-1], amelia_links[-1]  # not the first of either: the list's own offer
        await pilot.press("y", *"offer", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "the card you discard" not in text, "an offer names no card"
        assert "your plane on which of their links?" in text, text
        await pilot.press(*state.board.link_name(link).replace("–", ""))
        await pilot.pause()  # the preview names who the deal is offered to (the notation's 1)
        linked = state.board.link_name(link)
        said = f"Offer Amelia a Business Deal: your plane on {linked}"  # not the bare seat
        shown = " ".join(screen_text(app).split())
        assert said in shown and "offer 1" not in shown, screen_text(app)
        await pilot.press("enter")
        await hand_off(app, pilot, "Amelia", "Ann offers you a Business Deal: accept or refuse it.")
        assert b.offer == (0, 1, "", link)
        await pilot.press("y")
        await pilot.pause()
        text = screen_text(app)
        said = "Ann's Business Deal: their plane on your"
        assert said in text and state.board.link_name(link) in text, text
        theirs = sorted(set(b.hands[1] or []), key=(b.hands[1] or []).index)
        answer, where = theirs[-1], ann_links[-1]
        cash = [s.cash for s in state.seats]
        await pilot.press(*"accept", "enter", *business_name(answer).lower(), "enter")
        await pilot.press(*state.board.link_name(where).replace("–", ""), "enter")
        await pilot.pause()
        accepted = game.entries[-1].action
        assert accepted == Accept(answer, where), accepted
        # the keyboard goes back to Ann, who now chooses her card, and only then is it said
        await hand_off(app, pilot, "Ann", "Amelia accepted your Business Deal: discard a Busin")
        assert "discards a card" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert "Your Business Deal was accepted: the card you discard" in screen_text(app)
        await pilot.press(*business_name(card).lower(), "enter")
        await pilot.pause()
        assert game.entries[-1].action == DealDiscard(card)
        assert state.link_planes[link][0] >= 1 and state.link_planes[where][1] >= 1
        assert [s.cash for s in state.seats] == cash  # free, and no action taken
        assert b.offer[1] == -1 and game.to_move() == 0


async def test_extra_action_says_two_actions_and_offers_neither_income_nor_a_refill_between(
    tmp_path: Path,
) -> None:
    """A play test: after Extra Action the bar still said "then one action", after the first
    action too, and the footer offered i (refused: neither action may be income) and e (no
    refill between the two actions)."""
    seed, at = "extra-11", 6  # a random game: Ann to move, holding Extra Action
    options = Options(players=2, business_cards=True)
    whole = play_game(options, seed, ("random",))
    game = Game(options, whole.board)
    for entry in whole.entries[: at + 1]:
        game.push(entry)
    b = game.state.business
    assert b is not None and "extra" in (b.hands[0] or []) and game.to_move() == 0
    path = save_for_you(tmp_path / "extra.jetset", game, seed, ["Ann", "Bob"])
    app = JetSetApp(resume=path, bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press(":", *"play extra", "enter")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert "Extra Action: two actions this turn, neither of them income" in lines[0], lines[0]
        assert "i Income" not in lines[-1] and "b Buy" in lines[-1], lines[-1]
        cheapest = min(
            (a for a in screen.session.game.legal_actions() if type(a).__name__ == "Buy"),
            key=lambda a: screen.session.game.state.board.links[a.link].cost,
        )
        await pilot.press(":", *screen.notation.format_action(cheapest), "enter")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        said = "Extra Action: your second action (not income), or y to end your turn"
        assert said in lines[0], lines[0]
        assert not any(k in lines[-1] for k in ("i Income", "e Cards")), lines[-1]
        assert "b Buy" in lines[-1] and "y Business" in lines[-1], lines[-1]


async def test_the_command_line_says_a_move_played_in_the_logs_words(tmp_path: Path) -> None:
    """A play test read "✓ offer 1 -" under the command line (a seat's number and a dash) and
    "✓ accept delay -": what a move did is said there as the log says it. Ann cashes a card in
    by typing it."""
    app = JetSetApp(resume=save_where_ann_can_offer_a_deal(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await hand_off(app, pilot, "Ann")
        screen = await game_screen(pilot)
        b = screen.session.game.state.business
        assert b is not None
        card = (b.hands[0] or [])[0]
        await pilot.press(*f":cash {card}", "enter")
        said = f"✓ cashes in {business_name(card)} for €5"
        assert await settled(pilot, lambda: said in screen_text(app)), screen_text(app)
        assert f"✓ cash {card}" not in screen_text(app)


def offer_notes(t: Table, seat: int) -> list[str]:
    """The notes of the `y` list's lines that offer a Business Deal to nobody in particular."""
    stage = business_stage(t.state, seat, ["Ann", "Amelia"])
    assert not isinstance(stage, str)
    return [c.note for c in stage.choices if c.label == "Offer a Business Deal"]


def test_the_y_list_says_why_no_business_deal_can_be_offered() -> None:
    """A play test: the offer lines were gone from the `y` list, and nothing said why. Now a
    line says it (and Enter says it again), on the player's own turn only."""
    t = table(("taxes", "buyout"), ("lock", "delay"))
    assert offer_notes(t, 0) == [], "offers are open: each is a line of its own"
    t.do(0, "offer 1 -")
    t.do(1, "decline")
    assert offer_notes(t, 0) == ["you have already made an offer this turn"], "the rule's words"
    assert offer_notes(t, 1) == [], "not Amelia's turn"
    t.do(0, "income")
    t.do(1, "cash lock")
    t.do(1, "cash delay")
    t.do(1, "income")
    assert offer_notes(t, 0) == ["no one else holds a Business card"]


def test_after_the_action_the_y_list_starts_on_ending_the_turn() -> None:
    """A Long Flight claimed draws a Business card and the turn goes on: Enter on `y` ends it,
    the cards listed after (they were first, and "End your turn" last, out of sight)."""
    t = table(("taxes", "buyout"))
    claim_without_stalling(t, "L5-01", end_turn=False)
    assert t.game.to_move() == 0 and action_done(t.state), "the turn goes on after the draw"
    stage = business_stage(t.state, 0, ["Ann", "Amelia"])
    assert not isinstance(stage, str)
    labels = [choice.label for choice in stage.choices]
    assert labels[0] == "End your turn", labels
    assert any(label.startswith("Play ") for label in labels[1:]), labels


def test_before_the_action_the_y_list_starts_on_ending_the_turn_which_says_why_not_yet() -> None:
    """A play test: y, Enter out of habit (after the action it ends the turn) played the first
    card before the action. The first line is now always "End your turn": before the action it
    cannot be chosen and says the turn ends with its action, and the list opens on it."""
    t = table(("taxes", "buyout"))
    legal = t.game.legal_actions()
    stage = business_stage(t.state, 0, ["Ann", "Amelia"], legal)
    assert not isinstance(stage, str)
    first = stage.choices[0]
    assert (first.label, first.ready, first.note) == (
        "End your turn",
        False,
        "your turn ends with its action",
    )
    assert stage.opens_on_first
    assert any(c.label.startswith("Play ") for c in stage.choices[1:])
    without = business_stage(t.state, 1, ["Ann", "Amelia"], [])
    assert not isinstance(without, str) and not without.opens_on_first, "not Amelia's turn"
    assert all(c.label != "End your turn" for c in without.choices)


async def test_y_enter_before_the_action_plays_no_card(tmp_path: Path) -> None:
    """The same at the real app: Ann's y opens on it and says why not yet (where the picker
    said "Enter to go on"); Enter plays nothing; ↓, Enter then plays a card as before."""
    app = JetSetApp(resume=save_where_ann_can_offer_a_deal(tmp_path), bot_delay=0, fsync=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await hand_off(app, pilot, "Ann")
        screen = await game_screen(pilot)
        game = screen.session.game
        before = len(game.entries)
        await pilot.press("y")
        await pilot.pause()
        picker = app.screen.query_one(ActionPicker)
        assert picker.index == 0 and "End your turn" in screen_text(app)
        shown = " ".join(screen_text(app).split())
        assert "Your turn ends with its action" in shown, "said at once, not 'Enter to go on'"
        assert "Enter to go on" not in shown
        await pilot.press("enter")
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        assert "Your turn ends with its action" in said, screen_text(app)
        assert len(game.entries) == before, "no card played"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert len(game.entries) == before + 1, "the card under the first line is played"
        assert isinstance(game.entries[-1].action, PlayCard) and game.entries[-1].actor == 0
        await pilot.press(":", *"income", "enter")  # the action: Ann's turn goes on (her cards)
        assert await settled(pilot, lambda: action_done(game.state))
        await pilot.press("escape", "y")
        await pilot.pause()
        assert "✓ Enter ends your turn" in screen_text(app), "not 'Enter to play it'"
        await pilot.press("enter")
        assert await settled(pilot, lambda: game.to_move() == 1)


def test_an_end_of_game_card_played_early_says_it_scores_at_the_end_either_way() -> None:
    """A play test: "Play Catch up" mid-game, with nothing said, read as using the card up or
    as doing something now. Laid down early it only shows (B3): the line says so; other cards
    have no such note."""
    t = table(("catchup", "taxes"))
    stage = business_stage(t.state, 0, ["Ann", "Amelia"], t.game.legal_actions())
    assert not isinstance(stage, str)
    notes = {c.label: c.note for c in stage.choices}
    catch_up = [label for label in notes if "Catch up" in label and label.startswith("Play")]
    assert catch_up and notes[catch_up[0]] == "face up now: it scores at the end either way"
    taxes = [label for label in notes if "Taxes" in label and label.startswith("Play")]
    assert taxes and "scores at the end" not in notes[taxes[0]], notes
