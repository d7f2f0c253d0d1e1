"""The app's generic parts know no game (issue 21; docs/architecture.md, "Several games"): the
replay frame, the log pane, the chat, the end frame, the screens to load and start, taking a move
back, the choice of a game's screens and the lobby import only the engine modules that know no
game, and only such parts of the app, followed from module to module.

The app itself (``jetset_tui.app``) knows every game through table_screens.py; a generic screen
may reach it inside a function, to hand it a game, and the walk stops there. netcode/ has its own
test (tests/net/test_no_game_imported.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import jetset_tui

GENERIC_ENGINE = frozenset(
    {
        "engine.platform",
        "engine.games",
        "engine.errors",
        "engine.fairdeal",
        "engine.wire",
        "engine.dealstream",
        "engine.rng",
        "engine.values",
    }
)
"""The engine modules the app's generic parts may import: none of them is a game's."""

GENERIC = (
    "jetset_tui.screens.replay_frame",
    "jetset_tui.widgets.log",
    "jetset_tui.screens.chat",
    "jetset_tui.screens.end_frame",
    "jetset_tui.screens.load",
    "jetset_tui.undo",
    "jetset_tui.screens.start",
    "jetset_tui.table_screens",
    "jetset_tui.screens.new_game",
    "jetset_tui.screens.remote_lobby",
)
"""The app's modules that serve every game."""

THE_APP = "jetset_tui.app"
"""Where the walk stops: the app holds every game's screens (through table_screens.py)."""

ROOT = Path(jetset_tui.__file__).parent.parent


def imports(path: Path) -> list[str]:
    """Every module ``path`` imports, at the top or inside a function (``from a import b`` is
    ``a.b`` when that is a module, else ``a``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            found += [s for s in subs if source(s) is not None] or [node.module]
    return found


def source(module: str) -> Path | None:
    """The file of one of this repository's modules, or None (a library's)."""
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def game_imports(module: str) -> list[str]:
    """``importer -> imported`` for every import of a game's engine module reached from
    ``module`` through the app's own modules (netcode/ is checked by its own test)."""
    wrong: list[str] = []
    seen = {module}
    todo = [module]
    while todo:
        here = todo.pop()
        path = source(here)
        assert path is not None, here
        for name in imports(path):
            top = name.split(".")[0]
            if top == "engine" and name not in GENERIC_ENGINE:
                wrong.append(f"{here} -> {name}")
            elif top == "jetset_tui" and name not in seen | {THE_APP} and source(name):
                seen.add(name)
                todo.append(name)
    return sorted(wrong)


def test_the_apps_generic_parts_import_no_game() -> None:
    wrong = {m: bad for m in GENERIC if (bad := game_imports(m))}
    assert wrong == {}


def test_every_generic_module_is_there() -> None:
    assert [m for m in GENERIC if source(m) is None] == []


def test_the_walk_follows_the_apps_modules_to_a_game() -> None:
    """log.py reaching Jet Set through describe.py, say, is found and named."""
    chain = game_imports("jetset_tui.screens.game")
    assert any(line.startswith("jetset_tui.describe -> engine.jetset") for line in chain), chain
    assert "jetset_tui.screens.jetlag -> engine.jetlag.state" in game_imports(
        "jetset_tui.screens.jetlag"
    )
