"""The end race (jetset_tui/race.py) read from real games' states, and its words on the panel."""

from __future__ import annotations

from rich.cells import cell_len

from engine import ClaimFinal, Game, Options
from engine.jetset.bots.race import Finisher, finishers
from engine.jetset.rules.final_flight import FINAL_PLANES_TO_END
from engine.jetset.selfplay import play_game
from jetset_tui.i18n import use_language
from jetset_tui.race import (
    PANEL_WIDTH,
    OwnFinal,
    enders,
    last_unfinished,
    own_final,
    own_text,
    panel_race,
    race_text,
    race_warning,
)
from jetset_tui.table import TableView
from jetset_tui.theme import livery_for
from jetset_tui.widgets.players import player_lines
from netcode.seatkind import HUMAN, SeatKind

NAMES = ["Ann", "Wilbur", "Orville", "Amelia"]


def states(seed: str, players: int = 4) -> list[Game]:
    """A greedy game's positions from Vacation Time on, each as a game to ask (a copy)."""
    whole = play_game(Options(players=players), seed, ("greedy",))
    game = Game(whole.options, whole.board)
    out = []
    for entry in whole.entries:
        game.push(entry)
        if game.state.vacation_time and not game.over:
            copy = Game(whole.options, whole.board)
            for e in game.entries:
                copy.push(e)
            out.append(copy)
    return out


def table(game: Game, viewer: int) -> TableView:
    n = game.state.players
    kinds = [HUMAN] + [SeatKind("greedy")] * (n - 1)
    liveries = [livery_for([], i) for i in range(n)]
    mover = game.to_move()
    return TableView(game.state.view(viewer), NAMES[:n], kinds, liveries, viewer, mover)


GAMES = states("race-1")


def test_the_race_counts_what_each_final_flight_still_needs() -> None:
    seen_warning = False
    for game in GAMES:
        state = game.state
        races = finishers(state)
        assert [r.seat for r in races] == [i for i, s in enumerate(state.seats) if s.finished]
        for race in races:
            assert race.needs == FINAL_PLANES_TO_END - state.seats[race.seat].final_planes
        for seat in enders(state):
            seen_warning = True
            st = state.seats[seat]
            assert (st.finished and st.final_planes == 4 and st.planes) or all(
                s.finished for i, s in enumerate(state.seats) if i != seat
            )
            text = race_warning(table(game, 0))
            assert text is not None
            who = "your next plane ends the game" if seat == 0 else NAMES[seat]
            assert who in text.plain
    assert seen_warning


def test_your_final_flight_is_ready_exactly_when_the_rules_let_you_claim_it() -> None:
    checked = 0
    for game in GAMES:
        seat = game.to_move()
        if seat is None or seat < 0 or game.state.seats[seat].finished:
            continue
        view = game.state.view(seat)
        own = own_final(view, seat)
        legal = any(isinstance(a, ClaimFinal) for a in game.legal_actions())
        assert (own is not None and own.ready) == legal
        if own is not None and not own.ready:
            assert own.cost > 0 and own.planes > 0
        checked += 1
    assert checked > 5


def test_the_panel_keeps_the_claimed_cards_after_the_final_flight() -> None:
    game = next(g for g in reversed(GAMES) if g.state.seats[0].finished and g.state.seats[0].cards)
    state = game.state
    lines = player_lines(table(game, 0), 0).plain
    assert f"Final {state.seats[0].final}" in lines
    claimed = lines.splitlines()[-1].split()  # ``1 1 3² 7``: a word a claimed card
    points = [str(state.board.cards[str(cid)].points) for cid, _ in state.seats[0].cards]
    assert [word[: len(p)] for word, p in zip(claimed, points, strict=True)] == points
    assert any(w in lines for w in ("to finish", "1 plane to go", "complete"))


def test_the_panel_says_what_your_own_final_flight_costs() -> None:
    game = next(g for g in GAMES if not g.state.seats[0].finished)
    text = panel_race(table(game, 0), 0)
    assert text is not None and "your Final Flight" in text.plain
    own = own_final(game.state.view(0), 0)
    if own is not None and not own.ready:
        assert f"€{own.cost}" in text.plain
    other = panel_race(table(game, 0), 1)  # another player's hand is never priced
    assert other is None or "€" not in other.plain


def test_nothing_is_said_before_vacation_time() -> None:
    whole = play_game(Options(players=4), "race-1", ("greedy",))
    game = Game(whole.options, whole.board)
    for entry in whole.entries[:20]:
        game.push(entry)
    assert not game.state.vacation_time
    view = table(game, 0)
    assert race_warning(view) is None
    assert all(panel_race(view, s) is None for s in range(4))


def test_every_race_line_fits_the_players_panel_whole() -> None:
    """The panel cuts what is wider than it: every race line, at its longest, fits."""
    lines = [race_text(Finisher(0, needs, stock)) for needs in range(5) for stock in range(25)]
    lines += [own_text(None), own_text(OwnFinal("F-01", 0, 0))]
    lines += [own_text(OwnFinal("F-01", cost, n)) for cost in (9, 99, 999) for n in range(1, 9)]
    for game in GAMES:
        view = table(game, 0)
        lines += [t.plain for s in range(4) if (t := panel_race(view, s)) is not None]
    widest = max(lines, key=cell_len)
    assert cell_len(widest) <= PANEL_WIDTH, widest


def test_the_last_to_play_a_final_flight_is_warned_of_that_final_flight_not_a_plane() -> None:
    """A play test: the bar said 'your next plane ends the game' to the one player without a
    Final Flight, but their planes did not end it; only their Final Flight did."""
    last = [(g, g.to_move()) for g in GAMES if g.to_move() == last_unfinished(g.state)]
    assert last, "no turn of the one player who has not played a Final Flight"
    for game, seat in last:
        assert seat is not None
        warning = race_warning(table(game, seat))
        assert warning is not None
        assert warning.plain.startswith("⚠ playing your Final Flight ends the game"), warning
        assert "your next plane" not in warning.plain
        with use_language("it"):
            italian = race_warning(table(game, seat))
        assert italian is not None and "giocare il tuo volo finale chiude la partita" in italian
        for action in game.legal_actions():  # the engine: only the Final Flight ends it
            after = Game(game.options, game.board)
            for entry in game.entries:
                after.push(entry)
            after.play(action)
            assert after.over == isinstance(action, ClaimFinal), action
