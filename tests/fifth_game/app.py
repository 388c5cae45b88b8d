def action_text(a) -> str:
    """A round in words (the history; «entries that no longer fit»)."""
    return " · ".join(f"{p} {v}" for p, v in (a.get("points") or {}).items())
