"""Colours shared by every game's screens (presentation only)."""
from __future__ import annotations

# One colour per seat (up to 10 players in some games): distinct in light and dark themes.
PLAYER_COLORS = ["#1E88E5", "#E53935", "#43A047", "#FB8C00", "#8E24AA", "#00897B", "#6D4C41", "#D81B60",
                 "#3949AB", "#7CB342"]
