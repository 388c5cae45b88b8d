"""The kept games read for the table, Flet-free: the league's ratings (``ratings``) and the
per-player statistics (``stats``). Imports ``core``, ``store`` and ``base``."""
