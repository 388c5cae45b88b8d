"""Subprocess for the websocket-cycles test: the real app in table mode (``python -m companion
--table``), plus a reader on stdin that answers ``devices`` with ``devices=N`` (the count the
invite screen shows). Environment as for the app (KITY_PORT, KITY_DATA_DIR, KITY_TABLE_CODE…)."""
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, os.pardir)]

from companion import server  # noqa: E402
from companion.app import run  # noqa: E402


def answer() -> None:
    for line in sys.stdin:
        if line.strip() == "devices":
            mode = server.current()
            print(f"devices={mode.devices if mode else -1}", flush=True)


threading.Thread(target=answer, daemon=True).start()
run(["--table"])
