"""Jet Set installed as a new user installs it: ``python -m build``'s sdist and wheel into a clean
venv, ``python3 tasks.py play`` in a fresh clone, ``python -m jetset_tui``. Real builds and
installs from the package index (pip's cache keeps them to seconds after the first run)."""

from __future__ import annotations

import functools
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

from tests.packaging.helpers import BIN, ROOT, copy_project, fresh_venv, run, tasks_module

DISTRIBUTION = "jetset-terminal"
SELFPLAY = ["selfplay", "--players", "2", "--games", "1", "--seed", "packaging"]


@functools.cache
def expected_selfplay() -> str:
    """The tiny game as the jetset under test plays it: played once a worker (the same code,
    seed and output each time; each installed copy's game is still played and compared)."""
    return run([sys.executable, "-m", "jetset_tui", *SELFPLAY])


def test_the_distribution_is_named_apart_from_pypis_jetset() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == DISTRIBUTION
    assert project["scripts"] == {"jetset": "jetset_tui.cli:main"}


def test_python_dash_m_jetset_tui_is_the_jetset_command() -> None:
    usage = run([sys.executable, "-m", "jetset_tui", "--help"])
    assert usage.startswith("usage: jetset ") and "selfplay" in usage
    command = Path(sys.executable).with_name("jetset")
    assert run([command, *SELFPLAY]) == expected_selfplay()


def test_build_makes_an_sdist_and_a_pure_wheel_that_run_in_a_clean_venv(tmp_path: Path) -> None:
    clone = copy_project(tmp_path)
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "build", "--outdir", dist, clone])  # the wheel built from the sdist
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    assert sdist.name == "jetset_terminal-0.1.0.tar.gz"
    assert wheel.name == "jetset_terminal-0.1.0-py3-none-any.whl"  # pure: any platform
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "data/board.json" in names and "jetset_tui/jetset.tcss" in names
    assert "jetset_tui/help/en.md" in names and "jetset_tui/help/it.md" in names  # F1's pages
    assert not [n for n in names if n.startswith("tests/") or n.endswith((".so", ".pyd"))]
    with tarfile.open(sdist) as archive:
        packed = archive.getnames()
    for name in (
        "setup.py",
        "pyproject.toml",
        "README.md",
        "data/board.json",
        "engine/jetset/state.py",
    ):
        assert f"jetset_terminal-0.1.0/{name}" in packed

    bin_dir = fresh_venv(tmp_path / "clean")
    run([bin_dir / "python", "-m", "pip", "install", "-q", wheel])
    elsewhere = tmp_path  # not the clone: what runs is the installed copy
    assert run([bin_dir / "jetset", "--help"], cwd=elsewhere).startswith("usage: jetset ")
    assert run([bin_dir / "jetset", *SELFPLAY], cwd=elsewhere) == expected_selfplay()
    installed = run([bin_dir / "python", "-c", "import engine; print(engine.__file__)"], elsewhere)
    assert Path(installed.strip()).is_relative_to(tmp_path / "clean")
    again = run([bin_dir / "python", "-m", "jetset_tui", *SELFPLAY], elsewhere)
    assert again == expected_selfplay()


def test_tasks_play_installs_only_the_game_and_says_how_to_run_it(tmp_path: Path) -> None:
    clone = copy_project(tmp_path)
    out = run([sys.executable, clone / "tasks.py", "play", *SELFPLAY], cwd=clone)
    assert out.endswith(expected_selfplay())
    assert f"{Path('.venv', BIN, 'jetset')} ARGS" in out
    assert "pipx install ." in out and "uv tool install ." in out
    commands = {p.name for p in (clone / ".venv" / BIN).iterdir()}
    assert "jetset" in commands
    assert not commands & {"pytest", "mypy", "ruff", "hypothesis"}  # the test tools: not for play
    again = run([sys.executable, clone / "tasks.py", "play", *SELFPLAY], cwd=clone)
    assert again == expected_selfplay()  # installed once: nothing more to say


def test_a_venv_left_without_pip_is_made_again(tmp_path: Path) -> None:
    """A first run killed while the venv was being made leaves one with no pip."""
    tasks = tasks_module()
    folder = tmp_path / ".venv"
    venv.EnvBuilder(with_pip=False).create(folder)
    python = folder / BIN / "python"
    assert not tasks.has_pip(python)
    tasks.make_venv(folder)
    assert tasks.has_pip(python)
    keep = folder / "kept"
    keep.write_text("a healthy venv is left alone")
    tasks.make_venv(folder)
    assert keep.exists()


def test_mypy_is_pinned_once_and_the_compiled_build_takes_that_pin() -> None:
    tasks = tasks_module()
    pins = [r for r in tasks.requirements() if r.startswith("mypy")]
    assert pins == ["mypy>=2.4,<3"]
    assert set(tasks.build_tools()) == {"setuptools>=77", "mypy>=2.4,<3", "msgpack-types>=0.3"}
