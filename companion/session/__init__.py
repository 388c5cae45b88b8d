"""The live game, Flet-free: the log session (``log_session``: start, finish, resume, do, undo,
redo, edit, fold, commit, sync) and a session whose changes go to the table's host
(``relay``). Imports ``league``, ``core``, ``store``, ``base`` and the engine."""
