"""Every character the app draws has a glyph in DejaVu Sans Mono: the monospace font of most
Linux terminals (fontconfig's own default), of the browser page (jetset_tui/web/templates/
app_index.html names it after Menlo, which is drawn from the same letters) and of any machine
with no emoji or symbol font. A character missing from it shows as an empty box there, or
from another font, at another width, elsewhere: the turn clock's stopwatch and the pause sign
did, in a browser on such a machine."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
DRAWN = ("jetset_tui/**/*.py", "jetset_tui/**/*.tcss", "jetset_tui/help/**/*", "data/*.json")
"""Where the text on screen comes from: the app, its help pages and the board's data (the
catalogs' translations are read below, their msgstr lines)."""


def coverage() -> set[int]:
    """The code points that DejaVu Sans Mono draws, as fontconfig reads its file."""
    ranges = subprocess.run(
        ["fc-query", "-f", "%{charset}", str(FONT)], capture_output=True, text=True, check=True
    ).stdout.split()
    covered: set[int] = set()
    for part in ranges:
        first, _, last = part.partition("-")
        covered.update(range(int(first, 16), int(last or first, 16) + 1))
    return covered


def drawn_characters() -> dict[str, str]:
    """Each character outside ASCII in what the app draws, with a file it is found in."""
    found: dict[str, str] = {}
    files = sorted({p for pattern in DRAWN for p in ROOT.glob(pattern) if p.is_file()})
    catalogs = sorted(ROOT.glob("jetset_tui/locale/*/LC_MESSAGES/*.po"))
    for path in [*files, *catalogs]:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".po":  # the translations, not the English they translate
            text = "\n".join(re.findall(r'^msgstr(?:\[\d\])? (".*")$', text, re.MULTILINE))
        for char in text:
            if ord(char) > 0x7E:
                found.setdefault(char, str(path.relative_to(ROOT)))
    return found


@pytest.mark.skipif(
    shutil.which("fc-query") is None or not FONT.exists(),
    reason="no fontconfig or no DejaVu Sans Mono here (fontconfig needs it: CI has both)",
)
def test_every_character_drawn_is_in_dejavu_sans_mono() -> None:
    covered = coverage()
    assert ord("✈") in covered and ord("€") in covered and ord("⏱") not in covered
    drawn = drawn_characters()
    assert "✈" in drawn and "◷" in drawn and "€" in drawn  # the app's own signs were read
    missing = {f"U+{ord(c):04X} {c}": where for c, where in drawn.items() if ord(c) not in covered}
    assert missing == {}
