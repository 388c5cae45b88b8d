"""Subprocess for the websocket-cycles tests: the real app in table mode (``python -m companion
--table``), plus a reader on stdin that answers ``devices`` with ``devices=N`` (the count the
invite screen shows) and ``held`` with ``held=S,L`` (after a garbage collection: the Flet sessions
the server keeps, the app's log sessions still alive). Environment as for the app (KITY_PORT,
KITY_DATA_DIR, KITY_TABLE_CODE…)."""
import gc
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, os.pardir)]

from companion.serve import server  # noqa: E402
from companion.app import run  # noqa: E402


def answer() -> None:
    for line in sys.stdin:
        if line.strip() == "devices":
            mode = server.current()
            print(f"devices={mode.devices if mode else -1}", flush=True)
        elif line.strip() == "held":
            print(f"held={held()}", flush=True)


def held() -> str:
    from flet_web.fastapi.flet_app_manager import app_manager

    from companion.session.log_session import LogSession

    gc.collect()
    sessions = len(getattr(app_manager, "_FletAppManager__sessions", ()))
    logs = sum(1 for o in gc.get_objects() if isinstance(o, LogSession))
    return f"{sessions},{logs}"


threading.Thread(target=answer, daemon=True).start()
run(["--table"])
