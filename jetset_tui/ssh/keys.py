"""Which SSH keys may play: an ``authorized_keys`` file for asyncssh to check, each entry tagged
with its key's fingerprint so the server knows, once asyncssh has let a key in, which one it was.

asyncssh validates keys against the list itself (with ``from=`` and the other options); what it
does not hand back is the key. Each entry therefore gets an ``environment="JETSET_KEY=<sha256>"``
option, which the server reads with ``conn.get_key_option("environment")``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

import asyncssh

KEY_TAG = "JETSET_KEY"

log = logging.getLogger("jetset.ssh")


def tagged_entry(line: str) -> str | None:
    """``line`` with its key's fingerprint as its last option (None: no key in it). The tag
    comes last because asyncssh keeps the last value an option gives a name: an
    ``environment="JETSET_KEY=…"`` of the line's own never overrides it."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    if names_a_ca(line):
        return None  # its certificates would all pass for one player, the CA (``read_…``)
    options, key_text = split_options(line)
    try:
        key = asyncssh.import_public_key(key_text)
    except (asyncssh.KeyImportError, ValueError):
        return None
    tag = f'environment="{KEY_TAG}={key.get_fingerprint()}"'
    return f"{options},{tag} {key_text}" if options else f"{tag} {key_text}"


def names_a_ca(line: str) -> bool:
    """The line is a ``cert-authority`` entry."""
    return "cert-authority" in option_names(split_options(line.strip())[0])


def split_options(line: str) -> tuple[str, str]:
    """An ``authorized_keys`` line's options and its key, read as asyncssh reads them
    (``OptionsParser._parse_options``): no options when the line starts with a key; else the
    options end at the first blank outside double quotes, a backslash escaping the next
    character (a quoted value may hold blanks, and another key's text, which is not the
    line's key)."""
    with contextlib.suppress(asyncssh.KeyImportError, ValueError):
        asyncssh.import_public_key(line)
        return "", line
    for index, char in outside_quotes(line):
        if char in " \t":
            return line[:index], line[index:].strip()
    return line, ""


def option_names(options: str) -> list[str]:
    """The names of an entry's options (``from="…",no-pty`` gives from and no-pty)."""
    cuts = [index for index, char in outside_quotes(options) if char == ","]
    starts, ends = [0, *(cut + 1 for cut in cuts)], [*cuts, len(options)]
    parts = [options[start:end] for start, end in zip(starts, ends, strict=True)]
    return [part.split("=", 1)[0].strip().lower() for part in parts if part.strip()]


def outside_quotes(text: str) -> Iterator[tuple[int, str]]:
    """Each character of ``text`` outside double quotes and not escaped by a backslash, with
    its index, as asyncssh's options parser reads them."""
    quoted = escaped = False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif not quoted:
            yield index, char


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an ``authorized_keys`` file, each tagged with its fingerprint. A
    ``cert-authority`` line is left out, and the log says so: a player is known by their key,
    and every certificate its CA signed would pass for one player (docs/security.md)."""
    entries: list[str] = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if names_a_ca(line):
            log.warning("%s:%d: a cert-authority line is not supported: left out", path, number)
            continue
        entry = tagged_entry(line)
        if entry is not None:
            entries.append(entry)
    if not entries:
        log.warning("%s: no key in it: nobody can sign in", path)
    return asyncssh.import_authorized_keys("\n".join(entries))


def key_names(path: Path) -> dict[str, str]:
    """The name each key's comment gives its holder, by the key's fingerprint: a comment's
    first word, up to an ``@`` (``ann@laptop`` and ``ann`` give ``ann``), made a name as an SSH
    user name is (jetset_tui/ssh/username.py). A key without a comment, or whose comment keeps
    no letter or mixes alphabets, names no one. The lobby keeps each name for its key alone,
    whoever comes first (a play test's bob logged in as ``ann`` after a restart and kept her
    name; docs/security.md)."""
    from jetset_tui.ssh.username import user_name

    names: dict[str, str] = {}
    for line in path.read_text().splitlines():
        entry = tagged_entry(line)
        if entry is None:
            continue
        key_text = split_options(line.strip())[1]
        try:
            key = asyncssh.import_public_key(key_text)
        except (asyncssh.KeyImportError, ValueError):
            continue
        comment = (key.get_comment() or "").split()
        if not comment:
            continue
        name = user_name(comment[0].split("@", 1)[0])
        if not (name.empty or name.mixed or name.cut):
            names.setdefault(key.get_fingerprint(), name.name)
    return names


def key_fingerprint(conn: asyncssh.SSHServerConnection) -> str | None:
    """The fingerprint of the key asyncssh let in from a tagged list, if any."""
    env = conn.get_key_option("environment")
    if isinstance(env, dict):
        value = env.get(KEY_TAG)
        return value if isinstance(value, str) else None
    return None
