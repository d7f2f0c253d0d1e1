"""An ``authorized_keys`` line read as asyncssh reads it (``jetset_tui/ssh/keys.py``): its
options end at the first blank outside quotes, a comma inside quotes divides nothing, and a
backslash escapes the next character; the fingerprint tag is the line's last option."""

from __future__ import annotations

import asyncssh

from jetset_tui.ssh.keys import KEY_TAG, option_names, split_options, tagged_entry


def test_options_are_read_past_quoted_commas_blanks_and_escapes() -> None:
    options = 'from="10.0.0.1,10.0.0.2",no-pty,environment="A=x \\" y, z",cert-authority'
    assert option_names(options) == ["from", "no-pty", "environment", "cert-authority"]
    assert option_names("") == []
    assert split_options(f"{options} ssh-ed25519 AAAA me") == (options, "ssh-ed25519 AAAA me")


def test_the_tag_names_the_lines_own_key_and_comes_last() -> None:
    mine = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    theirs = other.export_public_key().decode().strip()
    key = mine.export_public_key().decode().strip()
    line = f'environment="NOTE={theirs} x",environment="{KEY_TAG}=stolen" {key}'
    entry = tagged_entry(line)
    assert entry is not None
    tag = f'environment="{KEY_TAG}={mine.get_fingerprint()}"'
    assert entry.endswith(f",{tag} {key}"), entry
    assert tagged_entry(f"cert-authority {key}") is None
    assert tagged_entry("# a comment") is None and tagged_entry("not a key") is None
