"""Each game's options through the platform (engine/platform.py): its schema, and
``check_options``, which takes the schema's names, refuses what the game has not (OptionError,
changing nothing) and gives what its ``new_table`` takes."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import OptionError
from engine.games import GAMES, game_rules
from engine.platform import FLAG, KINDS, ONE_OF, SEVERAL_OF, OptionSpec


@pytest.mark.parametrize("name", list(GAMES))
def test_every_schema_is_well_formed(name: str) -> None:
    rules = game_rules(name)
    schema = rules.options_schema()
    names = [spec.name for spec in schema]
    assert len(set(names)) == len(names)
    for spec in schema:
        assert isinstance(spec, OptionSpec) and spec.kind in KINDS and spec.label
        assert (spec.kind == FLAG) == (not spec.choices)
        assert len(set(spec.values)) == len(spec.values)
    defaults = rules.check_options({})  # every option at its default is a game
    players = {"players": min(rules.seats)} if len(rules.seats) > 1 else {}
    assert rules.new_table({**players, **defaults}).to_move() is not None


def test_jet_set_offers_the_cards_the_modules_and_face_up() -> None:
    schema = {spec.name: spec for spec in game_rules("jetset").options_schema()}
    assert list(schema) == ["extra_cards", "modules", "investors_face_up"]
    assert schema["extra_cards"].kind == ONE_OF and schema["extra_cards"].values == (False, True)
    assert schema["modules"].kind == SEVERAL_OF
    assert schema["modules"].values == ("distant_lands", "hubs", "business_cards", "investors")
    assert schema["investors_face_up"].kind == FLAG
    assert schema["investors_face_up"].needs == "modules:investors"


def test_jet_set_options_become_its_fields_in_order() -> None:
    rules = game_rules("jetset")
    raw = {"modules": ["investors", "hubs"], "extra_cards": True, "investors_face_up": True}
    checked = rules.check_options(raw)
    assert list(checked.items()) == [
        ("extra_cards", True),
        ("distant_lands", False),
        ("hubs", True),
        ("business_cards", False),
        ("investors", True),
        ("investors_face_up", True),
    ]
    assert raw["modules"] == ["investors", "hubs"]  # the request is not changed
    game = rules.new_table({"players": 3, **checked})
    assert game.state.hubs is not None and game.state.investors is not None
    assert game.state.distant is None and game.state.investors.face_up


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        ({"teleport": True}, "Jet Set has no option 'teleport'; its options: extra_cards, modules"),
        ({"modules": ["hubs", "teleport"]}, "modules is a list of: distant_lands, hubs"),
        ({"modules": "hubs"}, "modules is a list of"),
        ({"modules": [1]}, "modules is a list of"),
        ({"extra_cards": "yes"}, "extra_cards is one of: false, true"),
        ({"extra_cards": 1}, "extra_cards is one of"),
        ({"investors_face_up": 1}, "investors_face_up is true or false"),
        ({"investors_face_up": True}, "with Investors) needs Investors"),
        ({"investors_face_up": True, "modules": ["hubs"]}, "needs Investors"),
        ({"players": 4}, "Jet Set has no option 'players'"),
        ({1: True}, "Jet Set has no option 1; its options: extra_cards"),  # a hostile map's key
    ],
)
def test_jet_set_refuses_what_it_has_not(raw: dict[str, object], said: str) -> None:
    with pytest.raises(OptionError) as refused:
        game_rules("jetset").check_options(raw)
    assert said in str(refused.value)


def test_jet_lag_has_no_options() -> None:
    rules = game_rules("jetlag")
    assert tuple(rules.options_schema()) == ()
    assert dict(rules.check_options({})) == {}
    hostile: dict[Any, object] = {1: 2}  # a key no option has, of no option's kind
    for raw in ({"modules": ["hubs"]}, {"extra_cards": False}, hostile):
        with pytest.raises(OptionError, match=r"^Jet Lag has no options$"):
            rules.check_options(raw)


def test_a_refusal_keeps_its_template_for_translation() -> None:
    with pytest.raises(OptionError) as refused:
        game_rules("jetset").check_options({"investors_face_up": True})
    assert refused.value.template == "{option} needs {choice}"
    assert refused.value.params["choice"] == "Investors"


@pytest.mark.parametrize(
    "raw",
    [
        {},
        {"extra_cards": True},
        {"modules": ("distant_lands", "business_cards")},
        {"modules": ("investors",), "investors_face_up": True},
    ],
)
def test_a_tables_options_give_back_what_they_were_made_from(raw: dict[str, object]) -> None:
    rules = game_rules("jetset")
    values = rules.option_values({"players": 5, **rules.check_options(raw)})
    assert dict(values) == {**DEFAULTS, **raw}


DEFAULTS: dict[str, object] = {"extra_cards": False, "modules": (), "investors_face_up": False}
