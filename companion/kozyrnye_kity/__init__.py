"""«Козырные киты» in the app: the game's view over the log session (:mod:`.view`, Flet-free)
and its screens (:mod:`.screens`, :mod:`.widgets`)."""
