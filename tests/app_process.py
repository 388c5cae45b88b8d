"""The real app (``python -m companion``) as a subprocess on a free loopback port, for the tests
that need the whole server (access guard, data folder ownership, start-up with a bad folder)."""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running_app(data_dir: Path, *args: str, **env: str):
    """Start the app on ``data_dir``, wait until it answers on its port; yield (port, process);
    stop it afterwards. ``env``: more environment variables."""
    port = free_port()
    full_env = dict(os.environ, KITY_PORT=str(port), KITY_DATA_DIR=str(data_dir), KITY_NO_BROWSER="1", **env)
    proc = subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=REPO, env=full_env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
                break
            except urllib.error.HTTPError:  # an answer (table mode's 403 without the code)
                break
            except Exception:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.05)
        yield port, proc
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
