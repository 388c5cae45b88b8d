"""«Королевское наказание» (Royal Mastheads) in the app: the view (Flet-free) and the screens."""
