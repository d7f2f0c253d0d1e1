"""The game in a browser (``jetset web``): textual-serve's one process a tab, each a client of
the one lobby through a gate on 127.0.0.1 (docs/architecture.md, "Browsers")."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

WEB_HELLO = "web"
"""The first message on the gate: ``{t: "web", ticket, name}``."""
READY = b"jetset-ready\n"
"""What a session's process writes on stdout once loaded, before its start line (textual-serve
skips lines before the web driver's own first one)."""
START_LIMIT = 256
"""The longest start line."""


@dataclass(frozen=True)
class SessionStart:
    """What a browser session's process is told on its stdin, in one line, before anything
    else: the gate's port, its ticket, the page's terminal size, the browser's language."""

    port: int
    ticket: str
    width: int
    height: int
    language: str = "en"

    def encode(self) -> bytes:
        return json.dumps(asdict(self)).encode() + b"\n"

    @classmethod
    def decode(cls, line: bytes) -> SessionStart:
        """ValueError unless ``line`` is one."""
        fields = json.loads(line)
        kinds = {"port": int, "ticket": str, "width": int, "height": int, "language": str}
        if not isinstance(fields, dict) or set(fields) != set(kinds):
            raise ValueError("not a session's start line")
        if not all(isinstance(fields[key], kind) for key, kind in kinds.items()):
            raise ValueError("not a session's start line")
        return cls(**fields)
