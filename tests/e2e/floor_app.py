"""The floor of table mode's fan-out, for ``tests/e2e/bench_table.py``: the smallest Flet app
that shares a counter across browser sessions by pubsub (one button, one text). What it takes
for a tap on one device to show on four is what Flet and the browsers cost on this machine
with none of Киты's work; the bench measures it in the same run as the app.

    python tests/e2e/floor_app.py PORT
"""
from __future__ import annotations

import sys
from pathlib import Path

import flet as ft

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from companion.serve.access import without_flet_headers  # noqa: E402

TOPIC = "floor/counter"
ADD, COUNT = "floor-add", "floor-count"
_shared = {"n": 0}


def main(page: ft.Page) -> None:
    text = ft.Text(f"n={_shared['n']};", size=24)
    sem = ft.Semantics(identifier=COUNT, label=text.value, container=True, exclude_semantics=True, content=text)

    def shown(_topic, n):
        text.value = sem.label = f"n={n};"
        page.update()

    page.pubsub.subscribe_topic(TOPIC, shown)

    def add(_e):
        _shared["n"] += 1
        page.pubsub.send_all_on_topic(TOPIC, _shared["n"])

    page.add(sem,
            ft.Semantics(identifier=ADD, button=True, content=ft.Button("+1", on_click=add)))


def serve(port: int) -> None:
    import uvicorn

    flet_app = ft.run(main, export_asgi_app=True, no_cdn=True)

    async def asgi(scope, receive, send):  # served as the app is: not cross-origin isolated
        await flet_app(scope, receive, without_flet_headers(send) if scope["type"] == "http" else send)

    uvicorn.run(asgi, host="127.0.0.1", port=port, ws="websockets-sansio", log_level="warning",
                access_log=False)


if __name__ == "__main__":
    serve(int(sys.argv[1]))
