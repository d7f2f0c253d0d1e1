"""Which SSH keys may play: an ``authorized_keys`` file for asyncssh to check, each entry tagged
with its key's fingerprint so the server knows, once asyncssh has let a key in, which one it was.

asyncssh validates keys against the list itself (with ``from=`` and the other options); what it
does not hand back is the key. Each entry therefore gets an ``environment="JETSET_KEY=<sha256>"``
option, which the server reads with ``conn.get_key_option("environment")``.
"""

from __future__ import annotations

from pathlib import Path

import asyncssh

KEY_TAG = "JETSET_KEY"


def tagged_entry(line: str) -> str | None:
    """``line`` with its key's fingerprint as an option in front (None: no key in it)."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    starts = [0] + [i + 1 for i, ch in enumerate(line) if ch in " \t"]
    for start in starts:  # the key follows the options, if there are any
        try:
            key = asyncssh.import_public_key(line[start:])
        except (asyncssh.KeyImportError, ValueError):
            continue
        tag = f'environment="{KEY_TAG}={key.get_fingerprint()}"'
        return f"{tag} {line}" if start == 0 else f"{tag},{line}"
    return None


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an ``authorized_keys`` file, each tagged with its fingerprint."""
    entries = [tagged_entry(line) for line in path.read_text().splitlines()]
    return asyncssh.import_authorized_keys("\n".join(e for e in entries if e))


def key_fingerprint(conn: asyncssh.SSHServerConnection) -> str | None:
    """The fingerprint of the key asyncssh let in from a tagged list, if any."""
    env = conn.get_key_option("environment")
    if isinstance(env, dict):
        value = env.get(KEY_TAG)
        return value if isinstance(value, str) else None
    return None
