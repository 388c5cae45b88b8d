"""Where Киты keeps its data.

``data_dir()`` picks, in this order:

1. ``KITY_DATA_DIR`` — explicit override (tests, power users);
2. ``FLET_APP_STORAGE_DATA`` — set by ``flet run`` and by built Android/iOS apps; it is the
   app's durable private folder (``ft.StoragePaths`` raises in web mode, so we read the env);
3. the per-user data folder of the platform: ``%LOCALAPPDATA%\\Kity`` on Windows,
   ``~/Library/Application Support/Kity`` on macOS, ``$XDG_DATA_HOME/kity`` or
   ``~/.local/share/kity`` elsewhere.

The folder is created if missing (when it cannot be, the store reports why).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _platform_dir() -> Path:
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return Path(base) / "Kity" if base else home / "AppData" / "Local" / "Kity"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Kity"
    xdg = os.environ.get("XDG_DATA_HOME")
    # The XDG spec says relative values are invalid and must be ignored.
    base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return base / "kity"


def data_dir() -> Path:
    """Return the data folder (absolute), creating it if needed."""
    for var in ("KITY_DATA_DIR", "FLET_APP_STORAGE_DATA"):
        value = os.environ.get(var)
        if value:
            path = Path(value).expanduser()
            break
    else:
        path = _platform_dir()
    path = path.resolve()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the store says what is wrong with it, on the app's first screen
    return path
