"""The addresses the host's screen gives friends: the bind address, or this machine's own."""

from __future__ import annotations

import ipaddress
import socket

from netcode.addresses import join_addresses, machine_addresses, proc_v4


def test_a_specific_bind_is_the_address_to_give() -> None:
    assert join_addresses("192.168.1.5", 7777) == ["192.168.1.5:7777"]
    assert join_addresses("fd00::5", 7777) == ["[fd00::5]:7777"]
    assert join_addresses("127.0.0.1", 1) == ["127.0.0.1:1"]


def test_any_address_gives_this_machines_own_addresses() -> None:
    given = join_addresses("0.0.0.0", 7777)
    assert given and all(a.endswith(":7777") for a in given)
    found = machine_addresses(v6=False)
    if not found:  # a machine with only loopback: the one address that works here
        assert given == ["127.0.0.1:7777"]
        return
    assert given == [f"{a}:7777" for a in found]
    for address in found:
        ip = ipaddress.ip_address(address)
        assert ip.version == 4 and not ip.is_loopback and not ip.is_link_local
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind((address, 0))  # only an address of this machine can be bound


def test_the_kernels_local_addresses_include_loopback() -> None:
    listed = proc_v4()
    assert not listed or "127.0.0.1" in listed  # the parser finds the /32 host LOCAL leaves
