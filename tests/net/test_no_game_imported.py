"""netcode/ knows a game only through engine/platform.py and the registry (engine/games.py):
every import in every module of netcode/, at the top or inside a function, is checked against
the engine modules that know no game (issue 21; docs/architecture.md, "Several games")."""

from __future__ import annotations

import ast
from pathlib import Path

import netcode

GENERIC = frozenset(
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
"""The engine modules netcode may import: the platform, the registry and what no game owns."""


def engine_imports(path: Path) -> list[str]:
    """Every ``engine`` module ``path`` imports (``from engine import X`` is ``engine``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "engine"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            found += [node.module] if node.module.split(".")[0] == "engine" else []
    return found


def test_netcode_imports_no_game() -> None:
    root = Path(netcode.__file__).parent
    modules = sorted(root.glob("*.py"))
    assert len(modules) > 20
    wrong = {
        path.name: bad
        for path in modules
        if (bad := [name for name in engine_imports(path) if name not in GENERIC])
    }
    assert wrong == {}


def test_the_scan_sees_every_kind_of_import(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "import engine\nfrom engine.jetset.state import State\n"
        "def f():\n    from engine.jetset.bots import make_bot\n    import engine.jetlag.rules\n"
        "from engine.platform import CHANCE\nfrom . import lines\n"
    )
    assert sorted(engine_imports(source)) == [
        "engine",
        "engine.jetlag.rules",
        "engine.jetset.bots",
        "engine.jetset.state",
        "engine.platform",
    ]
