"""Everything that crosses a process boundary: log files now; hosts, peers and transports next."""
