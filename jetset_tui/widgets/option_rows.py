"""A form's rows for a game's options, built from its schema (``GameRules.options_schema``):
a list to pick from for a one-of option, a checkbox a choice for a several-of, a checkbox for a
flag (which cannot be ticked until the choice it needs is). Both new-game forms (the local one,
the SSH lobby's) use it, and rebuild it when the game changes."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Checkbox, Label, Select

from engine.platform import FLAG, ONE_OF, OptionSpec
from jetset_tui.i18n import _


def widget_id(name: str, choice: object = None) -> str:
    """The id of an option's widget (``extra-cards``), or of a several-of's choice's checkbox
    (``modules-hubs``)."""
    ident = name.replace("_", "-")
    return ident if choice is None else f"{ident}-{choice}"


TICKED, UNTICKED = "X", " "
"""A checkbox's inside: Textual draws an X in both, told apart by colour alone (a dark X on a
dark ground when unticked), which a monochrome terminal or a colour-blind player cannot see."""


class OptionBox(Checkbox, inherit_bindings=False):
    """A form's checkbox: Space ticks it, and Enter is left to the form, which starts the game
    (a plain Checkbox takes Enter to tick, so Enter on a module unticked it instead). Its X
    shows only when it is ticked."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "Toggle", show=False),
    ]

    def __init__(self, label: str, value: bool, **kwargs: Any) -> None:
        super().__init__(label, value, **kwargs)
        self.BUTTON_INNER = TICKED if value else UNTICKED

    def watch_value(self) -> None:
        self.BUTTON_INNER = TICKED if self.value else UNTICKED
        super().watch_value()


def needs_met(spec: OptionSpec, values: Mapping[str, object]) -> bool:
    """Whether the choice that ``spec`` needs (``option:choice``) is among ``values``."""
    option, _colon, choice = spec.needs.partition(":")
    chosen = values.get(option, ())
    return isinstance(chosen, tuple | list) and choice in chosen


class OptionRows(Vertical):
    """One row an option of ``schema``; ``values()`` gives what is chosen, by the schema's
    names, for the game's ``check_options``."""

    DEFAULT_CSS = "OptionRows { height: auto; width: auto; }"

    def __init__(
        self,
        schema: Sequence[OptionSpec],
        *,
        row_class: str = "form-row",
        label_class: str = "seat-label",
        id: str | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        """``values``: what the rows show chosen, by the schema's names (each option missing
        from it at its default)."""
        super().__init__(id=id)
        self.schema = tuple(schema)
        self.row_class = row_class
        self.label_class = label_class
        self.start = dict(values or {})

    def compose(self) -> Iterator[Widget]:
        yield from self._rows(self.schema)

    async def show(self, schema: Sequence[OptionSpec]) -> None:
        """Rows for another game's ``schema`` (none: no rows), each at its default. The
        schema is the new one only once its rows are mounted: ``values`` reads the rows there
        are (a test read them between the two, and the rows were not there yet)."""
        self.start = {}
        self.schema = ()
        await self.remove_children()
        await self.mount_all(list(self._rows(schema)))
        self.schema = tuple(schema)

    def _rows(self, schema: Sequence[OptionSpec]) -> Iterator[Widget]:
        for spec in schema:
            row = Horizontal(classes=self.row_class, id=f"row-{widget_id(spec.name)}")
            row.compose_add_child(Label(_(spec.label), classes=self.label_class))
            for widget in self._widgets(spec, self.start):
                row.compose_add_child(widget)
            yield row

    @staticmethod
    def _widgets(spec: OptionSpec, start: Mapping[str, object]) -> Iterator[Widget]:
        tip = _(spec.tip) if spec.tip else None
        value = start.get(spec.name, spec.default)
        if spec.kind == ONE_OF:
            yield Select(
                [(_(c.label), c.value) for c in spec.choices],
                value=value,
                allow_blank=False,
                compact=True,
                tooltip=tip,
                id=widget_id(spec.name),
                classes="one-of",
            )
        elif spec.kind == FLAG:
            yield OptionBox(
                _(spec.text or spec.label),
                value is True,
                compact=True,
                disabled=bool(spec.needs) and not needs_met(spec, start),
                tooltip=tip,
                id=widget_id(spec.name),
            )
        else:
            for choice in spec.choices:
                yield OptionBox(
                    _(choice.label),
                    isinstance(value, tuple | list) and choice.value in value,
                    compact=True,
                    tooltip=tip,
                    id=widget_id(spec.name, choice.value),
                    classes="several-of",
                )

    def values(self) -> dict[str, object]:
        """Each option's value as the form has it, by the schema's names."""
        chosen: dict[str, object] = {}
        for spec in self.schema:
            if spec.kind == ONE_OF:
                chosen[spec.name] = self.query_one(f"#{widget_id(spec.name)}", Select).value
            elif spec.kind == FLAG:
                chosen[spec.name] = self.query_one(f"#{widget_id(spec.name)}", Checkbox).value
            else:
                chosen[spec.name] = tuple(
                    str(c.value)
                    for c in spec.choices
                    if self.query_one(f"#{widget_id(spec.name, c.value)}", Checkbox).value
                )
        return chosen

    @on(Checkbox.Changed)
    def needed_changed(self, event: Checkbox.Changed) -> None:
        """A flag that needs a choice can be ticked only with it, and goes with it."""
        for spec in self.schema:
            option, _colon, choice = spec.needs.partition(":")
            if spec.needs and event.checkbox.id == widget_id(option, choice):
                flag = self.query_one(f"#{widget_id(spec.name)}", Checkbox)
                flag.disabled = not event.value
                if not event.value:
                    flag.value = False
