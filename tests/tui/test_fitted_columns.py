"""The lobbies' fitted columns (jetset_tui/widgets/fitted_columns.py): cells a wrapped column
leaves unused go where a cell more joins a word to a line."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from jetset_tui.widgets.fitted_columns import reclaimed, wrapped


def test_cells_a_wrapped_title_leaves_empty_go_to_the_seats() -> None:
    """A play test's Italian lobby at 80x24: the title got 16 cells but wraps in lines of 13,
    and the seats, 13 cells, broke "Amelia, Wilbur" in two, a row of four lines where three do.
    The three empty cells go to the seats (14 joins the two names); the status keeps its own and
    the one cell left over; no column is narrower than its heading."""
    console = Console(width=200)
    titles = [Text("la partita di alice"), Text("la partita di beatrice")]
    seats = [Text("(libero), (libero), Amelia, Wilbur"), Text("(libero), Amelia")]
    options = [Text("4 posti, Terre lontane"), Text("2 posti")]
    status = [Text("posti liberi: 2"), Text("posti liberi: 1")]
    headings = ["Titolo", "Posti", "Opzioni", "Stato"]
    widths = reclaimed([16, 13, 15, 15], [titles, seats, options, status], headings, console)
    assert widths[:2] == [13, 14], widths
    assert sum(widths) == 16 + 13 + 15 + 15  # nothing lost: the rest at the end
    assert wrapped(seats[0], widths[1], console).plain.split("\n")[-1] == "Amelia, Wilbur"
    # a heading wider than its cells keeps its width
    narrow = reclaimed([8, 8], [[Text("ab")], [Text("cd ef gh")]], ["Options", "x"], console)
    assert narrow[0] == len("Options"), narrow


def test_the_line_count_is_the_wrapped_cells() -> None:
    """``lines_of`` (the quick count that chooses where cells go) agrees with the wrap the
    table shows, for widths from a cell's longest word to its whole length."""
    from jetset_tui.widgets.fitted_columns import lines_of

    console = Console(width=200)
    cells = [
        "(libero), (libero), (libero), (libero), (libero), Amelia",
        "6 posti, carte extra, Terre lontane, Hub, Carte Affari, Investitori scoperti, password",
        "la partita di beatrice",
        "waiting for 2",
    ]
    for plain in cells:
        text = Text(plain)
        for width in range(max(map(len, plain.split())), len(plain) + 2):
            shown = wrapped(text, width, console).plain.count("\n") + 1
            assert lines_of(plain.split(), width) == shown, (plain, width)
