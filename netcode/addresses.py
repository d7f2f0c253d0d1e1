"""The addresses a host gives its friends: where ``jetset join`` can reach it.

With a specific ``--bind`` that address; with ``0.0.0.0`` (or ``::``) this machine's own
addresses, read without sending anything anywhere: the host name's addresses, and the local
addresses the kernel lists in /proc/net (Linux). Loopback and link-local addresses are left out
unless nothing else is found.
"""

from __future__ import annotations

import ipaddress
import itertools
import socket
from pathlib import Path

ANY = ("0.0.0.0", "::", "")
PROC_V4 = Path("/proc/net/fib_trie")
PROC_V6 = Path("/proc/net/if_inet6")


def join_addresses(bind: str, port: int) -> list[str]:
    """``HOST:PORT`` for each address a friend may use to join, best first."""
    if bind not in ANY:
        return [with_port(bind, port)]
    found = machine_addresses(v6=bind == "::")
    return [with_port(address, port) for address in found] or [with_port("127.0.0.1", port)]


def with_port(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def machine_addresses(*, v6: bool) -> list[str]:
    """This machine's addresses that another machine could reach (private LAN ones first)."""
    seen: dict[str, None] = {}  # ordered, without repeats
    for address in [*hostname_addresses(), *proc_v4(), *(proc_v6() if v6 else [])]:
        seen.setdefault(address, None)
    usable = [a for a in seen if reachable(a, v6=v6)]
    return sorted(usable, key=lambda a: (not ipaddress.ip_address(a).is_private, ":" in a))


def reachable(address: str, *, v6: bool) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if ip.version == 6 and not v6:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def hostname_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP)
    except OSError:
        return []
    return [str(info[4][0]).split("%")[0] for info in infos]


def proc_v4() -> list[str]:
    """The local IPv4 addresses in the kernel's routing trie (the ``/32 host LOCAL`` leaves)."""
    try:
        lines = PROC_V4.read_text().splitlines()
    except OSError:
        return []
    out = []
    for before, line in itertools.pairwise(lines):
        if line.strip() == "/32 host LOCAL":
            out.append(before.split()[-1])
    return out


def proc_v6() -> list[str]:
    """The IPv6 addresses of every interface (``/proc/net/if_inet6``)."""
    try:
        lines = PROC_V6.read_text().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        raw = line.split()[0] if line.split() else ""
        if len(raw) == 32:
            out.append(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    return out
