"""Benchmark of the phones' own table (issue 40), side by side in one run, in the phone edition.

Builds the phone edition (scripts/publish.py), serves it on 127.0.0.1 and opens three chromium
profiles at 412×915 (a host and two guests), linked as a person links them (the guest's page
opened at the invitation URL, its answer handed to the host's scanner event). Prints:

* an entry on one phone → shown on another, p95, against the entering phone's own tap → shown
  p95 (the floor, measured in the same run; target: ≤ floor + 50 ms);
* the host's CPU per entry (its browser's processes, from /proc) with no phone linked and with two
  (ratio; target ≤ 1.3×);
* an answer scanned → the guest showing the live game (target ≤ 3 s).

Times are taken in the pages (a requestAnimationFrame watch records ``Date.now()`` when the text
appears; the same clock as Python's ``time.time()`` on one machine).

    .venv/bin/python scripts/bench_p2p.py [--entries 12]
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import ids  # noqa: E402
from companion.kozyrnye_kity.widgets.card_picker import picker_ids  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, UI  # noqa: E402
from tests.e2e.phone import serve  # noqa: E402
from tests.e2e.test_game_flow import Game, card_name_ru, setup_round, start_game  # noqa: E402

LISTEN = """() => { if (window.__kity) return; window.__kity = [];
  const c = new BroadcastChannel("kity-table"); c.onmessage = (e) => window.__kity.push(e.data);
  window.__kitySay = (m) => c.postMessage(m); }"""
# when does the element `id` first contain `text`: Date.now() at that frame
WATCH = """([id, text]) => { window.__seen = null; const look = () => {
  const hit = [...document.querySelectorAll(`[flt-semantics-identifier="${id}"]`)]
    .some(e => (e.textContent || '').includes(text));
  if (hit) window.__seen = Date.now(); else requestAnimationFrame(look); }; look(); }"""
WATCH_ID = """(id) => { window.__seen = null; const look = () => {
  if (document.querySelector(`[flt-semantics-identifier="${id}"]`)) window.__seen = Date.now();
  else requestAnimationFrame(look); }; look(); }"""


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def seen(ui: UI, timeout: float = 20.0) -> float:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = ui.page.evaluate("window.__seen")
        if v is not None:
            return v
        time.sleep(0.005)
    raise TimeoutError("never shown")


TICK = __import__("os").sysconf("SC_CLK_TCK")


def _procs() -> dict[int, tuple[int, float, str]]:
    """pid → (parent pid, CPU seconds, command line) of every process (/proc)."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        out[int(d.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK, cmd)
    return out


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and all its descendants (the browser of one profile)."""
    procs = _procs()
    tree, grew = {pid}, True
    while grew:
        more = {p for p, (pp, _, _) in procs.items() if pp in tree} - tree
        grew = bool(more)
        tree |= more
    return sum(procs[p][1] for p in tree if p in procs)


def browser_pid(ctx) -> int:
    """The chromium process of a persistent context (its profile folder on its command line)."""
    profile = ctx._kity_profile
    for p, (_, _, cmd) in _procs().items():
        if f"--user-data-dir={profile}" in cmd and "--type=" not in cmd:
            return p
    raise RuntimeError("no browser process")


def open_phone(pw, url: str, folder: Path, name: str) -> tuple:
    profile = folder / name
    ctx = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                viewport=PHONE, locale="ru-RU", color_scheme="light")
    ctx._kity_profile = str(profile)
    ctx.set_default_timeout(30000)
    page = ctx.pages[0]
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=180000)
    page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")
    ui = UI(page, type("S", (), {"url": url, "t0": 0})(), folder / "shots")
    ui.wait_id(ids.HOME_RULES, timeout=180000)
    page.evaluate(LISTEN)
    return ctx, ui


def last(ui: UI, ev: str) -> dict:
    ui.page.wait_for_function("ev => window.__kity.some(e => e.ev === ev)", arg=ev, timeout=30000)
    return [e for e in ui.page.evaluate("window.__kity") if e.get("ev") == ev][-1]


def link(host: UI, guest: UI) -> float:
    """Link ``guest`` to ``host``; seconds from the answer handed to the host to the guest
    showing the game's table."""
    host.page.evaluate("window.__kity.length = 0")
    guest.page.evaluate("window.__kity.length = 0")
    if host.page.locator(host.sel(ids.SCREEN_INVITE)).count() == 0:
        host.tap_id(ids.HOME_INVITE)
    else:
        host.tap_id("table-new-code")  # a fresh invitation (the one shown may predate the clear)
    inv = last(host, "invite")
    guest.page.goto(inv["url"])
    answer = last(guest, "answer")
    guest.page.evaluate(WATCH_ID, ids.SCREEN_TABLE)
    t0 = time.time() * 1000
    host.page.evaluate("t => window.__kitySay({ev: 'scanned', text: t})", answer["code"])
    return (seen(guest) - t0) / 1000


def entries(g: Game, host: UI, others: list[UI], n: int, cpu_pid: int) -> tuple[list, list, float]:
    """``n`` entries tapped on the host (a card, then undo, again and again): the tap → shown
    time on the host and on the first other phone, and the host's CPU seconds per entry."""
    own, other = [], []
    cpu0 = tree_cpu(cpu_pid)
    for k in range(n):
        who = g.turn()
        card = g.legal(who)
        text = f"{who}: {card_name_ru(card)}"
        host.page.evaluate(WATCH, [ids.TABLE_TRICK, text])
        for o in others[:1]:
            o.page.evaluate(WATCH, [ids.TABLE_TRICK, text])
        sel = host.sel(picker_ids(ids.TABLE_PICK).card(card))
        box = host.page.locator(sel).last.bounding_box()
        t0 = time.time() * 1000
        host.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        own.append(seen(host) - t0)
        for o in others[:1]:
            other.append(seen(o) - t0)
        for o in others:  # every phone has it before the undo
            o.wait_text(ids.TABLE_TRICK, text, timeout=20000)
        host.tap_id(ids.TABLE_UNDO)
        host.wait_text(ids.TABLE_TURN, who)
        for o in others:
            o.wait_text(ids.TABLE_TURN, who, timeout=20000)
    cpu = (tree_cpu(cpu_pid) - cpu0) / (2 * n)  # a card and its undo: two entries
    return own, other, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=12)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kity-bench-p2p-"))
    out = folder / "web"
    subprocess.run([sys.executable, str(REPO / "scripts" / "publish.py"), "--out", str(out)], check=True,
                   capture_output=True)
    url, srv = serve(out)
    try:
        with sync_playwright() as pw:
            hctx, host = open_phone(pw, url, folder, "host")
            pid = browser_pid(hctx)
            start_game(host)
            g = Game(host)
            setup_round(host, g.bonuses)
            host.page.wait_for_timeout(2000)
            _, _, cpu0 = entries(g, host, [], args.entries, pid)
            phones = [open_phone(pw, url, folder, f"guest{i}") for i in (1, 2)]
            host.back()
            link_s = [link(host, ui) for _, ui in phones]
            host.back()
            host.tap_id(ids.HOME_CONTINUE)
            host.wait_id(ids.SCREEN_TABLE)
            host.page.wait_for_timeout(2000)
            own, other, cpu2 = entries(g, host, [ui for _, ui in phones], args.entries, pid)
            print(json.dumps({
                "entries": args.entries,
                "tap_to_shown_own_p95_ms": round(p95(own), 1),
                "tap_to_shown_other_phone_p95_ms": round(p95(other), 1),
                "other_minus_own_p95_ms": round(p95(other) - p95(own), 1),
                "host_cpu_ms_per_entry_0_phones": round(cpu0 * 1000, 1),
                "host_cpu_ms_per_entry_2_phones": round(cpu2 * 1000, 1),
                "cpu_ratio": round(cpu2 / cpu0, 2) if cpu0 else None,
                "answer_scanned_to_live_game_s": [round(s, 2) for s in link_s],
            }, indent=1))
            for ctx, _ in phones:
                ctx.close()
            hctx.close()
    finally:
        srv.terminate()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
