"""Actions, entries and options are values: equal and hashed by their fields, and immutable to
the type checker (engine/values.py; docs/architecture.md, "Where replay speed comes from")."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import field
from pathlib import Path

import pytest

from engine.jetset import actions
from engine.jetset.actions import Buy, Claim, ClaimFinal, Entry, Income, PlayCard, Rent
from engine.jetset.options import Options
from engine.values import record, value

ROOT = Path(__file__).resolve().parents[2]


def test_values_are_equal_and_hashed_by_their_fields() -> None:
    assert Buy(3, 2) == Buy(3, 2) and hash(Buy(3, 2)) == hash(Buy(3, 2))
    assert Buy(3, 2) != Buy(3, 1)
    assert Buy(3, 2) != Rent(3, 2), "same fields, another kind of action"
    assert Claim("S1-07", (1, 2)) != ClaimFinal("S1-07", (1, 2))
    assert {Entry(0, Income()): "a"}[Entry(0, Income())] == "a"
    assert Options(players=3) == Options.from_dict({"players": 3})


def test_the_type_checker_refuses_to_change_a_value(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from engine.jetset.actions import Buy, Entry\n"
        "from engine.jetset.options import Options\n"
        "Buy(1, 2).planes = 3\n"
        "Entry(0, Buy(1, 2)).actor = 1\n"
        "Options().players = 5\n"
    )
    cache = tmp_path / "mypy-cache"
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(probe)]
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout
    assert out.count("is read-only") == 3, out


def test_a_value_is_built_by_position_or_name_with_its_defaults() -> None:
    assert Buy(link=3, planes=2) == Buy(3, 2) and Buy(3, planes=2).planes == 2
    assert PlayCard("dividends") == PlayCard("dividends", -1, (), "", ())
    assert repr(PlayCard("cash", seat=1)) == (
        "PlayCard(kind='cash', seat=1, links=(), card='', distant=())"
    )
    assert Buy.__match_args__ == ("link", "planes") and Income.__match_args__ == ()
    match Claim("S1-07", (1, 2)):
        case Claim(card, path):
            assert (card, path) == ("S1-07", (1, 2))
    assert not hasattr(Buy(1, 1), "__dict__"), "a value has slots, not a dict"
    assert Buy(1, 1) != (1, 1) and Buy(1, 1).__eq__((1, 1)) is NotImplemented
    assert hash(Buy(1, 1)) == hash((1, 1)) and Income() == Income() and hash(Income()) == hash(())


def test_a_value_refuses_what_a_dataclass_would() -> None:
    with pytest.raises(TypeError):
        Buy(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Buy(1, 2, planes=3)  # type: ignore[misc]
    with pytest.raises(ValueError, match="mutable default"):

        @value()
        class Shared:
            items: list[int] = []  # noqa: RUF012

    with pytest.raises(TypeError, match="inherit"):

        @value()
        class MoreBuy(Buy):
            extra: int


def test_value_classes_compile_no_method_of_their_own() -> None:
    """dataclasses compiled four methods a value class (about 0.2 ms each class at every start);
    ``value`` reuses one compiled template per method and number of fields."""

    if not actions.__file__.endswith(".py"):
        pytest.skip("compiled build: there a value is dataclasses.dataclass (engine/values.py)")
    probe = (
        "import sys\n"
        "compiled = []\n"
        "def hook(event, args):\n"
        "    if event == 'compile' and args[1] == '<string>':\n"  # not a module's source
        "        compiled.append(1)\n"
        "sys.addaudithook(hook)\n"
        "from engine.jetset import actions\n"
        "print(len(compiled))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    classes = sum(
        isinstance(c, type) and hasattr(c, "__match_args__") for c in vars(actions).values()
    )
    assert classes > 30 and int(done.stdout) < classes, (done.stdout, done.stderr)


def test_a_value_takes_field_factories_and_hides_what_repr_should_not_show() -> None:
    @value()
    class Held:
        name: str
        cards: dict[str, int] = field(repr=False, default_factory=dict)
        seen: tuple[int, ...] = field(default=())

    one, other = Held("a"), Held("a")
    assert one.cards == {} and one.cards is not other.cards, "a factory makes one each"
    assert repr(one).endswith(".Held(name='a', seen=())") and Held("a", {"x": 1}) != one
    assert Held("b", seen=(1,)).seen == (1,) and Held.__match_args__ == ("name", "cards", "seen")


def test_a_record_is_mutable_equal_by_fields_and_unhashable() -> None:
    made: list[str] = []

    @record
    class Log:
        path: str
        lines: list[str] = field(default_factory=list)
        kept: int = 3

        def __post_init__(self) -> None:
            made.append(self.path)

    log = Log("a")
    log.lines.append("x")
    assert Log("a").lines == [] and made == ["a", "a"], "a fresh list each, then __post_init__"
    assert log == Log("a", ["x"], 3) and log != Log("a") and Log.kept == 3
    assert repr(Log("b", kept=1)).endswith(".Log(path='b', lines=[], kept=1)")
    with pytest.raises(TypeError):
        hash(log)
    with pytest.raises(TypeError, match="takes default"):

        @record
        class Hidden:
            secret: int = field(compare=False, default=0)
