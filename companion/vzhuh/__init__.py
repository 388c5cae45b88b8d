"""«Вжух!» in the app: the game's view over the log session (:mod:`.view`, Flet-free), its
screens (:mod:`.screens`) and its place in the app shell (:mod:`.app`)."""
