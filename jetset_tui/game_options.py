"""A game's options in the player's language, from its schema (``GameRules.options_schema``,
engine/platform.py): the words a lobby lists for a table, a refusal of ``check_options`` said,
and the values a form's rows give (jetset_tui/widgets/option_rows.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.errors import OptionError, Word, fill, fillable
from engine.games import game_rules
from engine.platform import FLAG, ONE_OF, OptionSpec
from jetset_tui.i18n import _
from netcode.gameoptions import option_map


def option_words(schema: Sequence[OptionSpec], values: Mapping[str, object]) -> list[str]:
    """What was chosen beyond the defaults, a few words an option (``extra cards``, ``Hubs,
    Investors face up``): a one-of's choice, a several-of's choices together, a flag alone or
    in the place of the choice it needs."""
    flags = {
        spec.needs: spec
        for spec in schema
        if spec.kind == FLAG and spec.needs and values.get(spec.name) is True
    }
    words: list[str] = []
    for spec in schema:
        value = values.get(spec.name, spec.default)
        if spec.kind == FLAG:
            if value is True and not spec.needs:
                words.append(_(spec.short or spec.text or spec.label))
        elif spec.kind == ONE_OF:
            if value != spec.default:
                words += [_(c.short or c.label) for c in spec.choices if c.value == value]
        elif isinstance(value, tuple | list):
            names = [
                _(flag.short or flag.text)
                if (flag := flags.get(f"{spec.name}:{c.value}"))
                else _(c.short or c.label)
                for c in spec.choices
                if c.value in value
            ]
            if names:
                words.append(", ".join(names))
    return words


def shown_words(schema: Sequence[OptionSpec]) -> list[str]:
    """The words a form's rows show for ``schema`` at its defaults, translated: each label, a
    one-of's chosen choice, a several-of's choices, a flag's text."""
    words: list[str] = []
    for spec in schema:
        words.append(_(spec.label))
        if spec.kind == FLAG:
            words.append(_(spec.text or spec.label))
        elif spec.kind == ONE_OF:
            words += [_(c.label) for c in spec.choices if c.value == spec.default]
        else:
            words += [_(c.label) for c in spec.choices]
    return words


def say_refusal(exc: OptionError) -> str:
    """``check_options``' refusal in the player's language (its words translated too); a
    translation that cannot be filled says it in English."""
    translated = _(exc.template)
    if not exc.params:
        return translated
    if not fillable(translated, exc.params):
        return fill(exc.template, exc.params)
    words = {k: _(v) if isinstance(v, Word) else v for k, v in exc.params.items()}
    return translated.format_map(words)


def table_option_words(game: str, options: object) -> list[str]:
    """The words of a table's options (``options``: a mapping, or the game's own object as a
    saved game's log holds it), as a lobby lists them: what the load screen shows too."""
    rules = game_rules(game)
    return option_words(rules.options_schema(), rules.option_values(option_map(options)))
