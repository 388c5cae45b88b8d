"""Browser figures of the app, for ``scripts/bench.py --ui`` (prints, asserts nothing).

* cold start: process start → first interactive control in chromium (target ≤ 3 s);
* tap → updated screen: ≥ 50 taps on the table (a card in the picker, then undo; each time
  the time from the click until the screen's identifier text shows the change), p50 / p95
  (target p95 ≤ 100 ms);
* the app process's CPU time per tap (utime + stime over the taps / taps);
* peak RSS of the app's Python process over a whole game round (VmHWM, target ≤ 150 MB).
* History and statistics with 1,000 archived games of each kind: tap → the list shows
  (target ≤ 300 ms; the same screen with 3 games of each kind gives the floor).
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

from companion.base import ids  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, UI  # noqa: E402
import test_game_flow as flow  # noqa: E402


def vm_hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_ms(pid: int) -> float:
    """User + system CPU time of a process so far (ms): the app's own work, which the noise of a
    shared machine inflates far less than wall-clock latency."""
    import os
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def bench_ui(taps: int = 120) -> dict:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="kity-bench-"))
    (tmp / "data").mkdir()
    server = Server(tmp / "data", tmp)
    figures: dict = {}
    with sync_playwright() as pw:
        server.start()
        try:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            ctx = browser.new_context(viewport=PHONE, locale="ru-RU")
            ctx.set_default_timeout(15000)
            ui = UI(ctx.new_page(), server, tmp / "shots")
            figures["cold_start_s"] = ui.open()

            flow.start_game(ui)
            g = flow.Game(ui)
            flow.setup_round(ui, g.bonuses)

            # tap → screen: a card of the player to act, then undo, again and again
            who = g.turn()
            card = g.legal(who)
            picker = flow.picker_ids(ids.TABLE_PICK)
            def button(ident):
                el = ui.by_id(ident)
                inner = el.locator('[role="button"]')
                return inner.first if el.get_attribute("role") != "button" and inner.count() else el

            card_el, undo_el = button(picker.card(card)), button(ids.TABLE_UNDO)
            name = flow.card_name_ru(card)
            times, clicks = [], []
            cpu0 = cpu_ms(server.proc.pid)
            for i in range(taps):
                # the first half through Playwright's click() (with its actionability checks, a
                # real pointer event), the second half as a dispatched click (the app's own latency)
                click = (lambda el: el.click()) if i < taps // 2 else (lambda el: el.dispatch_event("click"))
                if i % 2 == 0:
                    t0 = time.perf_counter()
                    click(card_el)
                    ui.wait_text(ids.TABLE_TRICK, f"{who}: {name}")
                else:
                    t0 = time.perf_counter()
                    click(undo_el)
                    ui.wait_text(ids.TABLE_TURN, who)
                    ui.page.wait_for_function(
                        """([id, t]) => !document.querySelector(`[flt-semantics-identifier="${id}"]`)
                             ?.getAttribute('aria-label')?.includes(t)""", arg=[ids.TABLE_TRICK, name])
                (times if i >= taps // 2 else clicks).append((time.perf_counter() - t0) * 1000)
            figures["taps"] = len(times) + len(clicks)
            figures["server_cpu_per_tap_ms"] = (cpu_ms(server.proc.pid) - cpu0) / taps
            figures["tap_p50_ms"] = statistics.median(times)
            figures["tap_p95_ms"] = pct(times, 95)
            figures["click_p50_ms"] = statistics.median(clicks)
            figures["click_p95_ms"] = pct(clicks, 95)

            # a whole round, then the peak memory of the app process
            flow.play_tricks(g, 8)
            ui.wait_id(ids.SCREEN_ROUND_END, timeout=20000)
            figures["peak_rss_mb"] = vm_hwm_mb(server.proc.pid)
            ctx.close()
            browser.close()
        finally:
            server.stop()
    print("UI (chromium, phone 412×915):")
    print(f"  cold start (process start → first interactive control): {figures['cold_start_s']:.2f} s  "
          f"(target ≤ 3 s → {'met' if figures['cold_start_s'] <= 3 else 'NOT met'})")
    half = figures["taps"] // 2
    print(f"  tap → updated screen, {half} dispatched taps (card in the picker / undo): p50 {figures['tap_p50_ms']:.0f} ms, "
          f"p95 {figures['tap_p95_ms']:.0f} ms  (target p95 ≤ 100 ms → "
          f"{'met' if figures['tap_p95_ms'] <= 100 else 'NOT met'})")
    print(f"  the same through Playwright click() (adds its actionability checks), {half} taps: "
          f"p50 {figures['click_p50_ms']:.0f} ms, p95 {figures['click_p95_ms']:.0f} ms")
    print(f"  the app process's CPU time per tap (render, diff, send; less noisy than latency): "
          f"{figures['server_cpu_per_tap_ms']:.1f} ms")
    print(f"  peak RSS of the app process over a whole round: {figures['peak_rss_mb']:.0f} MB  "
          f"(target ≤ 150 MB → {'met' if figures['peak_rss_mb'] <= 150 else 'NOT met'})")
    return figures


if __name__ == "__main__":
    bench_ui()


def bench_history_screen(per_game: int = 1000, repeat: int = 5) -> dict:
    """History and statistics in the browser with ``per_game`` archived games of each kind
    (scripts/bench.py's folder): tap «История и статистика» on the home screen → the list of
    games shows (target ≤ 300 ms); the median of ``repeat`` openings, the first apart."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(HERE.parents[1] / "scripts"))
    import bench  # type: ignore

    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="kity-bench-history-") as tmp:
        data = Path(tmp) / "data"
        bench.history_folder(str(data), per_game)
        server = Server(data, Path(tmp))
        server.start()
        try:
            with sync_playwright() as pw:
                b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                ctx = b.new_context(viewport=PHONE, locale="ru-RU", color_scheme="light")
                ctx.set_default_timeout(30000)
                ui = UI(ctx.new_page(), server, Path(tmp) / "shots")
                ui.open()
                times = []
                for _ in range(repeat):
                    ui.wait_id(ids.HOME_STATS)
                    t = time.perf_counter()
                    ui.by_id(ids.HOME_STATS).click()
                    ui.wait_id(ids.stats_game(per_game), timeout=30000)  # the newest whale game (seq 1…per_game)
                    times.append((time.perf_counter() - t) * 1000)
                    ui.back()
                b.close()
        finally:
            server.stop()
    out = {"first_ms": times[0], "median_ms": statistics.median(times[1:] or times)}
    print(f"History and statistics in the browser, {per_game} games of each kind: first {out['first_ms']:.0f} ms,"
          f" then median {out['median_ms']:.0f} ms over {len(times) - 1} (target ≤ 300 ms)")
    return out
