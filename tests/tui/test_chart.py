"""The end screen's charts read back: axes with numbers, a line per player with its letter, a
legend, and the turns the title counts."""

from __future__ import annotations

from jetset_tui.theme import livery_for
from jetset_tui.widgets.chart import chart_text, draw, nice_step, spread_rows, strips_text

LIVERIES = [livery_for([], i) for i in range(3)]
NAMES = ["Ann", "Wilbur", "Amelia"]


def test_nice_steps() -> None:
    assert [nice_step(span, 4) for span in (3, 8, 19, 40, 130, 900)] == [1, 2, 5, 10, 50, 500]


def test_the_points_chart_has_both_axes_a_line_a_player_and_a_legend() -> None:
    turns = list(range(0, 61))
    series = [[t // 2 for t in turns], [t // 4 for t in turns], [0 for _ in turns]]
    lines = chart_text("Points", series, LIVERIES, 60, 16, turns, NAMES).plain.splitlines()
    assert lines[0] == "Points"
    numbers = lines[-2].split()
    assert numbers[0] == "turn" and numbers[1] == "0" and numbers[-1] == "60"
    assert [int(n) for n in numbers[1:]] == sorted(int(n) for n in numbers[1:])
    values = [line.split("┤")[0].strip() for line in lines[1:-3] if "┤" in line]
    assert values[0] == "30" and values[-1] == "0"
    legend = lines[-1]
    for livery, name in zip(LIVERIES, NAMES, strict=True):
        assert f"─{livery.letter}─ {name}" in legend
    # each line ends with its letter and its last value, at the height of that value
    assert f"{LIVERIES[0].letter}30" in lines[1]
    assert f"{LIVERIES[2].letter}0" in lines[-4]


def test_a_line_is_drawn_where_its_values_are() -> None:
    turns = list(range(11))
    canvas = draw([[0] * 5 + [10] * 6], LIVERIES[:1], turns, 40, 11, str)
    rows = ["".join(ch for ch, _ in row) for row in canvas.cells]
    bottom, top = rows[10], rows[0]
    assert "─" in bottom.split("┤", 1)[1] and "╯" in bottom
    assert "╭" in top and "─" in top.split("┤", 1)[1]
    middle = rows[5].split("┤", 1)[1] if "┤" in rows[5] else rows[5].split("│", 1)[1]
    assert "│" in middle  # the climb is drawn, not a jump


def test_cash_strips_say_their_scale_and_each_players_last_cash() -> None:
    turns = list(range(21))
    series = [[t for t in turns], [20 - t for t in turns], [7 for _ in turns]]
    text = strips_text("Cash", series, LIVERIES, 60, turns, NAMES, say="€{}".format).plain
    lines = text.splitlines()
    assert "▁ €0" in lines[1] and "█ €20" in lines[1]
    assert lines[2].startswith(f"{LIVERIES[0].letter} Ann") and lines[2].endswith("€20")
    assert "▁" in lines[2].split("│")[1][:2] and lines[2].split("│")[1].rstrip(" €20")[-1] == "█"
    assert lines[3].endswith("€0") and lines[4].endswith("€7")
    assert lines[-1].split()[-1] == "20" and lines[-1].split()[1] == "0"


def test_a_legend_too_wide_goes_on_in_rows_each_player_whole() -> None:
    """A play test at 100x30: with four players named greedy-0 … greedy-3 the chart's legend
    ended at "─Y─", the last name cut off by the chart's edge."""
    liveries = [livery_for([], i) for i in range(4)]
    names = [f"greedy-{i}" for i in range(4)]
    turns = list(range(0, 31))
    series = [[t // (i + 1) for t in turns] for i in range(4)]
    width, height = 48, 16
    lines = chart_text("Points", series, liveries, width, height, turns, names).plain.splitlines()
    assert len(lines) == height, lines
    assert all(len(line) <= width for line in lines), lines
    legend = " ".join(lines[-2:])
    for livery, name in zip(liveries, names, strict=True):
        assert f"─{livery.letter}─ {name}" in legend, lines[-2:]
    assert lines[-3].split()[0] == "turn", "the turn axis's numbers, then the legend's rows"


def test_end_labels_keep_their_order_and_stay_near_their_values() -> None:
    """Six end scores close together (25 to 31, a play test's game) each get a row, highest
    first: on a short chart 26 had been drawn above 31, the labels pushed up to its top."""
    turns = list(range(41))
    finals = [25, 31, 26, 31, 26, 27]
    series = [[final * t // 40 for t in turns] for final in finals]
    liveries = [livery_for([], seat) for seat in range(6)]
    names = [f"P{seat}" for seat in range(6)]
    lines = chart_text("Points", series, liveries, 50, 12, turns, names).plain.splitlines()
    said = [
        (row, int(final))
        for livery, final in zip(liveries, finals, strict=True)
        for row, line in enumerate(lines)
        if f"{livery.letter}{final}" in line
    ]
    values = [value for _row, value in sorted(said)]
    assert len(said) == 6 and values == sorted(values, reverse=True), lines


def test_crowded_labels_share_out_the_rows_around_theirs() -> None:
    """``spread_rows``: a row each, in order, as near its own as the others let it, above and
    below alike; labels with room stay on their own rows, and the edges hold."""
    assert spread_rows([3, 3, 5, 5, 5, 6], 10) == [2, 3, 4, 5, 6, 7]
    assert spread_rows([1, 4, 6], 10) == [1, 4, 6]
    assert spread_rows([9, 9, 9], 10) == [7, 8, 9]
    assert spread_rows([0, 0], 10) == [0, 1]
