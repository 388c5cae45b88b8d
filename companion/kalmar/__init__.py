"""«Кальмар»: the game pack of the app (view, screens)."""
