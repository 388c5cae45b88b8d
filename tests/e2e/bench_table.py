"""Table-mode figures, for ``scripts/bench.py --table`` (prints, asserts nothing).

A host (this machine's browser, tablet size) and three phones (412×915, each its own browser
context, seen by the app as LAN devices) on one game:

* tap on one device → the change visible on all four: a card in the picker, then undo, taken
  in turn on each device; the time from the tap until the last of the four screens shows it,
  p50 / p95 (target p95 ≤ 150 ms);
* the app process's CPU time per entry with four devices connected, then with one.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

from companion import ids  # noqa: E402

from bench_ui import cpu_ms, pct  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, Server, UI  # noqa: E402
import test_game_flow as flow  # noqa: E402

CODE = "BENCH234"


def bench_table(taps: int = 80, taps_alone: int = 40) -> dict:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="kity-bench-table-"))
    (tmp / "data").mkdir()
    server = Server(tmp / "data", tmp, table_code=CODE)
    figures: dict = {}
    with sync_playwright() as pw:
        server.start()
        try:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            devices, contexts = [], []
            for k in range(4):
                headers = {"X-Forwarded-For": f"192.168.77.{20 + k}"} if k else None
                ctx = browser.new_context(viewport=TABLET if k == 0 else PHONE, locale="ru-RU",
                                          extra_http_headers=headers)
                ctx.set_default_timeout(15000)
                contexts.append(ctx)
                ui = UI(ctx.new_page(), server, tmp / f"shots-{k}")
                ui.open()
                devices.append(ui)
            host = devices[0]
            flow.start_game(host)
            g = flow.Game(host)
            flow.setup_round(host, g.bonuses)
            for ui in devices[1:]:
                ui.tap_id(ids.HOME_CONTINUE)
                ui.wait_id(ids.TABLE_TURN)

            who = g.turn()
            card = g.legal(who)
            name = flow.card_name_ru(card)
            picker = flow.picker_ids(ids.TABLE_PICK)
            fam = picker.family(card.split("-")[0]) if card != "5" else None

            def button(ui, ident):
                el = ui.by_id(ident)
                inner = el.locator('[role="button"]')
                return inner.first if el.get_attribute("role") != "button" and inner.count() else el

            def shows_card(ui):
                ui.wait_text(ids.TABLE_TRICK, f"{who}: {name}")

            def card_gone(ui):
                ui.page.wait_for_function(
                    """([id, t]) => !document.querySelector(`[flt-semantics-identifier="${id}"]`)
                         ?.getAttribute('aria-label')?.includes(t)""", arg=[ids.TABLE_TRICK, name])

            def run(devs, n) -> tuple[list[float], float]:
                times = []
                cpu0 = cpu_ms(server.proc.pid)
                for i in range(n):
                    ui = devs[(i // 2) % len(devs)]
                    ui.page.wait_for_timeout(150)  # the screens have settled (not timed)
                    if i % 2 == 0:
                        if fam and flow.exists(ui, fam):
                            ui.tap_id(fam)
                            ui.page.wait_for_timeout(300)  # the tab's cards are drawn (not timed)
                        el = button(ui, picker.card(card))
                        t0 = time.perf_counter()
                        el.dispatch_event("click")
                        for d in devs:
                            shows_card(d)
                    else:
                        el = button(ui, ids.TABLE_UNDO)
                        t0 = time.perf_counter()
                        el.dispatch_event("click")
                        for d in devs:
                            card_gone(d)
                    times.append((time.perf_counter() - t0) * 1000)
                return times, (cpu_ms(server.proc.pid) - cpu0) / n

            times, cpu4 = run(devices, taps)
            figures.update(taps=len(times), p50=statistics.median(times), p95=pct(times, 95), cpu4=cpu4)
            for ctx in contexts[1:]:
                ctx.close()
            time.sleep(1)
            _, cpu1 = run([host], taps_alone)
            figures["cpu1"] = cpu1
            contexts[0].close()
            browser.close()
        finally:
            server.stop()
    print("Table mode (chromium: a host at 1280×800 and three phones at 412×915 on one game):")
    print(f"  tap on one device → visible on all four, {figures['taps']} dispatched taps (card / undo, "
          f"on each device in turn): p50 {figures['p50']:.0f} ms, p95 {figures['p95']:.0f} ms  "
          f"(target p95 ≤ 150 ms → {'met' if figures['p95'] <= 150 else 'NOT met'})")
    print(f"  the app process's CPU per entry: {figures['cpu4']:.1f} ms with 4 devices connected, "
          f"{figures['cpu1']:.1f} ms with 1")
    return figures


if __name__ == "__main__":
    bench_table()
