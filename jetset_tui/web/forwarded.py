"""Where a browser's request comes from, through a reverse proxy the host trusts
(``jetset web --trusted-proxy ADDRESS``): the address it was made from, and the scheme and
host the browser used. A proxy with TLS in front of ``jetset web`` (as README advises) made
every player the proxy's one address (four tabs for everyone, and one player's wrong codes
locking out all), and the page named ``http://`` and ``ws://`` addresses an https page may not
load. Headers are believed only from a trusted proxy's own address: anyone else could write
them."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Final

from aiohttp import web

HOST_NAME: Final = re.compile(
    r"[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?"
)
"""A host as a page's address may name it: a name or an IPv4 address, or an IPv6 one in
brackets, with a port or not (nothing a header could smuggle into the page)."""


@dataclass(frozen=True)
class Seen:
    """A request as the browser made it."""

    scheme: str
    host: str
    address: str


def seen(request: web.Request, trusted: tuple[str, ...]) -> Seen:
    """The request's scheme, host and address, as the proxy says where ``request`` came
    through one in ``trusted`` (the last ``X-Forwarded-For`` address, which the proxy itself
    added; ``X-Forwarded-Proto``, ``X-Forwarded-Host``), else as the connection says."""
    remote = request.remote or "?"
    direct = Seen(request.scheme, request.host, remote)
    if remote not in trusted:
        return direct
    headers = request.headers
    address = last_address(headers.get("X-Forwarded-For", "")) or remote
    proto = headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
    scheme = proto if proto in ("http", "https") else request.scheme
    host = headers.get("X-Forwarded-Host", "").split(",")[0].strip()
    return Seen(scheme, host if HOST_NAME.fullmatch(host) else request.host, address)


def last_address(forwarded_for: str) -> str | None:
    """The last address of an ``X-Forwarded-For`` list, if it is one (the client's as the
    trusted proxy saw it; those before it are the client's own word)."""
    words = [word.strip() for word in forwarded_for.split(",") if word.strip()]
    if not words:
        return None
    try:
        return str(ipaddress.ip_address(words[-1]))
    except ValueError:
        return None
