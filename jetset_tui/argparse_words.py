"""argparse's own words ("usage:", "error:", "show this help message and exit") in the player's
language. argparse says them through the ``gettext`` module's default domain, which holds no
catalog of ours: ``speak_argparse`` makes it say them through ours, marked here for extraction
(Python 3.11's wording; a Python that words one otherwise says that one in English)."""

from __future__ import annotations

import argparse

from jetset_tui.i18n import N_, _, ngettext

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ignored explicit argument %r"),
)
"""What a player can meet of argparse's messages (its errors for a programmer are left out)."""


def speak_argparse() -> None:
    """argparse says its words through this app's catalogs, in the current language."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
