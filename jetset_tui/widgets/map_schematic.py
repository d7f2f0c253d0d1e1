"""The map drawn like a transit map: where each city of the standard board goes, chosen once by
hand, and the straight and 45° lines that join two cities.

Cities sit on nine bands from north to south (a band is a row on a small map, a few rows apart on
a big one) and across the width in hundredths; the places keep Europe's shape (Lisbon bottom left,
Oslo and Stockholm at the top, Athens bottom right) but are moved so that most airlinks run
straight along a band or at 45° between bands, with room for a price on the straight stretches.
A board with other cities has no schematic and is drawn from the globe (``map_layout``).
"""

from __future__ import annotations

from engine.jetset.board import Board

BANDS = 9
"""Bands from north (0) to south (8)."""

PLACES: dict[str, tuple[int, float]] = {
    "EDI": (16, 0),
    "OSL": (52, 0),
    "STO": (76, 0),
    "DUB": (2, 1),
    "CPH": (62, 1),
    "AMS": (32, 2),
    "HAM": (48, 2),
    "LON": (16, 3),
    "BER": (66, 3),
    "WAW": (92, 3),
    "FRA": (42, 4),
    "PAR": (24, 5),
    "MUC": (56, 5),
    "VIE": (78, 5),
    "BOD": (10, 6),
    "MIL": (46, 6),
    "BEG": (90, 6),
    "MRS": (32, 6.5),
    "MAD": (6, 7),
    "ROM": (62, 7.5),
    "LIS": (0, 8),
    "SVQ": (13, 8),
    "BCN": (24, 8),
    "ATH": (94, 8),
}
"""Each city's place: hundredths of the width, and its band."""


CRAMPED_BANDS = 7
CRAMPED: dict[str, tuple[int, float]] = {
    "EDI": (14, 0),
    "OSL": (52, 0),
    "STO": (80, 0),
    "DUB": (0, 2),
    "CPH": (72, 1),
    "LON": (14, 2),
    "AMS": (30, 2),
    "HAM": (46, 2),
    "BER": (64, 2),
    "WAW": (92, 2),
    "PAR": (22, 3),
    "FRA": (40, 3),
    "MUC": (56, 3),
    "VIE": (78, 3),
    "BOD": (10, 4),
    "MRS": (30, 4),
    "MIL": (48, 4),
    "BEG": (90, 4),
    "LIS": (0, 5),
    "MAD": (10, 5),
    "ROM": (62, 5),
    "SVQ": (8, 6),
    "BCN": (26, 6),
    "ATH": (94, 6),
}
"""The places on a map of few rows: seven bands, one row of line between two."""

CRAMPED_HEIGHT = 20
"""Maps of fewer rows take the cramped places."""


def places(board: Board, height: int) -> list[tuple[float, float]] | None:
    """Each city's place as fractions of the map's width and height (0 to 1), or None when the
    board has a city without a schematic place."""
    table, bands = (CRAMPED, CRAMPED_BANDS) if height < CRAMPED_HEIGHT else (PLACES, BANDS)
    out = []
    for city in board.cities:
        place = table.get(city.code)
        if place is None:
            return None
        out.append((place[0] / 100, place[1] / (bands - 1)))
    return out
