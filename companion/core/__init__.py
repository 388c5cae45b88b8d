"""What a game pack tells the app, Flet-free: the game's declaration and view
(``game_view``), the one list of games (``packs``, games found by name), the archive summary
(``summary``). Imports only ``base`` and the engine."""
