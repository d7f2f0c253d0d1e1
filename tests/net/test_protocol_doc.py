"""docs/protocol.md cannot drift from netcode/messages.py: every message of its conversation is
defined, with the same side and field names, every defined message is in it, and its table of
errors names every error code. The same holds for the SSH lobby's block and
netcode/lobbyproto.py."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

from netcode import lobbyproto as lp
from netcode import messages as m

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


@dataclasses.dataclass
class Doc:
    """A map as the doc writes it: its fields, which are optional (``?``), and nested maps."""

    fields: dict[str, Doc | None]
    optional: set[str]


def conversation(heading: str = "## Conversation") -> str:
    """The first code block under ``heading``."""
    text = DOC.read_text()
    start = text.index(heading)
    block = text[text.index("```", start) + 3 :]
    return block[: block.index("```")]


def split_top(text: str) -> list[str]:
    """``text`` split at the commas outside brackets."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += (char in "{[") - (char in "}]")
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current] if current.strip() else parts


def parse_map(body: str) -> Doc:
    """``a, b?, c:{d, e}, f:[{g}]`` (the inside of a map's braces)."""
    doc = Doc({}, set())
    for part in split_top(body):
        head, _, value = part.strip().partition(":")
        named = re.match(r"([a-z_]+)(\??)", head.strip())
        assert named is not None, f"no field name in {part!r}"
        name = named.group(1)
        if named.group(2):
            doc.optional.add(name)
        value = value.strip()
        nested = None
        if value.startswith("{") or value.startswith("[{"):
            inner = value[value.index("{") + 1 :]
            nested = parse_map(inner[: closing(inner)])
        doc.fields[name] = nested
    return doc


def closing(text: str) -> int:
    """Where the brace that ``text`` is inside closes."""
    depth = 1
    for i, char in enumerate(text):
        depth += (char == "{") - (char == "}")
        if depth == 0:
            return i
    raise AssertionError(f"an open brace in docs/protocol.md: {text[:40]!r}")


COLUMN = 38
"""Where the host's column begins in the conversation (the peer's is left of it)."""


LOBBY_COLUMN = 41
"""Where the server's column begins in the lobby's block."""


def documented(
    heading: str = "## Conversation",
    sides: tuple[str, str] = ("peer", "host"),
    column: int = COLUMN,
) -> dict[tuple[str, str], Doc]:
    """Every message of the conversation, by (side, type)."""
    lines = conversation(heading).splitlines()
    out: dict[tuple[str, str], Doc] = {}
    for side, part in (
        (sides[0], [ln[:column] for ln in lines]),
        (sides[1], [ln[column:] for ln in lines]),
    ):
        text = re.sub(r"->|<-", " ", " ".join(part))
        at = 0
        while (found := re.compile(r"\b([a-z][a-z_-]*) \{").search(text, at)) is not None:
            body = text[found.end() :]
            end = closing(body)
            key, doc = (side, found.group(1)), parse_map(body[:end])
            assert out.setdefault(key, doc) == doc, f"{key} twice, unlike, in the conversation"
            at = found.end() + end
    return out


def defined(sides: tuple[str, str] = ("peer", "host")) -> dict[tuple[str, str], type]:
    out: dict[tuple[str, str], type] = {}
    for side in sides:
        for kind, cls in m.message_types(side).items():
            out[(side, kind)] = cls
    return out


def wire_keys(cls: type) -> dict[str, type | None]:
    """A definition's wire keys, each with the map class it holds (if any)."""
    hints = typing.get_type_hints(cls)
    out: dict[str, type | None] = {}
    for f in m.wire_fields(cls):
        hint = hints[f.name]
        args = typing.get_args(hint)
        inner = args[0] if typing.get_origin(hint) is tuple else hint
        out[f.key] = inner if isinstance(inner, type) and dataclasses.is_dataclass(inner) else None
    return out


def compare(where: str, cls: type, doc: Doc) -> list[str]:
    problems = []
    keys = wire_keys(cls)
    if set(keys) != set(doc.fields):
        problems.append(f"{where}: defined {sorted(keys)}, documented {sorted(doc.fields)}")
    defaults = {m.wire_fields(cls)[i].key: f for i, f in enumerate(dataclasses.fields(cls))}
    for name in doc.optional:
        if name in defaults and defaults[name].default is dataclasses.MISSING:
            problems.append(f"{where}: '{name}' is optional in the doc, required in the code")
    for name, nested in doc.fields.items():
        held = keys.get(name)
        if nested is not None and held is not None:
            problems.extend(compare(f"{where}.{name}", held, nested))
    return problems


def test_every_message_in_the_doc_is_defined_alike_and_every_defined_one_is_documented() -> None:
    docs, code = documented(), defined()
    assert len(docs) > 20, "the conversation was not read"
    assert sorted(docs) == sorted(code)
    problems = []
    for key, doc in docs.items():
        problems.extend(compare(f"{key[0]} {key[1]}", code[key], doc))
    assert problems == []


def test_the_lobby_block_is_defined_alike_and_every_lobby_message_is_in_it() -> None:
    """The lobby's messages (netcode/lobbyproto.py) against the doc's "Lobby" block; its
    ``hello`` is the game's own."""
    sides = (lp.CLIENT, lp.SERVER)
    docs = documented("## Lobby", sides, LOBBY_COLUMN)
    code = {**defined(sides), (lp.CLIENT, "hello"): m.message_types("peer")["hello"]}
    assert len(docs) >= 9, "the lobby block was not read"
    assert sorted(docs) == sorted(code)
    problems = []
    for key, doc in docs.items():
        problems.extend(compare(f"{key[0]} {key[1]}", code[key], doc))
    assert problems == []
    games = lp.Games
    wrong = parse_map("you, games:[{id, title, seats:[{name, bot}], options:{players}, open}]")
    assert compare("games", games, wrong) != []


def test_the_error_table_names_every_error_code() -> None:
    text = DOC.read_text()
    table = text[text.index("| code | meaning | fatal |") : text.index("Of the 64 connections")]
    in_doc = {
        code
        for row in table.splitlines()[2:]
        if row.startswith("|")
        for code in re.findall(r"`([a-z-]+)`", row.split("|")[1])
    }
    in_code = {v for k, v in vars(m).items() if k.startswith("E_") and isinstance(v, str)}
    assert in_doc == in_code


def test_the_doc_check_finds_a_drift() -> None:
    """The comparison itself: a field the doc lacks, or one it has too many, is reported."""
    seated = m.message_types("host")["seated"]
    assert compare("seated", seated, parse_map("seat, token, name")) != []
    assert compare("seated", seated, parse_map("seat, token, name, from, upto, extra")) != []
    complete = "seat|nil, token|nil, name, from, upto, away_from?"
    assert compare("seated", seated, parse_map(complete)) == []
    presence = m.message_types("host")["presence"]
    wrong = parse_map("turn_time, seats:[{connected, away, standin, bot_in}]")
    assert compare("presence", presence, wrong) != []
    optional = parse_map("token?, have, contribution?")
    assert compare("reconnect", m.message_types("peer")["reconnect"], optional) != []
