"""``python -m companion``: the app in the browser, offline, on 127.0.0.1:$KITY_PORT (8550)."""
from .app import run

if __name__ == "__main__":
    run()
