"""Build the phone edition: a folder of static files in which the whole app runs in the browser.

    python scripts/publish.py                       # → build/web (what scripts/publish.sh runs)
    python scripts/publish.py --app DIR --out OUT   # any Flet app folder with a main.py (the floor
                                                    # of scripts/bench_phone.py is built this way)

Offline, with only the packages the project installs (see README «On a phone»):

1. ``flet publish --no-cdn`` (flet-cli) lays out the Flet web client, CanvasKit and Pyodide.
   It would fetch two things from the internet; both are given locally instead:
   the python-build manifest (``FLET_PYTHON_BUILD_MANIFEST`` → a file written here naming the
   Pyodide that the flet-web wheel ships) and the Pyodide runtime (``FLET_CACHE_DIR`` inside
   build/, seeded with ``flet_web/web/pyodide`` plus the ``info.version`` key its cache check
   compares).
2. ``app.tar.gz`` is written here, not by flet: the app's own files (main.py, companion/,
   engine/, assets/) and, in ``__pypackages__``, the pure-Python packages it imports, copied
   from this environment (msgpack without its C extension: its own pure-Python fallback runs;
   Babel with the locale data of ru/en/root only). The archive has no requirements.txt and no
   pyproject.toml, so the browser never starts micropip (which would go to the internet).
3. The page is patched: ``./pyodide/pyodide.mjs`` (a module worker cannot import the bare
   ``pyodide/pyodide.mjs``); the Rive runtime, which the web client would fetch from a public
   CDN at start even in a ``--no-cdn`` build, is pointed at two local stubs that say «no Rive»
   (Киты shows no Rive animation), so no request leaves the page's origin; Flutter's own
   (deprecated, caching nothing) service worker is not registered; a calm RU/EN progress
   screen stays until Python has started the app; the browser is asked once to keep the data.
4. A service worker of the app's own (``sw.js``) precaches every file of the folder under a
   cache name derived from the build's contents (a new build replaces the old cache), and the
   web manifest gets the app's name, icons (drawn by scripts/make_icon.py), colour, portrait.
5. Киты only (issue 41, :func:`fast_start`): Python's worker is started by the page at once and
   begins from a memory snapshot kept at the first start (scripts/phone-start.js → kity-start.js);
   the modules of that first start ship compiled by this Pyodide (Node runs it here).
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.metadata as md
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SEA = "#1E6A8D"

# What the app imports that is not in Python's standard library (pip distribution names).
# flet needs msgpack and repath (→ six); httpx/oauthlib are not needed under Emscripten.
FLET_DEPS = ["flet", "msgpack", "repath", "six"]
# Not filelock: the browser edition takes no folder lock and never imports it (companion/store/lock.py).
# Not openskill: the league's model is the app's own few lines (companion/league/ratings.py, issue
# 53); openskill is the tests' reference of it.
APP_DEPS = FLET_DEPS + ["flet-charts", "tinydb", "babel", "segno"]
APP_FILES = ["main.py", "companion", "engine", "assets"]
BABEL_LOCALES = {"root", "ru", "ru_RU", "en", "en_US"}  # what i18n.LANGS needs, nothing else
# Files of the web client that a canvaskit (dart2js) build never loads in any browser.
UNUSED_WEB = ["main.dart.wasm", "main.dart.mjs", "flutter.js.map", "flutter_service_worker.js",
              "canvaskit/skwasm.js", "canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.js",
              "canvaskit/skwasm_heavy.wasm", "canvaskit/wimp.js", "canvaskit/wimp.wasm",
              "canvaskit/experimental_webparagraph",
              "pyodide/python", "pyodide/python.bat", "pyodide/python.exe", "pyodide/python_cli_entry.mjs",
              "pyodide/ffi.d.ts", "pyodide/pyodide.d.ts", "pyodide/package.json"]
RIVE_CDN = 'dvv(){return"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"}'
RIVE_LOCAL = "no-rive/"
# the same folder, spelt with as many characters as the CDN address (66): "./" segments vanish
RIVE_LOCAL_PADDED = "./" * ((66 - len(RIVE_LOCAL)) // 2) + RIVE_LOCAL
assert len(RIVE_LOCAL_PADDED) == len(RIVE_CDN.split('"')[1])
RIVE_STUB = ("// Киты shows no Rive animation: the web client's Rive runtime says «not here» instead of\n"
             "// being fetched from a public CDN (see scripts/publish.py).\n"
             "self.RiveNative = () => Promise.reject(new Error('Rive is not part of this build'));\n")


def say(text: str) -> None:
    print(f"Киты publish: {text}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ flet publish
def pyodide_source() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir()) / "pyodide"


def prepare_offline(work: Path) -> dict[str, str]:
    """The environment that lets ``flet publish`` run without the internet (see 1.)."""
    src = pyodide_source()
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    version = json.loads((src / "package.json").read_text(encoding="utf-8"))["version"]
    python = lock["info"]["python"]
    short = ".".join(python.split(".")[:2])
    manifest = work / "python-build-manifest.json"
    manifest.write_text(json.dumps({"default_python_version": short, "pythons": {
        short: {"full_version": python, "pyodide_version": version, "android_abis": []}}}), encoding="utf-8")
    cache = BUILD / ".flet-cache"
    seeded = cache / "pyodide" / version
    seeded_lock = seeded / "pyodide-lock.json"
    try:
        ok = json.loads(seeded_lock.read_text(encoding="utf-8"))["info"].get("version") == version
    except (OSError, ValueError, KeyError):
        ok = False
    if not ok:
        shutil.rmtree(seeded, ignore_errors=True)
        shutil.copytree(src, seeded)
        lock["info"]["version"] = version  # what flet_cli.utils.pyodide compares
        seeded_lock.write_text(json.dumps(lock), encoding="utf-8")
    env = dict(os.environ, FLET_PYTHON_BUILD_MANIFEST=str(manifest), FLET_CACHE_DIR=str(cache),
               PYTHONIOENCODING="utf-8")
    return env


def flet_publish(out: Path, work: Path, name: str, description: str, base_url: str, renderer: str) -> None:
    shell = work / "shell"
    shutil.rmtree(shell, ignore_errors=True)
    shell.mkdir(parents=True)
    # flet publish packs this folder; its archive is replaced below (2.), so one file will do
    (shell / "main.py").write_text("# replaced by scripts/publish.py\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "flet_cli.cli", "publish", str(shell / "main.py"), "--distpath", str(out),
           "--no-cdn", "--app-name", name, "--app-short-name", name, "--app-description", description,
           "--pwa-theme-color", SEA, "--pwa-background-color", "#FFFFFF", "--route-url-strategy", "hash", "--base-url", base_url,
           "--web-renderer", renderer]
    run = subprocess.run(cmd, env=prepare_offline(work), cwd=work, capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
        raise SystemExit(f"flet publish failed ({run.returncode})")
    for rel in UNUSED_WEB:
        if renderer != "canvaskit" and (rel.startswith(("main.dart.", "canvaskit/skwasm", "canvaskit/wimp"))):
            continue  # the dart2wasm build and its renderer are used then
        p = out / rel
        shutil.rmtree(p) if p.is_dir() else p.unlink(missing_ok=True)
    for p in out.rglob("*.symbols"):
        p.unlink()
    for p in (out / "pyodide").glob("*.whl"):  # micropip and packaging: never started (2.)
        p.unlink()


# ------------------------------------------------------------------------------ the archive
def dist_files(name: str):
    """(path in site-packages, absolute path) of the files of an installed distribution that
    the browser needs: Python sources and data, no compiled extensions, metadata or caches."""
    dist = md.distribution(name)
    for f in dist.files or []:
        rel = f.as_posix()
        if (rel.startswith("..") or ".dist-info/" in rel or "__pycache__" in rel
                or rel.endswith((".so", ".pyd", ".pyc", ".pyx", ".pxd", ".h", ".cpp", ".c"))):
            continue
        if name == "babel" and rel.startswith("babel/locale-data/") and Path(rel).stem not in BABEL_LOCALES:
            continue
        if name == "flet" and rel.startswith(("flet/testing/", "flet/fastapi/")):
            continue
        if name == "flet-charts" and not rel.startswith("flet_charts/"):  # its Dart sources
            continue
        yield rel, Path(f.locate())


def compiled_catalogs(app: Path) -> dict[str, bytes]:
    """Киты's gettext catalogs compiled once here, where engine/core/i18n.py looks for them (a
    phone would parse them at every start: 0.1 s): the app's (assets/locales) and the engine's
    (engine/<package>/locales, read when an engine message is first shown)."""
    if app != ROOT:
        return {}
    sys.path.insert(0, str(ROOT))
    from companion.base import i18n
    from engine.core.i18n import engine_catalogs

    return {cat.compiled_path(lang).relative_to(ROOT).as_posix(): cat.compile(lang)
            for cat in [i18n.catalogs(), *engine_catalogs()] for lang in i18n.LANGS}


def app_archive(app: Path, deps: list[str], files: list[str], extra: dict[str, bytes] | None = None) -> bytes:
    buf = io.BytesIO()

    def add(tar: tarfile.TarFile, path: Path, arc: str, data: bytes | None = None) -> None:
        info = tar.gettarinfo(str(path), arcname=arc) if data is None else tarfile.TarInfo(arc)
        # the time of a file is derived from its content: the same sources give the same
        # archive, and a changed source never passes for the one whose compiled module the
        # browser kept (companion/base/platform.py: BROWSER_PYC_DIR)
        if data is None:
            data = path.read_bytes()
        else:
            info.size, info.mode = len(data), 0o644
        info.mtime = 1_000_000_000 + zlib.crc32(data) % 1_000_000_000
        info.uid, info.gid, info.uname, info.gname = 0, 0, "", ""
        tar.addfile(info, io.BytesIO(data))

    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for top in files:
            base = app / top
            paths = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
            for p in paths:
                rel = p.relative_to(app).as_posix()
                if ("__pycache__" in rel or rel.endswith(".pyc") or rel.startswith("assets/examples/")
                        or rel.startswith(WEB_DIR + "/")):  # the page's own scripts (table_link), not Python's
                    continue
                add(tar, p, rel)
        for arc, data in sorted(compiled_catalogs(app).items()):
            add(tar, app / arc, arc, data)
        for dep in deps:
            for rel, path in sorted(dist_files(dep)):
                add(tar, path, f"__pypackages__/{rel}")
        for arc, data in sorted((extra or {}).items()):  # the start modules compiled (fast_start)
            add(tar, app / arc, arc, data)
    # no time in the gzip header: the same sources give the same bytes (a new build of the same
    # app is not downloaded again by the service worker)
    return gzip.compress(buf.getvalue(), compresslevel=9, mtime=0)


# ------------------------------------------------------------------------------ the page
LOADING = """
  <div id="kity-loading" role="status" aria-live="polite">
    <style>
      #kity-loading { position: fixed; inset: 0; z-index: 1000; display: flex; flex-direction: column;
        align-items: center; justify-content: center; gap: 20px; background: #ffffff; color: #1b2a33;
        font: 18px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: center;
        padding: 24px; transition: opacity .25s; }
      #kity-loading img { width: 96px; height: 96px; }
      #kity-loading .bar { width: min(260px, 70vw); height: 6px; border-radius: 3px; background: #d6e6ee;
        overflow: hidden; }
      #kity-loading .bar i { display: block; height: 100%; width: 8%; background: __SEA__;
        transition: width .6s; }
      #kity-loading small { color: #5b6b73; font-size: 15px; }
      #kity-loading button { min-width: 200px; min-height: 56px; padding: 0 28px; border: 0; border-radius: 28px;
        background: __SEA__; color: #ffffff; font: inherit; font-weight: 600; }
      @media (prefers-color-scheme: dark) { #kity-loading { background: #161c20; color: #e6eef2; }
        #kity-loading .bar { background: #2a3a42; } #kity-loading small { color: #a9b8bf; } }
    </style>
    <img src="icons/icon-192.png" alt="">
    <div id="kity-loading-text"></div>
    <div class="bar"><i id="kity-loading-bar"></i></div>
    <small id="kity-loading-hint"></small>
    <button id="kity-reload" type="button" hidden></button>
  </div>
  <script>
    // The progress screen of Киты: stays until Python has started the app (a blank page for
    // 20 s would look broken). Steps: the page → the web client → Python → the app, each said in
    // the device's language (navigator.language: Russian for ru, else English) and in the
    // player's words — what is being loaded is Киты, not "Python" (issue 43).
    (function () {
      var bar = document.getElementById("kity-loading-bar");
      var text = document.getElementById("kity-loading-text");
      var ru = /^ru(-|$)/i.test(navigator.language || "");
      var words = ru ? {
        start: "Загружаем Киты…", client: "Готовим экран…", python: "Запускаем Киты…", ready: "Почти готово…",
        hint: "В первый раз это занимает до минуты; потом Киты открываются и без интернета.",
        failed: "Киты не запустились. Обновите страницу.", reload: "Обновить"
      } : {
        start: "Loading Киты…", client: "Preparing the screen…", python: "Starting Киты…", ready: "Almost ready…",
        hint: "The first time takes up to a minute; after that Киты opens without the internet too.",
        failed: "Киты did not start. Reload the page.", reload: "Reload"
      };
      var steps = { client: 30, python: 60, ready: 95 };
      document.documentElement.lang = ru ? "ru" : "en";
      text.textContent = words.start;
      document.getElementById("kity-loading-hint").textContent = words.hint;
      // when each step came, ms after the page was opened (scripts/bench_phone.py prints them)
      window.kityTimes = {};
      window.kityLoading = function (step) {
        if (!(step in window.kityTimes)) window.kityTimes[step] = Math.round(performance.now());
        if (step === "ready") setTimeout(window.kityLoaded, 1000);
        if (steps[step]) { text.textContent = words[step]; bar.style.width = steps[step] + "%"; }
      };
      window.kityLoaded = function () {
        if (!("shown" in window.kityTimes)) window.kityTimes.shown = Math.round(performance.now());
        var el = document.getElementById("kity-loading");
        if (!el || el.dataset.gone) return;
        el.dataset.gone = "1";
        el.style.opacity = "0";
        el.style.pointerEvents = "none";
        setTimeout(function () { el.remove(); }, 400);
      };
      window.kityFailed = function (error) {
        var el = document.getElementById("kity-loading");
        if (!el || el.dataset.gone) return;
        text.textContent = words.failed;
        document.getElementById("kity-loading-hint").textContent = String(error || "").slice(0, 300);
        var again = document.getElementById("kity-reload");
        again.textContent = words.reload;
        again.hidden = false;
        again.onclick = function () { location.reload(); };
      };
      // the screen client failing before its first frame (e.g. a browser whose language is not a
      // language tag, issue 47) would leave this screen up with no word: an error then, with no
      // frame 10 s later, is said here with a key to reload
      var framed = false;
      function early(e) {
        if (framed) return;
        var why = e && (e.reason || e.error || e.message) || e;
        setTimeout(function () { if (!framed) window.kityFailed(why && (why.message || why)); }, 10000);
      }
      window.addEventListener("error", early);
      window.addEventListener("unhandledrejection", early);
      window.addEventListener("flutter-first-frame", function () {
        framed = true;
        window.kityTimes["first frame"] = Math.round(performance.now()); window.kityLoading("python"); }, { once: true });
      setTimeout(function () { window.kityLoading("client"); }, 300);
    })();
  </script>
  <script>
    // Offline after the first visit: the app's own service worker (sw.js, written by
    // scripts/publish.py) precaches every file of this build.
    if ("serviceWorker" in navigator) {
      window.addEventListener("load", function () {
        navigator.serviceWorker.register("sw.js").catch(function (e) { console.warn("service worker:", e); });
      });
      // once the web client is up, tell the service worker which of its two builds this
      // browser loaded: those files are kept for the offline starts
      window.addEventListener("flutter-first-frame", function () {
        navigator.serviceWorker.ready.then(function (reg) {
          var used = performance.getEntriesByType("resource").map(function (e) { return e.name; });
          if (reg.active) reg.active.postMessage({ kityUsed: used });
        });
      }, { once: true });
    }
    // Ask the browser, once, to keep the games (IndexedDB) when space runs short. Only the page
    // can ask (not the worker where Python runs).
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persisted().then(function (yes) {
        if (!yes && !localStorage.getItem("kity-persist-asked")) {
          localStorage.setItem("kity-persist-asked", "1");
          return navigator.storage.persist();
        }
      }).catch(function () {});
    }
  </script>
"""

# Before any other script: a browser whose language is not a language tag (WebKitGTK on a machine
# without a locale says "C") would stop the web client at its start ("invalid language tag"): the
# page then tells every script the nearest valid language instead (issue 47).
LANGUAGE = """<script>
    (function () {
      function valid(tag) { try { return Intl.getCanonicalLocales(tag).length === 1; } catch (e) { return false; } }
      var said = [].concat(navigator.languages && navigator.languages.length ? [].slice.call(navigator.languages)
                                                                              : [navigator.language]);
      var good = said.filter(function (tag) { return typeof tag === "string" && valid(tag); });
      if (good.length === said.length && good.length) return;
      if (!good.length) {  // "ru_RU.UTF-8" → "ru-RU"; "C" or nothing → English
        var m = /^([a-z]{2,3})(?:[_-]([a-z]{2}))?(?![a-z])/i.exec(String(said[0] || ""));
        var guess = m ? m[1].toLowerCase() + (m[2] ? "-" + m[2].toUpperCase() : "") : "";
        good = [guess && valid(guess) ? guess : "en"];
      }
      try {
        Object.defineProperty(Navigator.prototype, "language", { get: function () { return good[0]; }, configurable: true });
        Object.defineProperty(Navigator.prototype, "languages", { get: function () { return good.slice(); }, configurable: true });
      } catch (e) { /* a browser that forbids it: left as it is */ }
    })();
  </script>"""

SW = """// The service worker of Киты (written by scripts/publish.py): the files of this build are
// cached under a cache named after the build, so the app starts with the network cut; a new
// build gets a new cache name and the old cache is deleted. A file whose content did not change
// between two builds is taken from the old cache, not downloaded again (a phone's data plan).
// The web client comes in two builds (dart2wasm + skwasm for Chromium, dart2js + CanvasKit for
// the others): their files are cached once this browser has used them (the page says which,
// after its first frame), not all of them at install.
const CACHE = "__CACHE__";
const FILES = __FILES__;  // path → content hash ("./" is index.html)
const HASHES = "__kity_files__.json";
const lazy = (path) => path.startsWith("main.dart.") || path.startsWith("canvaskit/");

function relative(url) {
  const scope = new URL(self.registration.scope), u = new URL(url, scope);
  if (u.origin !== scope.origin || !u.pathname.startsWith(scope.pathname)) return null;
  return u.pathname.slice(scope.pathname.length) || "./";
}

async function keep(cache, path) {
  const response = await fetch(path, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  await cache.put(path, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let old = null, oldFiles = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("kity-") || name === CACHE) continue;
      const c = await caches.open(name);
      const listed = await c.match(HASHES);
      if (listed) { old = c; oldFiles = await listed.json(); break; }
    }
    await Promise.all(Object.entries(FILES).map(async ([path, hash]) => {
      const before = old && await old.match(path);
      if (before && oldFiles[path] === hash) return cache.put(path, before);
      if (lazy(path) && !before) return;  // not used by this browser (yet)
      return keep(cache, path);
    }));
    await cache.put(HASHES, new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("kity-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// the page's list of what it loaded (performance entries): the client build it runs
self.addEventListener("message", (event) => {
  const used = event.data && event.data.kityUsed;
  if (!Array.isArray(used)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of used) {
      const path = relative(url);
      if (path && path in FILES && !(await cache.match(path))) await keep(cache, path).catch(() => {});
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  // a record file being imported: the phone edition has no server to upload to; the page itself
  // answers that upload (companion/web/file-import.js, issue 53), this is for a page without it:
  // kept in this cache, read by the app's Python once (companion/widgets/records.py); the app
  // asks for the file's bytes only after its size passed (issue 43)
  if (req.method === "PUT" && url.origin === self.location.origin && url.pathname.includes("/kity-import/")) {
    event.respondWith((async () => {
      const cache = await caches.open("records-import");
      await cache.put(url.pathname, new Response(await req.arrayBuffer()));
      return new Response(null, { status: 204 });
    })());
    return;
  }
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // the page itself (any route of the app) is index.html
    const key = req.mode === "navigate" ? "./" : req;
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    const path = relative(req.url);
    if (path && path in FILES) {  // a file of the build not cached yet: now it is
      const response = await fetch(req);
      if (response.ok) await cache.put(path, response.clone());
      return response;
    }
    // not part of the build (the Noto fallback fonts the client probes for): the network, or
    // offline a plain 404 as the server would give
    return fetch(req).catch(() => new Response("", { status: 404, statusText: "offline" }));
  })());
});
"""


def patch_page(out: Path) -> None:
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    html, n = re.subn(r'flet\.pyodideUrl="pyodide/pyodide\.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.mjs"', html)
    if n != 1:
        raise SystemExit("index.html: flet.pyodideUrl not found (has flet-web changed?)")
    html = html.replace('<html>', '<html lang="ru">', 1)
    html, n = re.subn(r"(<head>\s*)", lambda m: m.group(1) + LANGUAGE + "\n  ", html, count=1)
    if n != 1:
        raise SystemExit("index.html: <head> not found (has flet-web changed?)")
    html = html.replace('<meta name="apple-mobile-web-app-status-bar-style" content="black">',
                        f'<meta name="apple-mobile-web-app-status-bar-style" content="default">\n'
                        f'  <meta name="theme-color" content="{SEA}">', 1)
    # the client's own loading image gives way to the app's progress screen
    html, n = re.subn(r'\s*<div id="loading".*?</div>', "", html, count=1, flags=re.S)
    if n != 1:
        raise SystemExit("index.html: the loading image not found (has flet-web changed?)")
    html = html.replace("<body>", "<body>" + LOADING.replace("__SEA__", SEA), 1)
    index.write_text(html, encoding="utf-8")

    boot = out / "flutter_bootstrap.js"
    js = boot.read_text(encoding="utf-8")
    js, n = re.subn(r"serviceWorkerSettings:\s*\{[^}]*\},", "", js)
    if n != 1:
        raise SystemExit("flutter_bootstrap.js: serviceWorkerSettings not found (has flet-web changed?)")
    boot.write_text(js, encoding="utf-8")

    py = out / "python.js"
    js = py.read_text(encoding="utf-8")
    old = "    await pythonInitialized;\n"
    if old not in js:
        raise SystemExit("python.js: pythonInitialized not found (has flet-web changed?)")
    js = js.replace(old, '    if (window.kityLoading) window.kityLoading("python");\n' + old
                    + '    if (error) { if (window.kityFailed) window.kityFailed(error); }\n'
                    + '    else if (window.kityLoading) window.kityLoading("ready");\n', 1)
    # the app says when its first screen is out (companion/base/platform.py: screen_ready); an app
    # that does not say it (the floor of the benchmark) loses the progress screen 1 s after
    # Python started
    old = '        if (typeof event.data === "string") {\n'
    if old not in js:
        raise SystemExit("python.js: the worker's message handler not found (has flet-web changed?)")
    js = js.replace(old, '        if (event.data === "__kity_ready__") { if (window.kityLoaded) window.kityLoaded(); return; }\n'
                    + old, 1)
    py.write_text(js, encoding="utf-8")

    main_js = out / "main.dart.js"
    js = main_js.read_text(encoding="utf-8")
    if js.count(RIVE_CDN) != 1:
        raise SystemExit("main.dart.js: the Rive CDN address not found (has flet-web changed?)")
    main_js.write_text(js.replace(RIVE_CDN, f'dvv(){{return"{RIVE_LOCAL}"}}'), encoding="utf-8")
    wasm = out / "main.dart.wasm"
    if wasm.exists():  # the dart2wasm build: the address is a length-prefixed string constant,
        data = wasm.read_bytes()  # replaced by one of the same length (dot segments)
        cdn = RIVE_CDN.split('"')[1].encode()
        if data.count(cdn) != 1:
            raise SystemExit("main.dart.wasm: the Rive CDN address not found (has flet-web changed?)")
        wasm.write_bytes(data.replace(cdn, RIVE_LOCAL_PADDED.encode()))
    for sub in ("wasm", "wasm_compatibility"):
        (out / "no-rive" / sub).mkdir(parents=True, exist_ok=True)
        (out / "no-rive" / sub / "rive_native.js").write_text(RIVE_STUB, encoding="utf-8")


# The fallback fonts (issue 47). The web client draws with Roboto; a character Roboto lacks (the
# narrow space of Russian numbers, U+202F; → ↔ ⋮; the suits ♠ ♥ ♦ ♣ and ✓ of «Королевское
# наказание»; the ⌈ ⌉ of the rules; any character of a player's name) makes it fetch a Noto font
# from its list of about 700 under ``assets/fonts/`` — files a ``--no-cdn`` build does not contain. The
# dart2js client (Firefox, Safari) asks again for a file that failed, ~10 times a second for as long
# as the page is open, offline too: a core busy at idle (upstream: flutter/flutter#184449). So every
# entry of that list is pointed at one font this build carries, DejaVu Sans (Debian's
# fonts-dejavu-core: Latin, Cyrillic, Greek, arrows, maths, suits, ✓): the client fetches it once
# per family it needs and draws what it holds; a character no shipped font has (an emoji) shows as
# an empty box instead of costing the battery. The address is swapped for one of the same length
# (``./`` segments, and one ``x/../`` when the difference is odd), so the dart2wasm build, whose
# string constants cannot change length, is patched the same way.
FALLBACK_FONT = "kity/DejaVuSans.ttf"  # under assets/fonts/, the client's fontFallbackBaseUrl
FALLBACK_SOURCES = [Path(os.environ["KITY_FALLBACK_FONT"])] if os.environ.get("KITY_FALLBACK_FONT") else [
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
    Path("/usr/local/share/fonts/DejaVuSans.ttf")]
NOTO_ENTRY = re.compile(r'"(Noto [^"]+)","([a-z0-9]+/v\d+/[A-Za-z0-9_.-]+\.woff2)"')


def same_length(path: str, length: int) -> str:
    """``path`` spelt with ``length`` characters: the same file once the URL is resolved."""
    extra = length - len(path)
    if extra < 0:
        raise SystemExit(f"a fallback font address is shorter than {path!r} (has flet-web changed?)")
    odd = "x/../" if extra % 2 else ""
    if extra < len(odd):
        raise SystemExit(f"cannot spell {path!r} with {length} characters")
    return "./" * ((extra - len(odd)) // 2) + odd + path


def fallback_fonts(out: Path) -> int:
    """Point the client's fallback fonts at the one this build carries; how many entries."""
    source = next((p for p in FALLBACK_SOURCES if p.is_file()), None)
    if source is None:
        raise SystemExit("the phone edition needs DejaVu Sans for the characters Roboto lacks: "
                         "sudo apt-get install fonts-dejavu-core (or set KITY_FALLBACK_FONT to DejaVuSans.ttf)")
    target = out / "assets" / "fonts" / FALLBACK_FONT
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    main_js = out / "main.dart.js"
    js = main_js.read_text(encoding="utf-8")
    paths = sorted({m.group(2) for m in NOTO_ENTRY.finditer(js)})
    if len(paths) < 100:
        raise SystemExit(f"main.dart.js: {len(paths)} fallback fonts found (has flet-web changed?)")
    swap = {path: same_length(FALLBACK_FONT, len(path)) for path in paths}
    js = NOTO_ENTRY.sub(lambda m: f'"{m.group(1)}","{swap[m.group(2)]}"', js)
    main_js.write_text(js, encoding="utf-8")
    wasm = out / "main.dart.wasm"
    if wasm.exists():
        data = wasm.read_bytes()
        for path, new in swap.items():
            data = data.replace(path.encode(), new.encode())
        left = [path for path in paths if path.encode() in data]
        if left:
            raise SystemExit(f"main.dart.wasm: fallback fonts left unpatched: {left[:3]}")
        wasm.write_bytes(data)
    return len(paths)


WEB_DIR = "companion/web"  # scripts of the app's own that run on the page, not in Python's worker
PAGE_SCRIPTS = ("table-link.js", "file-import.js", "file-export.js")  # loaded by index.html, in this order, before python.js


def table_link(out: Path, app: Path) -> None:
    """The table link (issue 40, docs/table-link.md): ``companion/web/`` — table-link.js, which
    owns the peer connections and the camera on the page's main thread and talks to Python over
    the BroadcastChannel "kity-table", and the QR decoder it vendors — is copied into the build
    and loaded by index.html before python.js (it takes a ``#join=`` link before the app routes);
    sw.js precaches it with every other file of the folder."""
    web = app / WEB_DIR
    if not (web / "table-link.js").is_file():
        return  # another Flet app (the floor of the benchmark)
    for src in sorted(p for p in web.rglob("*") if p.is_file()):
        dst = out / src.relative_to(web)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    tag = '<script src="python.js"></script>'
    if html.count(tag) != 1:
        raise SystemExit("index.html: python.js not found (has flet-web changed?)")
    # file-import.js (issue 53): a picked file's upload is answered on the page, with or without
    # a service worker
    scripts = "".join(f'<script src="{name}"></script>\n  ' for name in PAGE_SCRIPTS if (web / name).is_file())
    index.write_text(html.replace(tag, scripts + tag, 1), encoding="utf-8")


START_JS = ROOT / "scripts" / "phone-start.js"
COMPILE_JS = """// scripts/publish.py: the browser's Python (the Pyodide of this build, run by Node) compiles the
// modules of the start snapshot, as it would at a phone's first start
import { loadPyodide } from "__PYODIDE__/pyodide.mjs";
const py = await loadPyodide({ indexURL: "__PYODIDE__/" });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[2] }, "/src");
py.globals.set("files", process.argv[3]);
console.log(py.runPython(`
import importlib.util, json, py_compile
done = []
for rel in json.loads(files):
    src = "/src/" + rel
    pyc = importlib.util.cache_from_source(src)
    # unchecked: the compiled module ships with its source; shown as where the phone unpacks it
    py_compile.compile(src, cfile=pyc, dfile="/home/pyodide/" + rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    done.append([rel, pyc[len("/src/"):]])
json.dumps(done)
`));
"""


def start_compiled(archive: bytes, modules: list[str], work: Path) -> dict[str, bytes]:
    """The modules of the start snapshot compiled by the browser's own Python (CPython 3.14 of
    Pyodide, run by Node at build time): a phone's first start loads them instead of compiling
    them from source (3.9 s against 1.6 s of imports on this machine). Empty without Node."""
    node = shutil.which("node")
    if node is None:
        say("no node: the start modules are compiled on the phone")
        return {}
    src = work / "start-src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        names = set(tar.getnames())
        tar.extractall(src, filter="data")
    wanted = []
    for name in modules:
        base = name.replace(".", "/")
        for rel in (f"{base}.py", f"{base}/__init__.py", f"__pypackages__/{base}.py",
                    f"__pypackages__/{base}/__init__.py"):
            if rel in names:
                wanted.append(rel)
                break
    script = work / "compile-start.mjs"
    script.write_text(COMPILE_JS.replace("__PYODIDE__", pyodide_source().as_posix()), encoding="utf-8")
    run = subprocess.run([node, str(script), str(src), json.dumps(wanted)], capture_output=True, text=True,
                         timeout=300)
    if run.returncode != 0:
        say(f"the start modules not compiled (node: {run.stderr.strip()[-500:]}): compiled on the phone")
        return {}
    done = json.loads(run.stdout.strip().splitlines()[-1])
    return {pyc: (src / pyc).read_bytes() for _, pyc in done}


START_MODULES = ROOT / "scripts" / "phone-start-modules.txt"


def start_modules() -> list[str]:
    return [line.strip() for line in START_MODULES.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def fast_start(out: Path, archive: bytes) -> str:
    """Issue 41: Python starts from a memory snapshot of itself with Home's modules imported,
    made at the first start and kept by the phone (scripts/phone-start.js, copied as
    kity-start.js); and the page starts the Python worker at once, beside the web client, not
    when the client asks for it. The snapshot is tied to this build's Pyodide, app files and
    start script (the key returned); a snapshot of another build is not used. Киты only: the
    floor of scripts/bench_phone.py starts as Flet's own."""
    modules = start_modules()
    template = START_JS.read_text(encoding="utf-8")
    h = hashlib.sha256(archive)
    for rel in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs",
                "pyodide/python_stdlib.zip", "python-worker.js"):
        h.update((out / rel).read_bytes())
    h.update(template.encode())
    h.update(json.dumps(modules).encode())
    key = h.hexdigest()[:16]
    (out / "kity-start.js").write_text(template.replace('"__KEY__"', json.dumps(key))
                                       .replace("__MODULES__", json.dumps(modules)), encoding="utf-8")

    worker = out / "python-worker.js"
    js = worker.read_text(encoding="utf-8")
    js = ('import * as kityStart from "./kity-start.js";  // Киты: the start from a snapshot (issue 41)\n'
          'self.kityStart = kityStart.state;\n' + js)
    load = re.search(r"const pyodideModule = await import\(self\.pyodideUrl\);.*?\n\s*\}\);\n", js, re.S)
    if not load or "loadPyodide({" not in load.group(0):
        raise SystemExit("python-worker.js: the loadPyodide call not found (has flet-web changed?)")
    js = js.replace(load.group(0), "self.pyodide = await kityStart.pyodide;  // the archive unpacked too\n", 1)
    for old, new_ in [
        ('        if "script" not in py_args:\n',
         '        if os.path.exists(f"{python_module_name}.py"):\n'
         '            pass  # Киты: unpacked by kity-start.js\n'
         '        elif "script" not in py_args:\n'),
        ('self.postMessage("initialized");',
         'self.postMessage("initialized");\n'
         '        if (kityStart.state.keep) setTimeout(kityStart.state.keep, 1500);  // the snapshot kept'),
    ]:
        if js.count(old) != 1:
            raise SystemExit(f"python-worker.js: {old!r} not found (has flet-web changed?)")
        js = js.replace(old, new_, 1)
    worker.write_text(js, encoding="utf-8")

    py = out / "python.js"
    js = py.read_text(encoding="utf-8")
    old = "    app.worker = new Worker("
    if js.count(old) != 1:
        raise SystemExit("python.js: the worker's creation not found (has flet-web changed?)")
    js = js.replace(old, "    const early = globalThis.kityWorker;\n    globalThis.kityWorker = null;\n"
                    "    app.worker = early || new Worker(", 1)
    js = ("// Киты (issue 41): Python's worker starts with the page, beside the web client\n"
          "globalThis.kityWorker = new Worker((flet.entrypointBaseUrl.endsWith(\"/\") ? flet.entrypointBaseUrl"
          " : flet.entrypointBaseUrl + \"/\") + \"python-worker.js\", { type: \"module\" });\n" + js)
    py.write_text(js, encoding="utf-8")
    return key


def icons(out: Path) -> None:
    """The app's icon at the sizes a phone asks for, drawn like assets/icon.png."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import make_icon

    def draw(size: int, maskable: bool) -> bytes:
        rows = []
        for j in range(size):
            y = (j + 0.5) / size
            row = bytearray()
            for i in range(size):
                x = (i + 0.5) / size
                if maskable:  # full bleed; the whale inside the safe zone (the middle 80 %)
                    u, v = (x - 0.1) / 0.8, (y - 0.1) / 0.8
                    px = make_icon.pixel(u, v) if 0 <= u <= 1 and 0 <= v <= 1 else (0, 0, 0, 0)
                    if px[3] == 0:
                        px = (*make_icon.SEA, 255)
                else:
                    px = make_icon.pixel(x, y)
                row += bytes(px)
            rows.append(bytes(row))
        return make_icon.png(size, size, rows)

    d = out / "icons"
    for size in (192, 512):
        (d / f"icon-{size}.png").write_bytes(draw(size, False))
        (d / f"icon-maskable-{size}.png").write_bytes(draw(size, True))
    shutil.copy(d / "icon-maskable-192.png", d / "apple-touch-icon-192.png")
    (out / "favicon.png").write_bytes(draw(48, False))
    (d / "loading-animation.png").unlink(missing_ok=True)


def web_manifest(out: Path, name: str, description: str) -> None:
    path = out / "manifest.json"
    m = json.loads(path.read_text(encoding="utf-8"))
    m.update({"name": name, "short_name": name, "description": description, "lang": "ru",
              "start_url": ".", "scope": ".", "display": "standalone", "orientation": "portrait",
              "theme_color": SEA, "background_color": "#FFFFFF"})
    path.write_text(json.dumps(m, ensure_ascii=False, indent=2), encoding="utf-8")


def service_worker(out: Path) -> str:
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != "sw.js")
    hashes = {("./" if rel == "index.html" else rel): hashlib.sha256((out / rel).read_bytes()).hexdigest()[:16]
              for rel in files}
    cache = "kity-" + hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    (out / "sw.js").write_text(SW.replace("__CACHE__", cache).replace("__FILES__", json.dumps(hashes, indent=0)),
                               encoding="utf-8")
    return cache, sum(1 for path in hashes if not path.startswith(("main.dart.", "canvaskit/")))


# ------------------------------------------------------------------------------ main
def publish(app: Path, out: Path, deps: list[str], files: list[str], name: str, description: str,
            base_url: str = "/", renderer: str = "canvaskit") -> dict:
    t0 = time.monotonic()
    work = BUILD / ".publish"
    work.mkdir(parents=True, exist_ok=True)
    flet_publish(out, work, name, description, base_url, renderer)
    archive = app_archive(app, deps, files)
    if app == ROOT:
        archive = app_archive(app, deps, files, start_compiled(archive, start_modules(), work))
    (out / "app.tar.gz").write_bytes(archive)
    patch_page(out)
    fallback_fonts(out)
    table_link(out, app)
    start_key = fast_start(out, archive) if app == ROOT else None
    icons(out)
    web_manifest(out, name, description)
    cache, precached = service_worker(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"seconds": round(time.monotonic() - t0, 1), "bytes": size, "archive_bytes": len(archive),
            "cache": cache, "precached": precached, "start_key": start_key, "files": sum(1 for p in out.rglob("*") if p.is_file())}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--app", type=Path, default=None, help="another Flet app folder (main.py); default: Киты")
    ap.add_argument("--out", type=Path, default=BUILD / "web")
    ap.add_argument("--name", default=None)
    ap.add_argument("--base-url", default="/", help="the path the folder is served under, e.g. /kity/ on "
                    "GitHub Pages (default /)")
    ap.add_argument("--web-renderer", default="auto", choices=["auto", "canvaskit"],
                    help="auto (default: dart2wasm + skwasm in Chromium, twice as fast a tap as "
                    "canvaskit there; dart2js + CanvasKit elsewhere) or canvaskit everywhere")
    args = ap.parse_args(argv)
    if args.app is None:
        info = publish(ROOT, args.out.resolve(), APP_DEPS, APP_FILES, args.name or "Киты",
                       "Киты — помощник за столом для карточных игр", args.base_url,
                       args.web_renderer)
    else:
        app = args.app.resolve()
        info = publish(app, args.out.resolve(), FLET_DEPS, sorted(p.name for p in app.iterdir()),
                       args.name or app.name, "Flet app", args.base_url, args.web_renderer)
    say(f"{args.out} in {info['seconds']} s: {info['files']} files, {info['bytes'] / 2**20:.1f} MiB "
        f"(app.tar.gz {info['archive_bytes'] / 2**20:.1f} MiB), cache {info['cache']}")
    print(json.dumps(info))


if __name__ == "__main__":
    main()
