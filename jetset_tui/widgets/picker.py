"""The guided-action picker: choose a link, a card or a path with the arrow keys or by typing a
city code, set the number of planes, read the full cost and the engine's verdict, then Enter.

Esc backs out one step, and out of the picker from its first step.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from engine import Action, Entry, IllegalAction
from engine.jetset.actions import EndTurn, Offer
from engine.jetset.definition import JET_SET
from engine.jetset.notation import Notation
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State
from jetset_tui.business import action_label
from jetset_tui.describe import action_cost, cost_breakdown
from jetset_tui.guided import EACH, NONE, ONE, Choice, Stage
from jetset_tui.i18n import _, money
from jetset_tui.refusals import say
from jetset_tui.theme import BAD, DIM, GOOD, HIGHLIGHT
from jetset_tui.widgets.map import Highlight
from jetset_tui.widgets.wrap import wrapped as wrap_fields

SEPARATORS = str.maketrans("-–→", "   ")
"""What joins codes in a choice's words (``AMS-LON``, ``AMS–WAS``, ``BER→EDI``)."""
LABEL_COLUMN = 22
"""The choices' label column where every row of the list fits on one line (a longer label
pushes its own row's note on); narrower, down to the widest label, where a row has to wrap."""
NOTE_INDENT = 4
"""Where a note that would take three lines or more under its own column goes on instead: the
picker beside the map at 100×30 has room for four lines of choices."""
FILTER_KEYS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")

DIGITS = tuple("0123456789")
"""The keys that set a count: ASCII digits only (``"²".isdigit()`` is true, and a French
keyboard's ² key ended a player's session in ``int``)."""


def _plain(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


class ActionPicker(Widget, can_focus=True):
    """One guided action in progress."""

    DEFAULT_CSS = """
    ActionPicker {
        height: 1fr;
        min-height: 6;
        padding: 0 1;
        border-top: solid $accent;
        display: none;
    }
    ActionPicker.-open { display: block; }
    """

    class Chosen(Message):
        """The player confirmed an action."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Closed(Message):
        """The player backed out of the picker."""

    def __init__(
        self, *, id: str | None = None, pointing: Callable[[Highlight], None] | None = None
    ) -> None:
        """``pointing`` is told what the choice pointed at picks out on the map, each time it
        changes: called, not a message, so that the map's lines change in the same frame as the
        picker's (a message arrived a frame later: two frames, 33 ms, for an arrow key)."""
        super().__init__(id=id)
        self.pointing = pointing
        self.stages: list[Stage] = []
        self.index = 0
        self.filter = ""
        self.count = 1
        self.counts: dict[int, int] = {}
        self.message = ""
        self.state: State | None = None
        self.seat = 0
        self.players: Sequence[str] = ()
        self.rules: Ruleset | None = None
        self.notation: Notation | None = None

    # -- opening and closing ----------------------------------------------------------------

    def open(
        self, stage: Stage, state: State, seat: int, rules: Ruleset, players: Sequence[str] = ()
    ) -> None:
        """``stage`` for ``seat`` at ``state``; ``players``: the names a refusal calls seats by."""
        self.state, self.seat, self.rules, self.players = state, seat, rules, players
        self.notation = Notation(state.board)
        self.stages = []
        self._push(stage)
        self.add_class("-open")
        self.focus()

    def close(self) -> None:
        self.stages = []
        self.remove_class("-open")
        self.point(Highlight())

    def point(self, highlight: Highlight) -> None:
        if self.pointing is not None:
            self.pointing(highlight)

    @property
    def is_open(self) -> bool:
        return bool(self.stages)

    def _push(self, stage: Stage) -> None:
        self.stages.append(stage)
        self.index, self.filter, self.message = 0, "", ""
        self.count = stage.default_count
        self.counts = {}
        self.index = self.first_playable()
        self._changed()

    def first_playable(self) -> int:
        """Where the list starts: on a card ready to claim (in the Distant Lands' list too, after
        its buys and planes), else on the first choice that can be played now (a link the rules
        let you buy), else on the first."""
        stage = self.stage
        shown = self.matching()
        if stage.opens_on_first:
            return 0
        for pos, i in enumerate(shown):  # a card ready to claim first, wherever it is listed
            if stage.choices[i].ready:
                return pos
        for pos, i in enumerate(shown):
            choice = stage.choices[i]
            if choice.ready is not None:
                continue  # a card not ready yet
            if choice.then is not None:
                return pos  # its next step says what it takes
            if stage.then is not None:
                return pos  # the next step says what it takes
            action = stage.build(choice, self.count, {i: 1})
            if action is not None and self.verdict(action) is None:
                return pos
        return 0

    # -- the current stage ------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        return self.stages[-1]

    def matching(self) -> list[int]:
        """Indices of the choices matching what was typed: every typed word starts a word of
        the choice (``ber`` finds BER and Berlin, not Alberta), or starts a run of its words
        written together (``amslon`` finds AMS-LON)."""
        words = self.filter.upper().translate(SEPARATORS).split()
        found = [i for i, c in enumerate(self.stage.choices) if typed_words_match(words, c.search)]
        typed = _plain(self.filter)
        if typed:  # what starts with exactly what was typed comes first
            found.sort(key=lambda i: not _plain(self.stage.choices[i].label).startswith(typed))
        return found

    def current(self) -> tuple[int, Choice] | None:
        shown = self.matching()
        if not shown:
            return None
        i = shown[min(self.index, len(shown) - 1)]
        return i, self.stage.choices[i]

    def not_now(self) -> str | None:
        """Why the current line cannot be chosen now, where it is one that only says so (the
        `y` list's "End your turn" before the action: "Enter to go on" read as if it could)."""
        cur = self.current()
        if cur is None or cur[1].ready is not False or cur[1].then is None:
            return None
        said = cur[1].then()
        return said if isinstance(said, str) else None

    def preview(self) -> Action | None:
        """The action Enter would submit now (None when Enter leads to another step)."""
        cur = self.current()
        if cur is None or self.stage.then is not None or cur[1].then is not None:
            return None
        return self.stage.build(cur[1], self.count, self.counts)

    def verdict(self, action: Action) -> str | None:
        """The engine's objection to ``action``, or None if it would be accepted."""
        assert self.state is not None and self.rules is not None
        try:
            self.rules.check(self.state, Entry(self.seat, action))
        except IllegalAction as exc:
            return say(exc, JET_SET, self.players)
        return None

    # -- keys -------------------------------------------------------------------------------

    async def on_key(self, event: events.Key) -> None:
        if not self.is_open:
            return
        key = event.key
        handled = redraw = True
        if key == "escape":
            self.back()
        elif key == "enter":
            redraw = self.choose()
        elif key in ("up", "down"):
            self.move(-1 if key == "up" else 1)
        elif key in ("pageup", "pagedown"):
            self.move(-5 if key == "pageup" else 5)
        elif key in ("left", "right", "plus", "minus") and self.stage.counting != NONE:
            self.adjust(-1 if key in ("left", "minus") else 1)
        elif event.character in DIGITS and self.stage.counting != NONE:
            self.set_count(int(event.character))
        elif key == "backspace":
            self.filter = self.filter[:-1]
            self.index = 0 if self.filter else self.first_playable()
        elif key == "space" or (event.character and event.character in FILTER_KEYS):
            self.filter += " " if key == "space" else (event.character or "")
            self.index = 0
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()
        if handled and redraw:
            self._changed()

    def back(self) -> None:
        if len(self.stages) > 1:
            self.stages.pop()
            self.filter, self.message = "", ""
            self.index = self.first_playable()
            self._changed()
        else:
            self.close()
            self.post_message(self.Closed())

    def move(self, step: int) -> None:
        shown = self.matching()
        if shown:
            self.index = max(0, min(len(shown) - 1, min(self.index, len(shown) - 1) + step))
        self.message = ""

    def each_count(self, i: int, selected: bool) -> int:
        """Planes on choice ``i`` of an EACH stage as Enter would play them: with none counted
        anywhere, one on the chosen row (the stage's ``build`` does so; the row said nothing,
        while the command line said "place … 1", and ← seemed to take it to none)."""
        n = self.counts.get(i, 0)
        if not n and selected and not any(self.counts.values()):
            return 1
        return n

    def adjust(self, step: int) -> None:
        cur = self.current()
        if self.stage.counting == EACH and cur is not None:
            n = self.each_count(cur[0], True) + step
            self.counts[cur[0]] = max(0, min(self.stage.max_count, n))
        else:
            self.count = max(1, min(self.stage.max_count, self.count + step))

    def set_count(self, n: int) -> None:
        cur = self.current()
        if self.stage.counting == EACH and cur is not None:
            self.counts[cur[0]] = min(n, self.stage.max_count)
        else:
            self.count = max(1, min(n, self.stage.max_count))

    def choose(self) -> bool:
        """Enter: the next stage, or the action chosen (to the screen, which closes the picker
        or says why not). False when the picker has nothing new to show (no repaint)."""
        cur = self.current()
        if cur is None:
            self.message = no_match()
            return True
        stage, choice = self.stage, cur[1]
        nxt = self.next_stage(stage, choice)
        if nxt is not None:
            if isinstance(nxt, str):
                self.message = nxt
            else:
                self._push(nxt)
            return True
        action = stage.build(choice, self.count, self.counts)
        if action is None:
            return True
        self.post_message(self.Chosen(action))
        return False

    @staticmethod
    def next_stage(stage: Stage, choice: Choice) -> Stage | str | None:
        """Where Enter on ``choice`` leads: its own next stage, the stage's, or (None) an
        action."""
        if choice.then is not None:
            return choice.then()
        if stage.then is not None:
            return stage.then(choice)
        return None

    def refused(self, message: str) -> None:
        """The session refused the action: say why, in place."""
        self.message = message
        self.refresh()

    def _changed(self) -> None:
        if not self.is_open:
            return
        cur = self.current()
        if cur is not None:
            c = cur[1]
            self.point(Highlight(c.links, c.cities, c.route))
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------

    def render(self) -> Text:
        if not self.is_open:
            return Text("")
        stage = self.stage
        text = Text(no_wrap=True, overflow="ellipsis")
        titles = self._title_lines(stage.title)
        for title in titles[:-1]:
            text.append(title + "\n", style="bold")
        text.append(titles[-1], style="bold")
        text.append(self._key_steps(stage, self.size.width - len(titles[-1])) + "\n", style=DIM)
        text.append(_("type to find:") + " ", style=DIM)
        text.append((self.filter or "") + "▏\n", style="bold")
        preview, breakdown = self._preview_parts()
        verdict = self._verdict_lines(max(20, self.size.width - 2))
        if breakdown and preview.cell_len + 2 + len(breakdown) > self.size.width:
            apart = textwrap.wrap(  # on lines of its own, none of it cut
                breakdown,
                max(20, self.size.width),
                initial_indent="  ",
                subsequent_indent="   ",
                break_on_hyphens=False,
            )
            verdict = [*(Text(line, style=DIM) for line in apart), *verdict]
        elif breakdown:
            preview.append(f"  {breakdown}", style=DIM)
        rows = max(1, self.size.height - 2 - len(titles) - max(1, len(verdict)))
        shown = self.matching()
        cur = min(self.index, len(shown) - 1) if shown else 0
        columns = self._columns(stage)
        blocks: dict[int, list[Text]] = {}

        def block(pos: int) -> list[Text]:
            if pos not in blocks:
                blocks[pos] = self._choice_rows(stage, shown[pos], pos == cur, columns)
            return blocks[pos]

        top, bottom = shown_around(cur, len(shown), rows, lambda pos: len(block(pos)))
        lines = [row for pos in range(top, bottom) for row in block(pos)][:rows]
        for row in lines:
            text.append_text(row)
            text.append("\n")
        for _row in range(rows - len(lines)):
            text.append("\n")
        text.append_text(preview)
        for line in verdict:
            text.append("\n")
            text.append_text(line)
        return text

    def _title_lines(self, title: str) -> list[str]:
        """The stage's title, in lines that fit the picker's width (a Business Deal's title
        says the whole offer), the later ones indented."""
        width = self.size.width
        if not width or len(title) <= width:
            return [title]
        lines = textwrap.wrap(title, max(20, width), subsequent_indent="  ", break_on_hyphens=False)
        return lines or [title]

    @staticmethod
    def _key_steps(stage: Stage, room: int) -> str:
        """The keys of this stage after its title, in words, or in short when they would not
        fit in ``room`` columns (a narrow map panel cut "Esc back" off), or none when even
        that would not (the title stays whole)."""
        count = stage.counting != NONE
        steps = "   " + _("↑↓ choose") + (" · " + _("←→ 1–9 how many") if count else "")
        steps += " · " + _("Enter {confirm} · Esc back").format(confirm=_(stage.confirm))
        if len(steps) <= room:
            return steps
        # TRANSLATORS: the picker's keys in short, where its words would not fit: Enter, Esc
        short = "  ↑↓" + (" ←→ 1–9" if count else "") + " · " + _("Enter · Esc")
        return short if len(short) <= room else ""

    def _columns(self, stage: Stage) -> tuple[int, int]:
        """The widths of the stage's labels' column and of its count's column, the same for
        every row so that the notes start in one column: labels ``LABEL_COLUMN`` wide where
        every row then fits on one line, else as wide as the widest label (at most half the
        picker), to leave the notes more room before they wrap."""
        if stage.counting == EACH:
            most = max((n for n in self.counts.values()), default=1)
            counts = max(6, cell_len(f" ✈×{most} "))
        elif stage.counting == ONE:
            counts = max(4, cell_len(f" ×{self.count} "))
        else:
            counts = 4
        width = self.size.width
        widest = max((cell_len(c.label) for c in stage.choices), default=0)
        roomy = max(LABEL_COLUMN, widest)
        if not width or all(
            2 + roomy + counts + 1 + cell_len(c.note) <= width for c in stage.choices
        ):
            return LABEL_COLUMN, counts
        return min(widest, max(LABEL_COLUMN, (width - counts - 3) // 2)), counts

    def _choice_rows(
        self, stage: Stage, i: int, selected: bool, columns: tuple[int, int]
    ) -> list[Text]:
        """Choice ``i`` as the rows it takes: its label, its count and its note, the note
        wrapped under its own column where the picker is too narrow for it on one row (an
        Italian claim's "servono 2✈: acquisto di BOD-MAD …" was cut with "…" at 100 columns),
        or from ``NOTE_INDENT`` on where that would take more than two lines."""
        choice = stage.choices[i]
        labels, counts = columns
        line = Text()
        line.append("▸ " if selected else "  ", style="bold")
        says_why_not = choice.ready is False and choice.then is not None  # greyed: not now
        style = HIGHLIGHT if selected else (DIM if says_why_not else "bold")
        line.append(choice.label.ljust(labels), style=style)
        count = ""
        if stage.counting == EACH:
            n = self.each_count(i, selected)
            count = f" ✈×{n} " if n else ""
        elif stage.counting == ONE and selected:
            count = f" ×{self.count} "
        line.append(count.ljust(counts), style="bold")
        indent = line.cell_len + 1  # where the note begins, on this row (a longer label's too)
        if choice.note:
            line.append(" ")
            line.append(choice.note, style=DIM)
        width = self.size.width
        if not width or line.cell_len <= width:
            return [line]
        rows = wrap_fields(line, width, self.app.console, indent)
        if len(rows) > 2:  # a long note: its further lines under the label, in fewer rows
            rows = wrap_fields(line, width, self.app.console, NOTE_INDENT)
        return rows

    def _preview_parts(self) -> tuple[Text, str]:
        """The action Enter would play with what it costs and the cash after it, and apart the
        cost's breakdown ("" when there is none), which goes on a line of its own where the
        panel is too narrow for both (at 100 columns it was cut to "(link €5 + 1 × €5 …")."""
        text = Text()
        if self.message:
            return text, ""
        action = self.preview()
        if self.current() is None or self.not_now() is not None:  # the line under says why
            return text, ""
        if action is None or self.state is None or self.notation is None:
            text.append(_("Enter to go on"), style=DIM)
            return text, ""
        cost = action_cost(self.state, self.seat, action)
        cash = self.state.seats[self.seat].cash
        if isinstance(action, Offer) and 0 <= action.seat < len(self.players):
            # in words, as the list says it: its notation (``offer 2 -``) counts seats from 0
            # and says "no plane" with a dash, which two play tests read as nothing
            text.append(action_label(self.state, self.seat, action, [*self.players]), style="bold")
        else:
            text.append(self.notation.format_action(action), style="bold")
        if cost > 0:
            text.append("  " + _("costs €{cost}").format(cost=cost), style="bold")
            if cost <= cash:  # beyond the cash: the line under says so, not a cash below €0
                text.append(f"  {money(cash)} → {money(cash - cost)}")
            return text, f"({cost_breakdown(self.state, self.seat, action)})"
        if cost < 0:
            text.append(
                f"  +{money(-cost)}  {money(cash)} → {money(cash - cost)}", style=f"bold {GOOD}"
            )
        return text, ""

    def _verdict_lines(self, width: int) -> list[Text]:
        """Under the preview, whether it can be played: the reason it cannot, wrapped to
        ``width`` so that no word of it is cut off."""
        if self.message:
            return wrapped(f"✗ {self.message}", width, f"bold {BAD}")
        if self.current() is None:  # said at once, not after an Enter that does nothing
            return wrapped(f"✗ {no_match()}", width, f"bold {BAD}")
        if (why := self.not_now()) is not None:  # a line that only says why: no error
            return wrapped(why, width, DIM)
        action = self.preview()
        if action is None or self.state is None or self.notation is None:
            return []
        problem = self.verdict(action)
        if problem:
            return wrapped(f"✗ {problem}", width, f"bold {BAD}")
        if isinstance(action, EndTurn):  # not a move to "play" (a play test read it so)
            return [Text(_("✓ Enter ends your turn"), style=GOOD)]
        return [Text(_("✓ allowed: Enter to play it"), style=GOOD)]


def no_match() -> str:
    """What the picker says when what was typed finds nothing in its list."""
    return _("nothing matches what you typed (Backspace to change it)")


def shown_around(cur: int, count: int, rows: int, height: Callable[[int], int]) -> tuple[int, int]:
    """The choices ``top`` to ``bottom`` (not included) of ``count`` to show in ``rows`` lines,
    choice ``pos`` taking ``height(pos)`` of them: ``cur`` and, as far as they fit, about as many
    lines of choices above it as below it, and more above where the list ends under it."""
    if not count:
        return 0, 0
    top, bottom, used = cur, cur + 1, height(cur)
    half = (rows - used) // 2
    above = 0
    while top > 0 and above + height(top - 1) <= half:
        top -= 1
        above += height(top)
    used += above
    while bottom < count and used + height(bottom) <= rows:
        used += height(bottom)
        bottom += 1
    while top > 0 and used + height(top - 1) <= rows:
        top -= 1
        used += height(top)
    return top, bottom


def typed_words_match(words: list[str], search: str) -> bool:
    """Each of ``words`` starts a word of ``search``, or starts its words from one on written
    together."""
    parts = search.upper().translate(SEPARATORS).split()
    runs = ["".join(parts[k:]) for k in range(len(parts))]
    return all(any(run.startswith(w) for run in runs) for w in words)


def wrapped(message: str, width: int, style: str) -> list[Text]:
    """``message`` in lines of at most ``width`` columns, continued lines indented."""
    lines = textwrap.wrap(message, width, subsequent_indent="  ") or [""]
    return [Text(line, style=style) for line in lines]
