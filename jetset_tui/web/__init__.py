"""The game in a browser (``jetset web``): textual-serve's one process a tab, each a client of
the one lobby through a gate on 127.0.0.1 (docs/architecture.md, "Browsers")."""

GATE_PORT = "JETSET_WEB_GATE"
TICKET = "JETSET_WEB_TICKET"
"""Where a browser session's process finds the gate's port and its ticket (its environment)."""
WEB_HELLO = "web"
"""The first message on the gate: ``{t: "web", ticket, name}``."""
