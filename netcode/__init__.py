"""Everything that crosses a process boundary: log files and replays, the ``GameClient``
interface front ends hold, local sessions, the network host and its peers, the protocol and the
transports (TCP, in-memory pipes, SSH channels)."""
