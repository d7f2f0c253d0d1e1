"""One module per ``jetset`` subcommand, each with ``register(subparsers)``.

Add a subcommand by adding its module name to ``COMMANDS``.
"""

COMMANDS = [
    "play",
    "tutorial",
    "selfplay",
    "replay",
    "export",
    "position",
    "importtext",
    "stats",
    "host",
    "join",
    "sshserver",
    "web",
]
