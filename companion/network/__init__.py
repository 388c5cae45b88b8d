"""The network layer: phones at one table linked to each other, with no computer and no internet
(issue 40). Flet-free and I/O-free: :mod:`.protocol` turns messages received into messages to
send; whatever carries them (WebRTC data channels in the phone edition, a fake channel in the
tests) lives elsewhere.

* :mod:`companion.network.protocol` — the replication protocol of the table's log: one host
  orders the log (its :class:`~companion.session.log_session.LogSession`), every guest keeps its own copy
  in its own store and folds it itself; see ``docs/games-core.md`` («The table's log between
  phones»).
"""
