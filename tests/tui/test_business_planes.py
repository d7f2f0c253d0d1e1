"""The `y` picker's counted step for Three Planes, Friendly Rivalry, Recall Planes and Transfers:
a play test found that the keys offered only the engine's canonical form of each (three planes
on one link, one plane of a rivalry, all your planes off one link, one plane transferred), so a
player at the keys could not split Three Planes over two links, nor sell two planes of three;
typing could. Now one line per card leads to a step with a count on each link."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Entry, Game, IllegalAction, Options
from engine.jetset.actions import PlayCard
from engine.jetset.rules.business import action_done
from jetset_tui.app import JetSetApp
from jetset_tui.business import business_stage
from jetset_tui.guided import Choice, Stage
from jetset_tui.screenshot import screen_text
from jetset_tui.table import TableView
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.rows import rows_text
from netcode.seatkind import HUMAN
from tests.engine.business_tables import planes_of, table
from tests.engine.test_business_distant import own_washington
from tests.tui.play import game_screen, random_keeping_cards, save_for_you

NAMES = ["Ann", "Bob"]


def card_step(stage: Stage | str, label: str) -> Stage:
    """The `y` list's line ``label`` and the step Enter on it opens."""
    assert isinstance(stage, Stage), stage
    (line,) = [c for c in stage.choices if c.label == label]
    assert line.then is not None, f"{label} leads to a step of its own"
    step = line.then()
    assert isinstance(step, Stage), step
    return step


def counts(step: Stage, **by_label: int) -> dict[int, int]:
    labels = [c.label for c in step.choices]
    return {labels.index(label.replace("_", "-")): n for label, n in by_label.items()}


def first(step: Stage) -> Choice:
    return step.choices[0]


def test_three_planes_split_over_two_links_and_transfers_of_two_planes() -> None:
    t = table(("three", "transfers"))
    t.do(0, "buy AMS-LON 2")
    t.do(1, "buy MAD-SVQ 1")
    t.do(0, "buy LON-PAR 1")
    t.do(1, "income")
    t.wait_for(0)  # Bob's turn, which goes on after his income, ends
    labels = [c.label for c in business_stage(t.state, 0, NAMES).choices]  # type: ignore[union-attr]
    assert labels.count("Play Three Planes…") == 1 and "Play Transfers…" in labels, labels
    step = card_step(business_stage(t.state, 0, NAMES), "Play Three Planes…")
    assert [c.label for c in step.choices] == ["AMS-LON", "LON-PAR"]
    play = step.build(first(step), 0, counts(step, AMS_LON=2, LON_PAR=1))
    amslon, lonpar = t.link("AMS-LON"), t.link("LON-PAR")
    assert play == PlayCard("three", links=(amslon, amslon, lonpar))
    too_many = step.build(first(step), 0, counts(step, AMS_LON=3, LON_PAR=1))
    with pytest.raises(IllegalAction, match="one to three planes"):  # the verdict before Enter
        t.game.rules.check(t.state, Entry(0, too_many))
    t.game.play(play)
    assert planes_of(t, 0, "AMS-LON") == 4 and planes_of(t, 0, "LON-PAR") == 2
    step = card_step(business_stage(t.state, 0, NAMES), "Play Transfers…")
    pairs = [c.label for c in step.choices]
    assert "AMS-LON → LON-PAR" in pairs and "LON-PAR → AMS-LON" in pairs
    move = step.build(first(step), 0, counts(step, **{"AMS-LON → LON-PAR": 2}))
    t.game.play(move)
    assert planes_of(t, 0, "AMS-LON") == 2 and planes_of(t, 0, "LON-PAR") == 4


def test_recall_sells_some_of_the_planes_on_a_link() -> None:
    t = table(("recall", "buyout"), ("taxes", "lock"))
    t.do(0, "buy AMS-LON 3")
    t.wait_for(0)
    step = card_step(business_stage(t.state, 0, NAMES), "Play Recall Planes…")
    (line,) = step.choices
    assert line.label == "AMS-LON" and "3 of your planes here (+€6 a plane)" in line.note
    cash = t.cash(0)
    t.game.play(step.build(line, 0, {0: 2}))
    assert planes_of(t, 0, "AMS-LON") == 1 and t.cash(0) == cash + 12


def test_rivalry_and_recall_on_a_distant_link_say_the_distant_price() -> None:
    """Each line of the step says what a plane there costs or pays: €25 to a Distant airlink's
    owner (Friendly Rivalry), €26 for a Distant plane sold back (Recall Planes)."""
    from tests.engine.test_business_distant import table as distant_table

    t = distant_table(("recall", "catchup"), ("rivalry", "delay"))
    own_washington(t, 0, 2)
    t.wait_for(1)
    step = card_step(business_stage(t.state, 1, NAMES), "Play Friendly Rivalry…")
    notes = {c.label: c.note for c in step.choices}
    assert notes["PAR-WAS"] == "owner Ann (€25 a plane to the owner)", notes
    t.do(1, "income")
    t.wait_for(0)
    step = card_step(business_stage(t.state, 0, NAMES), "Play Recall Planes…")
    notes = {c.label: c.note for c in step.choices}
    assert notes["PAR-WAS"] == "2 of your planes here (+€26 a plane)", notes


async def test_three_planes_by_keys_on_two_links(tmp_path: Path) -> None:
    """At the keys: y, the card, 2 on one link and 1 on another, Enter."""
    seed = "three-1"  # a random game where Ann comes to hold Three Planes and two links

    def ready(game: Game) -> bool:
        state = game.state
        b = state.business
        assert b is not None
        three = "three" in (b.hands[0] or [])
        links = len(state.owned_links(0)) >= 2 and state.seats[0].planes >= 3
        return game.to_move() == 0 and not action_done(state) and three and links

    game = random_keeping_cards(Options(players=2, business_cards=True), seed, ready)
    assert ready(game), "the seed reaches such a turn"
    path = save_for_you(tmp_path / "three.jetset", game, seed, NAMES)
    app = JetSetApp(resume=path, bot_delay=30, fsync=False, saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(pilot)
        played = screen.session.game
        own = played.state.owned_links(0)
        assert len(own) >= 2
        before = [played.state.link_planes[ln][0] for ln in own[:2]]
        await pilot.press("y", *"three", "enter")
        await pilot.pause()
        assert "Three Planes: up to 3, free" in screen_text(app)
        await pilot.press("2", "down", "1")
        await pilot.pause()
        assert "✓ allowed" in screen_text(app), screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        after = [played.state.link_planes[ln][0] for ln in own[:2]]
        assert after == [before[0] + 2, before[1] + 1]


def test_a_card_with_many_ways_to_play_takes_one_line_and_a_step() -> None:
    """A play test: Ownership listed one line per unowned link (over sixty) in the `y` list,
    each "Play Ownership AMS-DUB ×1", burying the other cards, cash-ins and deals. Now the list
    has one line a card; Enter on it lists the links, found by code or city name."""
    t = table(("ownership", "extra"))
    stage = business_stage(t.state, 0, NAMES)
    assert isinstance(stage, Stage)
    labels = [c.label for c in stage.choices]
    assert labels.count("Play Ownership…") == 1 and "Play Extra Action" in labels, labels
    assert len(labels) <= 6, labels  # two plays, two cash-ins, a deal
    step = card_step(stage, "Play Ownership…")
    assert len(step.choices) > 50 and "×" not in " ".join(c.label for c in step.choices)
    (paris,) = [c for c in step.choices if c.label == "LON-PAR"]
    assert "PARIS" in paris.search and "LONDON" in paris.search
    play = step.build(paris, 1, {})
    t.game.play(play)
    assert t.state.owner[t.link("LON-PAR")] == 0


def test_a_locked_flight_card_is_marked_in_its_row_for_everyone() -> None:
    """A play test: nothing on screen said a Flight card was locked (Lock a Flight Card: nobody
    else may claim it) until a claim of it was refused. Its row now says whose lock it is."""
    t = table(("lock", "buyout"))
    t.do(0, "play lock S1-03")
    red = LIVERIES[0].letter
    for viewer in (0, 1, None):
        view = TableView(t.state.view(viewer), NAMES, [HUMAN] * 2, list(LIVERIES[:2]), viewer, 0)
        (line,) = [x for x in rows_text(view).plain.splitlines() if "S1-03" in x]
        assert line.endswith(f"locked {red}"), line
        others = [x for x in rows_text(view).plain.splitlines() if x.startswith(" S1-")]
        assert sum("locked" in x for x in others) == 1, others
