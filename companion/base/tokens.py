"""The shape of a token: a game's id in the data folder, a person's id, and on the table's link a
peer, a nonce, a secret or a ticket — letters, digits, ``_`` and ``-``, 1 to 64 of them."""
from __future__ import annotations

import re

TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
