"""Benchmark of the phones' own table (issue 40), side by side in one run, in the phone edition.

Builds the phone edition (scripts/publish.py), serves it on 127.0.0.1 and links chromium
profiles at 412×915 as a person links them (the guest's page opened at the invitation URL, its
answer handed to the host's scanner event). Two tables, one after the other:

* **free**: a host and three guests, all four browsers on this machine's two shared cores (every
  entry is drawn by four phones on two cores: the contention is this machine's, not a table's);
* **pinned**: a host held to core 0 and a guest to core 1 (``taskset``), as at a table where
  each phone has cores of its own.

For each it prints:

* an entry tapped on the host → shown on a guest, and tapped on a guest → shown on the host:
  p95 and median, against the entering phone's own tap → shown (the floor, same run; target:
  p95 ≤ floor + 50 ms), and where the time goes (the host's page gets the entry to send, the
  link, the guest's Python applies it, the guest draws it: the app posts «mark» times when the
  bench asks);
* the host's CPU per entry (its browser's processes, from /proc) alone and with the guests
  linked (ratio; target ≤ 1.3× with three);
* an answer scanned → the guest showing the live game (target ≤ 3 s).

One entry per phone is made first and not counted (each phone draws its first card once; the
host did so alone). Times are taken in the pages (a requestAnimationFrame watch records
``Date.now()`` when the text appears; the same clock as Python's ``time.time()`` on one machine).

    .venv/bin/python scripts/bench_p2p.py [--entries 20] [--rounds free,pinned]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion.base import ids  # noqa: E402
from companion.kozyrnye_kity.widgets.card_picker import picker_ids  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, UI  # noqa: E402
from tests.e2e.phone import serve  # noqa: E402
from tests.e2e.test_game_flow import Game, card_name_ru, setup_round, start_game  # noqa: E402

LISTEN = """() => { if (window.__kity) return; window.__kity = [];
  const c = new BroadcastChannel("kity-table"); c.onmessage = (e) => window.__kity.push(Object.assign({t: Date.now()}, e.data));
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


TICK = os.sysconf("SC_CLK_TCK")


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


def pinned(folder: Path, core: int | None) -> str:
    """The browser to start: chromium itself, or chromium held to one core (``taskset``; its
    child processes inherit the core)."""
    if core is None:
        return CHROMIUM
    wrapper = folder / f"chromium-core{core}"
    wrapper.write_text(f'#!/bin/sh\nexec taskset -c {core} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def open_phone(pw, url: str, folder: Path, name: str, core: int | None = None) -> tuple:
    profile = folder / name
    ctx = pw.chromium.launch_persistent_context(str(profile), executable_path=pinned(folder, core), args=CHROMIUM_ARGS,
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
    page.evaluate("() => window.__kitySay({ev: 'trace'})")  # the app posts the times of its steps
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


def entries(g: Game, tapper: UI, others: list[UI], n: int, cpu_pid: int | None = None) -> dict:
    """``n`` entries tapped on ``tapper`` (a card, then undo, again and again): the tap → shown
    time on ``tapper`` (its own, the floor) and on ``others[0]``, where the time between goes
    (tapper → the host posts the entry → the other phone's page hears it → shown there) and
    the CPU seconds per entry of the browser ``cpu_pid``."""
    own, other, steps = [], [], []
    cpu0 = tree_cpu(cpu_pid) if cpu_pid else 0.0
    host = g.ui
    for k in range(n):
        who = g.turn()
        card = g.legal(who)
        text = f"{who}: {card_name_ru(card)}"
        for u in [tapper] + others[:1]:
            u.page.evaluate(WATCH, [ids.TABLE_TRICK, text])
        for u in {id(x): x for x in [tapper, host] + others[:1]}.values():
            u.page.evaluate("window.__kity.length = 0")
        sel = tapper.sel(picker_ids(ids.TABLE_PICK).card(card))
        box = tapper.page.locator(sel).last.bounding_box()
        t0 = time.time() * 1000
        tapper.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        own.append(seen(tapper) - t0)
        for o in others[:1]:
            other.append(seen(o) - t0)
            # the host's page gets the entry to send (op «send»), the other phone's page hears
            # it from its link (event «message»), then its screen shows it
            sent = [e["t"] for e in host.page.evaluate("window.__kity") if e.get("op") == "send"]
            got = o.page.evaluate("window.__kity")
            heard = [e["t"] for e in got if e.get("ev") == "message"]
            py = [e["t"] for e in got if e.get("op") == "mark" and e.get("name") == "heard"]
            done = [e["t"] for e in got if e.get("op") == "mark" and e.get("name") == "applied"]
            if o is not host and sent and heard and py and done:
                steps.append((sent[0] - t0, heard[0] - sent[0], py[0] - heard[0], done[0] - py[0],
                              other[-1] + t0 - done[0]))
        for o in others:  # every phone has it before the undo
            o.wait_text(ids.TABLE_TRICK, text, timeout=20000)
        tapper.tap_id(ids.TABLE_UNDO)
        tapper.wait_text(ids.TABLE_TURN, who)
        for o in others:
            o.wait_text(ids.TABLE_TURN, who, timeout=20000)
    out = {"own_p95_ms": round(p95(own), 1), "other_p95_ms": round(p95(other), 1) if other else None,
           "own_median_ms": round(median(own), 1), "other_median_ms": round(median(other), 1) if other else None}
    if other:
        out["other_minus_own_p95_ms"] = round(p95(other) - p95(own), 1)
    if steps:
        out["steps_median_ms"] = {name: round(median([x[i] for x in steps]), 1)
                                  for i, name in enumerate(("tap_to_host_posts", "link", "page_to_python", "python_applies",
                                                            "applied_to_shown"))}
    if cpu_pid:
        out["cpu_ms_per_entry"] = round((tree_cpu(cpu_pid) - cpu0) / (2 * n) * 1000, 1)  # a card and its undo
    return out


def table_round(pw, url: str, folder: Path, n: int, guests: int, cores: tuple | None) -> dict:
    """One table: a host and ``guests`` phones; ``cores``: (host's core, guests' core) or None."""
    tag = "pinned" if cores else "free"
    hctx, host = open_phone(pw, url, folder, f"{tag}-host", cores[0] if cores else None)
    ctxs = [hctx]
    try:
        pid = browser_pid(hctx)
        start_game(host)
        g = Game(host)
        setup_round(host, g.bonuses)
        host.page.wait_for_timeout(2000)
        alone = entries(g, host, [], n, pid)
        phones = []
        for i in range(guests):
            ctx, ui = open_phone(pw, url, folder, f"{tag}-guest{i + 1}", cores[1] if cores else None)
            ctxs.append(ctx)
            phones.append(ui)
        host.back()
        link_s = [link(host, ui) for ui in phones]
        host.back()
        host.tap_id(ids.HOME_CONTINUE)
        host.wait_id(ids.SCREEN_TABLE)
        host.page.wait_for_timeout(2000)
        entries(g, host, phones, 1)  # not counted: every phone draws its first card once (the host did, alone)
        entries(g, phones[0], [host] + phones[1:], 1)
        on_host = entries(g, host, phones, n, pid)
        on_guest = entries(g, phones[0], [host] + phones[1:], n)
        return {"guests": guests, "cores": cores, "answer_scanned_to_live_game_s": [round(x, 2) for x in link_s],
                "host_cpu_ms_per_entry_alone": alone["cpu_ms_per_entry"],
                f"host_cpu_ms_per_entry_{guests}_phones": on_host["cpu_ms_per_entry"],
                "cpu_ratio": round(on_host["cpu_ms_per_entry"] / alone["cpu_ms_per_entry"], 2),
                "entered_on_host_shown_on_a_guest": on_host,
                "entered_on_a_guest_shown_on_the_host": on_guest}
    finally:
        for ctx in ctxs:
            ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=20)
    ap.add_argument("--rounds", default="free,pinned", help="which tables: free (four phones on the shared cores), "
                    "pinned (a host and a guest, a core each)")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kity-bench-p2p-"))
    out = folder / "web"
    subprocess.run([sys.executable, str(REPO / "scripts" / "publish.py"), "--out", str(out)], check=True,
                   capture_output=True)
    url, srv = serve(out)
    try:
        with sync_playwright() as pw:
            # 1. the table: a host and three phones, all four browsers on this machine's
            #    two shared cores (every entry is drawn by four phones on two cores)
            if "free" in args.rounds:
                free = table_round(pw, url, folder, args.entries, 3, None)
                print(json.dumps({"load_1min": os.getloadavg()[0], "free": free}, indent=1), flush=True)
            # 2. as at a table, where every phone has cores of its own: the host on core 0, a guest
            #    on core 1
            if "pinned" in args.rounds:
                pin = table_round(pw, url, folder, args.entries, 1, (0, 1))
                print(json.dumps({"load_1min": os.getloadavg()[0], "pinned": pin}, indent=1), flush=True)
    finally:
        srv.terminate()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
