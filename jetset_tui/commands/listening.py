"""Why a server could not listen on its address, in a person's words: `jetset host` and
`jetset web` say "the port is in use", not "[Errno 98] error while attempting to bind on
address ('127.0.0.1', 7777): address already in use"."""

from __future__ import annotations

import errno

from jetset_tui.i18n import _


def listen_problem(exc: OSError) -> str:
    """What stopped a server from listening: the port taken, an address that is not this
    machine's, a port it may not use; else the system's own words."""
    if exc.errno == errno.EADDRINUSE:
        return _("the port is in use by another program: choose another port")
    if exc.errno == errno.EADDRNOTAVAIL:
        return _("that address is not one of this machine's")
    if exc.errno == errno.EACCES:
        return _("no permission to listen on that port (ports under 1024 need root)")
    return (exc.strerror or str(exc)).lower()
